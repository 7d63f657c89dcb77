package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// TestEverySolverOnEveryKind runs each search kind with each backend and
// checks the answers by simulation. cadical is installed by .ci/run; the
// test skips it only where it is missing.
func TestEverySolverOnEveryKind(t *testing.T) {
	solvers := []string{"gophersat", "gini"}
	if _, err := exec.LookPath("cadical"); err == nil {
		solvers = append(solvers, "cadical")
	} else {
		t.Log("cadical not installed: external solver not tested")
	}
	example := "4 6\n0 0 0 0 0 0\n0 0 1 1 0 0\n0 0 0 1 1 0\n0 0 0 0 0 0\n"
	var countP2 string // gophersat's count, the others must agree
	for _, sv := range solvers {
		// still
		code, out, errs := lifesatCmd(t, "", "still", "-size", "10x10", "-solver", sv, "-jobs", "1")
		if code != 0 || !isStillLife(readPatterns(t, out)[0].Board) {
			t.Errorf("%s still: exit %d %s", sv, code, errs)
		}
		// osc
		code, out, errs = lifesatCmd(t, "", "osc", "-period", "2", "-size", "8x8", "-solver", sv, "-jobs", "1")
		if code != 0 {
			t.Errorf("%s osc: exit %d %s", sv, code, errs)
		} else {
			g := life.Run(readPatterns(t, out)[0].Board.Pad(2), rule.Life, life.Dead, 2)
			if !g[2].Equal(g[0]) || g[1].Equal(g[0]) {
				t.Errorf("%s osc: not a p2 oscillator", sv)
			}
		}
		// ship: the glider
		code, out, errs = lifesatCmd(t, "", "ship", "-period", "4", "-shift", "1,1", "-size", "5x5", "-solver", sv, "-jobs", "1")
		if code != 0 {
			t.Errorf("%s ship: exit %d %s", sv, code, errs)
		} else if b := readPatterns(t, out)[0].Board.Pad(5); !life.Run(b, rule.Life, life.Dead, 4)[4].Equal(b.Translate(1, 1)) {
			t.Errorf("%s ship: not a glider", sv)
		}
		// no such pattern: exit 1 with every solver
		if code, _, _ := lifesatCmd(t, "", "osc", "-period", "2", "-size", "2x2", "-solver", sv); code != 1 {
			t.Errorf("%s: p2 in 2x2 exit %d", sv, code)
		}
		// pred -minimize: the reverse-Life example's 4 cells
		code, out, errs = lifesatCmd(t, example, "pred", "-minimize", "-solver", sv)
		if code != 0 || readPatterns(t, out)[0].Board.Population() > 4 || !strings.Contains(errs, "fewest possible") {
			t.Errorf("%s pred: exit %d %s", sv, code, errs)
		}
		// max: 16 cells in 5x5 (OEIS A055397)
		if code, _, errs := lifesatCmd(t, "", "max", "-size", "5x5", "-solver", sv); code != 0 || !strings.Contains(errs, "16 live cells, proved optimal") {
			t.Errorf("%s max: exit %d %s", sv, code, errs)
		}
		// count by enumeration: p2 oscillators in 4x4 agree across solvers
		code, out, errs = lifesatCmd(t, "", "count", "osc", "-period", "2", "-size", "4x4", "-solver", sv)
		if code != 0 {
			t.Errorf("%s count: exit %d %s", sv, code, errs)
		}
		if sv == "gophersat" {
			countP2 = out
		} else if out != countP2 {
			t.Errorf("%s count osc: %q, gophersat %q", sv, out, countP2)
		}
	}
}

// TestTimeoutEverySolver: a hard exact period-3 search in 16x16 (more
// than 40 s with each solver) stopped after 300 ms exits 3.
func TestTimeoutEverySolver(t *testing.T) {
	solvers := []string{"gophersat", "gini"}
	if _, err := exec.LookPath("cadical"); err == nil {
		solvers = append(solvers, "cadical")
	}
	for _, sv := range solvers {
		code, out, errs := lifesatCmd(t, "", "osc", "-period", "3", "-size", "16x16", "-solver", sv, "-jobs", "1", "-timeout", "300ms")
		if code != 3 || out != "" || !strings.Contains(errs, "timeout") {
			t.Errorf("%s: exit %d %q %q", sv, code, out, errs)
		}
	}
}
