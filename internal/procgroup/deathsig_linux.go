package procgroup

import "syscall"

// dieWithParent asks the kernel to kill the child when the process that
// started it dies, even by SIGKILL (it cannot clean up then).
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
