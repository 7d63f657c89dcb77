//go:build !unix

package procgroup

import "os/exec"

// Own leaves the default: cancellation kills cmd itself.
func Own(*exec.Cmd) {}

// Kill does nothing: there are no process groups.
func Kill(*exec.Cmd) {}
