package grow

import (
	"fmt"

	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// The window formula: the rule's constraints of rows 2P..N-1 of a window
// of N consecutive rows, the first 2P of which (the partial ship's last
// rows, known) come in as assumptions. Each constraint of a new row v is,
// cell by cell, "row next(v) is the rule applied to rows v-2P, v-P and v"
// for every column of the strip and the two columns beside it, whose
// cells are dead: 10 inputs, written as the minimal CNF of that function
// (logic.MinimalCNF, BooleanConvert's analogue on a truth table), the
// direct encoding of the root package, without auxiliary variables. A
// symmetric search has variables for its free columns only; the mirrored
// cells are the same literals, the gutter's cells the constant False.

// cellTemplate is the minimal CNF of one cell's constraint: inputs 0..8
// the 3x3 block (dy = -1, 0, 1 by dx = -1, 0, 1: input 3*(dy+1)+dx+1),
// input 9 the cell's next state; literal i+1 is input i.
func cellTemplate(r rule.Rule) [][]logic.Lit {
	table := make([]bool, 1<<10)
	for row := range table {
		var n rule.Neighbourhood
		for i := range 9 {
			if row>>i&1 != 0 {
				n |= rule.Bit(i%3-1, i/3-1)
			}
		}
		table[row] = r.Transition(n) == (row>>9&1 != 0)
	}
	return logic.MinimalCNF(10, table, nil)
}

// window is the formula of one window: N rows, each of g.free variables,
// cell (j, c) variable 1 + j*free + c.
type window struct {
	g    *geometry
	n    int // rows
	base int // the index mod classes of the window's row 0
	cnf  *logic.CNF
}

// lit is the literal of window row j, strip column x: False outside the
// strip and in the gutter.
func (w *window) lit(j, x int) logic.Lit {
	if x < 0 || x >= w.g.W || j < 0 {
		return logic.False
	}
	c := w.g.col[x]
	if c < 0 {
		return logic.False
	}
	return logic.Lit(1 + j*w.g.free + c)
}

// newWindow encodes the constraints of rows 2P..n-1 for a window whose
// row 0 has index base (mod classes).
func newWindow(g *geometry, tmpl [][]logic.Lit, n, base int) *window {
	w := &window{g: g, n: n, base: base, cnf: new(logic.CNF)}
	w.cnf.NewVars(n * g.free)
	w.cnf.Comment("grow: %d rows of a strip %d wide (%d free cells a row), speed %dc/%d; row j cell c is variable 1+j*%d+c", n, g.W, g.free, g.K, g.P, g.free)
	in := make([]logic.Lit, 10)
	clause := make([]logic.Lit, 0, 10)
	for j := 2 * g.P; j < n; j++ {
		v := base + j
		nx := j - (v - g.next(v))
		for x := -1; x <= g.W; x++ {
			for dy := -1; dy <= 1; dy++ {
				row := j - (1-dy)*g.P // dy -1: row v-2P, 0: v-P, 1: v
				for dx := -1; dx <= 1; dx++ {
					in[3*(dy+1)+dx+1] = w.lit(row, x+dx)
				}
			}
			in[9] = w.lit(nx, x)
			for _, tc := range tmpl {
				clause = clause[:0]
				for _, l := range tc {
					m := in[l.Var()-1]
					if l.Negative() {
						m = m.Not()
					}
					clause = append(clause, m)
				}
				w.cnf.Add(clause...)
			}
		}
	}
	return w
}

// rowLits are the literals of window row j's free cells, set to r.
func (w *window) rowLits(dst []logic.Lit, j int, r uint32) []logic.Lit {
	for c := range w.g.free {
		l := logic.Lit(1 + j*w.g.free + c)
		if r>>c&1 == 0 {
			l = l.Not()
		}
		dst = append(dst, l)
	}
	return dst
}

// row reads window row j off a model.
func (w *window) row(model []bool, j int) uint32 {
	var r uint32
	for c := range w.g.free {
		if model[1+j*w.g.free+c] {
			r |= 1 << c
		}
	}
	return r
}

func (w *window) String() string {
	return fmt.Sprintf("window of %d rows at %d: %d vars, %d clauses", w.n, w.base, w.cnf.NumVars(), w.cnf.NumClauses())
}
