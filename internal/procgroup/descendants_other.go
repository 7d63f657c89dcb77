//go:build !linux

package procgroup

import "os"

// AdoptOrphans does nothing where there are no child subreapers.
func AdoptOrphans() {}

// KillDescendants does nothing: only the children's own kill applies.
func KillDescendants() {}

// CanPassPipes: elsewhere than Linux, children are not handed pipes.
const CanPassPipes = false

// InheritedPipe is never used where pipes are not passed.
func InheritedPipe(int) *os.File { return nil }

// Self is the path of this program's file.
func Self() (string, error) { return os.Executable() }
