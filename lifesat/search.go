package lifesat

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// Diversify says how a search randomizes the solver's starting point.
type Diversify uint8

const (
	// FlipAll flips every variable of the formula: the cells by a random
	// mask, each auxiliary counter by its value on that random board. The
	// solver's first guess is then a random board together with its true
	// neighbour counts, rather than all-false. The default.
	FlipAll Diversify = iota
	// FlipCells flips only the cell variables, exactly as the Mathematica
	// blog XORs b[i, j] with a random array. With an encoding that has
	// auxiliary variables this often still yields the empty or a tiny
	// pattern; kept for teaching.
	FlipCells
	// NoFlip hands the formula to the solver as built; with gophersat the
	// first still life found is then the empty one (when allowed).
	NoFlip
)

// String names the mode.
func (d Diversify) String() string {
	switch d {
	case FlipCells:
		return "cells"
	case NoFlip:
		return "none"
	}
	return "all"
}

// Settings tune a search. A nil *Settings means the defaults, and so does
// the zero value of every field.
type Settings struct {
	// Rule is the outer-totalistic rule; the zero Rule means Life
	// (B3/S23). Rules with B0 are refused.
	Rule Rule
	// Encoding is the rule's encoding; "" means DefaultEncoding.
	Encoding Encoding
	// Solver decides the formula; nil means the embedded gophersat.
	Solver logic.Solver
	// Seed chooses the random flips of Diversify.
	Seed uint64
	// Solutions is how many distinct patterns to find; 0 means 1.
	Solutions int
	// Diversify chooses which variables are flipped at random.
	Diversify Diversify
	// AllowEmpty admits the empty pattern as an answer. By default at
	// least one cell of generation 0 is alive.
	AllowEmpty bool
	// AnyPeriod admits oscillators whose period divides the Problem's
	// (still lifes among them). By default the period is exact.
	AnyPeriod bool
}

func (s *Settings) orDefaults() Settings {
	var d Settings
	if s != nil {
		d = *s
	}
	if d.Rule == (Rule{}) {
		d.Rule = Life
	}
	if d.Encoding == "" {
		d.Encoding = DefaultEncoding
	}
	if d.Solutions <= 0 {
		d.Solutions = 1
	}
	return d
}

// An Instance is a Problem written as CNF, ready for any SAT solver.
type Instance struct {
	Problem Problem
	// CNF is the formula. Its comments name every cell variable, as
	// "cell T X Y LIT": the cell (X, Y) of generation T is alive exactly
	// when the DIMACS literal LIT is true.
	CNF *logic.CNF
	// Rule is the rule encoded.
	Rule Rule
	// Exact is true when an oscillator's period is exact.
	Exact bool
	cells []logic.Lit // [t][y][x] flattened
}

// Cell is the literal that is true exactly when cell (x, y) of generation
// t is alive; logic.False outside the box.
func (in *Instance) Cell(t, x, y int) logic.Lit {
	p := in.Problem
	if x < 0 || y < 0 || x >= p.Width || y >= p.Height || t < 0 || t >= p.period() {
		return logic.False
	}
	return in.cells[(t*p.Height+y)*p.Width+x]
}

// Decode reads the pattern from a model of the CNF (model[v] is the value
// of variable v).
func (in *Instance) Decode(model []bool) *Pattern {
	p := in.Problem
	pat := &Pattern{Phases: make([]*Board, p.period())}
	for t := range pat.Phases {
		b := NewBoard(p.Width, p.Height)
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
// first (generation by generation, row by row), then the encoding's
// auxiliary variables, then the period and non-emptiness constraints; the
// diversification flips are applied last.
func Encode(p Problem, s *Settings) (*Instance, error) {
	set := s.orDefaults()
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if set.Rule.BirthOnZero() {
		return nil, fmt.Errorf("%w: rule %v has B0: cells with no live neighbours are born, so no pattern stays in a finite box", ErrProblem, set.Rule)
	}
	enc, err := newEncoder(set.Encoding, set.Rule)
	if err != nil {
		return nil, err
	}
	per, w, h := p.period(), p.Width, p.Height
	c := &logic.CNF{}
	first := c.NewVars(per * w * h)
	in := &Instance{Problem: p, CNF: c, Rule: set.Rule, Exact: !set.AnyPeriod, cells: make([]logic.Lit, per*w*h)}
	for i := range in.cells {
		in.cells[i] = (first + logic.Var(i)).Pos()
	}
	var d *defs
	if set.Diversify == FlipAll {
		d = &defs{}
	}
	gen := func(t int) grid {
		return func(x, y int) logic.Lit { return in.Cell(t, x, y) }
	}
	// Every cell of the box and of the ring around it follows the rule;
	// ring cells are dead at every generation, so nothing is born there.
	area := p.Box().Inset(-1)
	for t := range per {
		enc.step(c, d, gen(t), gen((t+1)%per), area)
	}
	if in.Exact {
		for _, div := range maximalDivisors(per) {
			differ(c, d, in, 0, div)
		}
	}
	if !set.AllowEmpty {
		alive := make([]logic.Lit, 0, w*h)
		for y := range h {
			for x := range w {
				alive = append(alive, in.Cell(0, x, y))
			}
		}
		c.Add(alive...)
	}
	in.flip(set, d)
	c.Comment("lifesat %v, rule %v, encoding %s, diversify %v, seed %d", p, set.Rule, set.Encoding, set.Diversify, set.Seed)
	c.Comment("cell T X Y LIT: cell (X, Y) of generation T is alive exactly when LIT is true")
	for t := range per {
		for y := range h {
			for x := range w {
				c.Comment("cell %d %d %d %d", t, x, y, in.Cell(t, x, y))
			}
		}
	}
	return in, nil
}

// flip applies the random flips chosen by the settings. With FlipAll the
// cells get a random mask and every auxiliary variable recorded in d the
// value it has on that random board; any other variable a random bit.
func (in *Instance) flip(set Settings, d *defs) {
	if set.Diversify == NoFlip {
		return
	}
	rng := rand.New(rand.NewPCG(set.Seed, 0x6c69666573617421)) // "lifesat!"
	mask := make([]bool, in.CNF.NumVars()+1)
	n := len(mask)
	if set.Diversify == FlipCells {
		n = 1 + len(in.cells)
	}
	for v := 1; v < n; v++ {
		mask[v] = rng.IntN(2) == 1
	}
	if d != nil {
		d.eval(mask)
	}
	in.CNF.Flip(mask)
	for i, l := range in.cells {
		in.cells[i] = l.Xor(mask[l.Var()])
	}
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

// differ adds clauses saying generations t and u differ in some cell:
// d_c -> (cell_t XOR cell_u) for each cell c, and one of the d_c.
func differ(c *logic.CNF, df *defs, in *Instance, t, u int) {
	p := in.Problem
	some := make([]logic.Lit, 0, p.Width*p.Height)
	for y := range p.Height {
		for x := range p.Width {
			a, b := in.Cell(t, x, y), in.Cell(u, x, y)
			d := c.NewVar().Pos()
			df.add(d.Var(), unary{a}, unary{b}, 0)
			c.Add(d.Not(), a, b)
			c.Add(d.Not(), a.Not(), b.Not())
			some = append(some, d)
		}
	}
	c.Add(some...)
}

// Stats describe the work of a search.
type Stats struct {
	Vars, Clauses int
	Encode, Solve time.Duration
	// Solves is the number of solver calls.
	Solves int
}

// A Result is the outcome of a search.
type Result struct {
	// Status is logic.Sat when at least one pattern was found,
	// logic.Unsat when it is proved that none exists, logic.Unknown when
	// the search stopped first.
	Status logic.Status
	// Patterns are the distinct patterns found, each verified by Check.
	Patterns []*Pattern
	// Exhausted is true when it is proved that no further pattern exists
	// (fewer than Settings.Solutions came back).
	Exhausted bool
	Stats     Stats
}

// Search finds patterns that solve p: up to Settings.Solutions distinct
// ones (two patterns are distinct when neither is a phase of the other).
// Each pattern is re-simulated by Problem.Check before it is returned; a
// pattern that fails the check is reported as an error, never returned.
//
// ctx is checked before each solver call and while the solver runs. On
// cancellation Search returns the patterns found so far with ctx.Err().
// The embedded gophersat solver cannot be interrupted: it stops in the
// background later (see logic.Gophersat).
func Search(ctx context.Context, p Problem, s *Settings) (*Result, error) {
	set := s.orDefaults()
	start := time.Now()
	in, err := Encode(p, &set)
	if err != nil {
		return nil, err
	}
	res := &Result{Stats: Stats{Vars: in.CNF.NumVars(), Clauses: in.CNF.NumClauses(), Encode: time.Since(start)}}
	solver := set.Solver
	if solver == nil {
		solver = logic.Gophersat{}
	}
	start = time.Now()
	defer func() { res.Stats.Solve = time.Since(start) }()
	sess, err := solver.Start(in.CNF)
	if err != nil {
		return nil, err
	}
	for len(res.Patterns) < set.Solutions {
		res.Stats.Solves++
		st, err := sess.Solve(ctx)
		if err != nil {
			return res, err
		}
		if st == logic.Unknown {
			return res, fmt.Errorf("lifesat: solver stopped without an answer")
		}
		if st == logic.Unsat {
			res.Exhausted = true
			if len(res.Patterns) == 0 {
				res.Status = logic.Unsat
			}
			return res, nil
		}
		pat := in.Decode(sess.Model())
		if err := p.Check(pat, set.Rule, in.Exact); err != nil {
			return res, fmt.Errorf("lifesat: internal error: the solver's answer fails verification: %w", err)
		}
		if !set.AllowEmpty && pat.Board().Population() == 0 {
			return res, fmt.Errorf("lifesat: internal error: empty pattern despite the non-empty constraint")
		}
		res.Patterns = append(res.Patterns, pat)
		res.Status = logic.Sat
		in.block(sess, pat)
	}
	return res, nil
}

// block forbids pat, in every one of its phases, as generation 0 of a
// later solution.
func (in *Instance) block(sess logic.Session, pat *Pattern) {
	p := in.Problem
	for _, b := range pat.Phases {
		cl := make([]logic.Lit, 0, p.Width*p.Height)
		for y := range p.Height {
			for x := range p.Width {
				cl = append(cl, in.Cell(0, x, y).Xor(b.Alive(x, y)))
			}
		}
		sess.Add(cl...)
	}
}

// FindStillLife is the simple form for notebooks: one non-empty still life
// in a w x h box, or nil when none exists.
func FindStillLife(w, h int, s *Settings) (*Board, error) {
	res, err := Search(context.Background(), StillLife(w, h), s)
	if err != nil || res.Status != logic.Sat {
		return nil, err
	}
	return res.Patterns[0].Board(), nil
}

// FindOscillator is the simple form for notebooks: the phases of one
// oscillator of period p in a w x h box, or nil when none exists.
func FindOscillator(p, w, h int, s *Settings) ([]*Board, error) {
	res, err := Search(context.Background(), Oscillator(p, w, h), s)
	if err != nil || res.Status != logic.Sat {
		return nil, err
	}
	return res.Patterns[0].Phases, nil
}
