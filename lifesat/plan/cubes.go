package plan

import (
	"cmp"
	"container/heap"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// How Cut chooses the cells of the cubes.
const (
	// Centre fixes the same k cells in every cube, those of generation 0
	// nearest the box's centre: 2^k cubes. It is the default.
	Centre = "centre"
	// Lookahead grows a decision tree, always splitting the cube whose
	// formula has the most unset cell variables after unit propagation,
	// on the cell (of any generation) whose two values reduce the most
	// clauses (the product of the two counts, as march's look-ahead
	// does). A value that propagation refutes is not split on; a cube
	// that it refutes is not split further. With few cells known, unit
	// propagation on a Life formula sets few other cells (CutStats.Free
	// shows how many), and then the clause counts alone choose.
	Lookahead = "lookahead"
	// FirstAlive makes cube k say that cell k of generation 0, in
	// reading order (row by row from the top left), is its first live
	// cell: cells 0..k-1 dead and cell k alive, for k < n-1, and the last
	// cube says that cells 0..n-2 are dead. Each cube pins where the
	// pattern starts, which a translation of it would otherwise leave
	// open: n cubes.
	FirstAlive = "first-alive"
)

// CutOptions tune Cut. A nil *CutOptions means the defaults, and so does
// the zero value of every field.
type CutOptions struct {
	// Cubes is how many cubes to cut the problem into; 0 means 64. Centre
	// rounds it down to a power of two. Fewer come back when the formula
	// has fewer cells to split on.
	Cubes int
	// Method is Centre or Lookahead; "" means Centre.
	Method string
	// Candidates bounds the cells Lookahead weighs at each split, taken
	// nearest the box's centre; 0 means 256.
	Candidates int
}

// A Cube is the cells a task of a split search knows.
type Cube []lifesat.KnownCell

// CutStats describe a cut as it was planned: the cubes' depths and, for
// each, the number of the formula's cell variables left unset by unit
// propagation (the look-ahead's estimate of its size).
type CutStats struct {
	Method string `json:"method"`
	Cubes  int    `json:"cubes"`
	// MinCells and MaxCells are the fewest and most cells a cube knows.
	MinCells int `json:"min_cells"`
	MaxCells int `json:"max_cells"`
	// Free is the cubes' unset cell variables after unit propagation:
	// the least, the median and the most; Refuted counts the cubes that
	// unit propagation alone refutes (their tasks prove it in no time).
	FreeMin    int `json:"free_min"`
	FreeMedian int `json:"free_median"`
	FreeMax    int `json:"free_max"`
	Refuted    int `json:"refuted,omitempty"`
	// CellVars is the number of cell variables of the whole formula.
	CellVars int `json:"cell_vars"`
}

// Cut cuts p into cubes: each cube is a few cells of p, known alive or
// dead, and every answer of p (under s) agrees with exactly one cube,
// so p has an answer exactly when some cube has one (Partition checks
// this of any list of cubes). The cells are chosen as opt.Method says,
// among the cells of every generation (generation 0's alone for Centre);
// under a symmetry, one cell of each orbit. ctx is checked at every
// split.
func Cut(ctx context.Context, p lifesat.Problem, s *lifesat.Settings, opt *CutOptions) ([]Cube, *CutStats, error) {
	var o CutOptions
	if opt != nil {
		o = *opt
	}
	if o.Cubes <= 0 {
		o.Cubes = 64
	}
	if o.Candidates <= 0 {
		o.Candidates = 256
	}
	if o.Method == "" {
		o.Method = Centre
	}
	if o.Method != Lookahead && o.Method != Centre && o.Method != FirstAlive {
		return nil, nil, fmt.Errorf("%w: unknown cube method %q (want %s, %s or %s)", ErrPlan, o.Method, Centre, Lookahead, FirstAlive)
	}
	set := lifesat.Settings{}
	if s != nil {
		set = *s
	}
	set.Diversify = lifesat.NoFlip // the cells are the same whatever the flips
	set.Progress = nil
	in, err := lifesat.EncodeContext(ctx, p, &set)
	if err != nil {
		return nil, nil, err
	}
	la := newLookahead(in, o.Method != Lookahead)
	var cubes []Cube
	switch o.Method {
	case Centre:
		cubes = la.centre(o.Cubes)
	case FirstAlive:
		cubes = la.firstAlive(o.Cubes)
	default:
		if cubes, err = la.tree(ctx, o.Cubes, o.Candidates); err != nil {
			return nil, nil, err
		}
	}
	return cubes, la.stats(o.Method, cubes), nil
}

// A lookahead knows the formula's cell variables and propagates on it.
type lookahead struct {
	prop  *propagator
	cells []cellVar // one per cell variable, nearest the centre first
	root  bool      // the formula's units propagate without a conflict
}

// A cellVar is a cell variable: one cell that names it (the first in
// generation and row order) and its literal there.
type cellVar struct {
	cell lifesat.KnownCell // Alive unused
	lit  logic.Lit
	dist float64 // from the centre of the box, in cells
}

func newLookahead(in *lifesat.Instance, gen0 bool) *lookahead {
	p := in.Problem
	gens := max(p.Period, 1)
	if p.Template != nil && p.Period == 0 {
		gens = len(p.Template.Gens)
	}
	if gen0 {
		gens = 1
	}
	la := &lookahead{prop: newPropagator(in.CNF)}
	seen := map[logic.Var]bool{}
	cx, cy := float64(p.Width-1)/2, float64(p.Height-1)/2
	for t := range gens {
		for y := range p.Height {
			for x := range p.Width {
				l := in.Cell(t, x, y)
				if l.IsConst() || seen[l.Var()] {
					continue
				}
				seen[l.Var()] = true
				la.cells = append(la.cells, cellVar{
					cell: lifesat.KnownCell{Gen: t, X: x, Y: y}, lit: l,
					dist: math.Hypot(float64(x)-cx, float64(y)-cy),
				})
			}
		}
	}
	// Nearest the centre first, then by generation and place: the order
	// of candidates and of ties.
	sort.SliceStable(la.cells, func(i, j int) bool { return la.cells[i].dist < la.cells[j].dist })
	la.root = la.prop.units()
	return la
}

// known is the cube's cell for v at the given value.
func (v cellVar) known(alive bool) lifesat.KnownCell {
	k := v.cell
	k.Alive = alive
	return k
}

// open is the cell variables that the formula's unit clauses do not
// set (a template's known cells, say), nearest the centre first.
func (la *lookahead) open() []cellVar {
	var cells []cellVar
	for _, v := range la.cells {
		if la.prop.value(v.lit) == 0 {
			cells = append(cells, v)
		}
	}
	return cells
}

// centre is 2^k cubes on the k open cells nearest the centre, 2^k <= n,
// in the order of a binary count with alive as 0: all alive first.
func (la *lookahead) centre(n int) []Cube {
	cells := la.open()
	k := 0
	for k < len(cells) && k < 30 && 1<<(k+1) <= n {
		k++
	}
	cubes := make([]Cube, 0, 1<<k)
	for m := range 1 << k {
		c := make(Cube, k)
		for i := range k {
			c[i] = cells[i].known(m>>(k-1-i)&1 == 0)
		}
		cubes = append(cubes, c)
	}
	return cubes
}

// firstAlive is the cubes of FirstAlive: the first live cell of
// generation 0, in reading order, among the first n-1 open cells.
func (la *lookahead) firstAlive(n int) []Cube {
	cells := la.open()
	slices.SortFunc(cells, func(a, b cellVar) int {
		return cmp.Or(cmp.Compare(a.cell.Y, b.cell.Y), cmp.Compare(a.cell.X, b.cell.X))
	})
	k := min(n-1, len(cells))
	var cubes []Cube
	for i := range k + 1 {
		c := make(Cube, 0, i+1)
		for _, v := range cells[:i] {
			c = append(c, v.known(false))
		}
		if i < k {
			c = append(c, cells[i].known(true))
		}
		cubes = append(cubes, c)
	}
	return cubes
}

// A leaf of the look-ahead's tree: its cube and the lits it sets.
type leaf struct {
	cube    Cube
	lits    []logic.Lit
	free    int  // unset cell variables after propagation
	refuted bool // propagation finds a conflict
}

type leaves []*leaf

func (h leaves) Len() int { return len(h) }
func (h leaves) Less(i, j int) bool {
	if h[i].free != h[j].free {
		return h[i].free > h[j].free
	}
	return len(h[i].cube) < len(h[j].cube)
}
func (h leaves) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *leaves) Push(x any)   { *h = append(*h, x.(*leaf)) }
func (h *leaves) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// enter sets the leaf's literals on the propagator (from the root
// state, at trail mark base) and counts its unset cell variables.
func (la *lookahead) enter(lf *leaf, base int) {
	la.prop.undo(base)
	lf.refuted = !la.root
	for _, l := range lf.lits {
		if lf.refuted {
			break
		}
		lf.refuted = !la.prop.assume(l)
	}
	lf.free = 0
	if !lf.refuted {
		for _, v := range la.cells {
			if la.prop.value(v.lit) == 0 {
				lf.free++
			}
		}
	}
}

// tree grows the look-ahead's decision tree to n leaves: each step
// splits the leaf with the most unset cell variables.
func (la *lookahead) tree(ctx context.Context, n, candidates int) ([]Cube, error) {
	base := len(la.prop.trail)
	root := &leaf{}
	la.enter(root, base)
	h := &leaves{root}
	var done []*leaf
	for h.Len() > 0 && h.Len()+len(done) < n {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		lf := heap.Pop(h).(*leaf)
		if lf.refuted {
			done = append(done, lf)
			continue
		}
		la.enter(lf, base)
		v, what := la.choose(candidates)
		switch what {
		case refuted:
			lf.refuted = true
			fallthrough
		case nothing:
			done = append(done, lf)
			continue
		}
		for _, alive := range []bool{true, false} {
			child := &leaf{
				cube: append(slices.Clip(lf.cube), v.known(alive)),
				lits: append(slices.Clip(lf.lits), v.lit.Xor(!alive)),
			}
			la.enter(child, base)
			heap.Push(h, child)
		}
	}
	la.prop.undo(base)
	all := append(done, *h...)
	// The cubes in the order of the tree: by their cells, alive first.
	sort.Slice(all, func(i, j int) bool { return cubeLess(all[i].cube, all[j].cube) })
	cubes := make([]Cube, len(all))
	for i, lf := range all {
		cubes[i] = lf.cube
	}
	if len(cubes) == 0 {
		return nil, errors.New("plan: internal error: the look-ahead lost its root")
	}
	return cubes, nil
}

// cubeLess orders cubes as the leaves of their tree from left to right:
// at the first cell where they differ, alive comes first.
func cubeLess(a, b Cube) bool {
	for i := range min(len(a), len(b)) {
		if a[i].Alive != b[i].Alive {
			return a[i].Alive
		}
	}
	return len(a) < len(b)
}

// choose weighs the unset cell variables nearest the centre, at most
// candidates of them, in the current state: each value is set in turn
// and the clauses it reduces counted. It returns the variable with the
// greatest product of the two counts. A value that fails (propagation
// finds a conflict) sets the other value for the rest of this leaf's
// look-ahead. It says refuted when both values of a variable fail, and
// nothing when no variable is left.
func (la *lookahead) choose(candidates int) (best cellVar, what choice) {
	p := la.prop
	bestScore := -1.0
	weighed := 0
	for _, v := range la.cells {
		if weighed >= candidates {
			break
		}
		if p.value(v.lit) != 0 {
			continue
		}
		weighed++
		var count [2]int
		var failed [2]bool
		for i, l := range []logic.Lit{v.lit, v.lit.Not()} {
			mark := len(p.trail)
			p.reduced = 0
			failed[i] = !p.assume(l)
			count[i] = p.reduced + len(p.trail) - mark
			p.undo(mark)
		}
		switch {
		case failed[0] && failed[1]:
			return v, refuted
		case failed[0] || failed[1]:
			// A failed literal: its negation holds throughout this leaf.
			// It is not a split; it is no cell of the cube either (the
			// solver finds it as fast), only of this look-ahead.
			forced := v.lit
			if failed[0] {
				forced = v.lit.Not()
			}
			if !p.assume(forced) {
				return v, refuted
			}
			continue
		}
		score := float64(count[0]+1) * float64(count[1]+1)
		if score > bestScore {
			best, bestScore, what = v, score, split
		}
	}
	return best, what
}

// What choose found.
type choice int

const (
	nothing choice = iota // no unset variable is left
	split                 // split on the variable
	refuted               // propagation refutes the leaf
)

// stats measures the cubes as planned.
func (la *lookahead) stats(method string, cubes []Cube) *CutStats {
	st := &CutStats{Method: method, Cubes: len(cubes), CellVars: len(la.cells), MinCells: math.MaxInt}
	base := len(la.prop.trail)
	var free []int
	byCell := map[lifesat.KnownCell]logic.Lit{}
	for _, v := range la.cells {
		byCell[v.cell] = v.lit
	}
	for _, c := range cubes {
		st.MinCells, st.MaxCells = min(st.MinCells, len(c)), max(st.MaxCells, len(c))
		lf := &leaf{cube: c}
		for _, k := range c {
			alive := k.Alive
			k.Alive = false
			lf.lits = append(lf.lits, byCell[k].Xor(!alive))
		}
		la.enter(lf, base)
		if lf.refuted {
			st.Refuted++
		}
		free = append(free, lf.free)
	}
	la.prop.undo(base)
	if len(free) > 0 {
		slices.Sort(free)
		st.FreeMin, st.FreeMedian, st.FreeMax = free[0], free[len(free)/2], free[len(free)-1]
	}
	if st.MinCells == math.MaxInt {
		st.MinCells = 0
	}
	return st
}
