package main

import (
	"runtime"
	"strings"
	"testing"
)

// Issue 13's point 7, each case as the issue names it.

func TestJobsHasAnUpperBound(t *testing.T) {
	// "still -size 6x6 -jobs 1000" took 38 s at a load of 51.
	for _, jobs := range []string{"1000", itoa(4*runtime.NumCPU() + 1)} {
		code, out, errs := lifesatCmd(t, "", "still", "-size", "6x6", "-jobs", jobs)
		if code != exitUsage || out != "" || !strings.Contains(errs, "at most") {
			t.Errorf("-jobs %s: exit %d, %q %q", jobs, code, out, errs)
		}
	}
}

func TestStepRefusesEmptyInput(t *testing.T) {
	for _, in := range []string{"", "\n\n"} {
		code, out, errs := lifesatCmd(t, in, "step")
		if code != exitUsage || out != "" || !strings.Contains(errs, "empty") {
			t.Errorf("step on %q: exit %d, %q %q", in, code, out, errs)
		}
	}
}

func TestCNFRefusesN(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "cnf", "still", "-size", "3x3", "-n", "3")
	if code != exitUsage || out != "" || !strings.Contains(errs, "-n 3") {
		t.Errorf("cnf still -n 3: exit %d, %q %q", code, out, errs)
	}
}

func TestCountStillRefusesSolver(t *testing.T) {
	for _, flag := range [][]string{{"-solver", "gini"}, {"-encoding", "knuth"}} {
		code, out, errs := lifesatCmd(t, "", append([]string{"count", "still", "-size", "3x3"}, flag...)...)
		if code != exitUsage || out != "" || !strings.Contains(errs, "transfer matrix") {
			t.Errorf("count still %v: exit %d, %q %q", flag, code, out, errs)
		}
	}
	// Where a solver does the counting it may be chosen, and two solvers
	// agree (the counts themselves are checked by brute force in
	// TestCount).
	code, out, _ := lifesatCmd(t, "", "count", "still", "-size", "4x4", "-sym", "D8", "-solver", "gini")
	code2, out2, _ := lifesatCmd(t, "", "count", "still", "-size", "4x4", "-sym", "D8")
	if code != code2 || out != out2 || out == "" {
		t.Errorf("count still -sym D8 -solver gini: exit %d %q; gophersat: exit %d %q", code, out, code2, out2)
	}
}

func TestMaxTimeoutPrintsTheBestSoFar(t *testing.T) {
	// The SAT ladder (-solver) finds a first still life in milliseconds and
	// better ones after it, but does not prove 12x12's optimum in minutes:
	// at the time-out the best so far is printed, not proved optimal. A
	// machine too busy to find the first one in 10 s gets a minute more.
	var code int
	var out, errs string
	for _, limit := range []string{"10s", "70s"} {
		code, out, errs = lifesatCmd(t, "", "max", "-size", "12x12", "-solver", "gophersat", "-timeout", limit, "-format", "cells")
		if out != "" {
			break
		}
	}
	if code != exitStopped || !strings.Contains(errs, "not proved optimal") {
		t.Fatalf("exit %d, %q", code, errs)
	}
	b := readPatterns(t, out)[0].Board
	if b.Width() != 12 || b.Height() != 12 || !isStillLife(b) || b.Population() == 0 {
		t.Errorf("not a non-empty 12x12 still life:\n%s", out)
	}
}
