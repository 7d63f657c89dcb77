package lifesat

// Counting still lifes without a solver: a transfer matrix over rows.
//
// A board is a still life in an empty plane when every cell of the box and
// of the one-cell ring around it keeps its state. Whether row y keeps its
// cells depends only on rows y-1, y and y+1, so the boards can be built
// row by row with the last two rows as the state: the transfer-matrix
// method of enumerative combinatorics. The Life counts for n x n boxes are
// OEIS A136278 (Knuth 2008, extended by Rokicki 2010; the entry cites
// TAOCP 4A, 7.1.4), which the tests check. The state space is 4^width, so the
// box is turned to put its shorter side across the rows: an outer-totalistic
// rule looks at the Moore neighbourhood, which a transposition maps onto
// itself, so a w x h box and an h x w box hold as many still lifes.

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
)

// maxCountWidth is the largest shorter side CountStillLifes accepts: the
// state space is 4^side pairs of rows, 16.7 million at 12.
const maxCountWidth = 12

// CountStillLifes returns the number of still lifes that fit in a w x h box
// under rule r, the empty one included: boards B with Step(B padded by one
// dead ring) == B padded, i.e. every cell of the box and of the one-cell
// ring around it is stable. Because nothing is born in the ring and r has no
// B0, nothing is born farther out either: these are exactly the boards that
// are still in an empty plane. Under Life the counts for n x n boxes are
// OEIS A136278 (1, 2, 12, 83, 417, ...).
//
// No SAT solver is involved: the count is a dynamic program over rows
// whose state is the last two rows, so time and memory grow like
// 4^min(w, h) and the number of rows is max(w, h) (each row also costs more
// as the counts grow longer). The shorter side may be at most 12: 8x8 takes
// a few hundredths of a second, 10x10 under a second, 12x12 about a minute.
//
// Errors wrap ErrProblem for a side that is not positive, a shorter side
// above 12, and a rule with B0 (under which the empty plane is not still,
// so no board is). ctx is checked before each row and every few thousand
// states within a row; on cancellation the error is ctx.Err().
func CountStillLifes(ctx context.Context, w, h int, r Rule) (*big.Int, error) {
	switch {
	case w <= 0 || h <= 0:
		return nil, fmt.Errorf("%w: still lifes in a %dx%d box: sides must be positive", ErrProblem, w, h)
	case min(w, h) > maxCountWidth:
		return nil, fmt.Errorf("%w: still lifes in a %dx%d box: the row-by-row count keeps 4^%d pairs of rows; the shorter side is limited to %d",
			ErrProblem, w, h, min(w, h), maxCountWidth)
	case r.BirthOnZero():
		return nil, fmt.Errorf("%w: rule %v has B0: cells with no live neighbours are born, so the empty plane is not still and no board in a box is a still life",
			ErrProblem, r)
	}
	c := newRowCounter(min(w, h), r)
	return c.count(ctx, max(w, h))
}

// A rowCounter counts the boards of a fixed width, row by row, in which
// every row between its two neighbours is stable.
type rowCounter struct {
	n    int
	mask uint32
	// okC[aw | bw<<3] has bit cw set when the middle cell of the
	// three-cell window bw is stable with windows aw above and cw below
	// (bit 0 of a window is the left cell, bit 2 the right one).
	okC [64]uint8
	// Scratch for extensions.
	ab   [maxCountWidth + 2]uint8
	exts []uint16
	// The extensions of the states seen so far, up to a budget, since
	// most states come back row after row: extFlat[extAt[s]] is their
	// number, the rows follow; extAt[s] == 0 means not cached.
	extAt   []uint32
	extFlat []uint16

	// The counts: live lists the states (a<<n | b: rows y-1 and y) with a
	// nonzero count, and vals holds their counts as numbers of limbs
	// uint64 words each, least significant first. slot maps a state of
	// the next row to its index in nextLive, or -1.
	limbs          int
	live, nextLive []uint32
	vals, nextVals []uint64
	slot           []int32
}

func newRowCounter(n int, r Rule) *rowCounter {
	c := &rowCounter{n: n, mask: 1<<n - 1}
	for ab := range 64 {
		aw, bw := ab&7, ab>>3
		mid := bw>>1&1 == 1
		for cw := range 8 {
			nb := bits.OnesCount(uint(aw)) + bits.OnesCount(uint(bw&5)) + bits.OnesCount(uint(cw))
			if r.Next(mid, nb) == mid {
				c.okC[ab] |= 1 << cw
			}
		}
	}
	return c
}

// extensions returns the rows c (as a reused slice) that make row b stable
// between rows a and c: the n cells of b and the dead ring cells just
// left and right of it.
func (c *rowCounter) extensions(a, b uint32) []uint16 {
	// With the row shifted left by two, column x is bit x+2 and the window
	// centred on column x (x = -1..n) is bits x+1..x+3.
	pa, pb := a<<2, b<<2
	for x := -1; x <= c.n; x++ {
		c.ab[x+1] = c.okC[(pa>>(x+1))&7|((pb>>(x+1))&7)<<3]
	}
	c.exts = c.exts[:0]
	c.extend(0, 0)
	return c.exts
}

// maxCachedExtensions bounds the extension cache: 64 MiB of rows.
const maxCachedExtensions = 1 << 25

// cachedExtensions is extensions(s>>n, s&mask), from the cache when it
// can; rows have at most 12 bits.
func (c *rowCounter) cachedExtensions(s uint32) []uint16 {
	if at := c.extAt[s]; at != 0 {
		return c.extFlat[at+1 : at+1+uint32(c.extFlat[at])]
	}
	exts := c.extensions(s>>c.n, s&c.mask)
	if len(c.extFlat)+1+len(exts) > maxCachedExtensions {
		return exts
	}
	at := len(c.extFlat)
	c.extAt[s] = uint32(at)
	c.extFlat = append(c.extFlat, uint16(len(exts)))
	c.extFlat = append(c.extFlat, exts...)
	return c.extFlat[at+1:]
}

// extend chooses cell k of row c, whose cells 0..k-1 are set, and checks
// the cell of row b left of it, whose neighbourhood is then complete.
func (c *rowCounter) extend(k int, row uint32) {
	if k == c.n {
		// The last cell of b and the ring cell right of it.
		pc := row << 2
		if c.ab[c.n]>>((pc>>c.n)&7)&1 == 1 && c.ab[c.n+1]>>((pc>>(c.n+1))&7)&1 == 1 {
			c.exts = append(c.exts, uint16(row))
		}
		return
	}
	for bit := range uint32(2) {
		r := row | bit<<k
		// Centre k-1: bits k..k+2 of the shifted row.
		if c.ab[k]>>((r<<2>>k)&7)&1 == 1 {
			c.extend(k+1, r)
		}
	}
}

// stableOverDead reports whether row b is stable between row a and a dead
// row.
func (c *rowCounter) stableOverDead(a, b uint32) bool {
	pa, pb := a<<2, b<<2
	for x := -1; x <= c.n; x++ {
		if c.okC[(pa>>(x+1))&7|((pb>>(x+1))&7)<<3]&1 == 0 {
			return false
		}
	}
	return true
}

// count returns the number of boards of h rows, each row stable, with the
// dead rows around them stable too.
func (c *rowCounter) count(ctx context.Context, h int) (*big.Int, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c.slot = make([]int32, 1<<(2*c.n))
	c.extAt = make([]uint32, 1<<(2*c.n))
	c.extFlat = []uint16{0} // index 0 means "not cached"
	for i := range c.slot {
		c.slot[i] = -1
	}
	// Rows -2 and -1 are dead: one board so far.
	c.limbs = 1
	c.live, c.vals = []uint32{0}, []uint64{1}
	// Rows 0..h-1 are free; rows h and h+1 are dead. Adding row y checks
	// row y-1, so row -1 (the ring above) is checked with row 0 and row h
	// (the ring below) with row h+1.
	for y := 0; y < h+2; y++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := c.addRow(ctx, y >= h); err != nil {
			return nil, err
		}
	}
	// Only the state of two dead rows is left.
	total := new(big.Int)
	for i, s := range c.live {
		if s != 0 {
			panic("lifesat: still-life count ends on a live row")
		}
		total = limbsToInt(c.vals[i*c.limbs : (i+1)*c.limbs])
	}
	return total, nil
}

// addRow moves every state (a, b) to the states (b, c) for the rows c that
// make b stable, adding its count to theirs; with dead set, c must be 0.
func (c *rowCounter) addRow(ctx context.Context, dead bool) error {
	// A count of (b, c) sums at most 2^n counts of states (a, b), so it
	// has at most n more bits than the largest of them.
	maxBits := 0
	for i := range c.live {
		maxBits = max(maxBits, limbsLen(c.vals[i*c.limbs:(i+1)*c.limbs]))
	}
	in, out := c.limbs, (maxBits+c.n)/64+1
	c.nextLive, c.nextVals = c.nextLive[:0], c.nextVals[:0]
	zero := make([]uint64, out)
	var deadOnly [1]uint16
	for i, s := range c.live {
		if i&4095 == 4095 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		a, b := s>>c.n, s&c.mask
		exts := deadOnly[:0]
		switch {
		case !dead:
			exts = c.cachedExtensions(s)
		case c.stableOverDead(a, b):
			exts = deadOnly[:1]
		}
		src := c.vals[i*in : (i+1)*in]
		for _, row := range exts {
			t := b<<c.n | uint32(row)
			j := c.slot[t]
			if j < 0 {
				j = int32(len(c.nextLive))
				c.slot[t] = j
				c.nextLive = append(c.nextLive, t)
				c.nextVals = append(c.nextVals, zero...)
			}
			addLimbs(c.nextVals[int(j)*out:(int(j)+1)*out], src)
		}
	}
	for _, t := range c.nextLive {
		c.slot[t] = -1
	}
	c.live, c.nextLive = c.nextLive, c.live
	c.vals, c.nextVals = c.nextVals, c.vals
	c.limbs = out
	return nil
}

// addLimbs adds src to dst, which has at least as many limbs and room for
// the carry.
func addLimbs(dst, src []uint64) {
	if len(dst) == 1 {
		dst[0] += src[0]
		return
	}
	var carry uint64
	for i := range dst {
		var s uint64
		if i < len(src) {
			s = src[i]
		}
		dst[i], carry = bits.Add64(dst[i], s, carry)
	}
}

// limbsLen is the bit length of the number in limbs.
func limbsLen(limbs []uint64) int {
	for i := len(limbs) - 1; i >= 0; i-- {
		if limbs[i] != 0 {
			return i*64 + bits.Len64(limbs[i])
		}
	}
	return 0
}

// limbsToInt converts limbs (least significant first) to a big.Int.
func limbsToInt(limbs []uint64) *big.Int {
	x := new(big.Int)
	for i := len(limbs) - 1; i >= 0; i-- {
		x.Lsh(x, 64)
		x.Or(x, new(big.Int).SetUint64(limbs[i]))
	}
	return x
}
