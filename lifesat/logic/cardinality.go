package logic

// Cardinality constraints as clauses: at least, at most or exactly k of a
// list of literals are true, and the Totalizer, whose unary outputs let one
// incremental session ask for a different bound at every Solve, through
// assumptions.
//
// The encoding is the totalizer of O. Bailleux and Y. Boufkhad, "Efficient
// CNF encoding of Boolean cardinality constraints", CP 2003, LNCS 2833,
// 108-122. A binary tree of unary adders: a node over m inputs has outputs
// r1..rm, ri meaning "at least i of my inputs are true", computed from
// its children's outputs a and b (with a0 = b0 = True and outputs past the
// end False) by
//
//	C1: ai && bj => r(i+j)            (the count is at least i+j)
//	C2: r(i+j+1) => a(i+1) || b(j+1)  (the count is at most i+j)
//
// Both clause sets are added, so every output, and every auxiliary
// variable, is a function of the inputs: an assignment of the inputs
// extends to the auxiliary variables in exactly one way. Outputs above the
// largest count needed are cut off at every node, as in the k-simplified
// totalizer of M. Buttner and J. Rintanen, "Satisfiability planning with
// constraints on the number of actions", ICAPS 2005: the top output of a
// cut-off node means "at least top". Knuth, TAOCP 7.2.2.2, discusses the
// same clauses.
//
// Sizes, with n = 2^p inputs (all of them variables): the full totalizer
// has n*p auxiliary variables and n*(n-1) + 2*n*p clauses; cut off at 4
// outputs it has 3n-4 variables and 13n-24 clauses (n >= 8). In general a
// cut-off at L outputs costs O(n log L) variables and O(n L) clauses.
//
// The sequential counter of Sinz (at most k, one direction only) is in
// cardinality_seq.go. CNF.Assert uses totalize for large counting
// functions (counting.go).

import (
	"context"
	"fmt"
)

// A Totalizer counts how many of its input literals are true, in unary:
// Output(k) is a literal that is true exactly when at least k inputs are
// true (O. Bailleux and Y. Boufkhad, "Efficient CNF encoding of Boolean
// cardinality constraints", CP 2003). Each input counts on its own, as in
// CountingFunction: a literal given twice counts twice, True counts 1 and
// False 0.
//
// The equivalence holds in both directions, so an output can be asserted
// or assumed either way: Output(k) for "at least k", Output(k).Not() for
// "fewer than k", Output(k+1).Not() for "at most k". That is what makes
// incremental optimization work: load the formula and the totalizer into
// one Session once, then Solve(ctx, t.Output(k)) for rising k until the
// answer is Unsat, which proves that k inputs cannot all be true.
//
// Output may return a constant literal (True or False); Gophersat sessions
// accept constants as assumptions.
type Totalizer struct {
	n     int   // number of inputs
	limit int   // largest count with an output, 0..n
	ones  int   // inputs that are the constant True
	free  int   // inputs that are not constants
	out   []Lit // out[i] is "at least ones+i+1 inputs are true"
}

// NewTotalizer adds to c a totalizer over lits with outputs for the counts
// 1..limit; limit is clamped to 0..len(lits). Build it up to the largest
// count that will be asked for: limit k+1 for "at most k".
//
// Constant inputs only shift the outputs; they, the outputs they decide and
// a single variable input (its own output) need no auxiliary variable. The
// other inputs get a totalizer cut off at limit outputs (its size is in
// the comment of cardinality.go). The auxiliary variables are allocated with
// c.NewVar, each after those it depends on, and each is a function of the
// inputs, so the clauses constrain nothing by themselves: every assignment
// of the inputs extends to them in exactly one way.
//
// NewTotalizer panics if a literal is zero or names a variable that c has
// not allocated. It does not keep lits.
func NewTotalizer(c *CNF, lits []Lit, limit int) *Totalizer {
	free, ones := foldConsts(c, "NewTotalizer", lits)
	limit = min(max(limit, 0), len(lits))
	t := &Totalizer{n: len(lits), limit: limit, ones: ones, free: len(free)}
	if top := limit - ones; top > 0 && len(free) > 0 {
		t.out = totalize(c, free, top)
	}
	return t
}

// NewTotalizerContext is NewTotalizer that looks at ctx as it goes (at
// every node over 256 inputs or more) and returns ctx.Err() when ctx has
// ended; c then holds part of a totalizer and should be dropped. Use
// TotalizerSize first: the full totalizer over n inputs has about n*n
// clauses.
func NewTotalizerContext(ctx context.Context, c *CNF, lits []Lit, limit int) (*Totalizer, error) {
	free, ones := foldConsts(c, "NewTotalizer", lits)
	limit = min(max(limit, 0), len(lits))
	t := &Totalizer{n: len(lits), limit: limit, ones: ones, free: len(free)}
	if top := limit - ones; top > 0 && len(free) > 0 {
		var err error
		if t.out, err = totalizeContext(ctx, c, free, top); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// Output is a literal that is true exactly when at least k inputs are
// true: True for k <= 0, False for k > Len(). For 0 < k <= Limit() it is
// an output of the totalizer, or a constant when the constant inputs
// decide the count: True when k inputs are True, False when fewer than k
// inputs are not False.
//
// Output panics for Limit() < k <= Len(): those outputs were not built.
func (t *Totalizer) Output(k int) Lit {
	switch {
	case k <= 0:
		return True
	case k > t.n:
		return False
	case k > t.limit:
		panic(fmt.Sprintf("logic: Totalizer.Output(%d): outputs built only up to %d", k, t.limit))
	case k <= t.ones:
		return True
	case k > t.ones+t.free:
		return False
	}
	return t.out[k-t.ones-1]
}

// Len is the number of inputs, constants included.
func (t *Totalizer) Len() int { return t.n }

// Limit is the largest count with a built output, the limit given to
// NewTotalizer clamped to 0..Len(): Output(k) is defined for k <= Limit()
// and for k > Len().
func (t *Totalizer) Limit() int { return t.limit }

// AddAtLeast adds clauses to c that hold exactly when at least k of lits
// are true, BooleanCountingFunction[{k, Length[lits]}, lits] as clauses.
// Each literal counts on its own: a literal given twice counts twice, True
// counts 1 and False 0. For k <= 0 nothing is added; when k is more than
// the inputs that are not False, the empty clause (c is then false).
//
// No auxiliary variable is allocated when one clause (at least 1) or unit
// clauses (all of them) express the constraint, after the constants are
// taken away; otherwise a Totalizer cut off at k and the unit clause
// Output(k). Its auxiliary variables are functions of lits, so the
// satisfying assignments of lits extend in exactly one way.
//
// AddAtLeast panics if a literal is zero or names a variable that c has not
// allocated.
func AddAtLeast(c *CNF, lits []Lit, k int) {
	free, ones := foldConsts(c, "AddAtLeast", lits)
	addAtLeast(c, free, k-ones)
}

// AddAtMost adds clauses to c that hold exactly when at most k of lits are
// true, BooleanCountingFunction[k, lits] as clauses. Each literal counts on
// its own, as for AddAtLeast. For k < 0 the empty clause is added (c is then
// false); when k is at least the number of inputs that are not False,
// nothing.
//
// No auxiliary variable is allocated when unit clauses (none of them) or
// one clause (not all of them) express the constraint, after the constants
// are taken away; otherwise a Totalizer cut off at k+1 and the unit clause
// Output(k+1).Not(). Its auxiliary variables are functions of lits, so the
// satisfying assignments of lits extend in exactly one way. AddAtMostSeq
// is the sequential counter, smaller for a small k.
//
// AddAtMost panics if a literal is zero or names a variable that c has not
// allocated.
func AddAtMost(c *CNF, lits []Lit, k int) {
	free, ones := foldConsts(c, "AddAtMost", lits)
	addAtMost(c, free, k-ones)
}

// AddExactly adds clauses to c that hold exactly when exactly k of lits are
// true, BooleanCountingFunction[{k}, lits] as clauses. Each literal counts
// on its own, as for AddAtLeast. When the constants make the count
// impossible (k < 0 included), the empty clause is added.
//
// It is AddAtLeast and AddAtMost together, except that the two share one
// Totalizer, cut off at k+1, with the unit clauses Output(k) and
// Output(k+1).Not(); when either half needs no auxiliary variable, the
// halves are added separately.
//
// AddExactly panics if a literal is zero or names a variable that c has not
// allocated.
func AddExactly(c *CNF, lits []Lit, k int) {
	free, ones := foldConsts(c, "AddExactly", lits)
	k -= ones
	switch m := len(free); {
	case k < 0 || k > m:
		c.Add()
	case k <= 1 || k >= m-1:
		addAtLeast(c, free, k)
		addAtMost(c, free, k)
	default:
		u := totalize(c, free, k+1)
		c.Add(u[k-1])
		c.Add(u[k].Not())
	}
}

// addAtLeast is AddAtLeast on lits without constants.
func addAtLeast(c *CNF, lits []Lit, k int) {
	switch m := len(lits); {
	case k <= 0:
	case k > m:
		c.Add()
	case k == 1:
		c.Add(lits...)
	case k == m:
		for _, l := range lits {
			c.Add(l)
		}
	default:
		c.Add(totalize(c, lits, k)[k-1])
	}
}

// addAtMost is AddAtMost on lits without constants.
func addAtMost(c *CNF, lits []Lit, k int) {
	switch m := len(lits); {
	case k < 0:
		c.Add()
	case k >= m:
	case k == 0:
		for _, l := range lits {
			c.Add(l.Not())
		}
	case k == m-1:
		c.Add(negated(lits)...)
	default:
		c.Add(totalize(c, lits, k+1)[k].Not())
	}
}

// negated is the negations of lits, in a new slice.
func negated(lits []Lit) []Lit {
	neg := make([]Lit, len(lits))
	for i, l := range lits {
		neg[i] = l.Not()
	}
	return neg
}

// foldConsts checks lits for the cardinality encoders called name and
// returns those that are not constants, in a new slice, and the number of
// True among them.
func foldConsts(c *CNF, name string, lits []Lit) (free []Lit, ones int) {
	for i, l := range lits {
		switch {
		case l == True:
			ones++
		case l == False:
		case l == 0 || int(l.Var()) > c.NumVars():
			panic(fmt.Sprintf("logic: %s: literal %d (%d) out of range 1..%d", name, i, l, c.NumVars()))
		default:
			free = append(free, l)
		}
	}
	return free, ones
}

// totalize adds a totalizer over in, cut off at top outputs, and returns
// its outputs u1..us, s = min(len(in), top): ui is true exactly when at
// least i of in are true (us: at least s). The inputs must not be
// constants, and top >= 1. A single input is its own output.
func totalize(c *CNF, in []Lit, top int) []Lit {
	r, _ := totalizeContext(context.Background(), c, in, top)
	return r
}

// totalizeContext is totalize that returns ctx.Err() when it sees that ctx
// has ended, at the nodes over 256 inputs or more.
func totalizeContext(ctx context.Context, c *CNF, in []Lit, top int) ([]Lit, error) {
	if len(in) == 1 {
		return in[:1:1], nil
	}
	if len(in) >= 256 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	h := len(in) / 2
	a, err := totalizeContext(ctx, c, in[:h], top)
	if err != nil {
		return nil, err
	}
	b, err := totalizeContext(ctx, c, in[h:], top)
	if err != nil {
		return nil, err
	}
	s := min(len(a)+len(b), top)
	r := make([]Lit, s)
	for i := range r {
		r[i] = c.NewVar().Pos()
	}
	// at is output i of x, with x_0 = True; past the end it is False, which
	// is only ever asked of an output list that was not cut off.
	at := func(x []Lit, i int) Lit {
		switch {
		case i == 0:
			return True
		case i > len(x):
			return False
		}
		return x[i-1]
	}
	for i := 0; i <= len(a); i++ {
		if len(in) >= 256 && i%16 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for j := 0; j <= len(b); j++ {
			if k := i + j; 1 <= k && k <= s {
				// C1: a_i && b_j => r_(i+j)
				c.Add(at(a, i).Not(), at(b, j).Not(), r[k-1])
			}
			if k := i + j + 1; k <= s {
				// C2: r_(i+j+1) => a_(i+1) || b_(j+1)
				c.Add(at(a, i+1), at(b, j+1), r[k-1].Not())
			}
		}
	}
	return r, nil
}
