//go:build !unix

package logic

import "os/exec"

// ownGroup leaves the default: cancellation kills the solver process.
func ownGroup(*exec.Cmd) {}

// killGroup does nothing: there are no process groups.
func killGroup(*exec.Cmd) {}
