//go:build unix

package procgroup

import (
	"os/exec"
	"syscall"
)

// Own starts cmd in a process group of its own and makes cancellation
// kill the whole group, so that the children of cmd die with it. On Linux
// cmd also gets SIGKILL when this process dies. Call it before cmd.Start.
func Own(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithParent(cmd.SysProcAttr)
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// Kill kills whatever is left of cmd's process group once cmd itself has
// exited: the children of a wrapper script, say.
func Kill(cmd *exec.Cmd) {
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
