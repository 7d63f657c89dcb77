package logic

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCountingEval checks counting functions against a direct count on
// every assignment of 4 variables, for every set of counts in -1..6,
// with negated, repeated and constant literals.
func TestCountingEval(t *testing.T) {
	litSets := [][]Lit{
		{},
		{1},
		{1, 2, 3, 4},
		{1, -2, 3, -4},
		{1, 1, -2},       // x1 counts twice
		{1, -1, 2},       // x1 and !x1: exactly one of them
		{True, 2, False}, // True counts one, False none
	}
	for _, lits := range litSets {
		for mask := range 1 << 8 {
			var counts []int
			for k := -1; k <= 6; k++ {
				if mask>>(k+1)&1 == 1 {
					counts = append(counts, k)
				}
			}
			f := CountingFunction(counts, lits...)
			for row := range 16 {
				m := modelOf(4, row)
				k := 0
				for _, l := range lits {
					if l.Value(m) {
						k++
					}
				}
				if got, want := f.Eval(m), slices.Contains(counts, k); got != want {
					t.Fatalf("%v on %v: %v, want %v", f, m[1:], got, want)
				}
			}
		}
	}
}

func TestCountingHelpers(t *testing.T) {
	lits := []Lit{1, -2, 3, 4}
	for k := -2; k <= 6; k++ {
		exactly, atLeast, atMost := Exactly(k, lits...), AtLeast(k, lits...), AtMost(k, lits...)
		for row := range 16 {
			m := modelOf(4, row)
			n := bits.OnesCount(uint(row ^ 2)) // x2 enters negated
			if exactly.Eval(m) != (n == k) || atLeast.Eval(m) != (n >= k) || atMost.Eval(m) != (n <= k) {
				t.Fatalf("k=%d on %v (count %d): Exactly %v, AtLeast %v, AtMost %v",
					k, m[1:], n, exactly.Eval(m), atLeast.Eval(m), atMost.Eval(m))
			}
		}
	}
}

// TestCountingTotalizer checks counting functions of 5 to 9 literals,
// beyond the truth-table expansion, for random sets of counts, asserted at
// the top, negated, and nested (where the totalizer's outputs feed gates).
func TestCountingTotalizer(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for m := directCountingMax + 1; m <= 9; m++ {
		for trial := range 30 {
			lits := make([]Lit, m)
			for i := range lits {
				lits[i] = Var(1 + r.IntN(7)).Lit(r.IntN(2) == 0)
			}
			var counts []int
			for k := 0; k <= m; k++ {
				if r.IntN(3) == 0 {
					counts = append(counts, k)
				}
			}
			f := CountingFunction(counts, lits...)
			if trial == 0 {
				f = AtMost(2, lits...)
			}
			for _, g := range []Formula{f, Not(f), Xor(f, V(8)), Or(L(-8), f)} {
				checkAssert(t, g, 0)
				checkConvert(t, g)
			}
		}
	}
}

// TestCountingSharedTotalizer checks that two counting functions over the
// same literals in one Assert share a totalizer: the still-life condition
// of a cell with 8 neighbours needs one totalizer cut off at 4 outputs.
func TestCountingSharedTotalizer(t *testing.T) {
	nb := []Lit{2, 3, 4, 5, 6, 7, 8, 9}
	one, two := new(CNF), new(CNF)
	one.Assert(CountingFunction([]int{2, 3}, nb...))
	two.Assert(And(CountingFunction([]int{2, 3}, nb...), Not(Exactly(3, nb...))))
	if one.NumVars() != two.NumVars() {
		t.Errorf("two counts over the same literals: %d variables, one count: %d", two.NumVars(), one.NumVars())
	}
}

// TestCountingTrivial checks that counting functions whose value is known
// from the counts and constants alone add no auxiliary variable.
func TestCountingTrivial(t *testing.T) {
	for _, f := range []Formula{
		AtLeast(0, 1, 2, 3, 4, 5, 6),
		AtMost(-1, 1, 2, 3, 4, 5, 6),
		Exactly(2, True, True, False),
		CountingFunction([]int{9}, 1, 2, 3, 4, 5, 6), // out of range
	} {
		c := new(CNF)
		c.Assert(f)
		if c.NumVars() > int(maxVar(f)) {
			t.Errorf("Assert(%v) added %d auxiliary variables", f, c.NumVars()-int(maxVar(f)))
		}
		checkAssert(t, f, 0)
	}
}
