package density

// Lower bounds on the waste still to come, from narrow vertical strips.
//
// When the row program has placed rows ..y-1, y, the waste of the cells
// of rows y..h-1, of the ring row below them and of the ring cells beside
// them is still open. Cut those rows into vertical strips of a few
// columns. Each cell's waste belongs to exactly one strip, so the open
// waste is the sum of the strips' open waste, and each strip's open
// waste is at least the least waste that strip can have when the columns
// just outside it may take any values, row by row, without being stable
// themselves (a relaxation: the true board is one of the choices). For a
// strip that many of those least values can be tabulated exactly by a
// small dynamic program over rows from the bottom up, once per strip
// width and kind (touching the left ring, the right ring, both or
// neither) and per number of open rows; the table's index is the strip's
// part of the last two rows, with one column of context on each side.
//
// This is the "relaxation" of G. Chu, P. J. Stuckey and M. G. de la
// Banda, "Using relaxations in Maximum Density Still Life" (CP 2009):
// the waste of a region is at least the sum of the least wastes of the
// pieces it is cut into.

import (
	"context"
	"sync"
)

// infinite marks a strip state that no rows below can complete; finite
// values saturate at infinite-1, which keeps them lower bounds.
const infinite = 255

// maxStrip is the widest strip the tables are built for.
const maxStrip = 6

type stripKind struct {
	width               int // columns of the box in the strip, 1..maxStrip
	leftRing, rightRing bool
	// open: no ring below the rows; the row after them is free. These
	// "band" tables bound the waste of rows away from the bottom.
	open bool
}

// A stripTable holds, for each number k of open rows, the least waste of
// the strip given its part of the last two rows: layers[k][a | b<<bits],
// where a and b are the strip's columns x0-1..x0+width of those rows
// (bit 0 the left context column). Layer 0 is for the state whose second
// row is the ring row below the box.
type stripTable struct {
	kind   stripKind
	bits   uint // width + 2
	mu     sync.Mutex
	layers [][]uint8
	least  []int // least finite value of each layer
	// next[nextAt[s]:nextAt[s+1]] lists the rows that may follow state s
	// (built with the third layer).
	next   []nextRow
	nextAt []int32
}

var stripTables struct {
	sync.Mutex
	m map[stripKind]*stripTable
}

// tableFor returns the table of a strip kind with at least k+1 layers.
// ctx is checked as the layers are built; on cancellation it returns
// ctx.Err() (the layers built so far stay, for the next caller).
func tableFor(ctx context.Context, kind stripKind, k int) (*stripTable, error) {
	stripTables.Lock()
	if stripTables.m == nil {
		stripTables.m = map[stripKind]*stripTable{}
	}
	t := stripTables.m[kind]
	if t == nil {
		t = &stripTable{kind: kind, bits: uint(kind.width + 2)}
		stripTables.m[kind] = t
	}
	stripTables.Unlock()
	t.mu.Lock()
	defer t.mu.Unlock()
	for len(t.layers) <= k {
		if err := t.grow(ctx); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// forced is the mask of the local columns that lie in the ring and so
// are dead in every row.
func (t *stripTable) forced() uint64 {
	var m uint64
	if t.kind.leftRing {
		m |= 1
	}
	if t.kind.rightRing {
		m |= 1 << (t.bits - 1)
	}
	return m
}

// rowCost is the waste of the strip's cells of row b, given rows a above
// and c below, or -1 when one of them is not stable. With ring set, b is
// the ring row below the box.
func (t *stripTable) rowCost(a, b, c uint64, ring bool) int {
	w := t.kind.width
	sa, sb, sc := a<<1, b<<1, c<<1 // local column i is bit i+1
	cost := 0
	for i := 1; i <= w; i++ {
		win := window3(sa>>i, sb>>i, sc>>i)
		if ring {
			if !ringOK[win] {
				return -1
			}
			cost += int(ringW[win])
			continue
		}
		if !boxOK[win] {
			return -1
		}
		cost += int(boxW[win])
	}
	for _, i := range t.ringColumns() {
		win := window3(sa>>i, sb>>i, sc>>i)
		if !ringOK[win] {
			return -1
		}
		if !ring {
			cost += int(ringW[win])
		}
	}
	return cost
}

func (t *stripTable) ringColumns() []int {
	var cols []int
	if t.kind.leftRing {
		cols = append(cols, 0)
	}
	if t.kind.rightRing {
		cols = append(cols, t.kind.width+1)
	}
	return cols
}

// grow adds the next layer, checking ctx every 4096 states (a layer of
// the widest strips has 65536); on cancellation it adds nothing.
func (t *stripTable) grow(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	k := len(t.layers)
	n := 1 << (2 * t.bits)
	layer := make([]uint8, n)
	for i := range layer {
		layer[i] = infinite
	}
	mask := uint64(1)<<t.bits - 1
	least := infinite
	switch {
	case k == 0 && t.kind.open:
		// No rows: nothing to waste.
		for i := range layer {
			layer[i] = 0
		}
		least = 0
	case k == 0:
		// The ring row below the box, then dead rows.
		for a := uint64(0); a <= mask; a++ {
			if c := t.rowCost(a, 0, 0, true); c >= 0 {
				layer[a] = uint8(min(c, infinite-1))
				least = min(least, int(layer[a]))
			}
		}
	case k == 1 && !t.kind.open:
		// The next row is the ring row.
		prev := t.layers[0]
		for a := uint64(0); a <= mask; a++ {
			for b := uint64(0); b <= mask; b++ {
				c := t.rowCost(a, b, 0, false)
				if c < 0 || prev[b] == infinite || (a|b)&t.forced() != 0 {
					continue
				}
				v := min(c+int(prev[b]), infinite-1)
				layer[a|b<<t.bits] = uint8(v)
				least = min(least, v)
			}
		}
	default:
		if t.next == nil {
			t.listNext()
		}
		prev := t.layers[k-1]
		for ab := range n {
			if ab&4095 == 4095 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			// A sum of infinite or more is still finite: only a state
			// with no finite successor is infinite.
			best, finite := 0, false
			for _, e := range t.next[t.nextAt[ab]:t.nextAt[ab+1]] {
				b := uint32(ab) >> t.bits
				if v := prev[b|uint32(e.c)<<t.bits]; v != infinite {
					if s := int(e.cost) + int(v); !finite || s < best {
						best, finite = s, true
					}
				}
			}
			if finite {
				best = min(best, infinite-1)
				layer[ab] = uint8(best)
				least = min(least, best)
			}
		}
	}
	t.layers = append(t.layers, layer)
	t.least = append(t.least, least)
	return nil
}

// A nextRow is a row c that may follow the strip's rows a and b, with the
// waste of b's cells.
type nextRow struct {
	c    uint8
	cost uint8
}

// listNext fills t.next: for each state a | b<<bits, the rows c (box rows,
// or free rows for an open strip) that keep b's cells stable, with their
// waste.
func (t *stripTable) listNext() {
	n := 1 << (2 * t.bits)
	mask := uint64(1)<<t.bits - 1
	forced := t.forced()
	t.nextAt = make([]int32, n+1)
	w := t.kind.width
	for ab := range n {
		t.nextAt[ab] = int32(len(t.next))
		a, b := uint64(ab)&mask, uint64(ab)>>t.bits
		if (a|b)&forced != 0 {
			continue
		}
		sa, sb := a<<1, b<<1
		var dfs func(i int, c uint64, cost int)
		dfs = func(i int, c uint64, cost int) {
			if i == w+2 {
				if t.kind.rightRing {
					sc := c << 1
					win := window3(sa>>(w+1), sb>>(w+1), sc>>(w+1))
					if !ringOK[win] {
						return
					}
					cost += int(ringW[win])
				}
				t.next = append(t.next, nextRow{c: uint8(c), cost: uint8(cost)})
				return
			}
			for bit := range uint64(2) {
				if bit == 1 && forced>>i&1 == 1 {
					break
				}
				cc := c | bit<<i
				nc := cost
				// Local column i-1 now has its whole window.
				if j := i - 1; j >= 0 {
					sc := cc << 1
					win := window3(sa>>j, sb>>j, sc>>j)
					switch {
					case j >= 1 && j <= w:
						if !boxOK[win] {
							continue
						}
						nc += int(boxW[win])
					case j == 0 && t.kind.leftRing:
						if !ringOK[win] {
							continue
						}
						nc += int(ringW[win])
					}
				}
				dfs(i+1, cc, nc)
			}
		}
		dfs(0, 0, 0)
	}
	t.nextAt[n] = int32(len(t.next))
}
