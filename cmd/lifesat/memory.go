package main

import (
	"os"
	"runtime/debug"
)

// memoryLimit is the Go runtime's soft memory limit for the command,
// unless GOMEMLIMIT sets one: the garbage collector works harder as the
// heap nears it, instead of letting it grow to twice what is live. The
// library refuses formulas whose estimate is over lifesat.MaxMemory (3
// GB), so with this limit a search's peak stays under 4 GB (measured in
// the README, "Known limits").
const memoryLimit = 3_300_000_000

func init() {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	limit := int64(memoryLimit)
	if share := memberMemory(); share > 0 {
		// A member of a race: its share, with the same 10% of room.
		limit = share + share/10
	}
	debug.SetMemoryLimit(limit)
}
