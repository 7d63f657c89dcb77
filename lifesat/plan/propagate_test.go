package plan

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// naivePropagate is unit propagation by the book: until nothing
// changes, every clause with all literals false but one unset sets that
// one; a clause with all literals false is a conflict. It returns the
// values (1, -1, 0 per variable) and false on a conflict.
func naivePropagate(clauses [][]logic.Lit, nvars int, assumed []logic.Lit) ([]int8, bool) {
	val := make([]int8, nvars+1)
	value := func(l logic.Lit) int8 {
		if l < 0 {
			return -val[-l]
		}
		return val[l]
	}
	set := func(l logic.Lit) bool {
		if value(l) == -1 {
			return false
		}
		if l < 0 {
			val[-l] = -1
		} else {
			val[l] = 1
		}
		return true
	}
	for _, l := range assumed {
		if !set(l) {
			return val, false
		}
	}
	for changed := true; changed; {
		changed = false
		for _, cl := range clauses {
			var unset []logic.Lit
			sat := false
			for _, l := range cl {
				switch value(l) {
				case 1:
					sat = true
				case 0:
					unset = append(unset, l)
				}
			}
			switch {
			case sat:
			case len(unset) == 0:
				return val, false
			case len(unset) == 1:
				set(unset[0])
				changed = true
			}
		}
	}
	return val, true
}

// TestPropagatorAgreesWithNaive: on random formulas, assuming literals
// one at a time (each propagated) gives the assignment and the conflicts
// of unit propagation by the book, and undo restores the state before.
func TestPropagatorAgreesWithNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 500 {
		nvars := 2 + rng.IntN(10)
		c := &logic.CNF{}
		c.NewVars(nvars)
		for range rng.IntN(3 * nvars) {
			var cl []logic.Lit
			for range 1 + rng.IntN(4) {
				cl = append(cl, logic.Var(1+rng.IntN(nvars)).Lit(rng.IntN(2) == 0))
			}
			c.Add(cl...)
		}
		var clauses [][]logic.Lit
		c.Clauses(func(cl []logic.Lit) bool { clauses = append(clauses, slices.Clone(cl)); return true })
		p := newPropagator(c)
		ok := p.units()
		var units []logic.Lit
		for _, cl := range clauses {
			if len(cl) == 1 {
				units = append(units, cl[0])
			}
		}
		if _, want := naivePropagate(clauses, nvars, units); ok != want && !c.Trivial() {
			t.Fatalf("round %d: units: %v, want %v", round, ok, want)
		}
		if !ok {
			continue
		}
		base := len(p.trail)
		before := slices.Clone(p.val)
		assumed := slices.Clone(units)
		for range 3 {
			l := logic.Var(1 + rng.IntN(nvars)).Lit(rng.IntN(2) == 0)
			if p.value(l) != 0 {
				continue
			}
			assumed = append(assumed, l)
			got := p.assume(l)
			want, wantOK := naivePropagate(clauses, nvars, assumed)
			if got != wantOK {
				t.Fatalf("round %d: assuming %v: %v, want %v", round, assumed, got, wantOK)
			}
			if !got {
				break
			}
			if !slices.Equal(p.val, want) {
				t.Fatalf("round %d: assuming %v: values %v, want %v", round, assumed, p.val, want)
			}
		}
		p.undo(base)
		if !slices.Equal(p.val, before) {
			t.Fatalf("round %d: undo left %v, want %v", round, p.val, before)
		}
		for i := range clauses {
			var sat, fals int32
			for _, l := range clauses[i] {
				switch p.value(l) {
				case 1:
					sat++
				case -1:
					fals++
				}
			}
			if p.nsat[i] != sat || p.nfalse[i] != fals {
				t.Fatalf("round %d: clause %d counts %d/%d after undo, want %d/%d", round, i, p.nsat[i], p.nfalse[i], sat, fals)
			}
		}
	}
}
