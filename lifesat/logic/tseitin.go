package logic

// The Tseitin encoding of a formula: one fresh variable for each compound
// subformula, defined by the clauses of its gate, so the CNF grows linearly
// with the formula. G. S. Tseitin, "On the complexity of derivation in
// propositional calculus", Studies in Constructive Mathematics and
// Mathematical Logic, Part 2, Steklov Institute seminars 8 (1968; English
// translation 1970, 115-125); reprinted in Automation of Reasoning 2,
// Springer 1983, 466-483.
//
// Both directions of every definition are added, so each auxiliary
// variable is a function of the formula's variables. Counting functions
// are encoded in counting.go.

import (
	"cmp"
	"slices"
)

// Assert adds clauses to c that hold exactly when f is true: an assignment
// of f's variables satisfies f if and only if it extends to a model of the
// added clauses, and then in exactly one way, since every auxiliary
// variable is defined as a function of f's variables. So f and its clauses
// have as many models, even counted with the auxiliary variables.
//
// Assert first allocates the variables up to the largest one f mentions,
// if c does not have them yet (so a formula over x1..x9 can be asserted on
// an empty CNF), then allocates the auxiliary variables with c.NewVar.
//
// The encoding is Tseitin's with the usual simplifications: constants are
// folded; a top-level And becomes one group of clauses per argument, a
// top-level Or of literals one clause, a top-level Equivalent a cycle of
// implications, a negation is pushed into its argument; an And or Or of
// literals that repeats or contradicts itself is folded. Counting functions
// of a few literals are expanded from their truth table, larger ones use a
// totalizer (Bailleux and Boufkhad 2003), shared by the counting functions
// of one Assert over the same literals. Assert panics if f is nil.
func (c *CNF) Assert(f Formula) {
	checkArgs("Assert", f)
	c.allocate(f)
	t := tseitin{c: c}
	t.assert(f, true)
}

// allocate allocates the variables up to the largest one f mentions.
func (c *CNF) allocate(f Formula) {
	if m := int(maxVar(f)); m > c.nvars {
		c.NewVars(m - c.nvars)
	}
}

// A tseitin adds the clauses of formulas to a CNF.
type tseitin struct {
	c *CNF
	// totals caches the totalizer outputs built for a list of literals,
	// keyed by its fmt.Sprint.
	totals map[string][]Lit
}

// constant returns Const(b) when want is nil; otherwise it asserts that
// the constant b has the value *want (adding the empty clause if not) and
// returns 0.
func (t *tseitin) constant(b bool, want *bool) Lit {
	if want == nil {
		return Const(b)
	}
	if b != *want {
		t.c.Add()
	}
	return 0
}

// assert adds clauses that hold exactly when f has the value want.
func (t *tseitin) assert(f Formula, want bool) {
	switch f := f.(type) {
	case litFormula:
		t.c.Add(f.l.Xor(!want))
	case notFormula:
		t.assert(f.f, !want)
	case andFormula:
		if want {
			for _, g := range f {
				t.assert(g, true)
			}
		} else {
			t.c.Add(t.lits(f, true)...) // some argument is false
		}
	case orFormula:
		if want {
			t.c.Add(t.lits(f, false)...)
		} else {
			for _, g := range f {
				t.assert(g, false)
			}
		}
	case impliesFormula:
		if want {
			t.c.Add(t.lit(f.a).Not(), t.lit(f.b))
		} else {
			t.assert(f.a, true)
			t.assert(f.b, false)
		}
	case xorFormula:
		ls, odd := foldXor(t.lits(f, false))
		if len(ls) == 0 {
			t.constant(odd, &want)
			return
		}
		// Xor(ls) is odd != (x != last): it equals want exactly when x
		// and last are equal, if want == odd.
		x := t.xor(ls[:len(ls)-1])
		t.equal(x, ls[len(ls)-1], want == odd)
	case equivFormula:
		ls := t.lits(f, false)
		switch {
		case len(ls) < 2:
			t.constant(true, &want)
		case want: // l1 => l2 => ... => ln => l1
			for i, l := range ls {
				t.c.Add(l.Not(), ls[(i+1)%len(ls)])
			}
		default: // some argument is true and some is false
			t.c.Add(ls...)
			for i := range ls {
				ls[i] = ls[i].Not()
			}
			t.c.Add(ls...)
		}
	case *countingFormula:
		t.counting(f, &want)
	default:
		panic("logic: unknown Formula type")
	}
}

// lits returns the literals of fs, negated if neg is true.
func (t *tseitin) lits(fs []Formula, neg bool) []Lit {
	ls := make([]Lit, len(fs))
	for i, g := range fs {
		ls[i] = t.lit(g).Xor(neg)
	}
	return ls
}

// lit returns a literal equal to f, defining auxiliary variables as
// needed; it is a constant when f folds to one.
func (t *tseitin) lit(f Formula) Lit {
	switch f := f.(type) {
	case litFormula:
		return f.l
	case notFormula:
		return t.lit(f.f).Not()
	case andFormula:
		return t.and(t.lits(f, false))
	case orFormula:
		return t.or(t.lits(f, false))
	case impliesFormula:
		return t.or([]Lit{t.lit(f.a).Not(), t.lit(f.b)})
	case xorFormula:
		ls, odd := foldXor(t.lits(f, false))
		return t.xor(ls).Xor(odd)
	case equivFormula:
		ls := t.lits(f, false)
		switch len(ls) {
		case 0, 1:
			return True
		case 2:
			ls, odd := foldXor(ls)
			return t.xor(ls).Xor(!odd)
		}
		neg := make([]Lit, len(ls))
		for i, l := range ls {
			neg[i] = l.Not()
		}
		return t.or([]Lit{t.and(ls), t.and(neg)})
	case *countingFormula:
		return t.counting(f, nil)
	}
	panic("logic: unknown Formula type")
}

// and returns a literal equal to the conjunction of ls, which it may
// reorder. It folds constants, repeated literals and a literal with its
// negation; otherwise it defines a fresh x with the clauses (!x || l) for
// each l and (x || !l1 || !l2 || ...).
func (t *tseitin) and(ls []Lit) Lit {
	ls = slices.DeleteFunc(ls, func(l Lit) bool { return l == True })
	slices.SortFunc(ls, func(a, b Lit) int { // by variable, -v next to v
		if c := cmp.Compare(a.Var(), b.Var()); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	ls = slices.Compact(ls)
	for i, l := range ls {
		if l == False || i > 0 && ls[i-1] == l.Not() {
			return False
		}
	}
	switch len(ls) {
	case 0:
		return True
	case 1:
		return ls[0]
	}
	x := t.c.NewVar().Pos()
	for _, l := range ls {
		t.c.Add(x.Not(), l)
	}
	for i, l := range ls {
		ls[i] = l.Not()
	}
	t.c.Add(append(ls, x)...)
	return x
}

// or returns a literal equal to the disjunction of ls: !and(!ls).
func (t *tseitin) or(ls []Lit) Lit {
	for i, l := range ls {
		ls[i] = l.Not()
	}
	return t.and(ls).Not()
}

// foldXor removes the constants from ls and cancels repeated variables:
// Xor(ls) == Xor(rest) != odd.
func foldXor(ls []Lit) (rest []Lit, odd bool) {
	count := make(map[Var]int)
	for _, l := range ls {
		switch {
		case l == True:
			odd = !odd
		case l == False:
		default:
			if l.Negative() {
				odd = !odd
			}
			count[l.Var()]++
		}
	}
	for _, l := range ls {
		if l.IsConst() {
			continue
		}
		v := l.Var()
		if count[v]%2 == 1 {
			rest = append(rest, v.Pos())
		}
		delete(count, v)
	}
	return rest, odd
}

// xor returns a literal equal to the exclusive or of ls, which holds no
// constant, chaining two-input gates x = a != b of four clauses each.
func (t *tseitin) xor(ls []Lit) Lit {
	if len(ls) == 0 {
		return False
	}
	acc := ls[0]
	for _, l := range ls[1:] {
		x := t.c.NewVar().Pos()
		t.c.Add(x.Not(), acc, l)
		t.c.Add(x.Not(), acc.Not(), l.Not())
		t.c.Add(x, acc.Not(), l)
		t.c.Add(x, acc, l.Not())
		acc = x
	}
	return acc
}

// equal adds the clauses of a == b, or of a != b when eq is false.
func (t *tseitin) equal(a, b Lit, eq bool) {
	b = b.Xor(!eq)
	t.c.Add(a.Not(), b)
	t.c.Add(a, b.Not())
}
