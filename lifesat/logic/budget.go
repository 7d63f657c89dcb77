package logic

// What a formula costs before it is built: the memory a solver session
// needs for it (Footprint), the size of a totalizer (TotalizerSize), and
// loading that can be stopped (StartContext).

import "context"

// Footprint estimates the peak memory, in bytes, of building a formula of
// vars variables and clauses clauses of lits literals in all and loading
// it into a session of s (nil means Gophersat): the CNF itself and the
// solver's copy, fitted to the peaks of still-life and oscillator
// formulas of 2 to 60 million literals (both encodings of package
// lifesat; docs/limits.md). A caller compares it with its budget before building
// a formula that might not fit. It leaves out what solving adds (learned
// clauses).
//
// The figures, per clause, literal and variable:
//
//	gophersat  200 + 12 per literal + 128 per variable
//	gini        64 + 12 per literal + 128 per variable
//	external    64 + 16 per literal +  16 per variable
//	any other   as gophersat
//
// For External they add the CNF and its copy in this process (8 bytes a
// clause and 8 a literal) to the solver process's own: cadical took 490
// MB for the 5.3 million clauses and 36 million literals of a 200x200
// still life, about 50 bytes a clause and 6 a literal.
func Footprint(s Solver, vars, clauses, lits int) int64 {
	perClause, perLit, perVar := int64(200), int64(12), int64(128)
	switch s.(type) {
	case Gini, *Gini:
		perClause = 64
	case External, *External:
		perClause, perLit, perVar = 64, 16, 16
	}
	return perClause*int64(clauses) + perLit*int64(lits) + perVar*int64(vars)
}

// TotalizerSize is the number of auxiliary variables, clauses and
// literals that NewTotalizer adds for n inputs that are all variables,
// with outputs up to limit (clamped to 0..n), computed without building
// it: the full totalizer over n inputs has about n*n clauses, too many to
// build by mistake for large n.
func TotalizerSize(n, limit int) (vars, clauses, lits int64) {
	limit = min(max(limit, 0), n)
	if n <= 1 || limit == 0 {
		return 0, 0, 0
	}
	type size struct{ out, vars, clauses, lits int64 }
	memo := map[int]size{}
	var node func(m int) size
	node = func(m int) size {
		if m == 1 {
			return size{out: 1}
		}
		if s, ok := memo[m]; ok {
			return s
		}
		a, b := node(m/2), node(m-m/2)
		s := min(a.out+b.out, int64(limit))
		r := size{out: s, vars: a.vars + b.vars + s, clauses: a.clauses + b.clauses, lits: a.lits + b.lits}
		// The clauses of totalize, for 0 <= i <= len(a), 0 <= j <= len(b):
		// C1 when 1 <= i+j <= s, with 3 literals but for a_0 and b_0
		// (True, negated away); C2 when i+j+1 <= s, with 3 literals but
		// for a_(i+1) past the end of a and b_(j+1) past the end of b.
		c1 := pairs(a.out, b.out, 1, s)
		c2 := pairs(a.out, b.out, 0, s-1)
		r.clauses += c1 + c2
		r.lits += 3*c1 - pairs(0, b.out, 1, s) - pairs(a.out, 0, 1, s)
		r.lits += 3*c2 - pairs(0, b.out, 0, s-1-a.out) - pairs(a.out, 0, 0, s-1-b.out)
		memo[m] = r
		return r
	}
	r := node(n)
	return r.vars, r.clauses, r.lits
}

// pairs counts the (i, j) with 0 <= i <= la, 0 <= j <= lb and lo <= i+j <= hi.
func pairs(la, lb, lo, hi int64) int64 {
	var n int64
	for i := int64(0); i <= la; i++ {
		jlo, jhi := max(lo-i, 0), min(hi-i, lb)
		if jhi >= jlo {
			n += jhi - jlo + 1
		}
	}
	return n
}

// A ContextStarter is a Solver whose loading of a formula, which takes
// seconds for tens of millions of clauses, stops when ctx ends.
type ContextStarter interface {
	StartContext(ctx context.Context, f *CNF) (Session, error)
}

// StartContext is s.Start(f) that returns ctx.Err() when ctx ends first:
// through s.StartContext when s is a ContextStarter (Gophersat, Gini),
// otherwise by checking ctx before and after Start. A nil s means
// Gophersat.
func StartContext(ctx context.Context, s Solver, f *CNF) (Session, error) {
	s = OrDefault(s)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if cs, ok := s.(ContextStarter); ok {
		return cs.StartContext(ctx, f)
	}
	sess, err := s.Start(f)
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	return sess, nil
}

// checkEvery is how many clauses loading goes through between two looks
// at its context: a few milliseconds of work.
const checkEvery = 1 << 14
