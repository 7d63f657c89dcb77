package lifesat_test

import (
	"context"
	"errors"
	"testing"

	"github.com/lifesat/lifesat/lifesat/internal/lifetest"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// TestKnownCellsCountLikeBruteForce: the still lifes of a 4x3 box with one
// cell known are those of the brute force (every board tried, the plain
// Step) that agree with it; for each cell the counts of "alive" and
// "dead" add up to the count of the box, as the cubes of a split must.
func TestKnownCellsCountLikeBruteForce(t *testing.T) {
	const w, h = 4, 3
	var all [w * h][2]int64 // [cell][alive] -> still lifes, the empty one included
	total := int64(0)
	for m := range 1 << (w * h) {
		b := boardOf(w, h, m)
		if p := b.Pad(1); !life.Step(p, lifetest.Rule(t, "B3/S23"), life.Dead).Equal(p) {
			continue
		}
		total++
		for i := range w * h {
			if b.Alive(i%w, i/w) {
				all[i][1]++
			} else {
				all[i][0]++
			}
		}
	}
	set := &lifesat.Settings{AllowEmpty: true}
	for _, i := range []int{0, 5, 6, 11} {
		var sum int64
		for alive := range 2 {
			p := lifesat.StillLife(w, h)
			p.Known = []lifesat.KnownCell{{X: i % w, Y: i / w, Alive: alive == 1}}
			n, err := lifesat.Count(context.Background(), p, set)
			if err != nil {
				t.Fatal(err)
			}
			if n.Int64() != all[i][alive] {
				t.Errorf("cell (%d,%d) alive=%v: %v still lifes, brute force %d", i%w, i/w, alive == 1, n, all[i][alive])
			}
			sum += n.Int64()
		}
		if sum != total {
			t.Errorf("cell (%d,%d): the two cubes hold %d still lifes, the box %d", i%w, i/w, sum, total)
		}
	}
}

// TestKnownCellsSearchAndCheck: an oscillator search with cells of
// generation 1 known finds a pattern that agrees with them; Check refuses
// a pattern that does not; contradictory known cells prove that nothing
// exists, and cells outside the box or the generations are refused.
func TestKnownCellsSearchAndCheck(t *testing.T) {
	ctx := context.Background()
	p := lifesat.Oscillator(2, 5, 5)
	p.Known = []lifesat.KnownCell{{Gen: 1, X: 2, Y: 2, Alive: true}, {Gen: 1, X: 1, Y: 2, Alive: true}, {Gen: 0, X: 0, Y: 0}}
	res, err := lifesat.Search(ctx, p, &lifesat.Settings{Seed: 2})
	if err != nil || res.Status != logic.Sat {
		t.Fatalf("Search: %+v, %v", res, err)
	}
	pat := res.Patterns[0]
	for _, k := range p.Known {
		if pat.Phases[k.Gen].Alive(k.X, k.Y) != k.Alive {
			t.Errorf("the answer disagrees with %v", k)
		}
	}
	// The same pattern one phase on is an answer of the problem without
	// known cells, but not of one that knows a cell where the phases differ.
	turned := &lifesat.Pattern{Phases: []*life.Board{pat.Phases[1], pat.Phases[0]}}
	plain := lifesat.Oscillator(2, 5, 5)
	if err := plain.Check(turned, nil); err != nil {
		t.Fatalf("the answer one phase on: %v", err)
	}
	for y := range 5 {
		for x := range 5 {
			if a := pat.Phases[0].Alive(x, y); a != pat.Phases[1].Alive(x, y) {
				q := plain
				q.Known = []lifesat.KnownCell{{X: x, Y: y, Alive: a}}
				if err := q.Check(pat, nil); err != nil {
					t.Errorf("knowing %v: the answer fails: %v", q.Known[0], err)
				}
				if err := q.Check(turned, nil); err == nil {
					t.Errorf("knowing %v: Check accepted the answer one phase on", q.Known[0])
				}
			}
		}
	}
	p.Known = append(p.Known, lifesat.KnownCell{Gen: 1, X: 2, Y: 2})
	if res, err := lifesat.Search(ctx, p, nil); err != nil || res.Status != logic.Unsat {
		t.Errorf("contradictory known cells: %+v, %v; want proved none", res, err)
	}
	for _, k := range []lifesat.KnownCell{{X: 5}, {Y: -1}, {Gen: 2}, {Gen: -1}} {
		q := lifesat.Oscillator(2, 5, 5)
		q.Known = []lifesat.KnownCell{k}
		if err := q.Validate(); !errors.Is(err, lifesat.ErrProblem) {
			t.Errorf("%v: Validate says %v", k, err)
		}
	}
}
