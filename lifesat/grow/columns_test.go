package grow

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lifesat/lifesat/lifesat/rule"
)

// TestAutomaton compares the column automaton with the rows' table
// (geometry.rows, which walks the strip's columns and tests each by the
// rule's 512 transitions): the same rows listed, in the same order, for
// random rows a, b and c, under several rules, every symmetry and widths
// 1 to 12; exists and allowsDead agree with them.
func TestAutomaton(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 39))
	listed := 0
	for _, rs := range []string{"B3/S23", "B36/S23", "B2-a/S12", "B34/S34", "B2/S", "B3/S012345678"} {
		r := rule.MustParse(rs)
		tbl := newStepTable(r)
		s := &searcher{tbl: tbl}
		for w := 1; w <= 12; w++ {
			for _, sym := range []Sym{Asym, Odd, Even, Gutter} {
				g, err := newGeometry(4, 1, w, sym)
				if err != nil {
					continue // a width the symmetry does not take
				}
				if sym != Asym && !r.Invariant(-1, 0, 0, 1) {
					continue
				}
				s.g = g
				rsol := newRowSolver(g, tbl)
				for range 300 {
					// sparse rows, so that constraints have answers
					row := func() uint32 {
						return g.expand(rng.Uint32() & rng.Uint32() & (1<<g.free - 1))
					}
					a, b, c := row(), row(), row()
					var want []uint32
					g.rows(tbl, a, b, c, func(r uint32) bool { want = append(want, r); return true })
					got := rsol.list(nil, a, b, c)
					listed += len(got)
					if !slices.Equal(got, want) {
						t.Fatalf("%s w%d %s: rows %b %b %b: automaton %v, table %v", rs, w, sym, a, b, c, got, want)
					}
					if rsol.exists(a, b, c) != (len(want) > 0) {
						t.Fatalf("%s w%d %s: rows %b %b %b: exists %v, table %d rows", rs, w, sym, a, b, c, !(len(want) > 0), len(want))
					}
					if rsol.allowsDead(a, b, c) != s.allowsDead(a, b, c) {
						t.Fatalf("%s w%d %s: rows %b %b %b: allowsDead differs", rs, w, sym, a, b, c)
					}
				}
			}
		}
	}
	if listed < 1000 {
		t.Errorf("%d rows listed in all: the comparison shows little", listed)
	}
}
