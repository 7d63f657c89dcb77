package main

import "os/exec"

// Process lifetimes have one owner. Every child process the command starts
// directly (the portfolio's members) is started by startOwned, in a
// process group of its own that is killed whole when the child is
// cancelled, and reaped before the portfolio returns; main kills every descendant left before it exits, on every
// way out (procs_linux.go: the command is a child subreaper, so orphaned
// grandchildren such as a killed member's external solver come back to
// it). External solvers are started by package logic in a group of their
// own, killed whole on cancellation, with a parent-death signal.
//
// On Linux each child also gets SIGKILL when the command dies (the
// parent-death signal), the second line of defence when the command
// itself is killed with SIGKILL and can clean nothing up.

// startOwned starts c, made with exec.CommandContext, in a process group
// of its own that is killed whole when the context ends. The caller must
// Wait for c, which reaps it.
func startOwned(c *exec.Cmd) error {
	ownGroup(c)
	return c.Start()
}
