//go:build !unix

package cputime

import "time"

// Process is 0 where the processor time is not measured.
func Process() time.Duration { return 0 }
