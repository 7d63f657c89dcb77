package lifesat_test

import (
	"context"
	"fmt"
	"image"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// A shapeRule is a hexagonal or von Neumann rule stated from its
// definition (Golly's help, "QuickLife"): the offsets of a cell's
// neighbours and the counts of births and survivals. bruteShapeStep runs
// it without rule.Rule's table.
type shapeRule struct {
	name            string
	offsets         [][2]int
	birth, survival []int
}

var (
	hexNeighbours = [][2]int{{-1, -1}, {0, -1}, {-1, 0}, {1, 0}, {0, 1}, {1, 1}} // no NE, no SW
	vnNeighbours  = [][2]int{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}
	shapeRules    = []shapeRule{
		// Dean Hickerson: B2/S34H has no finite still life but the empty
		// one (conwaylife.com forums, "B2/S34H (Hexagonal Life)", t=2015).
		{"B2/S34H", hexNeighbours, []int{2}, []int{3, 4}},
		{"B3/S23H", hexNeighbours, []int{3}, []int{2, 3}},
		{"B24/S13V", vnNeighbours, []int{2, 4}, []int{1, 3}},
		{"B2/S013V", vnNeighbours, []int{2}, []int{0, 1, 3}},
	}
)

// bruteShapeStep is the next generation of b, in the box grown by the
// one-cell ring around it, under r: each cell's live neighbours counted
// at r's offsets.
func bruteShapeStep(b *life.Board, r shapeRule) *life.Board {
	w, h := b.Width(), b.Height()
	next := life.NewBoard(w+2, h+2)
	has := func(set []int, k int) bool {
		for _, v := range set {
			if v == k {
				return true
			}
		}
		return false
	}
	for y := -1; y <= h; y++ {
		for x := -1; x <= w; x++ {
			k := 0
			for _, o := range r.offsets {
				if b.In(x+o[0], y+o[1]) && b.Alive(x+o[0], y+o[1]) {
					k++
				}
			}
			alive := b.In(x, y) && b.Alive(x, y)
			next.Set(x+1, y+1, alive && has(r.survival, k) || !alive && has(r.birth, k))
		}
	}
	return next
}

// inBox is the w x h box of b, a board grown by its ring, when the ring
// is dead; nil otherwise.
func inBox(b *life.Board) *life.Board {
	inner := b.Crop(image.Rect(1, 1, b.Width()-1, b.Height()-1))
	if inner.Population() != b.Population() {
		return nil
	}
	return inner
}

// bruteShapeCounts counts, over every board of a w x h box, the still
// lifes (the empty one included) and the period-2 oscillators (each
// once, not per phase), with any symmetry and per symmetry; and finds
// the largest population of a still life.
func bruteShapeCounts(w, h int, r shapeRule) (still, osc map[life.Symmetry]int, most int) {
	still, osc = map[life.Symmetry]int{}, map[life.Symmetry]int{}
	for bits := range 1 << (w * h) {
		b := boardOf(w, h, bits)
		g1 := inBox(bruteShapeStep(b, r))
		if g1 == nil {
			continue
		}
		if g1.Equal(b) {
			most = max(most, b.Population())
			for _, sym := range life.Symmetries() {
				if symmetricUnder(b, sym) {
					still[sym]++
				}
			}
			continue
		}
		if g2 := inBox(bruteShapeStep(g1, r)); g2 == nil || !g2.Equal(b) {
			continue
		}
		for _, sym := range life.Symmetries() {
			if symmetricUnder(b, sym) && symmetricUnder(g1, sym) {
				osc[sym]++ // twice per oscillator, once per phase
			}
		}
	}
	for sym := range osc {
		osc[sym] /= 2
	}
	return still, osc, most
}

// TestShapeCountsAgreeWithBruteForce: in small boxes, the still lifes and
// period-2 oscillators of hexagonal and von Neumann rules that Count
// finds - by the row program and by the solver with both encodings, with
// every symmetry, those that leave the rule unchanged (whose cells share
// one transition per orbit) and those that do not (a quarter turn of a
// hexagonal rule) - are those that trying every board finds.
func TestShapeCountsAgreeWithBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, sr := range shapeRules {
		r := rule.MustParse(sr.name)
		for _, sz := range [][2]int{{3, 3}, {4, 4}, {5, 3}} {
			w, h := sz[0], sz[1]
			still, osc, most := bruteShapeCounts(w, h, sr)
			if sr.name == "B2/S34H" && still[life.C1] != 1 {
				t.Errorf("B2/S34H: %d still lifes in %dx%d by brute force, but Hickerson proved the empty one the only one", still[life.C1], w, h)
			}
			// The row program.
			n, err := lifesat.Count(ctx, lifesat.StillLife(w, h), &lifesat.Settings{Rule: r, AllowEmpty: true})
			if err != nil {
				t.Fatal(err)
			}
			if n.Int64() != int64(still[life.C1]) {
				t.Errorf("%v, %dx%d: Count (row program) %v still lifes, brute force %d", r, w, h, n, still[life.C1])
			}
			// The most live cells: the row program, and the SAT ladder
			// with each encoding.
			for _, e := range append([]lifesat.Encoding{""}, lifesat.Encodings()...) {
				res, err := lifesat.Maximize(ctx, lifesat.StillLife(w, h), &lifesat.Settings{Rule: r, Encoding: e})
				if err != nil {
					t.Fatal(err)
				}
				if res.Population != most || !res.Optimal && most > 0 {
					t.Errorf("%v, %dx%d, encoding %q: Maximize %d (optimal %v), brute force %d", r, w, h, e, res.Population, res.Optimal, most)
				}
			}
			// The solver, both encodings; a symmetry, or MaxPop, keeps
			// Count from the row program.
			for _, e := range lifesat.Encodings() {
				for _, sym := range life.Symmetries() {
					for _, period := range []int{1, 2} {
						p := lifesat.Oscillator(period, w, h)
						p.Symmetry, p.MaxPop = sym, w*h-1
						if p.Validate() != nil {
							continue // a square symmetry in a 5x3 box
						}
						want := osc[sym]
						if period == 1 {
							want = still[sym]
							if full := boardOf(w, h, 1<<(w*h)-1); bruteShapeStep(full, sr).Equal(full.Pad(1)) {
								want-- // the full box, above MaxPop
							}
						}
						got, err := lifesat.Count(ctx, p, &lifesat.Settings{Rule: r, Encoding: e, AllowEmpty: true})
						if err != nil {
							t.Fatal(err)
						}
						if got.Int64() != int64(want) {
							t.Errorf("%v, %s, %dx%d, %v, period %d: Count %v, brute force %d", r, e, w, h, sym, period, got, want)
						}
					}
				}
			}
		}
	}
}

// checkShapePattern re-simulates a pattern found under sr with the brute
// stepper: each phase steps to the next in the box, the last to the
// first moved by shift, and every phase has the problem's symmetry.
func checkShapePattern(t *testing.T, p lifesat.Problem, pat *lifesat.Pattern, sr shapeRule) {
	t.Helper()
	per := len(pat.Phases)
	for i, b := range pat.Phases {
		if p.Symmetry != "" && !symmetricUnder(b, p.Symmetry) {
			t.Fatalf("%s: phase %d is not %v:\n%s", sr.name, i, p.Symmetry, b)
		}
		next := bruteShapeStep(b, sr)
		want := pat.Phases[(i+1)%per].Pad(1)
		if i+1 == per {
			want = want.Translate(p.Shift.X, p.Shift.Y)
		}
		if !next.Equal(want) {
			t.Fatalf("%s: phase %d\n%sdoes not step to phase %d:\n%s", sr.name, i, b, (i+1)%per, next)
		}
	}
}

// TestShapeSearches: still lifes, oscillators and a symmetric oscillator
// found under hexagonal and von Neumann rules re-simulate under the
// rules' definitions, with both encodings. B2/S34H has no still life
// (Hickerson), so that search is UNSAT.
func TestShapeSearches(t *testing.T) {
	ctx := context.Background()
	byName := map[string]shapeRule{}
	for _, sr := range shapeRules {
		byName[sr.name] = sr
	}
	for _, tt := range []struct {
		rule string
		p    lifesat.Problem
		sat  bool
	}{
		{"B2/S34H", lifesat.StillLife(6, 6), false},
		{"B3/S23H", lifesat.StillLife(6, 6), true},
		{"B24/S13V", lifesat.StillLife(6, 6), true},
		{"B2/S34H", lifesat.Oscillator(3, 5, 5), true},
		{"B2/S34H", lifesat.Oscillator(4, 6, 6), true},
		{"B2/S013V", lifesat.Oscillator(2, 5, 5), true},
		{"B2/S34H", lifesat.Problem{Width: 6, Height: 6, Period: 2, Symmetry: life.D4Diag}, true}, // the rule's own symmetry
		{"B2/S34H", lifesat.Problem{Width: 6, Height: 6, Period: 2, Symmetry: life.C4}, true},     // not the rule's
		{"B24/S13V", lifesat.Problem{Width: 7, Height: 7, Period: 2, Symmetry: life.D8}, true},
	} {
		sr := byName[tt.rule]
		for _, e := range lifesat.Encodings() {
			t.Run(fmt.Sprintf("%s/%v/%s", tt.rule, tt.p, e), func(t *testing.T) {
				set := &lifesat.Settings{Rule: rule.MustParse(tt.rule), Encoding: e, Solutions: 3}
				res, err := lifesat.Search(ctx, tt.p, set)
				if err != nil {
					t.Fatal(err)
				}
				if (res.Status == logic.Sat) != tt.sat || res.Status == logic.Unknown {
					t.Fatalf("status %v, want SAT %v", res.Status, tt.sat)
				}
				for _, pat := range res.Patterns {
					checkShapePattern(t, tt.p, pat, sr)
				}
			})
		}
	}
}

// TestShapeSpaceship: the period-10 hexagonal ship of Golly's help
// (B245/S3H, moving up 2 cells per period: life's TestShapeObjects) is a
// solution of the spaceship problem of its size under both encodings:
// with generation 0 caged to the ship and all its cells required, the
// search finds its other nine phases, which re-simulate.
func TestShapeSpaceship(t *testing.T) {
	sr := shapeRule{"B245/S3H", hexNeighbours, []int{2, 4, 5}, []int{3}}
	r := rule.MustParse(sr.name)
	ship := life.NewBoard(7, 6)
	for y, row := range []string{"o.o....", "....o..", "..o....", ".o..o.o", "...o...", ".....o."} {
		for x, c := range row {
			ship.Set(x, y, c == 'o')
		}
	}
	// The box: every phase's cells, the ship's box moved up by 2 as well.
	box := image.Rect(0, -2, 7, 6)
	for g := 1; g < 10; g++ {
		b, at, err := life.Plane(context.Background(), ship, r, g)
		if err != nil {
			t.Fatal(err)
		}
		box = box.Union(b.BoundingBox().Add(at))
	}
	cage := ship.Crop(box)
	p := lifesat.Spaceship(10, 0, -2, box.Dx(), box.Dy())
	p.Cage, p.MinPop = cage, ship.Population()
	for _, e := range lifesat.Encodings() {
		res, err := lifesat.Search(context.Background(), p, &lifesat.Settings{Rule: r, Encoding: e})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != logic.Sat || !res.Patterns[0].Board().Equal(cage) {
			t.Fatalf("%s: status %v, %v", e, res.Status, res.Patterns)
		}
		checkShapePattern(t, p, res.Patterns[0], sr)
	}
}
