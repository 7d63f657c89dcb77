//go:build unix

package bench

import (
	"os/exec"
	"syscall"
)

// ownGroup starts c in a process group of its own and kills the whole
// group when c's context ends: LLS is a Python program whose solver runs
// as its child.
func ownGroup(c *exec.Cmd) {
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
}
