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
//
// Rules of the hexagonal and von Neumann neighbourhoods (rule.Shape) are
// outer-totalistic over their six or four neighbours, and their counts
// are built from pairs too: for the hexagonal shape (NW, N, W, E, S, SE)
// the pairs NW+N and S+SE are horizontal pairs of cells, each of which
// serves two cells (as NW+N of the cell below and to the right of its
// right cell, and as S+SE of the cell above its left cell), and W+E is a
// pair of its own; for the von Neumann shape (N, W, E, S) the pairs N+S
// and W+E serve one cell each.

import (
	"context"
	"image"

	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

type knuthEncoder struct {
	shape      rule.Shape
	thresholds []int // counts at which the rule's outcome changes
	cap        int   // the largest threshold: counts above it are alike
	out        *logic.Table
}

func newKnuth(r rule.Rule) *knuthEncoder {
	k := &knuthEncoder{shape: r.Shape()}
	for n := 1; n <= k.shape.Size(); n++ {
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

// A counter builds the counts of one step: it holds what every merge
// needs, and carves the counts it returns out of large blocks, since a
// step makes millions of small ones.
type counter struct {
	c      *logic.CNF
	phased bool
	cap    int
	free   []logic.Lit // the unused rest of the current block
}

// alloc returns a zeroed count of length n.
func (ct *counter) alloc(n int) unary {
	if len(ct.free) < n {
		ct.free = make([]logic.Lit, max(n, 4096))
	}
	u := ct.free[:n:n]
	ct.free = ct.free[n:]
	return u
}

// single is the count of one cell.
func (ct *counter) single(l logic.Lit) unary {
	if l == logic.False {
		return nil
	}
	u := ct.alloc(1)
	u[0] = l
	return u
}

// pair is the count of two cells.
func (ct *counter) pair(a, b logic.Lit) unary {
	return ct.merge(ct.single(a), ct.single(b), nil)
}

// merge returns the sum of a and b, truncated at the cap, with outputs
// only for the counts in want (all counts 1..cap when want is nil); other
// entries of the result are left 0 and must not be used.
func (ct *counter) merge(a, b unary, want []int) unary {
	// A count that is always zero adds nothing. (The inputs are always
	// complete counts, so the other one can serve as the result.)
	if allFalse(a) {
		return truncate(b, ct.cap)
	}
	if allFalse(b) {
		return truncate(a, ct.cap)
	}
	n := min(len(a)+len(b), ct.cap)
	r := ct.alloc(n)
	if want == nil {
		for t := 1; t <= n; t++ {
			r[t-1] = ct.define(a, b, t)
		}
	} else {
		for _, t := range want {
			if t <= n {
				r[t-1] = ct.define(a, b, t)
			}
		}
	}
	return r
}

// define returns the literal of a new variable, true exactly when a and
// b count at least t together.
func (ct *counter) define(a, b unary, t int) logic.Lit {
	c := ct.c
	v := define(c, ct.phased, startCount(a)+startCount(b) >= t)
	for i := 0; i <= t; i++ {
		j := t - i
		if i <= len(a) && j <= len(b) {
			c.Add(a.at(i).Not(), b.at(j).Not(), v)
		}
	}
	for i := 0; i < t; i++ {
		c.Add(a.at(i+1), b.at(t-i), v.Not())
	}
	return v
}

// startCount is the value of a count on the starting board (see define).
func startCount(u unary) int {
	n := 0
	for n < len(u) && startsTrue(u[n]) {
		n++
	}
	return n
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

// sharedCounts holds counts keyed by the points of a rectangle, each one
// built on first use: the partial sums that neighbouring cells share.
type sharedCounts struct {
	r     image.Rectangle
	count []unary
	built []bool
}

func newSharedCounts(r image.Rectangle) *sharedCounts {
	n := r.Dx() * r.Dy()
	return &sharedCounts{r: r, count: make([]unary, n), built: make([]bool, n)}
}

// get returns the count at (x, y), calling build the first time.
func (s *sharedCounts) get(x, y int, build func() unary) unary {
	if !image.Pt(x, y).In(s.r) {
		panic("lifesat: shared count outside its rectangle")
	}
	i := (y-s.r.Min.Y)*s.r.Dx() + x - s.r.Min.X
	if !s.built[i] {
		s.count[i], s.built[i] = build(), true
	}
	return s.count[i]
}

// size is an estimate from Life, which has 61 clauses of 2.5 literals and
// 14 counters per cell of a large box (128x128); rules with more
// thresholds need more.
func (k *knuthEncoder) size(_, _ grid, area region) (clauses, lits int) {
	n := area.cells()
	return 64 * n, 160 * n
}

func (k *knuthEncoder) step(ctx context.Context, c *logic.CNF, phased bool, cur, next grid, area region) error {
	return k.stepNoted(ctx, c, phased, cur, next, area, nil)
}

// A countNote hears of each count that the Moore step builds, once, as it
// is built: its role and where it is kept (see stepNoted). KnuthNames
// names the variables by it.
type countNote func(role byte, key image.Point, u unary)

// stepNoted is step, telling note (when not nil) of every count of the
// Moore neighbourhood: 'H' the horizontal pair at column pair and row
// key, 'Q' the four-sum of two of them at column pair and row key, 'V'
// the vertical pair whose top cell is key, and for cell key 'G' its
// unshared pair, 'C' the sum of V and G, and 'A' the sum of all eight.
func (k *knuthEncoder) stepNoted(ctx context.Context, c *logic.CNF, phased bool, cur, next grid, area region, note countNote) error {
	m := len(k.thresholds)
	in := make([]logic.Lit, 2+m)
	if m == 0 {
		// The count never matters: the next state depends on the cell alone.
		return area.each(ctx, func(x, y int) {
			in[0], in[1] = cur(x, y), next(x, y)
			k.out.Assert(c, in...)
		})
	}
	if area.Empty() {
		return nil
	}
	cnt := &counter{c: c, phased: phased, cap: k.cap}
	if k.shape != rule.Moore {
		return k.stepShape(ctx, c, cnt, cur, next, area)
	}
	// Shared counts, keyed by position. Column pair cp holds the cells
	// 2cp and 2cp+1.
	cp0, cp1 := floorDiv(area.Min.X, 2), floorDiv(area.Max.X-1, 2)+1
	horiz := newSharedCounts(image.Rect(cp0, area.Min.Y-1, cp1, area.Max.Y+1))                // cells (2cp, r), (2cp+1, r), at (cp, r)
	quad := newSharedCounts(image.Rect(cp0, area.Min.Y, cp1, area.Max.Y))                     // H(cp, y-1) + H(cp, y+1), at (cp, y)
	vert := newSharedCounts(image.Rect(area.Min.X-1, area.Min.Y-1, area.Max.X+1, area.Max.Y)) // cells (x, r), (x, r+1), at (x, r)
	// A cell outside the region builds no counts; those it would share
	// are built when another cell uses them.
	noted := func(role byte, x, y int, u unary) unary {
		if note != nil {
			note(role, image.Pt(x, y), u)
		}
		return u
	}
	return area.each(ctx, func(x, y int) {
		cp := floorDiv(x, 2)
		q := quad.get(cp, y, func() unary {
			h := func(r int) unary {
				return horiz.get(cp, r, func() unary { return noted('H', cp, r, cnt.pair(cur(2*cp, r), cur(2*cp+1, r))) })
			}
			return noted('Q', cp, y, cnt.merge(h(y-1), h(y+1), nil))
		})
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
		v := vert.get(col, top, func() unary { return noted('V', col, top, cnt.pair(cur(col, top), cur(col, top+1))) })
		g := noted('G', x, y, cnt.pair(cur(col, third), cur(other, y)))
		side := noted('C', x, y, cnt.merge(v, g, nil))
		k.assert(c, in, cur(x, y), next(x, y), noted('A', x, y, cnt.merge(q, side, k.thresholds)))
	})
}

// assert states the rule for one cell, given its literal, its next
// state's and its count of live neighbours (with at least the rule's
// thresholds); in is scratch of length 2 + len(k.thresholds).
func (k *knuthEncoder) assert(c *logic.CNF, in []logic.Lit, cell, next logic.Lit, count unary) {
	in[0], in[1] = cell, next
	for i, t := range k.thresholds {
		in[2+i] = count.at(t)
	}
	k.out.Assert(c, in...)
}

// stepShape is step for the hexagonal and von Neumann shapes: each cell's
// neighbours summed from pairs (see the top of the file), the last merge
// building only the rule's thresholds.
func (k *knuthEncoder) stepShape(ctx context.Context, c *logic.CNF, cnt *counter, cur, next grid, area region) error {
	in := make([]logic.Lit, 2+len(k.thresholds))
	// The horizontal pairs of the hexagonal shape: cells (a, r) and
	// (a+1, r), at (a, r).
	var horiz *sharedCounts
	if k.shape == rule.Hexagonal {
		horiz = newSharedCounts(image.Rect(area.Min.X-1, area.Min.Y-1, area.Max.X, area.Max.Y+1))
	}
	h := func(a, r int) unary {
		return horiz.get(a, r, func() unary { return cnt.pair(cur(a, r), cur(a+1, r)) })
	}
	var parts []unary
	return area.each(ctx, func(x, y int) {
		parts = append(parts[:0], cnt.pair(cur(x-1, y), cur(x+1, y))) // W+E
		switch k.shape {
		case rule.Hexagonal:
			parts = append(parts, h(x-1, y-1), h(x, y+1)) // NW+N, S+SE
		case rule.VonNeumann:
			parts = append(parts, cnt.pair(cur(x, y-1), cur(x, y+1))) // N+S
		default:
			panic("lifesat: the knuth encoding has no pairs for the " + k.shape.String() + " neighbourhood")
		}
		sum := parts[0]
		for i, p := range parts[1:] {
			var want []int // every count, but the last merge's
			if i == len(parts)-2 {
				want = k.thresholds
			}
			sum = cnt.merge(sum, p, want)
		}
		k.assert(c, in, cur(x, y), next(x, y), sum)
	})
}
