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

// rows builds a board from rows of '.' and 'O'.
func rows(rs ...string) *life.Board {
	b := life.NewBoard(len(rs[0]), len(rs))
	for y, r := range rs {
		for x, c := range r {
			b.Set(x, y, c == 'O')
		}
	}
	return b
}

// The 4x6 example of the reverse-Life project (shared/seeds): its program
// printed a predecessor with 4 live cells.
var reverseLifeExample = rows(
	"......",
	"..OO..",
	"...OO.",
	"......",
)

func TestPredecessorModes(t *testing.T) {
	ctx := context.Background()
	for _, mode := range []lifesat.PredMode{lifesat.Isolated, lifesat.Window, lifesat.Wrapped} {
		for _, steps := range []int{1, 2} {
			q := lifesat.PredProblem{Target: reverseLifeExample, Steps: steps, Mode: mode}
			res, err := lifesat.Predecessor(ctx, q, nil)
			if err != nil {
				t.Fatalf("%v %d steps: %v", mode, steps, err)
			}
			if res.Status != logic.Sat {
				t.Fatalf("%v %d steps: %v", mode, steps, res.Status)
			}
			// Independent re-simulation.
			b := res.Board
			switch mode {
			case lifesat.Wrapped:
				if !life.Run(b, rule.Life, life.Torus, steps)[steps].Equal(reverseLifeExample) {
					t.Errorf("torus: wrong predecessor\n%s", b)
				}
			case lifesat.Isolated:
				if !life.Run(b.Pad(steps), rule.Life, life.Dead, steps)[steps].Equal(reverseLifeExample.Pad(steps)) {
					t.Errorf("dead: wrong predecessor\n%s", b)
				}
			case lifesat.Window:
				if b.Width() != 6+2*steps || b.Height() != 4+2*steps {
					t.Fatalf("window predecessor is %dx%d", b.Width(), b.Height())
				}
				end := life.Run(b.Pad(steps), rule.Life, life.Dead, steps)[steps]
				got := end.Crop(reverseLifeExampleBox().Add(image.Pt(2*steps, 2*steps)))
				if !got.Equal(reverseLifeExample) {
					t.Errorf("window: wrong predecessor\n%s", b)
				}
			}
		}
	}
}

func reverseLifeExampleBox() image.Rectangle { return image.Rect(0, 0, 6, 4) }

// TestMinimalPredecessor: the reverse-Life example has a predecessor of 4
// cells (the one its program printed); -minimize must find at most 4 and
// prove it optimal. Brute force over all 2^24 boards of the 4x6 box
// confirms no 3-cell predecessor exists in dead mode (checked below on
// all boards of at most 3 cells, C(24,3) + ... = 2325 of them).
func TestMinimalPredecessor(t *testing.T) {
	q := lifesat.PredProblem{Target: reverseLifeExample, Mode: lifesat.Isolated, Minimize: true}
	res, err := lifesat.Predecessor(context.Background(), q, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != logic.Sat || !res.Optimal {
		t.Fatalf("%v optimal=%v", res.Status, res.Optimal)
	}
	pop := res.Board.Population()
	if pop > 4 {
		t.Errorf("minimal predecessor has %d cells, the seed's program found 4", pop)
	}
	// Brute force: no board of fewer cells works.
	cells := 24
	var try func(start, left int, b *life.Board) bool
	try = func(start, left int, b *life.Board) bool {
		if life.Step(b.Pad(1), rule.Life, life.Dead).Equal(reverseLifeExample.Pad(1)) {
			return true
		}
		if left == 0 {
			return false
		}
		for i := start; i < cells; i++ {
			b.Set(i%6, i/6, true)
			if try(i+1, left-1, b) {
				return true
			}
			b.Set(i%6, i/6, false)
		}
		return false
	}
	if try(0, pop-1, life.NewBoard(6, 4)) {
		t.Errorf("brute force found a predecessor with fewer than %d cells", pop)
	}
}

// Garden of Eden 6 (M. Heule, C. Hartman, K. Kwekkeboom, A. Noels, 2011;
// LifeWiki "Garden of Eden 6"): a 10x10 orphan, so no board whatever its
// surroundings evolves into it. Its window predecessor search is UNSAT.
// (Were the transcription wrong, Predecessor would return a predecessor,
// verified by simulation, and this test would fail - it cannot pass by
// accident.)
var gardenOfEden6 = rows(
	".O.OOO.O..",
	"..O.O.O..O",
	"O.OOO..OO.",
	".O.OOOOO.O",
	"O..O..OOOO",
	"OOOO..O..O",
	"O.OOOOO.O.",
	".OO..OOO.O",
	"O..O.O.O..",
	"..O.OOO.O.",
)

func TestGardenOfEden(t *testing.T) {
	q := lifesat.PredProblem{Target: gardenOfEden6, Mode: lifesat.Window}
	res, err := lifesat.Predecessor(context.Background(), q, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != logic.Unsat {
		t.Fatalf("Garden of Eden 6: %v, want UNSAT (no predecessor)\n%v", res.Status, res.Board)
	}
	// Changing one cell may give it parents; at least the search must
	// still answer with a verified board or a proof.
	g := gardenOfEden6.Clone()
	g.Set(0, 0, !g.Alive(0, 0))
	if _, err := lifesat.Predecessor(context.Background(), lifesat.PredProblem{Target: g, Mode: lifesat.Window}, nil); err != nil {
		t.Fatal(err)
	}
}

// TestPredecessorCage: Knuth's "potentially alive" cells. The blinker's
// vertical phase has predecessors (its horizontal phase, among others);
// caged to the middle row only, the horizontal phase is the only one of
// 3 cells, and a cage of the left half alone leaves none, proved by
// brute force over the 5x5 boards of that half.
func TestPredecessorCage(t *testing.T) {
	target := rows(".....", "..O..", "..O..", "..O..", ".....")
	row := rows(".....", ".....", "OOOOO", ".....", ".....")
	q := lifesat.PredProblem{Target: target, Cage: row, Minimize: true}
	res, err := lifesat.Predecessor(context.Background(), q, nil)
	if err != nil || res.Status != logic.Sat || !res.Optimal {
		t.Fatalf("%v %v", res, err)
	}
	if want := rows(".....", ".....", ".OOO.", ".....", "....."); !res.Board.Equal(want) {
		t.Errorf("caged predecessor:\n%s", res.Board)
	}
	left := rows("OO...", "OO...", "OO...", "OO...", "OO...")
	q = lifesat.PredProblem{Target: target, Cage: left}
	res, err = lifesat.Predecessor(context.Background(), q, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for bits := range 1 << 10 {
		b := life.NewBoard(5, 5)
		for j := range 10 {
			b.Set(j%2, j/2, bits>>j&1 == 1)
		}
		if life.Step(b.Pad(1), rule.Life, life.Dead).Equal(target.Pad(1)) {
			found = true
		}
	}
	if (res.Status == logic.Sat) != found {
		t.Errorf("left-half cage: %v, brute force found=%v", res.Status, found)
	}
	if _, err := lifesat.Predecessor(context.Background(), lifesat.PredProblem{Target: target, Cage: life.NewBoard(3, 3)}, nil); err == nil {
		t.Error("a cage of the wrong size is accepted")
	}
}
