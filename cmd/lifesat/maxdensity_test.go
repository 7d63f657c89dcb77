package main

import (
	"strings"
	"testing"
)

// TestMaxDensity: max -size 13x13 goes to package density's row program
// and proves OEIS A055397's a(13) = 90; the answer is re-simulated.
func TestMaxDensity(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "max", "-size", "13x13")
	if code != exitFound || !strings.Contains(errs, "90 live cells, proved optimal") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	b := readPatterns(t, out)[0].Board
	if b.Width() != 13 || b.Height() != 13 || b.Population() != 90 || !isStillLife(b) {
		t.Fatalf("not a 13x13 still life of 90 cells:\n%s", out)
	}
}

// TestMaxDensityTimeout: a -timeout that has passed before the program
// starts gives exit 3 and the proved bound (at least A055397's a(20) =
// 210), whatever the best so far is.
func TestMaxDensityTimeout(t *testing.T) {
	code, _, errs := lifesatCmd(t, "", "max", "-size", "20x20", "-timeout", "1ns")
	if code != exitStopped || !strings.Contains(errs, "at most") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
}
