package main

import (
	"os"
	"runtime/debug"
)

// memoryLimit is the Go runtime's soft memory limit for the command,
// unless GOMEMLIMIT sets one: the garbage collector works harder as the
// heap nears it, instead of letting it grow to twice what is live. The
// library refuses formulas whose estimate is over lifesat.MaxMemory (3
// GB), so with this limit a search's peak stays under 4 GB (docs/limits.md).
// A member of a race sets its own share instead (member.Serve).
const memoryLimit = 3_300_000_000

func init() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}
