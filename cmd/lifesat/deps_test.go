package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The search command must not link plotting: gonum/plot with its fonts,
// LaTeX and PDF packages made a cold "go run ./cmd/lifesat" take minutes
// (issue 12). The timing suites and figures live in cmd/lifesat-bench.
func TestNoPlottingLinked(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command(goCmd, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps listed only %q", deps)
	}
	for _, d := range deps {
		for _, banned := range []string{
			"gonum.org/v1/plot",
			"github.com/janpfeifer/gonb",
			"github.com/lifesat/lifesat/lifesat/lifeplot",
			"github.com/lifesat/lifesat/lifesat/notebook",
			"github.com/lifesat/lifesat/lifesat/bench",
		} {
			if d == banned || strings.HasPrefix(d, banned+"/") {
				t.Errorf("cmd/lifesat depends on %s", d)
			}
		}
	}
}
