//go:build !unix

package cputime

import "time"

// Measured reports whether Process measures: here it does not.
const Measured = false

// Process is 0 where the processor time is not measured.
func Process() time.Duration { return 0 }
