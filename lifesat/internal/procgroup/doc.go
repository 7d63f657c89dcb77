// Package procgroup owns the lifetime of child processes that start
// children of their own (a wrapper script and its solver, LLS and its
// cadical): the child runs in a process group of its own, cancellation
// kills the whole group, and on Linux the child dies with the process that
// started it, even by SIGKILL. Elsewhere than Unix there are no process
// groups and only the child itself is killed.
//
//	cmd := exec.CommandContext(ctx, "cadical", "-q")
//	procgroup.Own(cmd) // before cmd.Start
//	err := cmd.Run()
//	procgroup.Kill(cmd) // what the child left behind
package procgroup
