package logic

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// simplifyClause is Add's documented simplification, written plainly: the
// clause without False and repeated literals, in first order, and false
// when it holds True or a literal and its negation.
func simplifyClause(cl []Lit) ([]Lit, bool) {
	var out []Lit
	for _, l := range cl {
		switch {
		case l == True || slices.Contains(cl, -l):
			return nil, false
		case l == False || slices.Contains(out, l):
			continue
		}
		out = append(out, l)
	}
	return out, true
}

// TestAddSimplifies checks Add against simplifyClause on random clauses,
// short ones (compared pair by pair) and long ones (checked against marks,
// which must be clear again for the next clause), with constants, repeats
// and complementary literals.
func TestAddSimplifies(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		nvars := 1 + rng.IntN(60)
		c := &CNF{}
		c.NewVars(nvars)
		var want [][]Lit
		empty := false
		for range 20 {
			cl := make([]Lit, rng.IntN(3*shortClause))
			for i := range cl {
				switch r := rng.IntN(40); {
				case r == 0:
					cl[i] = True
				case r < 4:
					cl[i] = False
				default:
					cl[i] = Var(1 + rng.IntN(nvars)).Lit(rng.IntN(2) == 1)
				}
			}
			c.Add(cl...)
			if s, ok := simplifyClause(cl); ok && len(s) == 0 {
				empty = true
			} else if ok {
				want = append(want, s)
			}
		}
		var got [][]Lit
		c.Clauses(func(cl []Lit) bool {
			if cl != nil {
				got = append(got, slices.Clone(cl))
			}
			return true
		})
		if !slices.EqualFunc(got, want, slices.Equal) || c.Trivial() != empty {
			t.Fatalf("trial %d: stored %v (empty %v), want %v (empty %v)", trial, got, c.Trivial(), want, empty)
		}
		if n := c.NumLits(); n != len(slices.Concat(want...)) {
			t.Fatalf("trial %d: NumLits %d, want %d", trial, n, len(slices.Concat(want...)))
		}
	}
}

// TestAddPanicKeepsFormula checks that a literal out of range panics and
// leaves the formula as it was, for short and long clauses.
func TestAddPanicKeepsFormula(t *testing.T) {
	for _, n := range []int{3, 2 * shortClause} {
		c := &CNF{}
		c.NewVars(n)
		c.Add(1, -2)
		bad := make([]Lit, n)
		for i := range bad {
			bad[i] = Lit(i + 1)
		}
		bad[n-1] = Lit(n + 1)
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%d literals: no panic for literal %d of %d variables", n, n+1, n)
				}
			}()
			c.Add(bad...)
		}()
		if c.NumClauses() != 1 || c.NumLits() != 2 {
			t.Errorf("%d literals: after the panic %d clauses of %d literals, want 1 of 2", n, c.NumClauses(), c.NumLits())
		}
		// The marks of the long clause are clear: -1 is not taken for a
		// complement of the 1 the bad clause held.
		long := append([]Lit{-1}, bad[1:n-1]...)
		c.Add(long...)
		if c.NumClauses() != 2 || !slices.Equal(c.Clause(1), long) {
			t.Errorf("%d literals: clause %v after the panic not stored as it is", n, long)
		}
	}
}

// TestFlip checks CNF.Flip against negating the literals one by one, and
// that a short mask flips nothing beyond its end.
func TestFlip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	c := &CNF{}
	c.NewVars(50)
	for range 200 {
		c.Add(randomClause(rng, 50, 5)...)
	}
	flip := make([]bool, 40)
	for v := range flip {
		flip[v] = rng.IntN(2) == 1
	}
	want := slices.Clone(c.lits)
	for i, l := range want {
		if int(l.Var()) < len(flip) && flip[l.Var()] {
			want[i] = -l
		}
	}
	c.Flip(flip)
	if !slices.Equal(c.lits, want) {
		t.Errorf("flipped literals\n%v\nwant\n%v", c.lits, want)
	}
}
