//go:build !unix

package plan

import "time"

// cpuTime is 0 where the processor time is not measured.
func cpuTime() time.Duration { return 0 }
