package lifesat

import (
	"context"
	"fmt"
	"image"
	"strings"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// An Encoding is a way of writing the Life rule as clauses.
type Encoding string

// The encodings. Each lives in a file of its own (encode_*.go).
const (
	// Direct writes each cell's transition as the minimal CNF of the
	// function of its 3x3 neighbourhood and its next state: what
	// BooleanConvert[..., "CNF"] does in the Mathematica blog. No
	// auxiliary variables; 190 clauses per cell for Life, 134 for a
	// still life. The default: with gophersat it solves still lifes
	// several times faster than Knuth (64x64 and 128x128, see the
	// benchmarks).
	Direct Encoding = "direct"
	// Knuth counts the neighbours with Bailleux-Boufkhad totalizers whose
	// partial sums are shared between neighbouring cells, as in Knuth's
	// SAT-LIFE programs (TAOCP 7.2.2.2), then states the rule on the
	// counts. Fewer and shorter clauses, and about 13 auxiliary
	// variables per cell. Outer-totalistic rules only: a Hensel or MAP
	// rule that is not one is refused (the count does not decide it). A
	// hexagonal or von Neumann rule ("B2/S34H", "B2/S013V") is counted
	// over its own six or four neighbours.
	Knuth Encoding = "knuth"
)

// DefaultEncoding is the encoding Search, Count and Predecessor use when
// Settings name none. Maximize uses MaxEncoding.
const DefaultEncoding = Direct

// MaxEncoding is the encoding Maximize uses when Settings name none: with
// the totalizer's bounds, Knuth's counters prove optima faster
// (docs/speed.md).
// Rules that are not outer-totalistic, which Knuth cannot state, get
// Direct.
const MaxEncoding = Knuth

// Encodings lists the available encodings.
func Encodings() []Encoding { return []Encoding{Direct, Knuth} }

// ParseEncoding checks an encoding name.
func ParseEncoding(s string) (Encoding, error) {
	for _, e := range Encodings() {
		if strings.EqualFold(s, string(e)) {
			return e, nil
		}
	}
	return "", fmt.Errorf("%w: unknown encoding %q (want direct or knuth)", ErrProblem, s)
}

// A grid gives the literal of a cell of one generation; cells outside the
// grid's domain must read as logic.False.
type grid func(x, y int) logic.Lit

// An encoder adds clauses stating that next(x, y) is the successor of cur
// at (x, y) under the rule, for every cell of area. When phased is true
// it writes each auxiliary variable it creates in its starting phase. It
// looks at ctx every row and returns ctx.Err() when ctx has ended.
type encoder interface {
	step(ctx context.Context, c *logic.CNF, phased bool, cur, next grid, area region) error
	// size is the number of clauses, and of literals in all, that step
	// adds with these arguments, or an estimate of them, to size the
	// formula up front.
	size(cur, next grid, area region) (clauses, lits int)
}

// A region is the cells an encoder states the rule for: the cells of a
// rectangle, all of them or, when skip is set, those it does not skip
// (cells whose transition is already stated by another cell's, under a
// symmetry: see Symmetry.representatives).
type region struct {
	image.Rectangle
	skip []bool // row by row over the rectangle; nil skips nothing
}

// all is the region of every cell of r.
func all(r image.Rectangle) region { return region{Rectangle: r} }

// has reports whether (x, y), a cell of the rectangle, is in the region.
func (r region) has(x, y int) bool {
	return r.skip == nil || !r.skip[(y-r.Min.Y)*r.Dx()+x-r.Min.X]
}

// each calls f for every cell of the region, row by row. It returns
// ctx.Err() when it sees, at the start of a row, that ctx has ended.
func (r region) each(ctx context.Context, f func(x, y int)) error {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		for x := r.Min.X; x < r.Max.X; x++ {
			if r.has(x, y) {
				f(x, y)
			}
		}
	}
	return nil
}

// cells is the number of cells in the region.
func (r region) cells() int {
	n := r.Dx() * r.Dy()
	for _, s := range r.skip {
		if s {
			n--
		}
	}
	return n
}

// Phased encoding makes an encoder write every auxiliary variable it creates in the
// polarity of its value on the starting board, the board on which every
// literal it is given is true exactly when it is negative (or True). The
// solver tries "false" first, so it then starts from that board together
// with its true neighbour counts, rather than from no cells alive and
// counts of zero (Settings.Diversify FlipAll; encode writes the cells
// flipped by the random board). This is what CNF.Flip would do after the
// fact, without a second pass over millions of literals. Otherwise
// auxiliary variables are written positive.
//
// define returns the literal of a new variable whose value on the
// starting board is start, written in that phase when phased.
func define(c *logic.CNF, phased, start bool) logic.Lit {
	v := c.NewVar()
	if !phased {
		return v.Pos()
	}
	return v.Lit(start)
}

// startsTrue reports whether l is true on the starting board: when all
// variables are false.
func startsTrue(l logic.Lit) bool { return l == logic.True || l < 0 && l != logic.False }

// mod is a modulo n in 0..n-1, for negative a too.
func mod(a, n int) int {
	a %= n
	if a < 0 {
		a += n
	}
	return a
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
