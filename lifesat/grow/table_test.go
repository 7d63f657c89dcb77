package grow

// rows lists (by emit, in the order of their free bits) the rows r that
// satisfy the constraint with rows a (v-2P), b (v-P) and c (next(v)), all
// given as W columns, column by column from the rule's table, as gfind
// lists them: the tests' reference for the automaton (TestAutomaton).
// emit returns false to stop the listing; so does rows, then.
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
