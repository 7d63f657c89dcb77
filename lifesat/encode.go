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
	su, err := newSetup(p, s)
	if err != nil {
		return nil, err
	}
	return encode(ctx, su, nil, asCNF, formulaSize{})
}

// Memory is the memory, in bytes, that Search is estimated to need for p
// under s: the formula, sized exactly before anything is built, in the
// settings' solver (logic.Footprint). Search refuses p when this is over
// its budget (Settings.MaxMemory); a program that runs searches side by
// side can use it to share the machine's memory among them. It builds
// nothing large and takes a millisecond or so.
func Memory(p Problem, s *Settings) (int64, error) {
	su, err := newSetup(p, s)
	if err != nil {
		return 0, err
	}
	return su.memory()
}

// memory is Memory of the setup's problem.
func (su *setup) memory() (int64, error) {
	in, err := encode(context.Background(), su, nil, sizeOnly, formulaSize{})
	if err != nil {
		return 0, err
	}
	sz := in.size
	return logic.Footprint(su.set.Solver, int(sz.vars), int(sz.clauses), int(sz.lits)), nil
}

// An encodeMode says what encode checks against the memory budget, and
// whether it builds the formula at all.
type encodeMode int

const (
	asCNF    encodeMode = iota // the formula alone (Encode, cnf)
	inSolver                   // the formula loaded into the settings' solver
	sizeOnly                   // only size the formula: Instance.size, no CNF
)

// encode is EncodeContext with a chosen first guess for the cells: when
// guess is not nil, the solver's first guess for cell (x, y) of generation
// t is guess(t, x, y), instead of the random one of the settings. With
// mode inSolver, the formula and extra (what the caller adds to it later)
// must fit in the settings' memory budget in their solver, not only as
// CNF; with sizeOnly, encode returns an Instance that only has its size.
func encode(ctx context.Context, su *setup, guess func(t, x, y int) bool, mode encodeMode, extra formulaSize) (*Instance, error) {
	p, set, bg := su.p, su.set, su.bg
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
	set.Diversify = su.flips
	if set.Diversify == AliveFirst && guess == nil {
		guess = func(int, int, int) bool { return true }
	}
	var rng *rand.Rand
	if set.Diversify != NoFlip || guess != nil {
		rng = rand.New(rand.NewPCG(set.Seed, 0x6c69666573617421)) // "lifesat!"
		in.flipCells(rng, guess)
	}
	if set.Rule.Partial() {
		in.allocateTransitions()
		enc = &partialDirect{directEncoder: enc.(*directEncoder), rule: set.Rule, trans: &in.trans}
	}
	// With FlipCells only the cells are flipped, as the blog's XOR.
	phased := set.Diversify == FlipAll || guess != nil
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
