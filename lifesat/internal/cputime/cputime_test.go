package cputime_test

import (
	"os/exec"
	"runtime"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat/internal/cputime"
)

// TestProcessCounts: busy goroutines, and a child that ran, add to the
// processor time; it never goes back.
func TestProcessCounts(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("not measured here")
	}
	start := cputime.Process()
	deadline := time.Now().Add(50 * time.Millisecond)
	for time.Now().Before(deadline) {
	}
	mid := cputime.Process()
	if mid <= start {
		t.Errorf("50 ms of spinning: %v then %v", start, mid)
	}
	if _, err := exec.LookPath("sh"); err == nil {
		if err := exec.Command("sh", "-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done").Run(); err != nil {
			t.Fatal(err)
		}
		if end := cputime.Process(); end <= mid {
			t.Errorf("a child's work: %v then %v", mid, end)
		}
	}
}
