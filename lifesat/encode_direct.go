package lifesat

// The direct encoding: each cell's transition as the minimal CNF of the
// Boolean function of its ten variables, for any rule's transition table (the cell, its eight neighbours,
// its next state), with no auxiliary variables. This is the blog's
//
//	BooleanConvert[(b[t,i,j] && (b[t+1,i,j] <=> count in S)) ||
//	              (!b[t,i,j] && (b[t+1,i,j] <=> count in B)), "CNF"]
//
// computed once per rule and per shape of the cell's inputs (cells at the
// edge of the box, whose outside neighbours are constant False, and
// still-life cells, whose next state is the cell itself, have shapes of
// their own) by logic.Table and logic.MinimalCNF. Bosch's IP2 formulation
// (SIAM Review 41(3), 1999) is the same idea in integer form: one
// inequality per forbidden neighbourhood.

import (
	"context"

	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

type directEncoder struct {
	table *logic.Table
}

func newDirect(r rule.Rule) *directEncoder {
	// Input 0 is the cell, inputs 1..8 its neighbours in the order of
	// rule.Offsets(), input 9 its next state.
	t := logic.NewTable(10, func(row uint32) (bool, bool) {
		n := rule.Neighbourhood(0)
		if row&1 == 1 {
			n = rule.Centre
		}
		for i, o := range rule.Offsets() {
			if row>>(1+i)&1 == 1 {
				n |= rule.Bit(o[0], o[1])
			}
		}
		next := row>>9&1 == 1
		// A partial rule's free transitions are left to partialDirect:
		// true here, not don't-cares, which the minimal CNF could make
		// false and so forbid.
		return next == r.Transition(n) || r.Free(n), false
	})
	return &directEncoder{table: t}
}

// partialDirect is the direct encoding under a partial rule: the known
// transitions as direct writes them (the minimal CNF of the function
// that is also true on every free neighbourhood), and for each free
// neighbourhood n, two clauses (cell and neighbours == n) -> (next <->
// trans[n]), where trans[n] is the variable of n's transition (one per
// isotropic class, or per neighbourhood for a MAP rule; see
// Instance.Transition).
type partialDirect struct {
	*directEncoder
	rule  rule.Rule
	trans *[512]logic.Lit
}

func (d *partialDirect) size(cur, next grid, area region) (clauses, lits int) {
	clauses, lits = d.directEncoder.size(cur, next, area)
	free := 0
	for n := range rule.Neighbourhood(512) {
		if d.rule.Free(n) {
			free++
		}
	}
	cells := area.cells()
	return clauses + 2*free*cells, lits + 2*11*free*cells
}

func (d *partialDirect) step(ctx context.Context, c *logic.CNF, phased bool, cur, next grid, area region) error {
	if err := d.directEncoder.step(ctx, c, phased, cur, next, area); err != nil {
		return err
	}
	var cl [11]logic.Lit
	return d.each(ctx, cur, next, area, func(in []logic.Lit) {
		for n := range rule.Neighbourhood(512) {
			if !d.rule.Free(n) {
				continue
			}
			// Input 0 is the centre, inputs 1..8 the neighbours.
			cl[0] = in[0].Xor(n.Alive()) // false when the cell is as in n
			for i, o := range rule.Offsets() {
				cl[1+i] = in[1+i].Xor(n&rule.Bit(o[0], o[1]) != 0)
			}
			t := d.trans[n]
			cl[9], cl[10] = in[9].Not(), t
			c.Add(cl[:]...)
			cl[9], cl[10] = in[9], t.Not()
			c.Add(cl[:]...)
		}
	})
}

// size is exact: the sum of the sizes of the cells' minimal CNFs (for
// Life, 190 clauses of 8.8 literals for an inner cell's transition, 134
// for a still-life cell).
func (d *directEncoder) size(cur, next grid, area region) (clauses, lits int) {
	d.each(context.Background(), cur, next, area, func(in []logic.Lit) {
		c, l := d.table.Size(in...)
		clauses += c
		lits += l
	})
	return clauses, lits
}

func (d *directEncoder) step(ctx context.Context, c *logic.CNF, _ bool, cur, next grid, area region) error {
	return d.each(ctx, cur, next, area, func(in []logic.Lit) { d.table.Assert(c, in...) })
}

// each calls f with the table's inputs for every cell of area, row by
// row; in is reused from call to call. It returns ctx.Err() when it sees,
// at the start of a row, that ctx has ended.
func (d *directEncoder) each(ctx context.Context, cur, next grid, area region, f func(in []logic.Lit)) error {
	var in [10]logic.Lit
	return area.each(ctx, func(x, y int) {
		in[0] = cur(x, y)
		for i, o := range rule.Offsets() {
			in[1+i] = cur(x+o[0], y+o[1])
		}
		in[9] = next(x, y)
		f(in[:])
	})
}
