package grow

import "github.com/lifesat/lifesat/lifesat/rule"

// The rows a constraint allows, by table: gfind's way of listing the
// candidates for a new row, and of looking a few rows ahead, before the
// solver looks further.
//
// Row v's constraint, column by column: the rule applied to columns
// x-1..x+1 of rows v-2P (above), v-P and v (below) gives column x of row
// next(v), for x from -1 to W, the cells outside the strip dead. Rows
// are held here as all W columns (bit x column x), shifted up two bits so
// that bit 0 is column -2: the three columns around x are then bits x+1,
// x+2, x+3.

// stepTable is a rule as a table of its 512 transitions, indexed by
// above<<6 | middle<<3 | below, each a 3-bit window: bit 0 the left
// cell, bit 1 the centre, bit 2 the right.
type stepTable [512]bool

func newStepTable(r rule.Rule) *stepTable {
	var t stepTable
	for i := range t {
		var n rule.Neighbourhood
		for dy := -1; dy <= 1; dy++ {
			w := i >> (3 * (1 - dy)) & 7 // dy -1: bits 6..8
			for dx := -1; dx <= 1; dx++ {
				if w>>(dx+1)&1 != 0 {
					n |= rule.Bit(dx, dy)
				}
			}
		}
		t[i] = r.Transition(n)
	}
	return &t
}

// holds reports whether column x (-1 or more) of the constraint holds;
// a, b, r are shifted rows (bit 0 column -2), c the row next(v)
// unshifted.
func (t *stepTable) holds(a, b, r, c uint64, x int) bool {
	s := uint(x + 1)
	i := (a>>s&7)<<6 | (b>>s&7)<<3 | r>>s&7
	want := x >= 0 && c>>uint(x)&1 != 0
	return t[i] == want
}

// rows lists (by emit, in the order of their free bits) the rows r that
// satisfy the constraint with rows a (v-2P), b (v-P) and c (next(v)), all
// given as W columns. emit returns false to stop the listing; so does
// rows, then.
func (g *geometry) rows(t *stepTable, a, b, c uint32, emit func(r uint32) bool) bool {
	A, B, C := uint64(a)<<2, uint64(b)<<2, uint64(c)
	var free [MaxWidth]int8 // the value given to each free column, -1 none yet
	for i := range free {
		free[i] = -1
	}
	var walk func(x int, R uint64) bool
	walk = func(x int, R uint64) bool {
		if x == g.W {
			// columns W-1 and W, whose right cells are dead
			if !t.holds(A, B, R, C, g.W-1) || !t.holds(A, B, R, C, g.W) {
				return true
			}
			var r uint32
			for c := range g.free {
				if free[c] == 1 {
					r |= 1 << c
				}
			}
			return emit(r)
		}
		col := g.col[x]
		for v := uint64(0); v <= 1; v++ {
			if col < 0 && v == 1 {
				break
			}
			if col >= 0 && free[col] >= 0 && uint64(free[col]) != v {
				continue
			}
			R2 := R | v<<uint(x+2)
			// column x-1 is complete: its right cell is column x
			if !t.holds(A, B, R2, C, x-1) {
				continue
			}
			set := col >= 0 && free[col] < 0
			if set {
				free[col] = int8(v)
			}
			ok := walk(x+1, R2)
			if set {
				free[col] = -1
			}
			if !ok {
				return false
			}
		}
		return true
	}
	return walk(0, 0)
}

// any reports whether some row satisfies the constraint.
func (g *geometry) any(t *stepTable, a, b, c uint32) bool {
	found := false
	g.rows(t, a, b, c, func(uint32) bool { found = true; return false })
	return found
}
