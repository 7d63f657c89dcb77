// Package procgroup owns the lifetime of child processes, for the library
// (external solvers, logic-life-search in the bench) and the command (the
// race's members) alike. A child that starts children of its own (a
// wrapper script and its solver, LLS and its cadical) runs in a process
// group of its own (Own), cancellation kills the whole group, and on Linux
// the child dies with the process that started it, even by SIGKILL.
// Elsewhere than Unix there are no process groups and only the child
// itself is killed. A program that must leave nothing behind adopts its
// orphaned descendants (AdoptOrphans) and kills them all on every way out
// (KillDescendants); on Linux it can hand a child a pipe for its reports
// (InheritedPipe).
//
//	cmd := exec.CommandContext(ctx, "cadical", "-q")
//	procgroup.Own(cmd) // before cmd.Start
//	err := cmd.Run()
//	procgroup.Kill(cmd) // what the child left behind
package procgroup
