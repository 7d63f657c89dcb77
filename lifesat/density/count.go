package density

// Counting still lifes without a solver: a transfer matrix over rows (see
// rows.go). The Life counts for n x n boxes are OEIS A136278 (Knuth 2008,
// extended by Rokicki 2010; the entry cites TAOCP 4A, 7.1.4), which the
// tests check.

import (
	"context"
	"math/big"
	"math/bits"

	"github.com/lifesat/lifesat/lifesat/rule"
)

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
// as the counts grow longer; times in docs/speed.md, BenchmarkCountStillLifes).
// The shorter side may be at most 12.
//
// Errors wrap lifesat.ErrProblem for a side that is not positive, a
// shorter side above 12, and a rule with B0 (under which the empty plane
// is not still, so no board is). ctx is checked before each row and
// every few thousand states within a row; on cancellation the error is
// ctx.Err().
func CountStillLifes(ctx context.Context, w, h int, r rule.Rule) (*big.Int, error) {
	if err := checkRowBox("still lifes", w, h, r); err != nil {
		return nil, err
	}
	if w > h {
		r = r.Transposed() // count the transposed boxes
	}
	c := newRowCounter(min(w, h), r)
	return c.count(ctx, max(w, h))
}

// A rowCounter counts the boards of a fixed width, row by row, in which
// every row between its two neighbours is stable.
type rowCounter struct {
	*rows
	// The counts: live lists the states (a<<n | b: rows y-1 and y) with a
	// nonzero count, and vals holds their counts as numbers of limbs
	// uint64 words each, least significant first. slot maps a state of
	// the next row to its index in nextLive, or -1.
	limbs          int
	live, nextLive []uint32
	vals, nextVals []uint64
	slot           []int32
}

func newRowCounter(n int, r rule.Rule) *rowCounter {
	return &rowCounter{rows: newRows(n, r)}
}

// count returns the number of boards of h rows, each row stable, with the
// dead rows around them stable too.
func (c *rowCounter) count(ctx context.Context, h int) (*big.Int, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c.slot = make([]int32, 1<<(2*c.n))
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
			panic("density: still-life count ends on a live row")
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
	for i, s := range c.live {
		if i&4095 == 4095 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		b := s & c.mask
		src := c.vals[i*in : (i+1)*in]
		for _, row := range c.next(s, dead) {
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
