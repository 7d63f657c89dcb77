package grow

import (
	"errors"
	"fmt"
	"strings"

	"github.com/lifesat/lifesat/lifesat/life"
)

// Sym is the symmetry of a search across the ship's axis of motion.
type Sym string

// The symmetries, by the names gfind, qfind and zfind give them. Width
// always counts every column, as lifesat's boxes do (those programs count
// only the half of a symmetric ship).
const (
	// Asym: no symmetry.
	Asym Sym = "asym"
	// Odd: column x is column W-1-x, W odd; the centre column is its own
	// mirror.
	Odd Sym = "odd"
	// Even: column x is column W-1-x, W even; the axis runs between the
	// two middle columns.
	Even Sym = "even"
	// Gutter: as Odd, and the centre column is dead in every generation.
	Gutter Sym = "gutter"
)

// ParseSym reads a symmetry name: asym, odd, even or gutter ("" is asym).
func ParseSym(s string) (Sym, error) {
	switch Sym(strings.ToLower(s)) {
	case "", Asym:
		return Asym, nil
	case Odd:
		return Odd, nil
	case Even:
		return Even, nil
	case Gutter:
		return Gutter, nil
	}
	return "", fmt.Errorf("%w: symmetry %q (want asym, odd, even or gutter)", ErrProblem, s)
}

// ErrProblem is wrapped by the errors of a Problem that cannot be
// searched (bad input).
var ErrProblem = errors.New("grow: bad problem")

// geometry is the order of a ship's rows and the rule's constraint among
// them, for speed K/P and width W.
//
// A ship moving up K cells every P generations has the same cells at
// (x, y, t+P) as at (x, y+K, t), so with d = gcd(K, P), P' = P/d and
// K' = K/d every cell row (y, t) is labelled by u = P'y + K't and
// c = floor(t/P') mod d, and the label is the same for every copy of the
// row in space-time. The rows are ordered by index i = d*u + c. The
// rule's step from row y-1, y, y+1 of generation t to row y of
// generation t+1 then ties the rows of indices v-2P, v-P, v and next(v),
// and next(v) < v: row v is the newest of its constraint. A ship is grown
// from its front by choosing rows 0, 1, 2, ... in that order, each under
// the constraint that it closes, as gfind does (for d = 1, index i of row
// y of generation t is simply P*y + K*t).
type geometry struct {
	P, K, d, p1, k1, invK1 int
	W                      int
	sym                    Sym
	// col maps a column of the strip to its variable column (the free
	// cells of a row), -1 when it is dead (the gutter).
	col []int
	// free is the number of variable columns of a row.
	free int
	// exp[h][b] is the whole row of free bits b placed at 8h.. (a
	// symmetric search's free bits are at most 16): expand by table.
	exp *[2][256]uint32
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// MaxWidth is the widest strip: rows are held in 32-bit words.
const MaxWidth = 32

func newGeometry(period, shift, width int, sym Sym) (*geometry, error) {
	switch {
	case period < 1:
		return nil, fmt.Errorf("%w: period %d (want 1 or more)", ErrProblem, period)
	case shift < 1 || shift >= period:
		return nil, fmt.Errorf("%w: shift %d cells in %d generations (want 1 to %d)", ErrProblem, shift, period, period-1)
	case width < 1 || width > MaxWidth:
		return nil, fmt.Errorf("%w: width %d (want 1 to %d)", ErrProblem, width, MaxWidth)
	}
	g := &geometry{P: period, K: shift, W: width, sym: sym}
	g.d = gcd(shift, period)
	g.p1, g.k1 = period/g.d, shift/g.d
	for i := range g.p1 {
		if (g.k1*i)%g.p1 == 1%g.p1 {
			g.invK1 = i
			break
		}
	}
	g.col = make([]int, width)
	switch sym {
	case Asym:
		for x := range g.col {
			g.col[x] = x
		}
		g.free = width
	case Odd, Gutter:
		if width%2 == 0 {
			return nil, fmt.Errorf("%w: %s symmetry needs an odd width, not %d", ErrProblem, sym, width)
		}
		for x := range g.col {
			g.col[x] = min(x, width-1-x)
		}
		g.free = (width + 1) / 2
		if sym == Gutter {
			g.col[width/2] = -1
			g.free--
		}
	case Even:
		if width%2 != 0 {
			return nil, fmt.Errorf("%w: even symmetry needs an even width, not %d", ErrProblem, width)
		}
		for x := range g.col {
			g.col[x] = min(x, width-1-x)
		}
		g.free = width / 2
	default:
		return nil, fmt.Errorf("%w: symmetry %q", ErrProblem, sym)
	}
	if sym != Asym {
		g.expandTable() // free <= 16: (32+1)/2 columns at most
	}
	return g, nil
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func mod(a, b int) int { return a - b*floorDiv(a, b) }

// next is the index of the row that the constraint of new row v gives:
// row y of generation t+1, where v is row y+1 of generation t.
func (g *geometry) next(v int) int {
	mid := v - g.P
	u, c := floorDiv(mid, g.d), mod(mid, g.d)
	c2 := c
	if mod(u*g.invK1, g.p1) == g.p1-1 {
		c2 = (c + 1) % g.d
	}
	return g.d*(u+g.k1) + c2
}

// index is the index of row y of generation t (0 <= t < P).
func (g *geometry) index(y, t int) int {
	u := g.p1*y + g.k1*t
	c := (t / g.p1) % g.d
	return g.d*u + c
}

// span bounds the rows of a ship whose P generations fit length rows:
// every live row has an index below span. Row y of generation t of such a
// ship, 0 <= y < length, has index at most P(length-1) + K(P-1) + d-1
// above its first row's; with gcd(K, P) = d = 1 the first live row is row
// 0, and for d > 1 it is one of rows 0..P-1 (see Search), so the bound is
// looser by P-1.
func (g *geometry) span(length int) int {
	s := g.P*(length-1) + g.K*(g.P-1) + g.d
	if g.d > 1 {
		s += g.P - 1
	}
	return s
}

// classes is the number of different constraint patterns: windows whose
// first rows have the same index mod classes have the same formula.
func (g *geometry) classes() int {
	if g.d == 1 {
		return 1
	}
	return g.P
}

// expand is a row of free cells as the strip's W cells, bit x column x.
func (g *geometry) expand(r uint32) uint32 {
	if g.sym == Asym {
		return r // every column free, in place
	}
	return g.exp[0][r&0xff] | g.exp[1][r>>8&0xff]
}

// expandTable fills g.exp for a symmetric search.
func (g *geometry) expandTable() {
	g.exp = new([2][256]uint32)
	for h := range 2 {
		for b := range 256 {
			r := uint32(b) << (8 * h)
			var full uint32
			for x, c := range g.col {
				if c >= 0 && r>>c&1 != 0 {
					full |= 1 << x
				}
			}
			g.exp[h][b] = full
		}
	}
}

// phase draws generation t of the rows (rows[i] the row of index i; rows
// beyond the slice are dead) as a board of the strip's width, row y of
// the board row y0+y of the generation, where y0 is the topmost row with
// an index 0 or more.
func (g *geometry) phase(rows []uint32, t int) *life.Board {
	y0 := 0
	for g.index(y0-1, t) >= 0 {
		y0--
	}
	h := 0
	for g.index(y0+h, t) < len(rows) {
		h++
	}
	b := life.NewBoard(g.W, h)
	for y := range h {
		full := g.expand(rows[g.index(y0+y, t)])
		for x := range g.W {
			if full>>x&1 != 0 {
				b.Set(x, y, true)
			}
		}
	}
	return b
}
