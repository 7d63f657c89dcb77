package grow

import "github.com/lifesat/lifesat/lifesat/rule"

// The rule as a table of its transitions, from which the column
// automaton (columns.go) is built; the tests list rows from it directly
// (table_test.go), the automaton's reference.
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
