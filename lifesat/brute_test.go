package lifesat_test

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"sync"
	"testing"

	"github.com/lifesat/lifesat/lifesat/internal/lifetest"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// A bruteCount is what trying every board of a box finds: the number of
// still lifes (the empty board included) and the most live cells of one.
type bruteCount struct {
	count int64
	max   int
}

var bruteCache sync.Map // "rule wxh" -> bruteCount

// bruteStill tries every board of a w x h box (w*h at most 24 cells) and
// keeps those whose every cell, and every cell of the dead ring around the
// box, keeps its state under r.Next. It shares nothing with
// CountStillLifes, MaxStillLife or the encoders: a board is a bit mask and
// a cell's neighbours are counted by masking (TestBruteStillAgreesWithStep
// checks it against the plain Step). Results are kept, so the count and
// max tests share one pass per box and rule.
func bruteStill(w, h int, r rule.Rule) bruteCount {
	key := fmt.Sprintf("%v %dx%d", r, w, h)
	if v, ok := bruteCache.Load(key); ok {
		return v.(bruteCount)
	}
	if w*h > 24 {
		panic("bruteStill: box too large to try every board")
	}
	// The cells of the box and its ring, each with its bit (none for the
	// ring) and the mask of its neighbours in the box.
	type cell struct{ bit, nb uint32 }
	var cells []cell
	for y := -1; y <= h; y++ {
		for x := -1; x <= w; x++ {
			var c cell
			if x >= 0 && x < w && y >= 0 && y < h {
				c.bit = 1 << (y*w + x)
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if (dx != 0 || dy != 0) && nx >= 0 && nx < w && ny >= 0 && ny < h {
						c.nb |= 1 << (ny*w + nx)
					}
				}
			}
			cells = append(cells, c)
		}
	}
	var res bruteCount
boards:
	for m := range uint32(1) << (w * h) {
		for _, c := range cells {
			alive := m&c.bit != 0
			if r.Next(alive, bits.OnesCount32(m&c.nb)) != alive {
				continue boards
			}
		}
		res.count++
		res.max = max(res.max, bits.OnesCount32(m))
	}
	bruteCache.Store(key, res)
	return res
}

// bruteRules are the rules of the brute-force comparisons: Life, HighLife,
// 3-4 Life, Seeds, Day & Night, and two extremes (B1/S1; B/S012345678,
// under which every board is still).
var bruteRules = []string{"B3/S23", "B36/S23", "B34/S34", "B2/S", "B3678/S34678", "B1/S1", "B/S012345678"}

// bruteBoxes are the boxes of the brute-force comparisons: every box up
// to 4x4, and 5x3, 3x5, 5x4 and 4x5.
var bruteBoxes = func() []struct{ w, h int } {
	var boxes []struct{ w, h int }
	for w := 1; w <= 4; w++ {
		for h := 1; h <= 4; h++ {
			boxes = append(boxes, struct{ w, h int }{w, h})
		}
	}
	return append(boxes, struct{ w, h int }{5, 3}, struct{ w, h int }{3, 5}, struct{ w, h int }{5, 4}, struct{ w, h int }{4, 5})
}()

// TestRowProgramsBrute compares Count and Maximize on plain still lifes,
// which the row programs of package density answer (CountStillLifes and
// MaxStillLifeRule, registered by the import in solverfree_test.go), with
// trying every board (bruteStill), under Life and other rules, for every
// box up to 4x4 and for 5x3, 3x5, 5x4 and 4x5: the non-square boxes both
// ways round, which checks that the programs may transpose the box.
func TestRowProgramsBrute(t *testing.T) {
	ctx := context.Background()
	for _, rs := range bruteRules {
		r := lifetest.Rule(t, rs)
		for _, b := range bruteBoxes {
			want := bruteStill(b.w, b.h, r)
			p := lifesat.StillLife(b.w, b.h)
			n, err := lifesat.Count(ctx, p, &lifesat.Settings{Rule: r, AllowEmpty: true})
			if err != nil || n.Int64() != want.count {
				t.Errorf("%v %dx%d: Count %v, %v; brute force %d", r, b.w, b.h, n, err, want.count)
			}
			res, err := lifesat.Maximize(ctx, p, &lifesat.Settings{Rule: r})
			if err != nil {
				t.Fatalf("%v %dx%d: Maximize: %v", r, b.w, b.h, err)
			}
			if res.Status != logic.Sat || !res.Optimal || res.Population != want.max {
				t.Errorf("%v %dx%d: Maximize %d live cells (%v, optimal %v), brute force %d", r, b.w, b.h, res.Population, res.Status, res.Optimal, want.max)
			}
			if err := p.Check(res.Pattern, &lifesat.Settings{Rule: r, AllowEmpty: true}); err != nil || res.Pattern.Board().Population() != res.Population {
				t.Errorf("%v %dx%d: Maximize's pattern: %v", r, b.w, b.h, err)
			}
		}
	}
}

// TestBruteStillAgreesWithStep checks the brute force's bit masks against
// the plain Step on every board of the boxes up to 4x3 and 3x4.
func TestBruteStillAgreesWithStep(t *testing.T) {
	for _, rs := range bruteRules {
		r := lifetest.Rule(t, rs)
		for w := 1; w <= 4; w++ {
			for h := 1; h <= 4 && w*h <= 12; h++ {
				var want bruteCount
				for m := range 1 << (w * h) {
					b := boardOf(w, h, m)
					if p := b.Pad(1); life.Step(p, r, life.Dead).Equal(p) {
						want.count++
						want.max = max(want.max, b.Population())
					}
				}
				if got := bruteStill(w, h, r); got != want {
					t.Errorf("%v %dx%d: bit masks %+v, Step %+v", r, w, h, got, want)
				}
			}
		}
	}
}

// TestOverflowingPopulationBound: a population bound the box cannot reach
// is no bound. MaxPop = math.MaxInt once overflowed into "at most -1 live
// cells" and gave UNSAT and a count of 0; the expected counts come from
// the brute force, every bound that reaches past the box gives them, and
// a MinPop past the box proves that nothing exists.
func TestOverflowingPopulationBound(t *testing.T) {
	want := bruteStill(4, 4, rule.Life).count - 1 // the empty board is not counted
	for _, maxPop := range []int{16, 17, 1 << 40, math.MaxInt - 1, math.MaxInt} {
		p := lifesat.StillLife(4, 4)
		p.MaxPop = maxPop
		got, err := lifesat.Count(context.Background(), p, nil)
		if err != nil || got.Int64() != want {
			t.Errorf("Count with MaxPop %d: %v, %v; want %d (brute force)", maxPop, got, err, want)
		}
		res, err := lifesat.Search(context.Background(), p, &lifesat.Settings{Seed: 1})
		if err != nil || res.Status != logic.Sat {
			t.Errorf("Search with MaxPop %d: %v, %v; want a still life", maxPop, res, err)
		}
	}
	for _, minPop := range []int{17, math.MaxInt} {
		p := lifesat.StillLife(4, 4)
		p.MinPop = minPop
		res, err := lifesat.Search(context.Background(), p, nil)
		if err != nil || res.Status != logic.Unsat {
			t.Errorf("Search with MinPop %d: %+v, %v; want proved none", minPop, res, err)
		}
	}
}
