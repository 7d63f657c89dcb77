package bench

import (
	"testing"
	"time"
)

// TestLimit checks which time limit a run gets: an explicit
// Options.Timeout, else the case's own (the hard suite's 3 minutes, which
// the default 2 minutes once silently cut short), else 2 minutes.
func TestLimit(t *testing.T) {
	for _, tc := range []struct {
		opt, own, want time.Duration
	}{
		{0, 0, 2 * time.Minute},
		{0, 3 * time.Minute, 3 * time.Minute},
		{time.Second, 3 * time.Minute, time.Second},
		{10 * time.Minute, 3 * time.Minute, 10 * time.Minute},
		{time.Second, 0, time.Second},
	} {
		if got := (Case{Timeout: tc.own}).limit(Options{Timeout: tc.opt}); got != tc.want {
			t.Errorf("limit with -timeout %v and the case's %v = %v, want %v", tc.opt, tc.own, got, tc.want)
		}
	}
}
