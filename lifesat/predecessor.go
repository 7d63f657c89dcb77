package lifesat

import (
	"context"
	"errors"
	"fmt"
	"image"
	"time"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// A PredMode says what a predecessor search assumes beyond the target.
type PredMode uint8

const (
	// Isolated (the zero value): the target is the whole world at the
	// last generation; everything outside its box is dead at every
	// generation, and the predecessor lives in the same box.
	Isolated PredMode = iota
	// Window: only the box is constrained at the last generation; cells
	// around it may be anything. The predecessor of N steps may use
	// N cells on every side of the box: it is a (W+2N) x (H+2N) board
	// whose cell (N, N) is the target's (0, 0). A target with no
	// predecessor in this mode has none at all: it is a Garden of Eden
	// (for N = 1).
	Window
	// Wrapped: the board wraps around, a torus, as in the public "Reverse
	// Game of Life" benchmark.
	Wrapped
)

// String names the mode: "dead", "window" or "torus".
func (m PredMode) String() string {
	switch m {
	case Window:
		return "window"
	case Wrapped:
		return "torus"
	}
	return "dead"
}

// ParsePredMode reads a mode name.
func ParsePredMode(s string) (PredMode, error) {
	for _, m := range []PredMode{Isolated, Window, Wrapped} {
		if s == m.String() {
			return m, nil
		}
	}
	return 0, fmt.Errorf("%w: unknown predecessor mode %q (want dead, window or torus)", ErrProblem, s)
}

// A PredProblem asks for a board that becomes Target after Steps
// generations (Steps 0 means 1).
type PredProblem struct {
	Target *life.Board
	Steps  int
	Mode   PredMode
	// Minimize asks for the fewest live cells at generation 0, proved
	// optimal when the search finishes.
	Minimize bool
	// Cage, when not nil, is a board of generation 0's size (the target's,
	// or (W+2N) x (H+2N) in Window mode) whose live cells are the only
	// ones that may be alive at generation 0: Knuth's "potentially alive"
	// cells, followed for Steps generations.
	Cage *life.Board
}

// A PredResult is the outcome of a predecessor search.
type PredResult struct {
	// Status is logic.Sat when a predecessor was found, logic.Unsat when
	// none exists (in Window mode: the target is a Garden of Eden),
	// logic.Unknown when the search stopped first.
	Status logic.Status
	// Board is the predecessor (generation 0), verified by simulation.
	Board *life.Board
	// Optimal is true when Minimize proved that no predecessor has fewer
	// live cells.
	Optimal bool
	Stats   Stats
}

func (q PredProblem) steps() int { return max(q.Steps, 1) }

// area is the region of generation t (0..N) that is encoded.
func (q PredProblem) area(t int) image.Rectangle {
	box := image.Rect(0, 0, q.Target.Width(), q.Target.Height())
	if q.Mode == Window {
		return box.Inset(-(q.steps() - t))
	}
	return box
}

func (q PredProblem) validate() error {
	if q.Target == nil {
		return fmt.Errorf("%w: no target", ErrProblem)
	}
	w, h, n := q.Target.Width(), q.Target.Height(), q.steps()
	switch {
	case w == 0 || h == 0:
		return fmt.Errorf("%w: the target is empty (%dx%d)", ErrProblem, w, h)
	case q.Steps < 0 || n > MaxPeriod:
		return fmt.Errorf("%w: steps %d: want 1..%d", ErrProblem, q.Steps, MaxPeriod)
	}
	a := q.area(0)
	if a.Dx() > MaxSide || a.Dy() > MaxSide || a.Dx()*a.Dy()*n > MaxCells {
		return fmt.Errorf("%w: a %dx%d target over %d steps is more than %d cells", ErrProblem, w, h, n, MaxCells)
	}
	if q.Mode > Wrapped {
		return fmt.Errorf("%w: unknown predecessor mode %d", ErrProblem, q.Mode)
	}
	if q.Cage != nil && (q.Cage.Width() != a.Dx() || q.Cage.Height() != a.Dy()) {
		return fmt.Errorf("%w: cage is %dx%d, generation 0 is %dx%d", ErrProblem, q.Cage.Width(), q.Cage.Height(), a.Dx(), a.Dy())
	}
	return nil
}

// Check reports whether b becomes the target after the steps, in the
// problem's mode, by plain simulation. The zero Rule is an error.
func (q PredProblem) Check(b *life.Board, r rule.Rule) error {
	if r.IsZero() {
		return fmt.Errorf("%w: Check: no rule (the zero rule.Rule); pass rule.Life or a parsed rule", ErrProblem)
	}
	n := q.steps()
	var end *life.Board
	switch q.Mode {
	case Wrapped:
		end = life.Run(b, r, life.Torus, n)[n]
	case Window:
		// Simulate in a plane large enough, then look at the box only.
		end = life.Run(b.Pad(n), r, life.Dead, n)[n].Crop(image.Rect(2*n, 2*n, 2*n+q.Target.Width(), 2*n+q.Target.Height()))
	default:
		end = life.Run(b.Pad(n), r, life.Dead, n)[n]
		if !end.Equal(q.Target.Pad(n)) {
			return errors.New("lifesat: the predecessor does not evolve into the target in an empty plane")
		}
		return nil
	}
	if !end.Equal(q.Target) {
		return errors.New("lifesat: the predecessor does not evolve into the target")
	}
	return nil
}

// checkCage reports a live cell of b outside the cage.
func (q PredProblem) checkCage(b *life.Board) error {
	if q.Cage == nil {
		return nil
	}
	for y := range b.Height() {
		for x := range b.Width() {
			if b.Alive(x, y) && !q.Cage.Alive(x, y) {
				return fmt.Errorf("lifesat: cell (%d,%d) is alive outside the cage", x, y)
			}
		}
	}
	return nil
}

// Predecessor finds a board that evolves into q.Target in q.Steps
// generations under the settings' rule: the reverse Life problem of
// Bosch's Exercise 6 and of the reverse-Life project. The solver starts
// from all cells dead (its natural phase), which favours sparse answers;
// Seed and Diversify do not apply. With Minimize, it then asks for fewer
// and fewer live cells until that is proved impossible.
//
// ctx is checked while the formula is encoded and loaded (as in Search),
// before each solver call and while the solver runs; on cancellation the
// best predecessor found so far comes back, with ctx.Err(). A formula
// over MaxMemory is refused with ErrProblem before it is built.
func Predecessor(ctx context.Context, q PredProblem, s *Settings) (*PredResult, error) {
	set := s.orDefaults()
	if err := q.validate(); err != nil {
		return nil, err
	}
	if set.Rule.Partial() {
		return nil, fmt.Errorf("%w: Predecessor takes one rule, not the partial rule %v", ErrProblem, set.Rule)
	}
	if set.Rule.BirthOnZero() && q.Mode != Wrapped {
		return nil, fmt.Errorf("%w: rule %v has B0: only the torus mode can reverse it", ErrProblem, set.Rule)
	}
	enc, err := newEncoder(set.Encoding, set.Rule)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	n := q.steps()
	w, h := q.Target.Width(), q.Target.Height()
	c := &logic.CNF{}
	gens := make([]map[image.Point]logic.Lit, n)
	for t := range n {
		a := q.area(t)
		gens[t] = make(map[image.Point]logic.Lit, a.Dx()*a.Dy())
		for y := a.Min.Y; y < a.Max.Y; y++ {
			for x := a.Min.X; x < a.Max.X; x++ {
				if t == 0 && q.Cage != nil && !q.Cage.Alive(x-a.Min.X, y-a.Min.Y) {
					gens[t][image.Pt(x, y)] = logic.False
					continue
				}
				gens[t][image.Pt(x, y)] = c.NewVar().Pos()
			}
		}
	}
	lookup := func(t int) grid {
		if t == n {
			return func(x, y int) logic.Lit {
				if q.Mode == Wrapped {
					x, y = mod(x, w), mod(y, h)
				}
				return logic.Const(q.Target.Alive(x, y))
			}
		}
		return func(x, y int) logic.Lit {
			if q.Mode == Wrapped {
				x, y = mod(x, w), mod(y, h)
			}
			if l, ok := gens[t][image.Pt(x, y)]; ok {
				return l
			}
			return logic.False
		}
	}
	area := func(t int) region {
		if q.Mode == Isolated {
			return all(q.area(t).Inset(-1)) // the ring stays dead
		}
		return all(q.area(t))
	}
	size := formulaSize{vars: int64(c.NumVars())}
	for t := range n {
		cl, li := enc.size(lookup(t), lookup(t+1), area(t+1))
		size = size.plus(formulaSize{int64(auxVars(enc, area(t+1))), int64(cl), int64(li)})
	}
	if err := q.fits(set, size); err != nil {
		return nil, err
	}
	for t := range n {
		if err := enc.step(ctx, c, false, lookup(t), lookup(t+1), area(t+1)); err != nil {
			return &PredResult{Status: logic.Unknown}, err
		}
	}
	a0 := q.area(0)
	first := make([]logic.Lit, 0, a0.Dx()*a0.Dy())
	for y := a0.Min.Y; y < a0.Max.Y; y++ {
		for x := a0.Min.X; x < a0.Max.X; x++ {
			first = append(first, gens[0][image.Pt(x, y)])
		}
	}
	res := &PredResult{Stats: Stats{Vars: c.NumVars(), Clauses: c.NumClauses(), Encode: time.Since(start)}}
	solver := logic.OrDefault(set.Solver)
	start = time.Now()
	defer func() { res.Stats.Solve = time.Since(start) }()
	what := fmt.Sprintf("%d-step predecessor of a %dx%d pattern", n, w, h)
	set.progress(Progress{Phase: PhaseEncoded, What: what, Vars: res.Stats.Vars, Clauses: res.Stats.Clauses, Elapsed: res.Stats.Encode})
	watch := set.startWatch(what)
	defer watch.stop()
	sess, proof, err := startProof(ctx, &set, solver, c)
	if err != nil {
		if ctx.Err() != nil {
			return res, err
		}
		return nil, err
	}
	defer func() { proof.discard() }() // unless finished
	watch.add(sess)
	var tot *logic.Totalizer
	for {
		res.Stats.Solves++
		st, err := sess.Solve(ctx)
		if err != nil {
			return res, err
		}
		if st == logic.Unknown {
			return res, errors.New("lifesat: solver stopped without an answer")
		}
		if st == logic.Unsat {
			if res.Board == nil {
				res.Status = logic.Unsat
			} else {
				res.Optimal = true
			}
			return res, proof.finish(sess)
		}
		m := sess.Model()
		b := life.NewBoard(a0.Dx(), a0.Dy())
		for i, l := range first {
			b.Set(i%a0.Dx(), i/a0.Dx(), l.Value(m))
		}
		if err := q.Check(b, set.Rule); err != nil {
			return res, fmt.Errorf("lifesat: internal error: the solver's predecessor fails verification: %w", err)
		}
		if err := q.checkCage(b); err != nil {
			return res, fmt.Errorf("lifesat: internal error: the solver's predecessor fails verification: %w", err)
		}
		res.Board, res.Status = b, logic.Sat
		if !q.Minimize {
			return res, nil
		}
		pop := b.Population()
		if pop == 0 {
			res.Optimal = true
			return res, nil
		}
		if tot == nil {
			// Counting up to the population of the first answer is
			// enough: later answers only get smaller. The counter's
			// variables are new, so the session starts again with it.
			if err := q.fits(set, size.plus(totalizerSize(len(first), pop))); err != nil {
				return res, fmt.Errorf("cannot minimize: %w", err)
			}
			if tot, err = logic.NewTotalizerContext(ctx, c, first, pop); err != nil {
				return res, err
			}
			proof.discard()
			if sess, proof, err = startProof(ctx, &set, solver, c); err != nil {
				return res, err
			}
			watch.add(sess)
		}
		sess.Add(tot.Output(pop).Not()) // fewer than pop live cells
	}
}

// fits is Problem.fits for a predecessor search.
func (q PredProblem) fits(set Settings, sz formulaSize) error {
	need := logic.Footprint(set.Solver, int(sz.vars), int(sz.clauses), int(sz.lits))
	if need <= set.memory() {
		return nil
	}
	return fmt.Errorf("%w: predecessor of a %dx%d target over %d steps (%s encoding): the formula would have %s variables, %s clauses and %s literals, about %s with the solver %s, more than the limit of %s",
		ErrProblem, q.Target.Width(), q.Target.Height(), q.steps(), set.Encoding, millions(sz.vars), millions(sz.clauses), millions(sz.lits), gigabytes(need), solverName(set.Solver), gigabytes(set.memory()))
}
