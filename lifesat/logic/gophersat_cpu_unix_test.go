//go:build unix

package logic_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used so far (user and
// system), which other processes on the machine do not inflate as they
// do wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuTimeWithChildren is cpuTime with the CPU time of the child
// processes that have ended and been waited for (external solvers).
func cpuTimeWithChildren() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		return cpuTime()
	}
	return cpuTime() + time.Duration(ru.Utime.Nano()+ru.Stime.Nano())
}
