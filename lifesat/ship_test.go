package lifesat_test

import (
	"context"
	"image"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// moves re-checks, independently of Search, that a pattern of period p
// comes back moved by (dx, dy).
func moves(b *life.Board, r rule.Rule, p, dx, dy int) bool {
	m := p + abs(dx) + abs(dy)
	start := b.Pad(m)
	end := life.Run(start, r, life.Dead, p)[p]
	return end.Equal(start.Translate(dx, dy))
}

func abs(a int) int { return max(a, -a) }

func TestSpaceshipsFromScratch(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		p      lifesat.Problem
		minPop int
	}{
		// The glider (LifeWiki "Glider"): period 4, moves (1,1), 3x3.
		{"glider", lifesat.Spaceship(4, 1, 1, 5, 5), 5},
		{"glider up-left", lifesat.Spaceship(4, -1, -1, 4, 4), 5},
		// The lightweight spaceship (LifeWiki "Lightweight spaceship"):
		// period 4, moves 2 cells orthogonally (c/2), 5x4 at most.
		{"c/2 ship", lifesat.Spaceship(4, 2, 0, 7, 5), 9},
		{"c/2 ship upwards", lifesat.Spaceship(4, 0, -2, 5, 7), 9},
	} {
		for _, e := range lifesat.Encodings() {
			res, err := lifesat.Search(ctx, tc.p, &lifesat.Settings{Encoding: e, Seed: 3})
			if err != nil {
				t.Fatalf("%s/%s: %v", tc.name, e, err)
			}
			if res.Status != logic.Sat {
				t.Fatalf("%s/%s: %v", tc.name, e, res.Status)
			}
			b := res.Patterns[0].Board()
			if !moves(b, rule.Life, tc.p.Period, tc.p.Shift.X, tc.p.Shift.Y) {
				t.Errorf("%s/%s: does not move as asked:\n%s", tc.name, e, b)
			}
			if b.Population() < tc.minPop {
				t.Errorf("%s/%s: %d cells, fewer than the smallest known %d", tc.name, e, b.Population(), tc.minPop)
			}
		}
	}
}

// TestNoSpaceship: a glider needs a 3x3 box, an orthogonal c/2 ship a
// 5x4 one (the lightweight spaceship is the smallest; LifeWiki), and no
// spaceship moves faster than c/2 orthogonally or c/4 diagonally (the
// "speed of light" bounds of Life), so these are proved impossible.
func TestNoSpaceship(t *testing.T) {
	ctx := context.Background()
	for _, p := range []lifesat.Problem{
		lifesat.Spaceship(4, 1, 1, 2, 2),
		lifesat.Spaceship(4, 2, 0, 4, 4),
		lifesat.Spaceship(2, 2, 0, 6, 6), // faster than light
		lifesat.Spaceship(4, 2, 2, 6, 6), // diagonal c/2: faster than c/4
	} {
		res, err := lifesat.Search(ctx, p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != logic.Unsat {
			t.Errorf("%v: %v, want UNSAT", p, res.Status)
		}
	}
}

func TestSymmetricSearch(t *testing.T) {
	ctx := context.Background()
	for _, sym := range life.Symmetries() {
		for _, p := range []lifesat.Problem{lifesat.StillLife(10, 10), lifesat.Oscillator(2, 10, 10)} {
			p.Symmetry = sym
			res, err := lifesat.Search(ctx, p, &lifesat.Settings{Seed: 11})
			if err != nil {
				t.Fatalf("%v: %v", p, err)
			}
			if res.Status != logic.Sat {
				t.Errorf("%v: %v", p, res.Status)
				continue
			}
			b := res.Patterns[0].Board()
			// Independent check of the symmetry with the Board transforms.
			var ok bool
			switch sym {
			case life.C1:
				ok = true
			case life.C2:
				ok = b.Equal(b.Rotate180())
			case life.C4:
				ok = b.Equal(b.Rotate90())
			case life.D2H:
				ok = b.Equal(b.FlipY())
			case life.D2V:
				ok = b.Equal(b.FlipX())
			case life.D2Diag:
				ok = b.Equal(b.Transpose())
			case life.D2Anti:
				ok = b.Equal(b.Rotate180().Transpose())
			case life.D4Plus:
				ok = b.Equal(b.FlipX()) && b.Equal(b.FlipY())
			case life.D4Diag:
				ok = b.Equal(b.Transpose()) && b.Equal(b.Rotate180().Transpose())
			case life.D8:
				ok = b.Equal(b.Rotate90()) && b.Equal(b.FlipX())
			}
			if !ok {
				t.Errorf("%v: pattern lacks the symmetry:\n%s", p, b)
			}
		}
	}
}

// TestSymmetryMergesVariables: a C4 search has a quarter of the cell
// variables (Knuth's sat-life-grid90 reduction).
func TestSymmetryMergesVariables(t *testing.T) {
	plain, _ := lifesat.Encode(lifesat.StillLife(16, 16), &lifesat.Settings{Diversify: lifesat.NoFlip})
	p := lifesat.StillLife(16, 16)
	p.Symmetry = life.C4
	sym, err := lifesat.Encode(p, &lifesat.Settings{Diversify: lifesat.NoFlip})
	if err != nil {
		t.Fatal(err)
	}
	if plain.CNF.NumVars() != 256 || sym.CNF.NumVars() != 64 {
		t.Errorf("variables: %d plain, %d with C4; want 256 and 64", plain.CNF.NumVars(), sym.CNF.NumVars())
	}
}

func TestSymmetryErrors(t *testing.T) {
	for _, p := range []lifesat.Problem{
		{Width: 8, Height: 6, Period: 1, Symmetry: life.C4},
		{Width: 8, Height: 8, Period: 1, Symmetry: "Z9"},
		{Width: 8, Height: 8, Period: 4, Shift: image.Pt(1, 1), Symmetry: life.D2V},
	} {
		if err := p.Validate(); err == nil {
			t.Errorf("%+v: no error", p)
		}
	}
	// D2\ preserves a diagonal shift, so it is allowed - but the glider
	// is only glide-symmetric (phase 2 mirrors phase 0; LifeWiki
	// "Glider"), so no period-4 (1,1) ship with every phase symmetric fits
	// in 5x5.
	p := lifesat.Spaceship(4, 1, 1, 5, 5)
	p.Symmetry = life.D2Diag
	if err := p.Validate(); err != nil {
		t.Errorf("D2\\ with shift (1,1): %v", err)
	}
	res, err := lifesat.Search(context.Background(), p, nil)
	if err != nil || res.Status != logic.Unsat {
		t.Errorf("D2\\ glider in 5x5: %v %v, want UNSAT", res.Status, err)
	}
}

func TestCageAndPopulation(t *testing.T) {
	ctx := context.Background()
	// Only the left half of a 10x6 box may be alive.
	cage := life.NewBoard(10, 6)
	for y := range 6 {
		for x := range 5 {
			cage.Set(x, y, true)
		}
	}
	p := lifesat.StillLife(10, 6)
	p.Cage = cage
	p.MinPop = 7
	res, err := lifesat.Search(ctx, p, &lifesat.Settings{Seed: 2})
	if err != nil || res.Status != logic.Sat {
		t.Fatalf("%v %v", res, err)
	}
	b := res.Patterns[0].Board()
	if b.BoundingBox().Max.X > 5 || b.Population() < 7 {
		t.Errorf("cage or population broken:\n%s", b)
	}
	// Still lifes of exactly 4 cells in 4x4: the block (9 places) and the
	// tub (LifeWiki "Tub", 4 places); no other 4-cell still life fits.
	// Counted by brute force in lifesat's own test too.
	p = lifesat.StillLife(4, 4)
	p.MinPop, p.MaxPop = 4, 4
	res, err = lifesat.Search(ctx, p, &lifesat.Settings{Solutions: 100})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(res.Patterns); n != 13 || !res.Exhausted {
		t.Errorf("%d still lifes of 4 cells in 4x4, want 9 blocks + 4 tubs", n)
	}
	// Population 1..3: none exists.
	p.MinPop, p.MaxPop = 1, 3
	if res, _ := lifesat.Search(ctx, p, nil); res.Status != logic.Unsat {
		t.Errorf("still life of at most 3 cells: %v", res.Status)
	}
}

func imagePt(x, y int) image.Point { return image.Pt(x, y) }

func imageRect(x0, y0, x1, y1 int) image.Rectangle { return image.Rect(x0, y0, x1, y1) }

// TestShiftBeyondTheBox: a shift larger than the box leaves no pattern
// (it used to be sized as a formula over the huge frame and refused for
// its memory): Search proves none, Count gives 0, and the CNF is the
// empty clause.
func TestShiftBeyondTheBox(t *testing.T) {
	for _, shift := range [][2]int{{4096, 4096}, {5, 0}, {0, -5}} {
		p := lifesat.Spaceship(2, shift[0], shift[1], 4, 4)
		res, err := lifesat.Search(context.Background(), p, nil)
		if err != nil || res.Status != logic.Unsat {
			t.Errorf("%v: %+v, %v; want none", p, res, err)
		}
		if n, err := lifesat.Count(context.Background(), p, nil); err != nil || n.Sign() != 0 {
			t.Errorf("%v: count %v, %v", p, n, err)
		}
		in, err := lifesat.Encode(p, nil)
		if err != nil || !in.CNF.Trivial() {
			t.Errorf("%v: %v, trivially false %v", p, err, in != nil && in.CNF.Trivial())
		}
	}
	// A shift as large as the box takes the search itself: generation 0
	// moved by it may lie in the ring. Moving 4 cells in 2 generations is
	// faster than light (one cell a generation), so none exists.
	p := lifesat.Spaceship(2, 4, 0, 4, 4)
	if res, err := lifesat.Search(context.Background(), p, nil); err != nil || res.Status != logic.Unsat {
		t.Errorf("%v: %+v, %v", p, res, err)
	}
}
