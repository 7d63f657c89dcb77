//go:build !unix

package bench

import "os/exec"

// ownGroup leaves the default: the context's end kills LLS itself.
func ownGroup(*exec.Cmd) {}
