//go:build unix

package logic

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the solver in a process group of its own and makes
// cancellation kill the whole group, so a wrapper script's children die
// with it.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
