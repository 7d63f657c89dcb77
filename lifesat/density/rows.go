package density

// Still lifes row by row, under any rule: the machinery shared by
// CountStillLifes (a transfer matrix that counts) and MaxStillLifeRule (the
// same walk in the (max, +) semiring, which maximizes). The wastage
// program of MaxStillLife (program.go) walks the rows the same way, under
// Life only, with bounds.
//
// A board is a still life in an empty plane when every cell of the box and
// of the one-cell ring around it keeps its state. Whether row y keeps its
// cells depends only on rows y-1, y and y+1, so the boards can be built
// row by row with the last two rows as the state. The state space is
// 4^width, so the box is turned to put its shorter side across the rows,
// and the rule with it (rule.Rule.Transposed: the same for isotropic rules, a
// mirror image of the table for MAP rules).

import (
	"fmt"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// maxRowWidth is the largest row width of the row-by-row programs: their
// state space is 4^width pairs of rows, 16.7 million at 12.
const maxRowWidth = 12

// checkRowBox reports why the row-by-row programs cannot take a w x h box
// under rule r (the error wraps lifesat.ErrProblem), or nil.
func checkRowBox(what string, w, h int, r rule.Rule) error {
	switch {
	case w <= 0 || h <= 0:
		return fmt.Errorf("%w: %s in a %dx%d box: sides must be positive", lifesat.ErrProblem, what, w, h)
	case min(w, h) > maxRowWidth:
		return fmt.Errorf("%w: %s in a %dx%d box: the row-by-row program keeps 4^%d pairs of rows; the shorter side is limited to %d",
			lifesat.ErrProblem, what, w, h, min(w, h), maxRowWidth)
	case r.IsZero():
		return fmt.Errorf("%w: %s: no rule (the zero rule.Rule); pass rule.Life or a parsed rule", lifesat.ErrProblem, what)
	case r.Partial():
		return fmt.Errorf("%w: %s: the row-by-row program takes one rule, not the partial rule %v", lifesat.ErrProblem, what, r)
	case r.BirthOnZero():
		return fmt.Errorf("%w: rule %v has B0: cells with no live neighbours are born, so the empty plane is not still and no board in a box is a still life",
			lifesat.ErrProblem, r)
	}
	return nil
}

// rows knows, for a fixed width and rule, which rows may follow two given
// rows so that the middle one is stable.
type rows struct {
	n    int
	mask uint32
	// okC[aw | bw<<3] has bit cw set when the middle cell of the
	// three-cell window bw is stable with windows aw above and cw below
	// (bit 0 of a window is the left cell, bit 2 the right one).
	okC [64]uint8
	// Scratch for extensions.
	ab   [maxRowWidth + 2]uint8
	exts []uint16
	// The extensions of the states seen so far, up to a budget, since
	// most states come back row after row: extFlat[extAt[s]] is their
	// number, the rows follow; extAt[s] == 0 means not cached.
	extAt   []uint32
	extFlat []uint16
}

func newRows(n int, r rule.Rule) *rows {
	w := &rows{n: n, mask: 1<<n - 1}
	for ab := range 64 {
		aw, bw := ab&7, ab>>3
		mid := bw>>1&1 == 1
		for cw := range 8 {
			// A window's left cell (bit 0) is the high bit of its row
			// of the Neighbourhood.
			nb := rule.Neighbourhood(reverse3(aw)<<6 | reverse3(bw)<<3 | reverse3(cw))
			if r.Transition(nb) == mid {
				w.okC[ab] |= 1 << cw
			}
		}
	}
	w.extAt = make([]uint32, 1<<(2*n))
	w.extFlat = []uint16{0} // index 0 means "not cached"
	return w
}

// reverse3 reverses the three low bits of a window.
func reverse3(w int) int { return w&1<<2 | w&2 | w>>2&1 }

// extensions returns the rows c (as a reused slice) that make row b stable
// between rows a and c: the n cells of b and the dead ring cells just
// left and right of it.
func (w *rows) extensions(a, b uint32) []uint16 {
	// With the row shifted left by two, column x is bit x+2 and the window
	// centred on column x (x = -1..n) is bits x+1..x+3.
	pa, pb := a<<2, b<<2
	for x := -1; x <= w.n; x++ {
		w.ab[x+1] = w.okC[(pa>>(x+1))&7|((pb>>(x+1))&7)<<3]
	}
	w.exts = w.exts[:0]
	w.extend(0, 0)
	return w.exts
}

// maxCachedExtensions bounds the extension cache: 64 MiB of rows.
const maxCachedExtensions = 1 << 25

// next returns the rows that may follow state s (rows a<<n | b), from the
// cache when it can. With dead set, the only candidate is the dead row.
func (w *rows) next(s uint32, dead bool) []uint16 {
	if dead {
		if w.stableOverDead(s>>w.n, s&w.mask) {
			return deadRow[:]
		}
		return nil
	}
	if at := w.extAt[s]; at != 0 {
		return w.extFlat[at+1 : at+1+uint32(w.extFlat[at])]
	}
	exts := w.extensions(s>>w.n, s&w.mask)
	if len(w.extFlat)+1+len(exts) > maxCachedExtensions {
		return exts
	}
	at := len(w.extFlat)
	w.extAt[s] = uint32(at)
	w.extFlat = append(w.extFlat, uint16(len(exts)))
	w.extFlat = append(w.extFlat, exts...)
	return w.extFlat[at+1:]
}

var deadRow = [1]uint16{0}

// extend chooses cell k of row c, whose cells 0..k-1 are set, and checks
// the cell of row b left of it, whose neighbourhood is then complete.
func (w *rows) extend(k int, row uint32) {
	if k == w.n {
		// The last cell of b and the ring cell right of it.
		pc := row << 2
		if w.ab[w.n]>>((pc>>w.n)&7)&1 == 1 && w.ab[w.n+1]>>((pc>>(w.n+1))&7)&1 == 1 {
			w.exts = append(w.exts, uint16(row))
		}
		return
	}
	for bit := range uint32(2) {
		r := row | bit<<k
		// Centre k-1: bits k..k+2 of the shifted row.
		if w.ab[k]>>((r<<2>>k)&7)&1 == 1 {
			w.extend(k+1, r)
		}
	}
}

// stableOverDead reports whether row b is stable between row a and a dead
// row.
func (w *rows) stableOverDead(a, b uint32) bool {
	pa, pb := a<<2, b<<2
	for x := -1; x <= w.n; x++ {
		if w.okC[(pa>>(x+1))&7|((pb>>(x+1))&7)<<3]&1 == 0 {
			return false
		}
	}
	return true
}
