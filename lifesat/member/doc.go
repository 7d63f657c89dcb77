// Package member runs the members of a lifesat.Race as child processes of
// the program itself, for isolation: a process can always be killed,
// even in the middle of a solver call that cannot be interrupted, and a
// member's memory and solver die with it.
//
// It has two sides, both in this package. The parent's is Process, a
// ready lifesat.RaceOptions.Member: it starts each member as this same
// program run again (Command), hands it its problem and settings as a
// job spec (package job) on standard input, passes its progress reports
// on as they come, and reads its answer back as a job result, which Race
// checks against the raced problem before trusting it. The member's side
// is Serve, which the program calls first thing in main: in a process that
// the environment variable Env marks as a member it searches and exits;
// anywhere else it returns at once. Every member runs in a process group
// of its own, killed and reaped on every way out (internal/procgroup).
//
// Why a package of its own: package job is the search written down as
// data, which plan's manifests and result files use too; starting,
// feeding and killing processes is another role, with other dependencies
// (os/exec, process groups, descriptors), which the data need not carry.
// This package is job's one user that runs processes.
//
// # A worked example
//
// A program that races the period-3 oscillators of a 9x9 box with two
// members, each a child process of the program:
//
//	func main() {
//		member.Serve() // a member searches here, and exits
//
//		p := lifesat.Oscillator(3, 9, 9)
//		res, err := lifesat.Race(context.Background(), p, nil,
//			&lifesat.RaceOptions{Jobs: 2, Member: member.Process(nil)})
//		if err != nil {
//			log.Fatal(err)
//		}
//		fmt.Print(res.Patterns[0].Board())
//	}
//
// Run, the program is one process; Race starts two more, the program
// again with LIFESAT_RACE_MEMBER=0 and =1. Member 0 reads the whole
// problem, with half the 3 GB memory budget,
//
//	{"width":9,"height":9,"period":3,"rule":"B3/S23","encoding":"direct","solutions":1,"max_memory":1500000000}
//
// on its standard input (member 1 gets the next of lifesat.Strategies,
// the same with "symmetry":"D8" and "seed":1), searches, and writes
//
//	{"status":"found","patterns":[[[".........", ...]]],"vars":...}
//
// on its standard output. Race takes the first answer that passes
// lifesat.Problem.Check (the plain Step, in the parent), kills the other
// member's process group, reaps it, and returns. With Settings.Progress
// set, each member's reports reach it as they come (lifesat.Progress
// values, as lines of JSON on a pipe), marked with the member. The test TestOutsideModule builds such a program in a
// module of its own and runs it.
package member
