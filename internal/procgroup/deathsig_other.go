//go:build unix && !linux

package procgroup

import "syscall"

// dieWithParent does nothing: only Linux has a parent-death signal.
func dieWithParent(*syscall.SysProcAttr) {}
