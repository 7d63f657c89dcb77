package grow

import (
	"context"
	"fmt"
	"image"
	"os"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// bruteShip reports whether some ship of speed K/P moving up lies in
// the strip: its rows' span (in the order of package grow, a ship
// invariant) at most span, its columns over P generations at most W,
// symmetric as sym asks. It tries every board of W x h cells as a
// generation of the ship and simulates it with life.Plane: no solver,
// no tables.
func bruteShip(t *testing.T, r rule.Rule, P, K, W, h, span int, sym Sym) (bool, *life.Board) {
	g, err := newGeometry(P, K, W, sym)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for bits := 1; bits < 1<<(W*h); bits++ {
		b := life.NewBoard(W, h)
		for i := range W * h {
			b.Set(i%W, i/W, bits>>i&1 != 0)
		}
		if b.BoundingBox().Min != image.Pt(0, 0) {
			continue // a translate of another board
		}
		cur, at := b, image.Point{}
		var boxes []image.Rectangle
		var gens []*life.Board
		ok := true
		for range P {
			box := cur.BoundingBox().Add(at)
			if box.Empty() {
				ok = false
				break
			}
			boxes = append(boxes, box)
			gens = append(gens, cur.Crop(cur.BoundingBox()))
			next, off, err := life.Plane(ctx, cur, r, 1)
			if err != nil {
				t.Fatal(err)
			}
			cur, at = next, at.Add(off)
		}
		if !ok {
			continue
		}
		end := cur.BoundingBox().Add(at)
		if end != boxes[0].Add(image.Pt(0, -K)) || !cur.Crop(cur.BoundingBox()).Equal(gens[0]) {
			continue
		}
		u := boxes[0]
		for _, bx := range boxes {
			u = u.Union(bx)
		}
		if u.Dx() > W {
			continue
		}
		if sym != Asym {
			if (u.Dx()-W)%2 != 0 {
				continue // no column of the strip's axis
			}
			mirrored := true
			for i, bx := range boxes {
				// generation i about the axis of u
				for y := bx.Min.Y; y < bx.Max.Y && mirrored; y++ {
					for x := u.Min.X; x < u.Max.X; x++ {
						alive := func(x int) bool {
							p := image.Pt(x, y).Sub(bx.Min)
							return gens[i].Alive(p.X, p.Y)
						}
						if alive(x) != alive(u.Min.X+u.Max.X-1-x) {
							mirrored = false
							break
						}
					}
				}
				if sym == Gutter { // the centre column, dead
					cx := (u.Min.X + u.Max.X - 1) / 2
					for y := bx.Min.Y; y < bx.Max.Y; y++ {
						if gens[i].Alive(cx-bx.Min.X, y-bx.Min.Y) {
							mirrored = false
						}
					}
				}
			}
			if !mirrored {
				continue
			}
		}
		// the span of the rows' indices, over the P generations
		lo, hi := 1<<30, -1<<30
		for i, bx := range boxes {
			for y := bx.Min.Y; y < bx.Max.Y; y++ {
				live := false
				for x := bx.Min.X; x < bx.Max.X; x++ {
					live = live || gens[i].Alive(x-bx.Min.X, y-bx.Min.Y)
				}
				if live {
					ix := g.index(y, i)
					lo, hi = min(lo, ix), max(hi, ix)
				}
			}
		}
		if hi-lo+1 <= span {
			return true, b
		}
	}
	return false, nil
}

// TestBrute compares the search (breadth first and depth first, with
// the solver's lookahead and without) with brute force on narrow strips under
// several rules (all ten, and boards of up to 16 cells, under
// LIFESAT_STRESS): whether a ship of the speed exists whose rows span at
// most the bound a MaxLength gives (the search's own bound, stated on
// the ships by simulation in bruteShip).
func TestBrute(t *testing.T) {
	rules := []string{"B3/S23", "B2e3/S23", "B2-a/S12", "B36/S23", "B2/S2", "B34/S34", "B2/S", "B3/S012345678", "B2ae/S1", "B2n3/S23-q"}
	bits := 16 // cells of the boards tried
	if os.Getenv("LIFESAT_STRESS") == "" {
		rules, bits = rules[:3], 12
	}
	type speed struct{ P, K int }
	speeds := []speed{{2, 1}, {3, 1}, {4, 1}, {4, 2}, {3, 2}}
	found := 0
	for _, rs := range rules {
		r := rule.MustParse(rs)
		for _, sp := range speeds {
			for _, c := range []struct {
				W, L int
				sym  Sym
			}{{2, 3, Asym}, {3, 3, Asym}, {3, 3, Odd}, {4, 2, Asym}, {4, 3, Even}, {3, 3, Gutter}} {
				if c.sym != Asym && !r.Invariant(-1, 0, 0, 1) {
					continue
				}
				name := fmt.Sprintf("%s/%dc%d/w%d%s/L%d", rs, sp.K, sp.P, c.W, c.sym, c.L)
				p := Problem{Period: sp.P, Shift: sp.K, Width: c.W, Sym: c.sym, Rule: r, MaxLength: c.L}
				g, _ := newGeometry(sp.P, sp.K, c.W, Asym)
				span := g.span(c.L)
				exact := g.d == 1      // for d > 1 the search's bound is looser: ships may be found that brute force (span at most span) leaves out
				h := (span-1)/sp.P + 1 // gen 0 of a ship within the span
				whole := c.W*h <= bits
				if !whole {
					h = bits / c.W
				}
				want, ship := bruteShip(t, r, sp.P, sp.K, c.W, h, span, c.sym)
				for i, set := range []Settings{{Lookahead: -1}, {Lookahead: 2 * sp.P}, {Lookahead: -1, DepthFirst: true}, {Lookahead: 2 * sp.P, DepthFirst: true}, {Lookahead: -1}} {
					look := set.Lookahead
					if i == 4 { // the tables again, every partial probed
						probeLevel = 0
					}
					res, err := Search(context.Background(), p, &set)
					probeLevel = 4096
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					got := res.Status == logic.Sat
					if res.Status == logic.Unknown {
						t.Fatalf("%s: no answer: %v", name, res.Err)
					}
					if got && !want && whole && exact {
						t.Errorf("%s (lookahead %d, depth first %v): found %s, brute force none", name, look, set.DepthFirst, res.Ships[0].Code)
					}
					if want && !got {
						t.Errorf("%s (lookahead %d, depth first %v): none found, brute force found\n%v", name, look, set.DepthFirst, ship)
					}
					if got {
						found++
						t.Logf("%s: %s", name, res.Ships[0].Code)
					}
				}
			}
		}
	}
	t.Logf("%d searches found a ship", found)
	if found == 0 {
		t.Error("no search found a ship: the comparison shows nothing")
	}
}
