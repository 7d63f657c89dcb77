package logic

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

func TestConvert(t *testing.T) {
	tests := []struct {
		f    Formula
		want string
	}{
		// Worked out by hand; every one is also checked on all
		// assignments by TestDifferential's checkConvert.
		{Xor(V(1), V(2)), "[[1 2] [-1 -2]]"},
		{Not(Xor(V(1), V(2))), "[[1 -2] [-1 2]]"},
		{Implies(V(3), V(7)), "[[-3 7]]"},
		{And(V(9), Or(L(-4), V(2))), "[[9] [2 -4]]"},
		{Exactly(1, 5, 6, 7), "[[-5 -6] [-5 -7] [-6 -7] [5 6 7]]"},
		{AtLeast(2, 1, 2, 3), "[[1 2] [1 3] [2 3]]"},
		// The still-life condition of a cell x1 with two neighbours:
		// alive needs both alive, dead is always stable.
		{
			Or(And(V(1), CountingFunction([]int{2, 3}, 2, 3)), And(Not(V(1)), Not(Exactly(3, 2, 3)))),
			"[[-1 2] [-1 3]]",
		},
		{And(), "[]"},
		{Or(), "[[]]"},
		{Or(V(1), L(-1)), "[]"},
		{And(V(1), L(-1)), "[[]]"},
	}
	for _, tt := range tests {
		got, err := Convert(tt.f)
		if err != nil {
			t.Fatal(err)
		}
		if s := fmt.Sprint(got); s != tt.want {
			t.Errorf("Convert(%v) = %s, want %s", tt.f, s, tt.want)
		}
		checkConvert(t, tt.f)
	}
}

// TestConvertEquivalent checks Equivalent of n variables, the textbook
// cyclic covering problem: its prime implicates are the n(n-1) clauses
// !xi || xj, none essential. Read clause !xi || xj as an edge i -> j. If
// the edges are not strongly connected, some nonempty proper set S of
// variables has no edge leaving it, and making S true and the rest false
// satisfies every clause though not all are equal; so a CNF of these
// primes needs a strongly connected graph, with an edge out of every
// vertex: at least n clauses, and a cycle of n suffices. Greedy covering
// alone picks 4 for n = 3; the exact search finds n.
func TestConvertEquivalent(t *testing.T) {
	for n := 2; n <= 6; n++ {
		fs := make([]Formula, n)
		for i := range fs {
			fs[i] = V(Var(i + 1))
		}
		f := Equivalent(fs...)
		got, err := Convert(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != n {
			t.Errorf("Convert(%v) = %v, want %d clauses", f, got, n)
		}
		checkConvert(t, f)
	}
}

func TestConvertTooManyVars(t *testing.T) {
	lits := make([]Lit, MaxConvertVars+1)
	for i := range lits {
		lits[i] = Lit(i + 1)
	}
	f := AtMost(1, lits...)
	if _, err := Convert(f); !errors.Is(err, ErrTooManyVars) {
		t.Errorf("Convert of %d variables: err = %v, want ErrTooManyVars", len(lits), err)
	}
	c := new(CNF)
	if err := c.AssertDirect(f); !errors.Is(err, ErrTooManyVars) {
		t.Errorf("AssertDirect of %d variables: err = %v, want ErrTooManyVars", len(lits), err)
	}
	if c.NumVars() != 0 || c.NumClauses() != 0 {
		t.Errorf("failed AssertDirect changed the CNF: %d variables, %d clauses", c.NumVars(), c.NumClauses())
	}
	// The same formula is fine for Assert.
	c.Assert(f)
	if c.NumVars() <= len(lits) {
		t.Errorf("Assert(AtMost(1) of %d) made only %d variables", len(lits), c.NumVars())
	}
}

// TestConvertSparseVars checks that Convert maps the truth table's inputs
// back to the formula's own variables, in order, however far apart.
func TestConvertSparseVars(t *testing.T) {
	f := Or(And(V(40), L(-3)), Xor(V(1000), V(3)))
	got, err := Convert(f)
	if err != nil {
		t.Fatal(err)
	}
	vars := Vars(f)
	for _, cl := range got {
		for _, l := range cl {
			if !slices.Contains(vars, l.Var()) {
				t.Errorf("clause %v mentions x%d", cl, l.Var())
			}
		}
	}
	c := new(CNF)
	c.AssertDirect(f)
	if c.NumVars() != 1000 {
		t.Errorf("AssertDirect allocated %d variables, want 1000", c.NumVars())
	}
	for row := range 8 {
		m := make([]bool, 1001)
		m[3], m[40], m[1000] = row&1 == 1, row&2 == 2, row&4 == 4
		if f.Eval(m) != evalClauses(got, m) || f.Eval(m) != c.Eval(m) {
			t.Errorf("disagreement on x3, x40, x1000 = %v %v %v", m[3], m[40], m[1000])
		}
	}
}
