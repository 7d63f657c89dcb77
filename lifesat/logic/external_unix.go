//go:build unix

package logic

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the solver in a process group of its own and makes
// cancellation kill the whole group, so a wrapper script's children die
// with it. On Linux the solver also gets SIGKILL when this process dies.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithParent(cmd.SysProcAttr)
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// killGroup kills whatever is left of the solver's process group once the
// solver itself has exited: children of a wrapper script, say.
func killGroup(cmd *exec.Cmd) {
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
