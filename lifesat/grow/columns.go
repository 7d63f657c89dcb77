package grow

// The rows a constraint allows, as an automaton over the row's free
// columns: gfind's way of listing the candidates for a new row (Eppstein,
// "Searching for spaceships", 2000: paths in a graph whose vertices are
// the cells of two consecutive columns), here with four states.
//
// Row v's constraint, column by column: the rule applied to columns
// x-1..x+1 of rows a = v-2P (above), b = v-P and r = v (below) gives
// column x of row c = next(v), for every column x of the strip and the two
// beside it, the cells outside the strip dead. Choosing r's free columns
// from left to right, the state after column x is (r[x-1], r[x]), and
// choosing r[x+1] completes column x, whose test needs only a, b and c
// around x: its context, seven bits. A symmetric row ends at the axis,
// where the mirror gives the missing right cells (see finals).

// automaton is a rule's step table as transitions of the column
// automaton. A state is two bits, r[x-1] (bit 0) and r[x] (bit 1); a set
// of states is four bits.
type automaton struct {
	// ok[ctx<<3 | s | n<<2] reports whether choosing bit n after state s
	// satisfies the column whose context is ctx.
	ok [128 * 8]bool
	// next[ctx<<4 | S] is the set of states reachable from the set S in
	// one column of context ctx; prev[ctx<<4 | S] the states from which
	// some state of S is.
	next, prev [128 * 16]uint8
	// forced[f] is next with the new bit forced: by forceZero to 0, by
	// forceLow to the state's bit 0, by forceHigh to its bit 1 (the
	// endings of a row, see finals).
	forced [3][128 * 16]uint8
}

// columnContext is column x's context: bits 0-2 rows a's columns x-1..x+1,
// bits 3-5 b's, bit 6 c's column x; A and B are a and b shifted up two
// bits (bit 0 column -2), c unshifted.
func columnContext(A, B uint64, c uint32, x int) int {
	s := uint(x + 1)
	ctx := int(A>>s&7) | int(B>>s&7)<<3
	if x >= 0 && c>>uint(x)&1 != 0 {
		ctx |= 64
	}
	return ctx
}

// The ways a row's last bits are forced at its end (finals).
const (
	forceZero = iota // a dead cell: beside the strip, or the gutter
	forceLow         // the state's bit 0: r[x-1] (the odd axis's mirror)
	forceHigh        // the state's bit 1: r[x] (the even axis's mirror)
)

func newAutomaton(t *stepTable) *automaton {
	a := &automaton{}
	for ctx := range 128 {
		above, middle, want := ctx&7, ctx>>3&7, ctx>>6 == 1
		for s := range 4 {
			for n := range 2 {
				a.ok[ctx<<3|s|n<<2] = t[above<<6|middle<<3|s|n<<2] == want
			}
		}
		for S := range 16 {
			var nx, pv uint8
			var f [3]uint8
			for s := range 4 {
				for n := range 2 {
					if !a.ok[ctx<<3|s|n<<2] {
						continue
					}
					s2 := s>>1 | n<<1
					if S>>s&1 != 0 {
						nx |= 1 << s2
						for k, m := range [3]int{0, s & 1, s >> 1} {
							if n == m {
								f[k] |= 1 << s2
							}
						}
					}
					if S>>s2&1 != 0 {
						pv |= 1 << s
					}
				}
			}
			a.next[ctx<<4|S], a.prev[ctx<<4|S] = nx, pv
			for k := range f {
				a.forced[k][ctx<<4|S] = f[k]
			}
		}
	}
	return a
}

// final is one forced column at the end of a row: its column (for the
// context) and how its new bit is forced.
type final struct{ x, force int }

// finals are the columns tested after a row's free columns, whose right
// cells the free columns do not hold: beside the strip (asym), or across
// the axis, where they mirror the row's own.
func (g *geometry) finals() []final {
	h := g.free
	switch g.sym {
	case Even: // columns h-1, h mirror: r[h] = r[h-1]
		return []final{{h - 1, forceHigh}}
	case Odd: // the centre column h-1: r[h] = r[h-2]
		return []final{{h - 1, forceLow}}
	case Gutter: // column h-1 beside the dead centre h, then h itself: r[h+1] = r[h-1]
		return []final{{h - 1, forceZero}, {h, forceLow}}
	}
	return []final{{g.W - 1, forceZero}, {g.W, forceZero}}
}

// rowSolver lists and tests the rows of constraints; it keeps a buffer
// and is not safe for concurrent use.
type rowSolver struct {
	g      *geometry
	a      *automaton
	finals []final
	ctx    [MaxWidth + 2]int   // the contexts of the free columns' tests, then the finals'
	live   [MaxWidth + 1]uint8 // live[x]: states after x free columns that can end the row
}

func newRowSolver(g *geometry, t *stepTable) *rowSolver {
	return &rowSolver{g: g, a: newAutomaton(t), finals: g.finals()}
}

// contexts fills rs.ctx for the constraint of rows a, b (whole rows, bit
// x column x) and c: the test of column x-1 when free column x is chosen,
// then the finals.
func (rs *rowSolver) contexts(a, b, c uint32) {
	A, B := uint64(a)<<2, uint64(b)<<2
	h := rs.g.free
	for x := range h {
		rs.ctx[x] = columnContext(A, B, c, x-1)
	}
	rs.finalContexts(A, B, c)
}

// finalContexts fills rs.ctx for the finals' tests (A and B shifted as
// columnContext takes them).
func (rs *rowSolver) finalContexts(A, B uint64, c uint32) {
	h := rs.g.free
	for i, f := range rs.finals {
		rs.ctx[h+i] = columnContext(A, B, c, f.x)
	}
}

// end is the set of states after the free columns that the finals accept.
func (rs *rowSolver) end() uint8 {
	h := rs.g.free
	var S uint8
	for s := range 4 {
		T := uint8(1) << s
		for i, f := range rs.finals {
			T = rs.a.forced[f.force][rs.ctx[h+i]<<4|int(T)]
		}
		if T != 0 {
			S |= 1 << s
		}
	}
	return S
}

// exists reports whether some row satisfies the constraint of rows a, b
// and c (whole rows).
func (rs *rowSolver) exists(a, b, c uint32) bool {
	// The contexts column by column, as the walk needs them: most
	// constraints fail in the first columns.
	A, B := uint64(a)<<2, uint64(b)<<2
	S := uint8(1) // state (0, 0): the two dead columns left of the strip
	for x := range rs.g.free {
		S = rs.a.next[columnContext(A, B, c, x-1)<<4|int(S)]
		if S == 0 {
			return false
		}
	}
	rs.finalContexts(A, B, c)
	return S&rs.end() != 0
}

// allowsDead reports whether the dead row satisfies the constraint.
func (rs *rowSolver) allowsDead(a, b, c uint32) bool {
	rs.contexts(a, b, c)
	s := 0
	for x := range rs.g.free {
		if !rs.a.ok[rs.ctx[x]<<3|s] {
			return false
		}
	}
	return rs.end()&1 != 0
}

// list appends to dst the rows (free bits, bit c free column c) that
// satisfy the constraint of rows a, b and c, in increasing order of their
// bits read from column 0; it walks only paths that end in a row.
func (rs *rowSolver) list(dst []uint32, a, b, c uint32) []uint32 {
	rs.contexts(a, b, c)
	h := rs.g.free
	rs.live[h] = rs.end()
	for x := h - 1; x >= 0; x-- {
		rs.live[x] = rs.a.prev[rs.ctx[x]<<4|int(rs.live[x+1])]
	}
	if rs.live[0]&1 == 0 {
		return dst
	}
	// A walk down the columns without recursion: at column x the state
	// st[x] and the next bit to try try[x] (0, then 1, then back up); r
	// holds the bits of columns below x.
	var st, try [MaxWidth + 1]uint8
	var r uint32
	for x := 0; x >= 0; {
		if x == h {
			dst = append(dst, r)
			x--
			continue
		}
		n := try[x]
		if n == 2 {
			x--
			continue
		}
		try[x]++
		s := st[x]
		s2 := s>>1 | n<<1
		if rs.a.ok[rs.ctx[x]<<3|int(s)|int(n)<<2] && rs.live[x+1]>>s2&1 != 0 {
			r = r&^(1<<x) | uint32(n)<<x
			st[x+1], try[x+1] = s2, 0
			x++
		}
	}
	return dst
}
