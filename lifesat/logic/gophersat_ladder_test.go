package logic_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// ladderFormula is the maximum-density still life in an n x n box as one
// formula: Knuth's encoding, the empty board allowed, a totalizer over
// the cells, and every cell and counter variable flipped so that the
// solver starts from the all-alive board, as lifesat.Maximize does. The
// literal atLeast(k) says "at least k live cells" in the flipped formula.
func ladderFormula(tb testing.TB, n int) (f *logic.CNF, cells []logic.Lit, atLeast func(int) logic.Lit) {
	in, err := lifesat.Encode(lifesat.StillLife(n, n), &lifesat.Settings{Encoding: lifesat.Knuth, AllowEmpty: true, Diversify: lifesat.NoFlip})
	if err != nil {
		tb.Fatal(err)
	}
	for y := range n {
		for x := range n {
			cells = append(cells, in.Cell(0, x, y))
		}
	}
	before := in.CNF.NumVars()
	tot := logic.NewTotalizer(in.CNF, cells, len(cells))
	flip := make([]bool, in.CNF.NumVars()+1)
	for _, c := range cells {
		flip[c.Var()] = true
	}
	for v := before + 1; v < len(flip); v++ {
		flip[v] = true
	}
	in.CNF.Flip(flip)
	flipped := make([]logic.Lit, len(cells))
	for i, c := range cells {
		flipped[i] = c.Not()
	}
	atLeast = func(k int) logic.Lit {
		l := tot.Output(k)
		if !l.IsConst() && flip[l.Var()] {
			l = l.Not()
		}
		return l
	}
	return in.CNF, flipped, atLeast
}

// The ways of climbing the ladder.
const (
	byAdd    = iota // add "at least k+1" as a clause
	byAssume        // assume "at least k+1"
	byBoth          // assume "at least k+1" and add "at least k", which holds
)

var ladderNames = []string{"add", "assume", "both"}

// maxByLadder climbs the ladder in one session in the given way and
// returns the optimum it proves and the session's conflicts.
func maxByLadder(tb testing.TB, f *logic.CNF, cells []logic.Lit, atLeast func(int) logic.Lit, way int) (best int, conflicts int64) {
	ctx := context.Background()
	sess, err := logic.Gophersat{}.Start(f)
	if err != nil {
		tb.Fatal(err)
	}
	best = -1
	var as []logic.Lit
	for {
		st, err := sess.Solve(ctx, as...)
		if err != nil {
			tb.Fatal(err)
		}
		if st != logic.Sat {
			return best, sess.(logic.ConflictCounter).Conflicts()
		}
		m := sess.Model()
		if !f.Eval(m) {
			tb.Fatal("the model breaks the formula")
		}
		pop := 0
		for _, c := range cells {
			if c.Value(m) {
				pop++
			}
		}
		if pop <= best {
			tb.Fatalf("population %d after %d", pop, best)
		}
		best = pop
		switch way {
		case byAdd:
			sess.Add(atLeast(pop + 1))
		case byAssume:
			as = []logic.Lit{atLeast(pop + 1)}
		case byBoth:
			sess.Add(atLeast(pop))
			as = []logic.Lit{atLeast(pop + 1)}
		}
	}
}

// TestLadderByAssumptions: the ladders by assumptions, by added clauses
// and by both prove the same maximum in 6x6, 18 live cells (Bosch's
// Table 1, OEIS A055397).
func TestLadderByAssumptions(t *testing.T) {
	f, cells, atLeast := ladderFormula(t, 6)
	for way, name := range ladderNames {
		if got, _ := maxByLadder(t, f, cells, atLeast, way); got != 18 {
			t.Errorf("%s: maximum %d, want 18", name, got)
		}
	}
}

// BenchmarkGophersatLadder times the maximum-density ladder of an 8x8
// still life in one gophersat session, by added clauses (what
// lifesat.Maximize does), by assumptions and by both, and
// lifesat.Maximize itself on the SAT path with gophersat.
func BenchmarkGophersatLadder(b *testing.B) {
	const n = 8
	for way, name := range ladderNames {
		b.Run(fmt.Sprintf("%s/%dx%d", name, n, n), func(b *testing.B) {
			var conflicts int64
			for b.Loop() {
				b.StopTimer()
				f, cells, atLeast := ladderFormula(b, n)
				b.StartTimer()
				got, c := maxByLadder(b, f, cells, atLeast, way)
				if got != 36 {
					b.Fatalf("maximum %d, want 36", got)
				}
				conflicts += c
			}
			b.ReportMetric(float64(conflicts)/float64(b.N), "conflicts/op")
		})
	}
	b.Run(fmt.Sprintf("Maximize/%dx%d", n, n), func(b *testing.B) {
		for b.Loop() {
			res, err := lifesat.Maximize(context.Background(), lifesat.StillLife(n, n), &lifesat.Settings{Solver: logic.Gophersat{}})
			if err != nil || !res.Optimal || res.Population != 36 {
				b.Fatalf("Maximize: %+v, %v", res, err)
			}
		}
	})
}
