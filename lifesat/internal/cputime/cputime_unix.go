//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Measured reports whether Process measures: on Unix it does.
const Measured = true

// Process is the processor time, user and system, this process and its
// children that have ended and been waited for (an external solver) have
// used so far.
func Process() time.Duration {
	var total time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var ru syscall.Rusage
		if syscall.Getrusage(who, &ru) == nil {
			total += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
	}
	return total
}
