package density

// Symmetric boards, for finding an optimal board fast once the bound is
// proved. A board that is its own mirror image top to bottom, or its own
// image under a half turn, is fixed by its top half: the bottom half
// wastes as much as the top. So an open program of half the height (the
// ring above, the top rows and a free row below them), with half the
// budget, lists every top half that could do, and the halves are joined
// in the middle. Nothing is proved when no symmetric board fits: optimal
// boards need not be symmetric.

import (
	"context"
	"math/bits"
)

// A symmetry is one of the two ways a board may repeat its top half.
type symmetry int

const (
	mirrorRows symmetry = iota // row h-1-y is row y
	halfTurn                   // row h-1-y is row y reversed
)

// image is the row that faces row r across the middle.
func (p *program) image(r uint64, s symmetry) uint64 {
	if s == mirrorRows {
		return r
	}
	return uint64(bits.Reverse32(uint32(r)) >> (32 - p.w))
}

// symmetric looks for a board with symmetry s within budget, returning its
// rows and waste.
func (p *program) symmetric(ctx context.Context, s symmetry, budget int, memory int64) (bool, []uint32, int, error) {
	h := p.h
	m := h / 2 // rows 0..m-1 repeat; for odd h, row m is the middle row
	q := newProgram(p.w, m, true)
	r, err := q.run(ctx, passLimits{budget: budget / 2, memory: memory, keep: true}, nil)
	if err != nil || !r.found {
		return false, nil, 0, err
	}
	bestWaste, bestAt := budget+1, -1
	for i, key := range r.last.keys {
		a, b := key>>32, key&0xffffffff // rows m-1 and m
		acc := int(r.last.waste[i])
		var waste int
		if h%2 == 0 {
			// Row m faces row m-1.
			if b != p.image(a, s) {
				continue
			}
			waste = 2 * acc
		} else {
			// Row m is the middle row: its own image, between row m-1
			// and its image.
			if b != p.image(b, s) {
				continue
			}
			add, ok := p.middleWaste(a, b, p.image(a, s))
			if !ok {
				continue
			}
			waste = 2*acc + add
		}
		if waste < bestWaste {
			bestWaste, bestAt = waste, i
		}
	}
	if bestAt < 0 {
		return false, nil, 0, nil
	}
	top := trace(r.steps, uint32(bestAt)) // rows 0..m
	rows := make([]uint32, h)
	for y := range m {
		rows[y] = top[y]
		rows[h-1-y] = uint32(p.image(uint64(top[y]), s))
	}
	if h%2 == 1 {
		rows[m] = top[m]
	}
	return true, rows, bestWaste, nil
}

// middleWaste is the waste of row b between rows a and c, with the ring
// cells beside it, and whether its cells and those ring cells are stable.
func (p *program) middleWaste(a, b, c uint64) (int, bool) {
	sa, sb, sc := a<<2, b<<2, c<<2
	waste := int(1-b&1) + int(1-b>>(p.w-1)&1)
	for x := -1; x <= p.w; x++ {
		win := window3(sa>>(x+1), sb>>(x+1), sc>>(x+1))
		if x < 0 || x == p.w {
			if !ringOK[win] {
				return 0, false
			}
			continue
		}
		if !boxOK[win] {
			return 0, false
		}
		waste += int(boxW[win])
	}
	return waste, true
}
