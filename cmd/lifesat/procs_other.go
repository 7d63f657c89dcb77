//go:build !linux

package main

import (
	"os"
	"os/exec"
)

// ownGroup leaves the default: cancellation kills the child process.
func ownGroup(*exec.Cmd) {}

// killGroup kills a started child.
func killGroup(c *exec.Cmd) error {
	if c.Process == nil {
		return nil
	}
	return c.Process.Kill()
}

// adoptOrphans does nothing where there are no child subreapers.
func adoptOrphans() {}

// killDescendants does nothing: only the children's own kill applies.
func killDescendants() {}

// canPassPipes: members' progress comes with the rest of their output.
const canPassPipes = false

// inheritedPipe is never used where pipes are not passed.
func inheritedPipe(int) *os.File { return nil }
