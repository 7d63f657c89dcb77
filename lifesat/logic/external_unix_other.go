//go:build unix && !linux

package logic

import "syscall"

// dieWithParent does nothing: only Linux has a parent-death signal.
func dieWithParent(*syscall.SysProcAttr) {}
