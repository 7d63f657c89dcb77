package lifesat

// The Knuth encoding: neighbour counts by Bailleux-Boufkhad totalizers
// (O. Bailleux and Y. Boufkhad, "Efficient CNF encoding of Boolean
// cardinality constraints", CP 2003), with partial sums shared between
// neighbouring cells as in D. E. Knuth's SAT-LIFE programs (see the seed
// program sat-life-grid90 and TAOCP 7.2.2.2, "Life" exercises).
//
// A count is kept in unary: u[k-1] is true exactly when at least k of its
// cells are alive. Two counts a and b merge into r with the clauses
//
//	a_i AND b_j -> r_(i+j)          (at least)
//	r_(i+j+1) -> a_(i+1) OR b_(j+1) (at most)
//
// so r is exact in both directions. The eight neighbours of cell (x, y)
// are split the way Knuth splits them:
//
//   - the four cells above and below the column pair {2c, 2c+1} that
//     holds x: a 4-count shared by the two cells of the pair, built from
//     two horizontal pair counts, each of which serves the rows above and
//     below it;
//   - the three cells of the outer column beside the pair, and the other
//     cell of the pair: a vertical pair count, shared by two cells one
//     above the other, plus an unshared pair.
//
// Only the counts the rule can tell apart are built: for Life, "at least
// 2", "at least 3" and "at least 4" of the final sum, so each cell costs
// about 13 auxiliary variables and 60 clauses instead of 19 and 82
// without sharing, close to Knuth's figures. The next-state clauses are
// the minimal CNF of the rule over (cell, next, count thresholds) with
// non-monotone counts as don't-cares; for Life they are Knuth's five.

import (
	"image"

	"github.com/lifesat/lifesat/lifesat/logic"
)

type knuth struct {
	thresholds []int // counts at which the rule's outcome changes
	cap        int   // the largest threshold: counts above it are alike
	out        *logic.Table
}

func newKnuth(r Rule) *knuth {
	k := &knuth{}
	for n := 1; n <= 8; n++ {
		if r.Next(false, n) != r.Next(false, n-1) || r.Next(true, n) != r.Next(true, n-1) {
			k.thresholds = append(k.thresholds, n)
		}
	}
	if len(k.thresholds) > 0 {
		k.cap = k.thresholds[len(k.thresholds)-1]
	}
	m := len(k.thresholds)
	// Inputs: 0 the cell, 1 its next state, 2.. "at least threshold i".
	k.out = logic.NewTable(2+m, func(row uint32) (bool, bool) {
		alive, next := row&1 == 1, row>>1&1 == 1
		count := 0
		for i := range m {
			if row>>(2+i)&1 == 1 {
				if i > 0 && row>>(1+i)&1 == 0 {
					return false, true // not monotone: cannot happen
				}
				count = k.thresholds[i]
			}
		}
		return next == r.Next(alive, count), false
	})
	return k
}

// A unary is a count in unary notation: u[k-1] is "at least k". Entries
// may be constants. Its length is the largest count it can reach, or the
// cap, whichever is smaller.
type unary []logic.Lit

// at is "at least k" (k >= 1); counts beyond the length are impossible.
// Callers never ask beyond the cap.
func (u unary) at(k int) logic.Lit {
	if k <= 0 {
		return logic.True
	}
	if k > len(u) {
		return logic.False
	}
	return u[k-1]
}

// merge returns the sum of a and b, truncated at cap, with outputs only for
// the counts in want (all counts 1..cap when want is nil); other entries
// of the result are left 0 and must not be used.
func merge(c *logic.CNF, d *defs, a, b unary, cap int, want []int) unary {
	// A count that is always zero adds nothing. (The inputs are always
	// complete counts, so the other one can serve as the result.)
	if allFalse(a) {
		return truncate(b, cap)
	}
	if allFalse(b) {
		return truncate(a, cap)
	}
	n := min(len(a)+len(b), cap)
	r := make(unary, n)
	define := func(k int) {
		v := c.NewVar().Pos()
		d.add(v.Var(), a, b, k)
		r[k-1] = v
		for i := 0; i <= k; i++ {
			j := k - i
			if i <= len(a) && j <= len(b) {
				c.Add(a.at(i).Not(), b.at(j).Not(), v)
			}
		}
		for i := 0; i < k; i++ {
			c.Add(a.at(i+1), b.at(k-i), v.Not())
		}
	}
	if want == nil {
		for k := 1; k <= n; k++ {
			define(k)
		}
	} else {
		for _, k := range want {
			if k <= n {
				define(k)
			}
		}
	}
	return r
}

func allFalse(u unary) bool {
	for _, l := range u {
		if l != logic.False {
			return false
		}
	}
	return true
}

func truncate(u unary, cap int) unary {
	for len(u) > 0 && u[len(u)-1] == logic.False {
		u = u[:len(u)-1]
	}
	if len(u) > cap {
		u = u[:cap]
	}
	return u
}

// single is the count of one cell.
func single(l logic.Lit) unary {
	if l == logic.False {
		return nil
	}
	return unary{l}
}

// perCell: about 60 clauses of 3 literals and 13 counters per cell.
func (k *knuth) perCell() (int, int) { return 64, 200 }

func (k *knuth) step(c *logic.CNF, d *defs, cur, next grid, area image.Rectangle) {
	m := len(k.thresholds)
	in := make([]logic.Lit, 2+m)
	if m == 0 {
		// The count never matters: the next state depends on the cell alone.
		for y := area.Min.Y; y < area.Max.Y; y++ {
			for x := area.Min.X; x < area.Max.X; x++ {
				in[0], in[1] = cur(x, y), next(x, y)
				k.out.Assert(c, in...)
			}
		}
		return
	}
	pair := func(a, b logic.Lit) unary {
		return merge(c, d, single(a), single(b), k.cap, nil)
	}
	// Shared counts, keyed by position.
	horiz := map[image.Point]unary{} // cells (2c, r), (2c+1, r), keyed (c, r)
	quad := map[image.Point]unary{}  // H(c, y-1) + H(c, y+1), keyed (c, y)
	vert := map[image.Point]unary{}  // cells (x, r), (x, r+1), keyed (x, r)
	h := func(cp, r int) unary {
		p := image.Pt(cp, r)
		u, ok := horiz[p]
		if !ok {
			u = pair(cur(2*cp, r), cur(2*cp+1, r))
			horiz[p] = u
		}
		return u
	}
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			cp := floorDiv(x, 2)
			qp := image.Pt(cp, y)
			q, ok := quad[qp]
			if !ok {
				q = merge(c, d, h(cp, y-1), h(cp, y+1), k.cap, nil)
				quad[qp] = q
			}
			// The outer column and the other cell of the pair.
			col, other := x+1, x-1
			if x-2*cp == 0 {
				col, other = x-1, x+1
			}
			// The vertical pair is rows (y-1, y) for even y and (y, y+1)
			// for odd y, so cells (x, 2j-1) and (x, 2j) share it; the
			// third cell of the column goes with the other cell.
			top, third := y-1, y+1
			if y-2*floorDiv(y, 2) == 1 {
				top, third = y, y-1
			}
			vp := image.Pt(col, top)
			v, ok := vert[vp]
			if !ok {
				v = pair(cur(col, top), cur(col, top+1))
				vert[vp] = v
			}
			g := pair(cur(col, third), cur(other, y))
			side := merge(c, d, v, g, k.cap, nil)
			a := merge(c, d, q, side, k.cap, k.thresholds)
			in[0], in[1] = cur(x, y), next(x, y)
			for i, t := range k.thresholds {
				in[2+i] = a.at(t)
			}
			k.out.Assert(c, in...)
		}
	}
}
