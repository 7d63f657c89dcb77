package logic

import (
	"fmt"
	"sync"
)

// MaxTableInputs is the largest number of inputs a Table may have.
const MaxTableInputs = 12

// A Table is a Boolean function of at most MaxTableInputs inputs that can
// be asserted on any literals: the BooleanConvert[f, "CNF"] of one cell's
// condition, reused for every cell.
//
// When it is asserted, constant inputs are folded in and inputs that name
// the same variable are merged before the function is minimized
// (MinimalCNF), so a cell at the edge of a box, whose outside neighbours
// are False, or a still-life cell, whose next state is itself, gets the
// minimal clauses of its own restricted function. The minimal CNF of each
// such shape is computed once and cached. A Table is safe for concurrent
// use.
type Table struct {
	n     int
	eval  func(row uint32) (value, dontCare bool)
	mu    sync.Mutex
	cache map[shape][][]int8
}

// A shape records, for each input, 0 for False, 1 for True, or 2+2k+neg
// for the k-th distinct variable, negated when neg is 1.
type shape [MaxTableInputs]int8

// NewTable returns the function of n inputs whose value on a row is
// eval(row), input i being bit i of row. Rows for which eval reports
// dontCare may take either value: the clauses are free to choose.
func NewTable(n int, eval func(row uint32) (value, dontCare bool)) *Table {
	if n < 0 || n > MaxTableInputs {
		panic(fmt.Sprintf("logic: NewTable: %d inputs, want 0..%d", n, MaxTableInputs))
	}
	return &Table{n: n, eval: eval, cache: make(map[shape][][]int8)}
}

// Inputs is the number of inputs.
func (t *Table) Inputs() int { return t.n }

// Assert adds clauses to c that hold exactly when the function is true on
// the literals in (one literal per input; constants allowed).
func (t *Table) Assert(c *CNF, in ...Lit) {
	if len(in) != t.n {
		panic(fmt.Sprintf("logic: Table.Assert: %d literals for %d inputs", len(in), t.n))
	}
	var key shape
	var vars [MaxTableInputs]Var
	nslots := 0
	for i, l := range in {
		switch l {
		case False:
			key[i] = 0
			continue
		case True:
			key[i] = 1
			continue
		}
		if l == 0 || int(l.Var()) > c.nvars {
			panic(fmt.Sprintf("logic: Table.Assert: literal %d out of range 1..%d", l, c.nvars))
		}
		v, neg := l.Var(), int8(0)
		if l < 0 {
			neg = 1
		}
		k := 0
		for k < nslots && vars[k] != v {
			k++
		}
		if k == nslots {
			vars[k] = v
			nslots++
		}
		key[i] = 2 + 2*int8(k) + neg
	}
	t.mu.Lock()
	clauses, ok := t.cache[key]
	if !ok {
		clauses = t.minimize(key, nslots)
		t.cache[key] = clauses
	}
	t.mu.Unlock()
	var buf [MaxTableInputs]Lit
	for _, cl := range clauses {
		lits := buf[:0]
		for _, s := range cl {
			if s > 0 {
				lits = append(lits, vars[s-1].Pos())
			} else {
				lits = append(lits, vars[-s-1].Neg())
			}
		}
		c.addClean(lits)
	}
}

// minimize computes the minimal CNF of the function restricted to a shape,
// over its nslots distinct variables; slot k is written k+1 or -(k+1).
func (t *Table) minimize(key shape, nslots int) [][]int8 {
	size := 1 << nslots
	table := make([]bool, size)
	dc := make([]bool, size)
	for a := range size {
		var row uint32
		for i := range t.n {
			var bit bool
			switch s := key[i]; s {
			case 0:
				bit = false
			case 1:
				bit = true
			default:
				k, neg := (s-2)/2, (s-2)%2 == 1
				bit = (a>>k&1 == 1) != neg
			}
			if bit {
				row |= 1 << i
			}
		}
		table[a], dc[a] = t.eval(row)
	}
	cnf := MinimalCNF(nslots, table, dc)
	out := make([][]int8, len(cnf))
	for i, cl := range cnf {
		out[i] = make([]int8, len(cl))
		for j, l := range cl {
			out[i][j] = int8(l)
		}
	}
	return out
}
