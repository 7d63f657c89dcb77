package lifesat

import (
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
// given guess. Cell then returns the flipped literals, which the solver
// tries false first: the starting board.
func (in *Instance) flipCells(rng *rand.Rand, guess func(t, x, y int) bool) {
	mask := make([]bool, in.CNF.NumVars()+1)
	for v := 1; v < len(mask); v++ {
		mask[v] = rng.IntN(2) == 1
	}
	p := in.Problem
	for i, l := range in.cells {
		if l.IsConst() {
			continue
		}
		if guess != nil {
			x, y, t := i%p.Width, i/p.Width%p.Height, i/(p.Width*p.Height)
			mask[l.Var()] = guess(t, x, y)
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
