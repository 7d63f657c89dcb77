package logic

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
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
// such shape is computed once and cached as a template, so that asserting
// it again only substitutes the literals. A Table is safe for concurrent
// use.
type Table struct {
	n     int
	eval  func(row uint32) (value, dontCare bool)
	mu    sync.Mutex
	cache map[shape]*template
	// last is the template found last, tried before the map: most cells
	// of a row have the shape of the cell before.
	last atomic.Pointer[template]
}

// A shape records, for each input, 0 for False, 1 for True, or 2+2k+neg
// for the k-th distinct variable, with neg 0 when the input is the
// literal the variable first appears as, 1 when it is its negation. The
// polarities of the variables themselves are not part of the shape: a
// formula whose variables are flipped (CNF.Flip) reuses the templates
// of the unflipped one.
type shape [MaxTableInputs]int8

// A template is the minimal CNF of a Table restricted to one shape, laid
// out flat as a CNF stores its clauses: lits holds slot codes, 2k for the
// k-th distinct variable of the shape and 2k+1 for its negation, and
// clause i stops at ends[i]. Asserting it is one substitution loop.
type template struct {
	key   shape
	lits  []uint8
	ends  []int32
	empty bool // the restricted function is false: an empty clause
}

// slots holds the literal of every slot code of a template: slots[2k] is
// the k-th distinct variable of the inputs, as it first appears, and
// slots[2k+1] its negation. Its length is a power of two above
// 2*MaxTableInputs, so that a code masked by slotCodes-1 needs no bounds
// check.
type slots [slotCodes]Lit

const slotCodes = 32

// NewTable returns the function of n inputs whose value on a row is
// eval(row), input i being bit i of row. Rows for which eval reports
// dontCare may take either value: the clauses are free to choose.
func NewTable(n int, eval func(row uint32) (value, dontCare bool)) *Table {
	if n < 0 || n > MaxTableInputs {
		panic(fmt.Sprintf("logic: NewTable: %d inputs, want 0..%d", n, MaxTableInputs))
	}
	return &Table{n: n, eval: eval, cache: make(map[shape]*template)}
}

// Inputs is the number of inputs.
func (t *Table) Inputs() int { return t.n }

// Assert adds clauses to c that hold exactly when the function is true on
// the literals in (one literal per input; constants allowed).
func (t *Table) Assert(c *CNF, in ...Lit) {
	key, nslots, sub := t.bind("Assert", in)
	for k := range nslots {
		if l := sub[2*k]; int(l.Var()) > c.nvars {
			panic(fmt.Sprintf("logic: Table.Assert: literal %d out of range 1..%d", l, c.nvars))
		}
	}
	t.template(key, nslots).add(c, &sub)
}

// Size is the number of clauses, and of literals in all, that Assert adds
// for the literals in (the empty clause of a shape on which the function
// is false is not counted). Encoders call it to size a large formula up
// front with CNF.Grow.
func (t *Table) Size(in ...Lit) (clauses, lits int) {
	key, nslots, _ := t.bind("Size", in)
	tm := t.template(key, nslots)
	return len(tm.ends), len(tm.lits)
}

// bind finds the shape of the inputs and the literal of each of its slot
// codes.
func (t *Table) bind(method string, in []Lit) (key shape, nslots int, sub slots) {
	if len(in) != t.n {
		panic(fmt.Sprintf("logic: Table.%s: %d literals for %d inputs", method, len(in), t.n))
	}
	for i, l := range in {
		switch l {
		case False:
			key[i] = 0
			continue
		case True:
			key[i] = 1
			continue
		case 0:
			panic(fmt.Sprintf("logic: Table.%s: literal 0", method))
		}
		k, neg := 0, int8(0)
		for k < nslots && sub[2*k] != l && sub[2*k+1] != l {
			k++
		}
		if k == nslots {
			sub[2*k], sub[2*k+1] = l, -l
			nslots++
		} else if sub[2*k+1] == l {
			neg = 1
		}
		key[i] = 2 + 2*int8(k) + neg
	}
	return key, nslots, sub
}

// template returns the cached template of a shape, minimizing the function
// on first use.
func (t *Table) template(key shape, nslots int) *template {
	if tm := t.last.Load(); tm != nil && tm.key == key {
		return tm
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	tm, ok := t.cache[key]
	if !ok {
		tm = t.minimize(key, nslots)
		t.cache[key] = tm
	}
	t.last.Store(tm)
	return tm
}

// add appends the template's clauses to c, slot code s standing for
// sub[s].
func (tm *template) add(c *CNF, sub *slots) {
	if tm.empty {
		c.empty = true
	}
	n, base := len(c.lits), int32(len(c.lits))
	c.lits = slices.Grow(c.lits, len(tm.lits))[:n+len(tm.lits)]
	dst := c.lits[n:][:len(tm.lits)]
	for i, s := range tm.lits {
		dst[i] = sub[s&(slotCodes-1)]
	}
	m := len(c.ends)
	c.ends = slices.Grow(c.ends, len(tm.ends))[:m+len(tm.ends)]
	ends := c.ends[m:][:len(tm.ends)]
	for i, e := range tm.ends {
		ends[i] = base + e
	}
}

// minimize computes the minimal CNF of the function restricted to a shape,
// over its nslots distinct variables.
func (t *Table) minimize(key shape, nslots int) *template {
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
	tm := &template{key: key}
	for _, cl := range MinimalCNF(nslots, table, dc) {
		if len(cl) == 0 {
			tm.empty = true
			continue
		}
		for _, l := range cl {
			// MinimalCNF writes slot k as k+1 or -(k+1).
			code := 2 * (l.Var() - 1)
			if l < 0 {
				code++
			}
			tm.lits = append(tm.lits, uint8(code))
		}
		tm.ends = append(tm.ends, int32(len(tm.lits)))
	}
	return tm
}
