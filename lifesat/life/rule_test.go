package life

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/rule"
)

func TestStepRefusesTheZeroRule(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Step with the zero rule.Rule did not panic")
		}
	}()
	Step(NewBoard(3, 3), rule.Rule{}, Dead)
}

// TestMAPOrientation: the MAP rule "a cell takes the state of its west
// neighbour" (bit 32 of the neighbourhood) moves every pattern one cell
// east (+x) per generation; "north" (bit 128) moves it one cell down.
func TestMAPOrientation(t *testing.T) {
	glider := boardOf(".O.\n..O\nOOO\n")
	for _, tt := range []struct {
		bit    rule.Neighbourhood
		dx, dy int
	}{{32, 1, 0}, {8, -1, 0}, {128, 0, 1}, {2, 0, -1}, {256, 1, 1}, {1, -1, -1}} {
		r := rule.New(func(n rule.Neighbourhood) bool { return n&tt.bit != 0 })
		if r.Isotropic() || !strings.HasPrefix(r.String(), "MAP") {
			t.Fatalf("copy-neighbour rule %v", r)
		}
		b := Step(glider.Pad(2), r, Dead)
		want := NewBoard(7, 7)
		for y := range 3 {
			for x := range 3 {
				if glider.Alive(x, y) {
					want.Set(x+2+tt.dx, y+2+tt.dy, true)
				}
			}
		}
		if !b.Equal(want) {
			t.Errorf("copy bit %d: got\n%swant\n%s", tt.bit, b, want)
		}
	}
}

// TestTransposedRule: a board evolves under r as its transpose does under
// r.Transposed(), for a random MAP rule (the row programs rely on it).
func TestTransposedRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	r := rule.New(func(rule.Neighbourhood) bool { return rng.IntN(2) == 1 })
	rt := r.Transposed()
	if rt.Equivalent(r) || !rt.Transposed().Equivalent(r) {
		t.Fatalf("transposed twice is not the rule")
	}
	for range 20 {
		b := NewBoard(5, 4)
		for i := range 20 {
			b.Set(i%5, i/5, rng.IntN(2) == 1)
		}
		tb := NewBoard(4, 5)
		for y := range 4 {
			for x := range 5 {
				tb.Set(y, x, b.Alive(x, y))
			}
		}
		got, want := Step(tb, rt, Dead), Step(b, r, Dead)
		for y := range 4 {
			for x := range 5 {
				if got.Alive(y, x) != want.Alive(x, y) {
					t.Fatalf("cell (%d,%d)", x, y)
				}
			}
		}
	}
}

// boardOf reads a board drawn with 'O' alive and '.' dead.
func boardOf(s string) *Board {
	rows := strings.Split(strings.TrimSpace(s), "\n")
	b := NewBoard(len(rows[0]), len(rows))
	for y, row := range rows {
		for x, c := range row {
			b.Set(x, y, c == 'O')
		}
	}
	return b
}

// TestBoardNeighbourhood: every bit of Board.rule.Neighbourhood is the cell at
// its offset (NW 256 ... SE 1), read with Alive, on random boards, inside
// and at the edges, dead and on a torus.
func TestBoardNeighbourhood(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for range 20 {
		w, h := 1+rng.IntN(6), 1+rng.IntN(6)
		b := NewBoard(w, h)
		for y := range h {
			for x := range w {
				b.Set(x, y, rng.IntN(2) == 1)
			}
		}
		for _, e := range []Edge{Dead, Torus} {
			for y := range h {
				for x := range w {
					n := b.Neighbourhood(x, y, e)
					for dy := -1; dy <= 1; dy++ {
						for dx := -1; dx <= 1; dx++ {
							nx, ny := x+dx, y+dy
							if e == Torus {
								nx, ny = (nx+w)%w, (ny+h)%h
							}
							bit := rule.Neighbourhood(1) << (8 - (3*(dy+1) + dx + 1))
							if (n&bit != 0) != b.Alive(nx, ny) {
								t.Fatalf("%v edge, %dx%d board, cell (%d,%d), offset (%d,%d)", e, w, h, x, y, dx, dy)
							}
						}
					}
					if n.Count() != b.Neighbours(x, y, e) {
						t.Fatalf("count %d, Neighbours %d", n.Count(), b.Neighbours(x, y, e))
					}
				}
			}
		}
	}
}
