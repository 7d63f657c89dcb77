package logic

// The sequential counter of C. Sinz, "Towards an optimal CNF encoding of
// Boolean cardinality constraints", CP 2005, LNCS 3709, 827-831 (the
// encoding LTseq), for "at most k of x1..xn". Registers s(i,j), for the
// prefixes i = 1..n-1 and j = 1..k, mean "at least j of x1..xi are true",
// in one direction only (a lower bound on the count):
//
//	!x1 || s(1,1)
//	!s(1,j)                                 for 1 < j <= k
//	!xi || s(i,1)                           for 1 < i < n
//	!s(i-1,1) || s(i,1)
//	!xi || !s(i-1,j-1) || s(i,j)            for 1 < j <= k
//	!s(i-1,j) || s(i,j)
//	!xi || !s(i-1,k)                        (the k+1st true input)
//	!xn || !s(n-1,k)
//
// (n-1)k auxiliary variables and 2nk + n - 3k - 1 clauses, against the
// totalizer's O(n log k) and O(nk); unit propagation alone enforces the
// bound, as with the totalizer. Since the registers are only bounded below,
// a satisfying assignment of x1..xn may extend to them in more than one
// way: count models on the inputs (Count), not on every variable.

// AddAtMostSeq adds clauses to c that hold exactly when at most k of lits
// are true, like AddAtMost, but with Sinz's sequential counter (CP 2005)
// instead of a totalizer. Each literal counts on its own: a literal given
// twice counts twice, True counts 1 and False 0. For k < 0 the empty
// clause is added (c is then false); when k is at least the number of
// inputs that are not False, nothing.
//
// No auxiliary variable is allocated when unit clauses (none of them) or
// one clause (not all of them) express the constraint, after the constants
// are taken away; otherwise, for m other inputs, (m-1)k variables and
// 2mk + m - 3k - 1 clauses, as in Sinz's paper. The registers are not
// functions of lits: a satisfying assignment of lits may extend in more
// than one way.
//
// AddAtMostSeq panics if a literal is zero or names a variable that c has
// not allocated.
func AddAtMostSeq(c *CNF, lits []Lit, k int) {
	x, ones := foldConsts(c, "AddAtMostSeq", lits)
	k -= ones
	n := len(x)
	if k <= 0 || k >= n-1 {
		addAtMost(c, x, k) // no auxiliary variable needed
		return
	}
	// s(i, j) for i = 1..n-1 and j = 1..k, allocated row by row.
	first := Lit(c.NewVars((n - 1) * k))
	s := func(i, j int) Lit { return first + Lit((i-1)*k+j-1) }

	c.Add(x[0].Not(), s(1, 1))
	for j := 2; j <= k; j++ {
		c.Add(s(1, j).Not())
	}
	for i := 2; i < n; i++ {
		xi := x[i-1]
		c.Add(xi.Not(), s(i, 1))
		c.Add(s(i-1, 1).Not(), s(i, 1))
		for j := 2; j <= k; j++ {
			c.Add(xi.Not(), s(i-1, j-1).Not(), s(i, j))
			c.Add(s(i-1, j).Not(), s(i, j))
		}
		c.Add(xi.Not(), s(i-1, k).Not())
	}
	c.Add(x[n-1].Not(), s(n-1, k).Not())
}
