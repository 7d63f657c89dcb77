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

// TestRephaseSchedules checks the kinds of full rephase against
// CaDiCaL's schedules, written out here (src/rephase.cpp, without local
// search): stable O, I, then (B, O, B, I) again and again; focused F,
// then (R, B, F, B) again and again; and the light rephases: B, O, B, I
// again and again.
func TestRephaseSchedules(t *testing.T) {
	letter := map[int]byte{phaseOriginal: 'O', phaseInverted: 'I', phaseFlipped: 'F', phaseRandom: 'R', phaseBest: 'B'}
	for _, c := range []struct {
		stable bool
		want   string
	}{
		{true, "OIBOBIBOBIBOBI"},
		{false, "FRBFBRBFBRBFBR"},
	} {
		got := make([]byte, len(c.want))
		for k := range got {
			got[k] = letter[rephaseKind(c.stable, k)]
		}
		if string(got) != c.want {
			t.Errorf("stable %v: schedule %s, want %s", c.stable, got, c.want)
		}
	}
	const want = "BOBIBOBIBO"
	got := make([]byte, len(want))
	for k := range got {
		got[k] = letter[lightKind(k)]
	}
	if string(got) != want {
		t.Errorf("light schedule %s, want %s", got, want)
	}
}

// TestLightThenFullRephases checks when a due rephase is applied: before
// lightUntil conflicts at once, at the conflict, to the unassigned
// variables only (an assigned one saves its value again when the
// backjump unassigns it), after that at the next restart, to every
// variable.
func TestLightThenFullRephases(t *testing.T) {
	const nbVars = 8
	cnf := chainCNF(nbVars)
	for _, c := range []struct {
		conflicts int
		light     bool
	}{{lightUntil - 1, true}, {lightUntil, false}} {
		s := New(ParseSliceNb(cnf, nbVars))
		s.Stabilize()
		p := &s.phases
		p.nbLight = 3 // the next light rephase is the inverted one
		p.stable = true
		p.nbMode[1] = 1 // and the next full one too
		p.switchAt = 1 << 40
		if confl := s.unifyLiteral(IntToLit(-1), 2); confl != nil {
			t.Fatal("conflict assigning variable 1")
		}
		s.Stats.NbConflicts = c.conflicts
		p.rephaseAt = c.conflicts
		s.atConflict(3)
		if p.rephasing == c.light {
			t.Errorf("%d conflicts: rephase waits for the restart %v, want %v", c.conflicts, p.rephasing, !c.light)
		}
		if c.light && (p.nbLight != 4 || !s.polarity[1]) {
			t.Errorf("%d conflicts: %d light rephases, variable 2's phase %v: want 4, true", c.conflicts, p.nbLight, s.polarity[1])
		}
		s.cleanupBindings(1) // the backjump: variable 1 saves its value
		if s.mustRestart() {
			s.restart()
		}
		if s.polarity[0] == c.light {
			t.Errorf("%d conflicts: variable 1's phase %v after the backjump, want %v", c.conflicts, s.polarity[0], !c.light)
		}
		for v := 1; v < nbVars; v++ {
			if !s.polarity[v] {
				t.Errorf("%d conflicts: variable %d's phase false after the inverted rephase", c.conflicts, v+1)
			}
		}
	}
}

// TestRephaseReachesAssignedVariables checks that a due rephase waits for
// the restart: variables assigned false when it is due must have the new
// phase (true, the inverted one) after the restart, and not save their old
// value over it. Until 2026-11 the copy rephased at the conflict, in the
// middle of the search, and then the backjump saved the assigned values
// again, so a rephase reached only the variables unassigned at that
// moment.
func TestRephaseReachesAssignedVariables(t *testing.T) {
	const nbVars = 8
	cnf := chainCNF(nbVars)
	s := New(ParseSliceNb(cnf, nbVars))
	s.Stabilize()
	p := &s.phases
	p.stable = true
	p.nbMode[1] = 1 // the next stable rephase is the inverted one
	for v := 0; v < nbVars; v += 2 {
		if confl := s.unifyLiteral(IntToLit(-int32(v+1)), decLevel(2+v/2)); confl != nil {
			t.Fatalf("conflict assigning variable %d", v+1)
		}
	}
	assigned := 0
	for _, m := range s.model {
		if m != 0 {
			assigned++
		}
	}
	if assigned < nbVars/2 {
		t.Fatalf("%d variables assigned, want at least %d", assigned, nbVars/2)
	}
	p.rephasing = true
	if !s.mustRestart() {
		t.Fatal("a due rephase does not ask for a restart")
	}
	s.restart()
	for v := range nbVars {
		if s.model[v] != 0 {
			t.Errorf("variable %d still assigned after the restart", v+1)
		}
		if !s.polarity[v] {
			t.Errorf("variable %d: saved phase false after the inverted rephase", v+1)
		}
	}
	if p.rephasing || p.nbMode[1] != 2 {
		t.Errorf("rephasing %v, stable rephases %d: want false, 2", p.rephasing, p.nbMode[1])
	}
}

// TestHeapKeepsUpstreamOrderWithoutModes checks that rebuildOrderHeap is
// upstream's in the single mode (the list it builds the heap from begins
// with nbVars copies of variable 0, which decide the order of variables
// of equal activity: doc.go) and leaves the copies out with the modes.
func TestHeapKeepsUpstreamOrderWithoutModes(t *testing.T) {
	const nbVars = 6
	cnf := [][]int{{1, 2}, {3, 4}, {5, 6}}
	for _, modes := range []bool{false, true} {
		s := New(ParseSliceNb(cnf, nbVars))
		if modes {
			s.Stabilize()
		}
		s.rebuildOrderHeap()
		want := 2 * nbVars
		if modes {
			want = nbVars
		}
		if got := len(s.varQueue.content); got != want {
			t.Errorf("modes %v: %d entries in the decision heap, want %d", modes, got, want)
		}
	}
}

// chainCNF is the clauses (v, v+1) for v = 1 ... nbVars-1: no unit, so
// nothing is assigned at level 1.
func chainCNF(nbVars int) [][]int {
	var cnf [][]int
	for v := 1; v < nbVars; v++ {
		cnf = append(cnf, []int{v, v + 1})
	}
	return cnf
}
