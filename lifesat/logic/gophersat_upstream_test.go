package logic_test

// lifesat's copy of gophersat (internal/gophersat, through logic.Gophersat)
// against the release it was copied from, github.com/crillab/gophersat
// v1.4.0. Upstream keeps a package-level buffer that two of its solvers
// running at once corrupt, so no test or benchmark here runs two upstream
// solvers at the same time: none calls t.Parallel, and each solves its
// formulas one after the other.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	upstream "github.com/crillab/gophersat/solver"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// upstreamSolve decides f with upstream gophersat, as its documentation
// says to (ParseSliceNb, New, Solve), and returns its model indexed by
// variable (model[0] unused) when it is satisfiable.
func upstreamSolve(f *logic.CNF) (logic.Status, []bool, int) {
	s := upstream.New(upstreamProblem(f))
	switch s.Solve() {
	case upstream.Sat:
		return logic.Sat, append([]bool{false}, s.Model()...), s.Stats.NbConflicts
	case upstream.Unsat:
		return logic.Unsat, nil, s.Stats.NbConflicts
	}
	return logic.Unknown, nil, s.Stats.NbConflicts
}

// upstreamProblem is f as an upstream problem.
func upstreamProblem(f *logic.CNF) *upstream.Problem {
	clauses := make([][]int, 0, f.NumClauses())
	for c := range f.Clauses {
		cl := make([]int, len(c))
		for i, l := range c {
			cl[i] = int(l)
		}
		clauses = append(clauses, cl)
	}
	return upstream.ParseSliceNb(clauses, f.NumVars())
}

// copySolve decides f with lifesat's copy through the logic adapter.
func copySolve(tb testing.TB, f *logic.CNF, g logic.Gophersat) (logic.Status, []bool, int64) {
	sess, err := g.Start(f)
	if err != nil {
		tb.Fatal(err)
	}
	st, err := sess.Solve(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	n := sess.(logic.ConflictCounter).Conflicts()
	if st == logic.Sat {
		return st, sess.Model(), n
	}
	return st, nil, n
}

// random3SAT is a random 3-SAT formula over n variables with ratio*n/100
// clauses of three distinct variables each.
func random3SAT(rng *rand.Rand, n, ratio int) *logic.CNF {
	f := &logic.CNF{}
	f.NewVars(n)
	for range n * ratio / 100 {
		vars := rng.Perm(n)[:3]
		c := make([]logic.Lit, 3)
		for j, v := range vars {
			c[j] = logic.Var(v + 1).Pos()
			if rng.IntN(2) == 0 {
				c[j] = c[j].Not()
			}
		}
		f.Add(c...)
	}
	return f
}

// A namedFormula is a formula of the differential test.
type namedFormula struct {
	name string
	f    *logic.CNF
}

// lifeFormulas are lifesat's own formulas for the differential test:
// still lifes, oscillators and a glider, satisfiable, and a still life
// asked for more cells than its box holds (6x6 holds 18 at most: Bosch's
// Table 1, OEIS A055397), which is not. Both encodings, seeded flips.
func lifeFormulas(tb testing.TB, stress bool) []namedFormula {
	dense := lifesat.StillLife(6, 6)
	dense.MinPop = 19
	problems := []lifesat.Problem{
		lifesat.StillLife(8, 8),
		lifesat.Oscillator(2, 6, 6),
		lifesat.Spaceship(4, 1, 1, 5, 5),
		dense,
	}
	seeds := 1
	if stress {
		problems = append(problems,
			lifesat.StillLife(16, 16),
			lifesat.Oscillator(3, 7, 7),
			lifesat.Oscillator(2, 10, 10),
			lifesat.Spaceship(4, 0, 2, 7, 7),
		)
		seeds = 3
	}
	var out []namedFormula
	for _, p := range problems {
		for _, e := range lifesat.Encodings() {
			for seed := range uint64(seeds) {
				in, err := lifesat.Encode(p, &lifesat.Settings{Encoding: e, Seed: seed + 1, Diversify: lifesat.FlipAll})
				if err != nil {
					tb.Fatal(err)
				}
				out = append(out, namedFormula{fmt.Sprintf("%v %s seed %d", p, e, seed+1), in.CNF})
			}
		}
	}
	return out
}

// randomFormulas are random 3-SAT formulas at the threshold ratio 4.26,
// where about half are satisfiable.
func randomFormulas(stress bool) []namedFormula {
	sizes, seeds := []int{20, 60, 120}, 6
	if stress {
		sizes, seeds = []int{20, 60, 120, 180, 220}, 40
	}
	var out []namedFormula
	for _, n := range sizes {
		for seed := range uint64(seeds) {
			rng := rand.New(rand.NewPCG(seed, uint64(n)))
			out = append(out, namedFormula{fmt.Sprintf("3-SAT n=%d seed %d", n, seed), random3SAT(rng, n, 426)})
		}
	}
	return out
}

// TestCopyAgainstUpstream solves random 3-SAT formulas near the threshold
// and lifesat's own formulas with upstream gophersat v1.4.0 and with
// lifesat's copy (in upstream's single mode, and seeded in its stable
// mode): the answers must agree, and every model of either must satisfy
// every clause. LIFESAT_STRESS=1 takes a larger sample.
func TestCopyAgainstUpstream(t *testing.T) {
	stress := os.Getenv("LIFESAT_STRESS") != ""
	formulas := append(randomFormulas(stress), lifeFormulas(t, stress)...)
	count := map[logic.Status]int{}
	for i, nf := range formulas {
		want, um, _ := upstreamSolve(nf.f)
		if want == logic.Unknown {
			t.Fatalf("%s: upstream stopped without an answer", nf.name)
		}
		if want == logic.Sat && !nf.f.Eval(um) {
			t.Errorf("%s: upstream's model breaks a clause", nf.name)
		}
		count[want]++
		for _, g := range []logic.Gophersat{{}, {Seed: uint64(i + 1), Stable: true}} {
			got, m, _ := copySolve(t, nf.f, g)
			if got != want {
				t.Errorf("%s: copy %+v says %v, upstream %v", nf.name, g, got, want)
				continue
			}
			if got == logic.Sat && !nf.f.Eval(m) {
				t.Errorf("%s: the copy's (%+v) model breaks a clause", nf.name, g)
			}
		}
	}
	t.Logf("%d formulas: %d satisfiable, %d not", len(formulas), count[logic.Sat], count[logic.Unsat])
	if count[logic.Sat] == 0 || count[logic.Unsat] == 0 {
		t.Errorf("the sample does not test both answers: %v", count)
	}
}
