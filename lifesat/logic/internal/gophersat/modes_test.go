package gophersat

import (
	"math/rand/v2"
	"testing"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
)

// TestModesAgainstGini solves random 3-SAT formulas at the threshold
// (4.26 clauses per variable, where about half are satisfiable), large
// enough that the solver rephases and, on some, changes mode, and
// checks every answer: a model must satisfy every clause, and the status
// must be gini's (an independent solver).
func TestModesAgainstGini(t *testing.T) {
	const nbVars, nbInstances = 160, 16
	long, sat, unsat := 0, 0, 0
	for i := range nbInstances {
		rng := rand.New(rand.NewPCG(uint64(i), 3))
		cnf := random3SAT(rng, nbVars, nbVars*426/100)
		g := gini.New()
		for _, c := range cnf {
			for _, l := range c {
				g.Add(z.Dimacs2Lit(l))
			}
			g.Add(z.LitNull)
		}
		want := g.Solve()

		s := New(ParseSliceNb(cnf, nbVars))
		s.Seed(uint64(i + 1))
		s.Stabilize()
		got := s.Solve()
		if s.Stats.NbConflicts > modeFirst {
			long++
		}
		switch {
		case got == Sat && want == 1:
			sat++
			m := s.Model()
			for _, c := range cnf {
				ok := false
				for _, l := range c {
					if m[abs(l)-1] == (l > 0) {
						ok = true
					}
				}
				if !ok {
					t.Fatalf("instance %d: the model falsifies clause %v", i, c)
				}
			}
		case got == Unsat && want == -1:
			unsat++
		default:
			t.Fatalf("instance %d: gophersat says %v, gini %d", i, got, want)
		}
	}
	t.Logf("%d satisfiable, %d empty, %d past the first focused mode", sat, unsat, long)
	if sat == 0 || unsat == 0 || long == 0 {
		t.Errorf("%d satisfiable, %d empty, %d past the first focused mode: the instances do not test both answers and the modes", sat, unsat, long)
	}
}

func random3SAT(rng *rand.Rand, nbVars, nbClauses int) [][]int {
	cnf := make([][]int, nbClauses)
	for i := range cnf {
		vars := rng.Perm(nbVars)[:3] // three distinct variables
		c := make([]int, 3)
		for j, v := range vars {
			c[j] = v + 1
			if rng.IntN(2) == 0 {
				c[j] = -c[j]
			}
		}
		cnf[i] = c
	}
	return cnf
}
