package lifesat_test

import (
	"context"
	"image"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/internal/lifetest"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// emptyRule is B/S: every cell dies. It used to be the zero Rule, which
// Settings, the row program of maximum density and pattern.Write read as Life.
func emptyRule(t *testing.T) rule.Rule {
	t.Helper()
	return lifetest.Rule(t, "B/S")
}

// Under B/S nothing survives, so no still life but the empty one exists
// (it used to find a Life still life, the beehive in 5x5).
func TestEmptyRuleIsNotLifeInSearch(t *testing.T) {
	res, err := lifesat.Search(context.Background(), lifesat.StillLife(5, 5), &lifesat.Settings{Rule: emptyRule(t)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != logic.Unsat {
		t.Fatalf("B/S still life in 5x5: %v %v, want UNSAT", res.Status, res.Patterns)
	}
	res, err = lifesat.Search(context.Background(), lifesat.Oscillator(2, 5, 5), &lifesat.Settings{Rule: emptyRule(t)})
	if err != nil || res.Status != logic.Unsat {
		t.Fatalf("B/S oscillator in 5x5: %v, %v, want UNSAT", res, err)
	}
}

// Brute force: of the 512 boards of a 3x3 box only the empty one is still
// under B/S (Count used to say 12, Life's count).
func TestEmptyRuleIsNotLifeInCount(t *testing.T) {
	r := emptyRule(t)
	brute := 0
	for bits := range 1 << 9 {
		b := life.NewBoard(3, 3)
		for i := range 9 {
			b.Set(i%3, i/3, bits>>i&1 == 1)
		}
		if life.Step(b.Pad(1), r, life.Dead).Equal(b.Pad(1)) {
			brute++
		}
	}
	n, err := lifesat.Count(context.Background(), lifesat.StillLife(3, 3), &lifesat.Settings{Rule: r, AllowEmpty: true})
	if err != nil {
		t.Fatal(err)
	}
	if brute != 1 || n.Cmp(big.NewInt(int64(brute))) != 0 {
		t.Errorf("B/S still lifes in 3x3: Count %v, brute force %d (want 1)", n, brute)
	}
}

// The densest B/S still life is the empty board (the row program,
// density.MaxStillLifeRule, used to read B/S as Life: 8 cells in 4x4).
func TestEmptyRuleIsNotLifeInMax(t *testing.T) {
	res, err := lifesat.Maximize(context.Background(), lifesat.StillLife(4, 4), &lifesat.Settings{Rule: emptyRule(t)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Population != 0 || !res.Optimal {
		t.Errorf("B/S max still life 4x4: %d cells, optimal %v; want 0", res.Population, res.Optimal)
	}
	if _, err := density.MaxStillLifeRule(context.Background(), 4, 4, rule.Rule{}); err == nil {
		t.Error("MaxStillLifeRule took the zero Rule")
	}
}

// Under B/S every board's successor is empty, so a glider has no
// predecessor (one used to be found under Life).
func TestEmptyRuleIsNotLifeInPred(t *testing.T) {
	g, err := rle.Read(strings.NewReader("x = 3, y = 3\nbo$2bo$3o!"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := lifesat.Predecessor(context.Background(), lifesat.PredProblem{Target: g.Board}, &lifesat.Settings{Rule: emptyRule(t)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != logic.Unsat {
		t.Errorf("B/S predecessor of a glider: %v\n%v", res.Status, res.Board)
	}
}

// TestHenselPublishedSimulation runs the worked example of the Code Golf
// challenge "Simulate the isotropic non-totalistic cellular automaton"
// (codegolf.stackexchange.com/questions/203616): this pattern, 62
// generations under B2c3aei4ajnr5acn/S2-ci3-ck4in5jkq6c7c, gives the
// published answer.
func TestHenselPublishedSimulation(t *testing.T) {
	const header = "x = 15, y = 13, rule = B2c3aei4ajnr5acn/S2-ci3-ck4in5jkq6c7c\n"
	in, err := rle.Read(strings.NewReader(header + "3b2o$2ob2o$2o4$13b2o$13b2o$3bo$2b3o$2bob2o$2bobo$2b2o!"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := rle.Read(strings.NewReader(header + "3b2o$2ob2o$2o4$13b2o$13b2o$3b2o$b5o$bo3bo$bo2bo$2b3o!"))
	if err != nil {
		t.Fatal(err)
	}
	const gens = 62
	b := in.Board.Pad(gens)
	for range gens {
		b = life.Step(b, in.Rule, life.Dead)
	}
	got := b.Crop(image.Rect(gens, gens, gens+15, gens+13))
	if got.Population() != b.Population() || !got.Equal(out.Board) {
		t.Errorf("after %d generations:\n%swant\n%s", gens, got, out.Board)
	}
}

// forumShip is a c/2 orthogonal spaceship of B2e3ij4n5n6k/S01235i6a7c,
// posted by AbhpzTa in the ConwayLife.com forum's "Thread for basic
// non-CGOL questions" (2 January 2018).
const forumShip = "x = 6, y = 4, rule = B2e3ij4n5n6k/S01235i6a7c\nb4o$ob2obo$2b2o$2b2o!"

// TestHenselSpaceship re-simulates the forum's spaceship: after two
// generations it is itself, one cell up. The same pattern under the rule
// with one of its transitions written differently (4n for 4r) is no
// spaceship, so the letters matter.
func TestHenselSpaceship(t *testing.T) {
	p, err := rle.Read(strings.NewReader(forumShip))
	if err != nil {
		t.Fatal(err)
	}
	moved := func(r rule.Rule) bool {
		b := life.Run(p.Board.Pad(3), r, life.Dead, 2)[2]
		want := p.Board.Pad(3)
		return b.Equal(shift(want, 0, -1))
	}
	if !moved(p.Rule) {
		t.Errorf("%v: not a c/2 spaceship", p.Rule)
	}
	if moved(lifetest.Rule(t, "B2e3ij4r5n6k/S01235i6a7c")) {
		t.Errorf("the ship also flies with 4r for 4n: the letters are not read")
	}
}

// shift moves the live cells of b by (dx, dy) in a board of its size.
func shift(b *life.Board, dx, dy int) *life.Board {
	s := life.NewBoard(b.Width(), b.Height())
	for y := range b.Height() {
		for x := range b.Width() {
			if b.Alive(x, y) {
				s.Set(x+dx, y+dy, true)
			}
		}
	}
	return s
}

// TestSearchUnderHenselRule: the direct encoding finds a c/2 ship of the
// forum's rule in a 6x6 box, checked by Step; the Knuth encoding,
// which counts neighbours, refuses the rule.
func TestSearchUnderHenselRule(t *testing.T) {
	r := lifetest.Rule(t, "B2e3ij4n5n6k/S01235i6a7c")
	res, err := lifesat.Search(context.Background(), lifesat.Spaceship(2, 0, -1, 6, 6), &lifesat.Settings{Rule: r})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != logic.Sat {
		t.Fatalf("no c/2 ship of %v in 6x6: %v", r, res.Status)
	}
	b := res.Patterns[0].Board()
	if got := life.Run(b.Pad(3), r, life.Dead, 2)[2]; !got.Equal(shift(b.Pad(3), 0, -1)) {
		t.Errorf("found\n%sis no c/2 ship", b)
	}
	_, err = lifesat.Search(context.Background(), lifesat.Spaceship(2, 0, -1, 6, 4), &lifesat.Settings{Rule: r, Encoding: lifesat.Knuth})
	if err == nil || !strings.Contains(err.Error(), "outer-totalistic") {
		t.Errorf("Knuth under %v: %v", r, err)
	}
}

// TestRowProgramsUnderMAPRule: density.CountStillLifes and
// density.MaxStillLifeRule turn the box to put its short side across the
// rows; under a rule that is not symmetric they must turn the rule too. Checked by brute force on 3x4 and
// 4x3 boxes under random MAP rules.
func TestRowProgramsUnderMAPRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for range 4 {
		r := rule.New(func(n rule.Neighbourhood) bool {
			if !n.Alive() {
				return n.Count() > 3 && rng.IntN(4) == 0
			}
			return rng.IntN(3) > 0
		})
		if r.Isotropic() {
			continue
		}
		for _, box := range []image.Point{{3, 4}, {4, 3}, {2, 5}, {5, 2}} {
			w, h := box.X, box.Y
			count, best := 0, 0
			for bits := range 1 << (w * h) {
				b := life.NewBoard(w, h)
				for i := range w * h {
					b.Set(i%w, i/w, bits>>i&1 == 1)
				}
				if life.Step(b.Pad(1), r, life.Dead).Equal(b.Pad(1)) {
					count++
					best = max(best, b.Population())
				}
			}
			n, err := density.CountStillLifes(context.Background(), w, h, r)
			if err != nil {
				t.Fatal(err)
			}
			if n.Cmp(big.NewInt(int64(count))) != 0 {
				t.Errorf("%v %dx%d: CountStillLifes %v, brute force %d", r, w, h, n, count)
			}
			m, err := density.MaxStillLifeRule(context.Background(), w, h, r)
			if err != nil {
				t.Fatalf("%v %dx%d: %v", r, w, h, err)
			}
			if m.Population != best {
				t.Errorf("%v %dx%d: MaxStillLifeRule %d, brute force %d", r, w, h, m.Population, best)
			}
		}
	}
}
