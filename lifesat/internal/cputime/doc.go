// Package cputime measures the processor time of this process, for the
// records of plan's tasks and the timings of bench: a difference of two
// Process readings is the CPU time spent between them, by every
// goroutine and by the child processes that ended meanwhile.
//
//	start := cputime.Process()
//	work()
//	fmt.Println(cputime.Process() - start) // 1.9s on 2 cores for 1s of wall time
package cputime
