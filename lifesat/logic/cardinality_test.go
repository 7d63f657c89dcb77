package logic

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// cardinalityInputs returns input lists of n literals over the variables
// x1..xn: x1..xn themselves, and lists with negated, repeated and constant
// literals (True and False).
func cardinalityInputs(n int) [][]Lit {
	plain := make([]Lit, n)
	for i := range plain {
		plain[i] = Lit(i + 1)
	}
	lists := [][]Lit{plain}
	r := rand.New(rand.NewPCG(uint64(n), 2003))
	for range 3 {
		l := make([]Lit, n)
		for i := range l {
			switch r.IntN(6) {
			case 0:
				l[i] = True
			case 1:
				l[i] = False
			default:
				l[i] = Var(1 + r.IntN(n)).Lit(r.IntN(2) == 0)
			}
		}
		lists = append(lists, l)
	}
	return lists
}

// trueCount is the number of true literals of lits under model, each
// counted on its own.
func trueCount(lits []Lit, model []bool) int {
	k := 0
	for _, l := range lits {
		if l.Value(model) {
			k++
		}
	}
	return k
}

// folded is the number of literals of lits that are not constants, and
// the number that are True.
func folded(lits []Lit) (free, ones int) {
	for _, l := range lits {
		switch l {
		case True:
			ones++
		case False:
		default:
			free++
		}
	}
	return free, ones
}

// cardinalityEncoders are the constraint builders under test. holds is the
// constraint on the count of true inputs; functional says that every
// auxiliary variable is a function of the inputs; noAux says, from the
// documentation, when no auxiliary variable may be allocated (k and m after
// taking the constants away: m inputs left, the bound lowered by the
// number of True).
var cardinalityEncoders = []struct {
	name       string
	add        func(*CNF, []Lit, int)
	holds      func(count, k int) bool
	functional bool
	noAux      func(k, m int) bool
}{
	{"AddAtLeast", AddAtLeast, func(n, k int) bool { return n >= k }, true,
		func(k, m int) bool { return k <= 1 || k >= m }},
	{"AddAtMost", AddAtMost, func(n, k int) bool { return n <= k }, true,
		func(k, m int) bool { return k <= 0 || k >= m-1 }},
	{"AddExactly", AddExactly, func(n, k int) bool { return n == k }, true,
		func(k, m int) bool { return k <= 0 || k >= m || m <= 2 }},
	{"AddAtMostSeq", AddAtMostSeq, func(n, k int) bool { return n <= k }, false,
		func(k, m int) bool { return k <= 0 || k >= m-1 }},
}

// TestCardinalityExhaustive checks every encoder on n = 0..9 inputs, with
// and without constants, negations and repeats, for every bound k from -1
// to n+1, on every assignment of the inputs' variables, by brute force
// with no SAT solver (extensions): the assignment extends to a model of
// the clauses exactly when the count condition holds, and for the
// totalizer encodings in exactly one way.
func TestCardinalityExhaustive(t *testing.T) {
	for _, enc := range cardinalityEncoders {
		for n := range 10 {
			for _, lits := range cardinalityInputs(n) {
				free, ones := folded(lits)
				for k := -1; k <= n+1; k++ {
					c := new(CNF)
					c.NewVars(n)
					enc.add(c, lits, k)
					if aux := c.NumVars() - n; aux > 0 && enc.noAux(k-ones, free) {
						t.Errorf("%s(%v, %d): %d auxiliary variables, want none", enc.name, lits, k, aux)
					}
					for row := range 1 << n {
						m := modelOf(n, row)
						want := 0
						if enc.holds(trueCount(lits, m), k) {
							want = 1
						}
						got := extensions(c, n, m, 2)
						if !enc.functional {
							got = min(got, 1)
						}
						if got != want {
							t.Fatalf("%s(%v, %d) on %v (count %d): %d extensions, want %d\n%s",
								enc.name, lits, k, m[1:], trueCount(lits, m), got, want, dimacs(c))
						}
					}
				}
			}
		}
	}
}

// TestCardinalitySession checks the encoders again with the Gophersat
// solver, one session per constraint, each input assignment given as
// assumptions to a Solve of its own; every model found must satisfy the
// clauses and agree with the assumptions.
func TestCardinalitySession(t *testing.T) {
	ctx := context.Background()
	for _, enc := range cardinalityEncoders {
		for n := range 10 {
			for li, lits := range cardinalityInputs(n) {
				if n == 9 && li > 1 {
					break // keep the test quick; the brute force covers them
				}
				for k := -1; k <= n+1; k++ {
					c := new(CNF)
					c.NewVars(n)
					enc.add(c, lits, k)
					sess, err := Gophersat{}.Start(c)
					if err != nil {
						t.Fatal(err)
					}
					assume := make([]Lit, n)
					for row := range 1 << n {
						m := modelOf(n, row)
						for v := 1; v <= n; v++ {
							assume[v-1] = Var(v).Lit(!m[v])
						}
						st, err := sess.Solve(ctx, assume...)
						if err != nil {
							t.Fatal(err)
						}
						want := enc.holds(trueCount(lits, m), k)
						if (st == Sat) != want {
							t.Fatalf("%s(%v, %d) assuming %v (count %d): %v, want SAT %v",
								enc.name, lits, k, assume, trueCount(lits, m), st, want)
						}
						if st == Sat {
							model := sess.Model()
							if !c.Eval(model) || trueCount(lits, model) != trueCount(lits, m) {
								t.Fatalf("%s(%v, %d) assuming %v: model %v is wrong",
									enc.name, lits, k, assume, model[1:])
							}
						}
					}
				}
			}
		}
	}
}

// TestTotalizerExhaustive checks NewTotalizer on n = 0..9 inputs, with and
// without constants, negations and repeats, for every limit, by brute
// force with no SAT solver (extensions): every assignment of the inputs'
// variables extends to the auxiliary variables in exactly one way, and
// with the unit clause Output(k), or Output(k).Not(), added, in one way
// when at least k inputs are true, or fewer than k, and in none otherwise.
// So Output(k) has the right value in every model, both ways.
func TestTotalizerExhaustive(t *testing.T) {
	for n := range 10 {
		for _, lits := range cardinalityInputs(n) {
			free, ones := folded(lits)
			for limit := -1; limit <= n+1; limit++ {
				c := new(CNF)
				c.NewVars(n)
				tot := NewTotalizer(c, lits, limit)
				built := min(max(limit, 0), n)
				if tot.Len() != n || tot.Limit() != built {
					t.Fatalf("NewTotalizer(%v, %d): Len %d, Limit %d, want %d and %d",
						lits, limit, tot.Len(), tot.Limit(), n, built)
				}
				if aux := c.NumVars() - n; aux > 0 && (free <= 1 || built <= ones) {
					t.Errorf("NewTotalizer(%v, %d): %d auxiliary variables, want none", lits, limit, aux)
				}
				for row := range 1 << n {
					if got := extensions(c, n, modelOf(n, row), 2); got != 1 {
						t.Fatalf("NewTotalizer(%v, %d) on %v: %d extensions, want 1\n%s",
							lits, limit, modelOf(n, row)[1:], got, dimacs(c))
					}
				}
				for k := -1; k <= n+1; k++ {
					if built < k && k <= n {
						if !panics(func() { tot.Output(k) }) {
							t.Errorf("NewTotalizer(%v, %d).Output(%d) did not panic", lits, limit, k)
						}
						continue
					}
					out := tot.Output(k)
					if (k <= 0 && out != True) || (k > n && out != False) {
						t.Errorf("NewTotalizer(%v, %d).Output(%d) = %v", lits, limit, k, out)
					}
					for _, atLeast := range []bool{true, false} {
						cl := c.Clone()
						cl.Add(out.Xor(!atLeast))
						for row := range 1 << n {
							m := modelOf(n, row)
							want := 0
							if (trueCount(lits, m) >= k) == atLeast {
								want = 1
							}
							if got := extensions(cl, n, m, 2); got != want {
								t.Fatalf("NewTotalizer(%v, %d) with Output(%d) = %v %v, on %v (count %d): %d extensions, want %d\n%s",
									lits, limit, k, out, atLeast, m[1:], trueCount(lits, m), got, want, dimacs(cl))
							}
						}
					}
				}
			}
		}
	}
}

// TestTotalizerIncremental uses one Gophersat session per formula, as the
// maximum-density search does: random clauses over the inputs, a full
// totalizer, then Solve(Output(k)) with k raised past each model's count
// until Unsat, which must prove the maximum found by brute force. Then,
// in the same session, every "at least k" and "fewer than k" for rising k
// is checked against brute force; a clause is added permanently and all
// of it is done again.
func TestTotalizerIncremental(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2003, 2005))
	for trial := range 60 {
		nv := 4 + rng.IntN(6)
		lits := make([]Lit, nv+rng.IntN(3))
		for i := range lits {
			if i < nv {
				lits[i] = Lit(i + 1)
			} else {
				lits[i] = []Lit{True, False, Lit(1 + rng.IntN(nv))}[rng.IntN(3)]
			}
		}
		c := new(CNF)
		c.NewVars(nv)
		var side [][]Lit
		for range rng.IntN(2 * nv) {
			cl := randomClause(rng, nv, 3)
			side = append(side, cl)
			c.Add(cl...)
		}
		tot := NewTotalizer(c, lits, len(lits))
		sess, err := Gophersat{}.Start(c)
		if err != nil {
			t.Fatal(err)
		}
		solve := func(assume Lit, where string) bool {
			st, err := sess.Solve(ctx, assume)
			if err != nil || st == Unknown {
				t.Fatalf("trial %d, %s: %v, %v", trial, where, st, err)
			}
			if st == Sat && !evalClauses(side, sess.Model()) {
				t.Fatalf("trial %d, %s: model breaks the clauses", trial, where)
			}
			return st == Sat
		}
		for round := range 2 {
			// feasible[j]: some assignment satisfying side has count j.
			feasible := make([]bool, len(lits)+1)
			best := -1
			for row := range 1 << nv {
				if m := modelOf(nv, row); evalClauses(side, m) {
					j := trueCount(lits, m)
					feasible[j] = true
					best = max(best, j)
				}
			}
			got := -1
			for k := 0; solve(tot.Output(k), fmt.Sprintf("round %d, maximize, at least %d", round, k)); {
				j := trueCount(lits, sess.Model())
				if j < k {
					t.Fatalf("trial %d: model with %d true inputs for at least %d", trial, j, k)
				}
				got, k = j, j+1
			}
			if got != best {
				t.Fatalf("trial %d, round %d: maximum %d, brute force %d", trial, round, got, best)
			}
			for k := -1; k <= len(lits)+1; k++ {
				above, below := false, false
				for j, ok := range feasible {
					above = above || ok && j >= k
					below = below || ok && j < k
				}
				if solve(tot.Output(k), "at least") != above {
					t.Fatalf("trial %d, round %d: at least %d: want SAT %v", trial, round, k, above)
				} else if above && trueCount(lits, sess.Model()) < k {
					t.Fatalf("trial %d, round %d: at least %d: model has fewer", trial, round, k)
				}
				if solve(tot.Output(k).Not(), "fewer than") != below {
					t.Fatalf("trial %d, round %d: fewer than %d: want SAT %v", trial, round, k, below)
				} else if below && trueCount(lits, sess.Model()) >= k {
					t.Fatalf("trial %d, round %d: fewer than %d: model has more", trial, round, k)
				}
			}
			cl := randomClause(rng, nv, 3)
			side = append(side, cl)
			sess.Add(cl...)
		}
	}
}

// panics reports whether f panics.
func panics(f func()) (p bool) {
	defer func() { p = recover() != nil }()
	f()
	return false
}

// TestCardinalityPanics checks that a zero literal, or one whose variable
// the CNF does not have, is refused even where no clause would mention it.
func TestCardinalityPanics(t *testing.T) {
	for _, lits := range [][]Lit{{0}, {1, 0}, {3}, {-3}, {1, 2, True, 3}} {
		for _, enc := range cardinalityEncoders {
			c := new(CNF)
			c.NewVars(2)
			if !panics(func() { enc.add(c, lits, 1) }) {
				t.Errorf("%s(%v) did not panic", enc.name, lits)
			}
		}
		c := new(CNF)
		c.NewVars(2)
		if !panics(func() { NewTotalizer(c, lits, 1) }) {
			t.Errorf("NewTotalizer(%v) did not panic", lits)
		}
	}
}

// TestCardinalitySizes checks the sizes of the totalizer over n = 2^p
// inputs against closed forms, and those of the sequential counter
// against Sinz's count.
//
// Full totalizer: each of the p levels above the inputs has n outputs (n*p
// variables); a node over m inputs has (m/2+1)^2 - 1 clauses C1 (pairs
// i, j with i+j >= 1) and as many C2 (pairs with i+j < m), m^2/2 + 2m in
// all, and summed over the n/m nodes of each level n*(n-1) + 2*n*p.
//
// Cut off at 4 (n >= 8): the levels of 2 and 4 inputs are full, 6 clauses
// and 2 variables for each of n/2 nodes, 16 and 4 for each of n/4; the
// n/4-1 nodes above join two cut-off children of 4 outputs into 4: 14
// clauses C1 (i+j in 1..4) and 10 C2 (i+j <= 3). So 3n-4 variables and
// 13n-24 clauses.
func TestCardinalitySizes(t *testing.T) {
	for _, n := range []int{8, 64, 1024} {
		p := bits.Len(uint(n)) - 1
		for _, tt := range []struct{ limit, vars, clauses int }{
			{n, n * p, n*(n-1) + 2*n*p},
			{4, 3*n - 4, 13*n - 24},
		} {
			c := new(CNF)
			lits := make([]Lit, n)
			for i := range lits {
				lits[i] = c.NewVar().Pos()
			}
			NewTotalizer(c, lits, tt.limit)
			aux := c.NumVars() - n
			t.Logf("totalizer, n = %4d, limit %4d: %6d auxiliary variables, %8d clauses, %8d literals",
				n, tt.limit, aux, c.NumClauses(), c.NumLits())
			if aux != tt.vars || c.NumClauses() != tt.clauses {
				t.Errorf("totalizer of %d inputs cut off at %d: %d variables, %d clauses; want %d and %d",
					n, tt.limit, aux, c.NumClauses(), tt.vars, tt.clauses)
			}
		}
	}
	for _, tt := range []struct{ n, k int }{{3, 1}, {8, 3}, {64, 4}, {1024, 4}} {
		c := new(CNF)
		lits := make([]Lit, tt.n)
		for i := range lits {
			lits[i] = c.NewVar().Pos()
		}
		AddAtMostSeq(c, lits, tt.k)
		n, k := tt.n, tt.k
		if aux := c.NumVars() - n; aux != (n-1)*k || c.NumClauses() != 2*n*k+n-3*k-1 {
			t.Errorf("AddAtMostSeq(%d inputs, %d): %d variables, %d clauses; want (n-1)k = %d, 2nk+n-3k-1 = %d",
				n, k, aux, c.NumClauses(), (n-1)*k, 2*n*k+n-3*k-1)
		}
	}
}
