package lifesat

import (
	"context"
	"fmt"
	"image"
	"math/rand/v2"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// An Instance is a Problem written as CNF, ready for any SAT solver.
type Instance struct {
	Problem Problem
	// CNF is the formula. Its comments name every cell variable, as
	// "cell T X Y LIT": the cell (X, Y) of generation T is alive exactly
	// when the DIMACS literal LIT is true; under a partial rule also every
	// free transition's, as "transition N LIT".
	CNF *logic.CNF
	// Rule is the rule encoded.
	Rule rule.Rule
	// Exact is true when an oscillator's period is exact.
	Exact bool
	cells []logic.Lit // [t][y][x] flattened
	trans [512]logic.Lit
	size  formulaSize      // of a sizeOnly encode
	bg    *life.Background // the plane around the box
}

// Transition is the literal of the transition of neighbourhood n: True or
// False when the rule fixes it, a variable when the rule is partial and
// leaves it free (one variable per isotropic class, or per neighbourhood
// for a MAP rule). The free transitions' variables come right after the
// cells'.
func (in *Instance) Transition(n rule.Neighbourhood) logic.Lit { return in.trans[n&511] }

// Cell is the literal that is true exactly when cell (x, y) of generation
// t is alive: outside the box a constant, the background's (logic.False
// on the empty plane), and logic.False for a generation t outside
// 0..Period-1.
func (in *Instance) Cell(t, x, y int) logic.Lit {
	p := in.Problem
	if t < 0 || t >= p.gens() {
		return logic.False
	}
	if x < 0 || y < 0 || x >= p.Width || y >= p.Height {
		return in.bgLit(t, x, y)
	}
	return in.cells[(t*p.Height+y)*p.Width+x]
}

// at is the literal of cell (x, y) of generation g of the pattern's
// evolution, g among the problem's generations or past them: the cell of
// the generation and place it is (Problem.where), or the background's
// constant where that is outside the box.
func (in *Instance) at(g, x, y int) logic.Lit {
	p := in.Problem
	ph, q := p.where(g, image.Pt(x, y))
	if !q.In(p.Box()) {
		return in.bgLit(g, x, y)
	}
	return in.cells[(ph*p.Height+q.Y)*p.Width+q.X]
}

// bgLit is the background's constant at cell (x, y) of generation g.
func (in *Instance) bgLit(g, x, y int) logic.Lit {
	if in.bg.Alive(g, x, y) {
		return logic.True
	}
	return logic.False
}

// Decode reads the pattern from a model of the CNF (model[v] is the value
// of variable v).
func (in *Instance) Decode(model []bool) *Pattern {
	p := in.Problem
	pat := &Pattern{Phases: make([]*life.Board, p.gens())}
	for t := range pat.Phases {
		b := life.NewBoard(p.Width, p.Height)
		for y := range p.Height {
			for x := range p.Width {
				b.Set(x, y, in.Cell(t, x, y).Value(model))
			}
		}
		pat.Phases[t] = b
	}
	return pat
}

// Encode writes the problem as CNF under the settings: cell variables
// first (generation by generation, one per orbit of the symmetry, row by
// row), then the encoding's auxiliary variables, then the period,
// population and non-emptiness constraints. Each variable is written
// flipped as Settings.Diversify says.
//
// A problem whose formula would take more than MaxMemory as CNF is
// refused with ErrProblem before it is built.
func Encode(p Problem, s *Settings) (*Instance, error) {
	return EncodeContext(context.Background(), p, s)
}

// EncodeContext is Encode that looks at ctx every row of every generation
// and returns ctx.Err() when ctx has ended.
func EncodeContext(ctx context.Context, p Problem, s *Settings) (*Instance, error) {
	return encode(ctx, p, s.orDefaults(), nil, asCNF, formulaSize{})
}

// Memory is the memory, in bytes, that Search is estimated to need for p
// under s: the formula, sized exactly before anything is built, in the
// settings' solver (logic.Footprint). Search refuses p when this is over
// its budget (Settings.MaxMemory); a program that runs searches side by
// side can use it to share the machine's memory among them. It builds
// nothing large and takes a millisecond or so.
func Memory(p Problem, s *Settings) (int64, error) {
	set := s.orDefaults()
	in, err := encode(context.Background(), p, set, nil, sizeOnly, formulaSize{})
	if err != nil {
		return 0, err
	}
	sz := in.size
	return logic.Footprint(set.Solver, int(sz.vars), int(sz.clauses), int(sz.lits)), nil
}

// An encodeMode says what encode checks against the memory budget, and
// whether it builds the formula at all.
type encodeMode int

const (
	asCNF    encodeMode = iota // the formula alone (Encode, cnf)
	inSolver                   // the formula loaded into the settings' solver
	sizeOnly                   // only size the formula: Instance.size, no CNF
)

// encode is EncodeContext with a chosen starting phase for the cells: when
// phase is not nil, the solver's first guess for cell (x, y) of generation
// t is phase(t, x, y), instead of the random one of the settings. With
// mode inSolver, the formula and extra (what the caller adds to it later)
// must fit in the settings' memory budget in their solver, not only as
// CNF; with sizeOnly, encode returns an Instance that only has its size.
func encode(ctx context.Context, p Problem, set Settings, phase func(t, x, y int) bool, mode encodeMode, extra formulaSize) (*Instance, error) {
	bg, err := p.validateUnder(set.Rule)
	if err != nil {
		return nil, err
	}
	if set.Rule.Partial() && set.Encoding != Direct {
		return nil, fmt.Errorf("%w: the %s encoding states one rule; the partial rule %v leaves transitions free: use the direct encoding", ErrProblem, set.Encoding, set.Rule)
	}
	enc, err := newEncoder(set.Encoding, set.Rule)
	if err != nil {
		return nil, err
	}
	per, w, h := p.gens(), p.Width, p.Height
	c := &logic.CNF{}
	in := &Instance{Problem: p, CNF: c, Rule: set.Rule, Exact: !set.AnyPeriod, cells: make([]logic.Lit, per*w*h), bg: bg}
	in.allocateCells()
	if p.outOfReach() {
		// Generation Period-1 steps into the box and the ring around it,
		// where generation 0 moved this far cannot lie: no pattern.
		c.Comment("lifesat %v: no pattern, the shift (%d,%d) is larger than the box", p, p.Shift.X, p.Shift.Y)
		c.Add()
		return in, nil
	}
	// The flips are chosen before anything is written, so that every
	// literal is written flipped; that is what flipping the finished
	// formula would give, without a pass over it.
	set.Diversify, _ = set.diversify(p)
	var rng *rand.Rand
	if set.Diversify != NoFlip || phase != nil {
		rng = rand.New(rand.NewPCG(set.Seed, 0x6c69666573617421)) // "lifesat!"
		in.flipCells(rng, phase)
	}
	if set.Rule.Partial() {
		in.allocateTransitions()
		enc = &partialDirect{direct: enc.(*direct), rule: set.Rule, trans: &in.trans}
	}
	// With FlipCells only the cells are flipped, as the blog's XOR.
	phased := set.Diversify == FlipAll || phase != nil
	gen := func(t int) grid {
		return func(x, y int) logic.Lit { return in.Cell(t, x, y) }
	}
	// Every cell of the box and of the ring around it follows the rule;
	// ring cells are the background's at every generation (dead on the
	// empty plane), so nothing is born there. The last generation steps
	// to generation 0 moved by the period's motion (generation Period).
	type stepArgs struct {
		cur, next grid
		area      region
	}
	// A template may state the rule on the box alone (Open), and not on
	// its free cells, and a reaction does not wrap around: see
	// Problem.stepArea and freeCells.
	steps := make([]stepArgs, 0, per)
	for t := range per - 1 {
		steps = append(steps, stepArgs{gen(t), gen(t + 1), all(p.stepArea(t))})
	}
	moved := func(x, y int) logic.Lit { return in.at(per, x, y) }
	if !p.transient() {
		steps = append(steps, stepArgs{gen(per - 1), moved, all(p.stepArea(per - 1))})
	}
	for t, free := range p.freeCells() {
		steps[t].next = freeNext(c, steps[t].next, free)
	}
	// The cells of an orbit share their variables, so under a rule that
	// the symmetry leaves unchanged one cell's transition states them
	// all: only one cell per orbit is encoded. (A template may leave the
	// rule unstated on cells of an orbit but not on others, and a partial
	// rule's free transitions are not known to be symmetric.)
	// A background must have the symmetry too, which a uniform one has.
	if p.Template == nil && !set.Rule.Partial() && p.Symmetry.Preserves(set.Rule) && uniform(bg) {
		for i := range steps {
			steps[i].area = representatives(p.Symmetry, steps[i].area.Rectangle, w, h)
		}
	}
	// Size the formula once: the steps, and room for the constraints
	// after them (two short clauses per cell for exactness, and the
	// clause "some cell is alive"), so that they do not copy it again.
	cl, li := 2, w*h
	for _, s := range steps {
		scl, sli := enc.size(s.cur, s.next, s.area)
		n := s.area.Dx() * s.area.Dy()
		cl, li = cl+scl+2*n, li+sli+6*n
	}
	// Nothing large is built before the whole formula is known to fit.
	size := formulaSize{int64(c.NumVars()), int64(cl), int64(li)}
	for _, s := range steps {
		size.vars += int64(auxVars(enc, s.area))
	}
	if in.Exact && !p.transient() {
		for _, r := range p.repeats() {
			a := p.repeatArea(r.n, r.t)
			size.vars += int64(a.Dx() * a.Dy()) // differ
		}
	}
	size = size.plus(p.constraintsSize())
	lo, hi := p.popBounds()
	bounded := lo > 0 || hi < w*h
	if bounded {
		size = size.plus(totalizerSize(w*h, min(max(lo, hi+1), w*h)))
	}
	if mode == sizeOnly {
		in.size = size.plus(extra)
		return in, nil
	}
	if err := p.fits(set, mode == inSolver, size.plus(extra)); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err // before the formula's room is taken
	}
	c.Grow(cl, li)
	for _, s := range steps {
		if err := enc.step(ctx, c, phased, s.cur, s.next, s.area); err != nil {
			return nil, err
		}
	}
	if in.Exact && !p.transient() {
		for _, r := range p.repeats() {
			differ(c, phased, in, r.n, r.t)
		}
	}
	first := make([]logic.Lit, 0, w*h)
	for y := range h {
		for x := range w {
			first = append(first, in.Cell(0, x, y))
		}
	}
	if p.mustLive(set) {
		// Some cell differs from the background (is alive, on the empty
		// plane); an empty "spaceship" would not move.
		some := make([]logic.Lit, len(first))
		for i, l := range first {
			some[i] = l.Xor(bg.Alive(0, i%w, i/w))
		}
		c.Add(some...)
	}
	if !p.carries(bg) {
		c.Add() // nothing comes back to the background: no pattern exists
	}
	if p.Template != nil {
		in.encodeTemplate()
	}
	if bounded {
		before := c.NumVars()
		tot, err := logic.NewTotalizerContext(ctx, c, first, min(max(lo, hi+1), len(first)))
		if err != nil {
			return nil, err
		}
		c.Add(tot.Output(lo)) // False, an empty clause, when lo exceeds the box
		if hi < len(first) {
			c.Add(tot.Output(hi + 1).Not())
		}
		if phased {
			in.flipCounter(rng, before)
		}
	}
	for _, pt := range p.Blink {
		c.Add(in.Cell(0, pt.X, pt.Y))
		c.Add(in.Cell(1, pt.X, pt.Y).Not())
	}
	in.encodeConstraints()
	in.encodeKnown()
	c.Comment("lifesat %v, rule %v, encoding %s, diversify %v, seed %d", p, set.Rule, set.Encoding, set.Diversify, set.Seed)
	c.Comment("cell T X Y LIT: cell (X, Y) of generation T is alive exactly when LIT is true")
	for t := range per {
		for y := range h {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			for x := range w {
				c.Comment("cell %d %d %d %d", t, x, y, in.Cell(t, x, y))
			}
		}
	}
	if set.Rule.Partial() {
		c.Comment("transition N LIT: neighbourhood N (NW 256 ... SE 1) makes a live cell exactly when LIT is true, for each free transition")
		for n := range rule.Neighbourhood(512) {
			if set.Rule.Free(n) {
				c.Comment("transition %d %d", n, in.trans[n])
			}
		}
	}
	return in, nil
}

// allocateCells gives every orbit of cells of every generation a variable,
// in order; cells outside the cage at generation 0 are constant False,
// and so is every cell of an orbit that meets the outside of the cage.
func (in *Instance) allocateCells() {
	p := in.Problem
	w, h := p.Width, p.Height
	orbit := p.Symmetry.Orbits(w, h)
	caged := make([]bool, w*h) // orbit representative -> some member outside the cage
	if p.Cage != nil {
		for i, r := range orbit {
			if !p.Cage.Alive(i%w, i/w) {
				caged[r] = true
			}
		}
	}
	for t := range p.gens() {
		base := t * w * h
		for i, r := range orbit {
			switch {
			case t == 0 && caged[r]:
				in.cells[base+i] = logic.False
			case r == i:
				in.cells[base+i] = in.CNF.NewVar().Pos()
			default:
				in.cells[base+i] = in.cells[base+r]
			}
		}
	}
}

// ruleRange is the range of rules pat works in, checked against the
// transitions of the model it was decoded from: the model's rule must lie
// in that range.
func (in *Instance) ruleRange(pat *Pattern, model []bool) (rule.Rule, error) {
	rng, err := in.Problem.RuleRange(pat, in.Rule)
	if err != nil {
		return rule.Rule{}, err
	}
	for n := range rule.Neighbourhood(512) {
		if !rng.Free(n) && in.Transition(n).Value(model) != rng.Transition(n) {
			return rule.Rule{}, fmt.Errorf("lifesat: internal error: the model's transition %d is not the one its pattern needs", n)
		}
	}
	return rng, nil
}

// allocateTransitions gives every free transition class of a partial
// rule a variable, and the fixed transitions their constants.
func (in *Instance) allocateTransitions() {
	r := in.Rule
	for n := range rule.Neighbourhood(512) {
		switch {
		case !r.Free(n):
			in.trans[n] = logic.False
			if r.Transition(n) {
				in.trans[n] = logic.True
			}
		case in.trans[n] == 0:
			v := in.CNF.NewVar().Pos()
			for _, m := range r.Class(n) {
				in.trans[m] = v
			}
		}
	}
}

// flipCells flips the cell variables, which come first, before anything
// is written: each by a random bit drawn in variable order, or to the
// given phase. Cell then returns the flipped literals, which the solver
// tries false first: the starting board.
func (in *Instance) flipCells(rng *rand.Rand, phase func(t, x, y int) bool) {
	mask := make([]bool, in.CNF.NumVars()+1)
	for v := 1; v < len(mask); v++ {
		mask[v] = rng.IntN(2) == 1
	}
	p := in.Problem
	for i, l := range in.cells {
		if l.IsConst() {
			continue
		}
		if phase != nil {
			x, y, t := i%p.Width, i/p.Width%p.Height, i/(p.Width*p.Height)
			mask[l.Var()] = phase(t, x, y)
		}
		in.cells[i] = l.Xor(mask[l.Var()])
	}
}

// flipCounter flips the variables of the population counter, from
// variable first+1 on, which logic.NewTotalizer wrote unflipped: each by a
// random bit. The bits are drawn in variable order after the cells'
// (the draws for the auxiliary variables in between, which start at their
// values, are skipped), so that a seed gives the formula it always gave.
func (in *Instance) flipCounter(rng *rand.Rand, first int) {
	c := in.CNF
	mask := make([]bool, c.NumVars()+1)
	for v := in.numCellVars() + 1; v < len(mask); v++ {
		mask[v] = rng.IntN(2) == 1 && v > first
	}
	c.Flip(mask)
}

// maximalDivisors lists p/q for every prime q dividing p: an oscillator
// whose generation d differs from generation 0 for each of these d has
// exact period p.
func maximalDivisors(p int) []int {
	var ds []int
	n := p
	for q := 2; q <= n; q++ {
		if n%q == 0 {
			ds = append(ds, p/q)
			for n%q == 0 {
				n /= q
			}
		}
	}
	return ds
}

// differ adds clauses saying generation n differs from generation 0
// moved by t in some cell where either has its pattern: d_c -> (a_c XOR
// b_c) for each cell c, and one of the d_c. When the backgrounds of the
// two differ, so do the generations, and nothing is added.
func differ(c *logic.CNF, phased bool, in *Instance, n int, t image.Point) {
	p := in.Problem
	if !sameBackground(in.bg, 0, affine{m: identity.m, o: t}, n) {
		return
	}
	f := p.repeatArea(n, t)
	some := make([]logic.Lit, 0, f.Dx()*f.Dy())
	seen := make(map[[2]logic.Lit]bool) // cells of one orbit share their pair
	for y := f.Min.Y; y < f.Max.Y; y++ {
		for x := f.Min.X; x < f.Max.X; x++ {
			a, b := in.at(n, x, y), in.at(0, x-t.X, y-t.Y)
			if a.IsConst() && b.IsConst() {
				if a != b {
					return // they differ here already
				}
				continue
			}
			if seen[[2]logic.Lit{a, b}] {
				continue
			}
			seen[[2]logic.Lit{a, b}] = true
			d := define(c, phased, startsTrue(a) != startsTrue(b))
			c.Add(d.Not(), a, b)
			c.Add(d.Not(), a.Not(), b.Not())
			some = append(some, d)
		}
	}
	c.Add(some...)
}

// uniform reports whether every generation of the background is all
// alive or all dead (the empty plane and the strobe are).
func uniform(bg *life.Background) bool {
	w, h := bg.Size()
	return w == 1 && h == 1
}

// numCellVars is the number of cell variables, which come first.
func (in *Instance) numCellVars() int {
	n := 0
	for _, l := range in.cells {
		if !l.IsConst() {
			n = max(n, int(l.Var()))
		}
	}
	return n
}
