package lifesat

import (
	"context"
	"errors"
	"fmt"
	"image"
	"time"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// Search finds patterns that solve p: up to Settings.Solutions distinct
// ones. Two still lifes or oscillators are distinct when neither is a
// phase of the other; two spaceships when neither is a phase of the other
// moved anywhere in the box.
// Each pattern is re-simulated by Problem.Check before it is returned; a
// pattern that fails the check is reported as an error, never returned.
//
// ctx is checked every row while the formula is encoded, every few
// thousand clauses while it is loaded into the solver, before each solver
// call and while the solver runs. On cancellation Search returns the
// patterns found so far with ctx.Err(). The embedded gophersat solver
// stops at its next conflict, usually within milliseconds; only its own
// loading of the clauses, once started, ends in the background (see
// logic.Gophersat). A problem whose formula would need more than MaxMemory
// is refused with ErrProblem before it is built.
func Search(ctx context.Context, p Problem, s *Settings) (*Result, error) {
	su, err := newSetup(p, s)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	err = enumerate(ctx, su, &res.Stats, func(pat *Pattern) bool {
		res.Patterns = append(res.Patterns, pat)
		return len(res.Patterns) < su.set.Solutions
	}, &res.Exhausted)
	if len(res.Patterns) > 0 {
		res.Status = logic.Sat
	} else if res.Exhausted {
		res.Status = logic.Unsat
	}
	if errors.Is(err, ErrProblem) {
		return nil, err // the problem could not be encoded
	}
	return res, err
}

// Enumerate calls yield with every distinct pattern that solves p, each
// verified by Problem.Check, until yield returns false or none is left:
// the streaming form of Search (Settings.Solutions is ignored). It
// returns nil when the patterns ran out or yield stopped, and ctx.Err()
// when ctx ended first.
func Enumerate(ctx context.Context, p Problem, s *Settings, yield func(*Pattern) bool) error {
	su, err := newSetup(p, s)
	if err != nil {
		return err
	}
	var st Stats
	var done bool
	return enumerate(ctx, su, &st, yield, &done)
}

// enumerate is the loop under Search and Enumerate; it fills st and sets
// *exhausted when it proves that no further pattern exists.
func enumerate(ctx context.Context, su *setup, st *Stats, yield func(*Pattern) bool, exhausted *bool) error {
	p, set := su.p, su.set
	start := time.Now()
	in, err := encode(ctx, su, nil, inSolver, formulaSize{})
	if err != nil {
		return err
	}
	*st = Stats{Vars: in.CNF.NumVars(), Clauses: in.CNF.NumClauses(), Encode: time.Since(start)}
	set.progress(Progress{Phase: PhaseEncoded, What: p.String(), Vars: st.Vars, Clauses: st.Clauses, Elapsed: st.Encode})
	solver := logic.OrDefault(su.solver)
	start = time.Now()
	defer func() { st.Solve = time.Since(start) }()
	w := set.startWatch(p.String())
	defer w.stop()
	sess, proof, err := startProof(ctx, &set, solver, in.CNF)
	if err != nil {
		return err
	}
	defer proof.discard() // unless finished
	w.add(sess)
	w.showCells(in, sess)
	size := formulaSize{int64(in.CNF.NumVars()), int64(in.CNF.NumClauses()), int64(in.CNF.NumLits())}
	for {
		st.Solves++
		status, err := sess.Solve(ctx)
		if err != nil {
			return err
		}
		switch status {
		case logic.Unknown:
			return errors.New("lifesat: solver stopped without an answer")
		case logic.Unsat:
			*exhausted = true
			return proof.finish(sess)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		model := sess.Model()
		pat := in.Decode(model)
		if err := su.check(pat); err != nil {
			return fmt.Errorf("lifesat: internal error: the solver's answer fails verification: %w", err)
		}
		if set.Rule.Partial() {
			if pat.Rule, err = in.ruleRange(pat, model); err != nil {
				return err
			}
		}
		w.foundOne()
		if !yield(pat) {
			return nil
		}
		// A ship is blocked at every place in the box: that can be more
		// than the formula itself.
		size = size.plus(in.blockSize(pat))
		if need := logic.Footprint(set.Solver, int(size.vars), int(size.clauses), int(size.lits)); need > set.memory() {
			return fmt.Errorf("lifesat: stopped: ruling out the patterns found so far at every place in the box needs about %s with the solver %s, more than the limit of %s",
				gigabytes(need), solverName(set.Solver), gigabytes(set.memory()))
		}
		if err := in.block(ctx, sess, pat); err != nil {
			return err
		}
	}
}

// blockSize is the number of clauses, and of literals, that block adds
// for pat.
func (in *Instance) blockSize(pat *Pattern) formulaSize {
	p := in.Problem
	if p.Template != nil {
		n := int64(len(pat.Phases) * p.Width * p.Height)
		return formulaSize{clauses: 1, lits: n}
	}
	var sz formulaSize
	for _, ph := range in.phases(pat) {
		moves := int64(len(ph.moves))
		sz.clauses += moves
		sz.lits += moves * int64(p.Width*p.Height)
	}
	return sz
}

// A phase is one generation of an answer's evolution that could be
// generation 0 of another answer: its cells (a board of area, on the
// plane of generation 0) and the moves that place it in the box.
type blockPhase struct {
	board *life.Board
	area  image.Rectangle
	moves []image.Point
}

// phases lists the generations of pat's evolution, over a whole turn of
// the period's motion (Period times the transform's order), that could
// be generation 0 of an answer, each with the moves that keep its pattern
// in the box: only where it is for an oscillator, every place for a
// spaceship, whose background allows the move. A generation whose
// background is not generation 0's, or whose pattern is not in the box,
// is none.
func (in *Instance) phases(pat *Pattern) []blockPhase {
	p := in.Problem
	var out []blockPhase
	for n := range p.period() * p.turns() {
		area := p.reach(n)
		b := p.planeOf(pat, in.bg, n, area)
		var live image.Rectangle // where it differs from the background
		for y := range area.Dy() {
			for x := range area.Dx() {
				if b.Alive(x, y) != in.bg.Alive(n, area.Min.X+x, area.Min.Y+y) {
					live = live.Union(image.Rect(x, y, x+1, y+1).Add(area.Min))
				}
			}
		}
		ph := blockPhase{board: b, area: area}
		candidates := []image.Point{{}}
		if p.travel() != (image.Point{}) && !live.Empty() {
			candidates = candidates[:0]
			for dy := -live.Min.Y; dy <= p.Height-live.Max.Y; dy++ {
				for dx := -live.Min.X; dx <= p.Width-live.Max.X; dx++ {
					candidates = append(candidates, image.Pt(dx, dy))
				}
			}
		}
		for _, d := range candidates {
			if live.Add(d).In(p.Box()) && sameBackground(in.bg, n, affine{m: identity.m, o: d}, 0) {
				ph.moves = append(ph.moves, d)
			}
		}
		if len(ph.moves) > 0 {
			out = append(out, ph)
		}
	}
	return out
}

// block forbids pat, in every one of its phases, as generation 0 of a
// later solution. A spaceship moves through translated copies of itself,
// so for ships every phase is also forbidden at every place in the box:
// ships are distinct up to phase and translation (anything finer would
// make the count depend on the order the solver finds them in). The
// phases are those of a whole turn of the period's motion: a pattern
// whose generation 2 is its generation 0 mirrored has its mirror images
// among its phases.
//
// It returns ctx.Err() when it sees, before a clause, that ctx has ended.
func (in *Instance) block(ctx context.Context, sess logic.Session, pat *Pattern) error {
	p := in.Problem
	if p.Template != nil {
		in.blockAll(sess, pat)
		return nil
	}
	for _, ph := range in.phases(pat) {
		for _, d := range ph.moves {
			if err := ctx.Err(); err != nil {
				return err
			}
			cl := make([]logic.Lit, 0, p.Width*p.Height)
			for y := range p.Height {
				for x := range p.Width {
					// The phase's cell moved here, or the background.
					q := image.Pt(x, y).Sub(d)
					v := in.bg.Alive(0, x, y)
					if q.In(ph.area) {
						v = ph.board.Alive(q.X-ph.area.Min.X, q.Y-ph.area.Min.Y)
					}
					cl = append(cl, in.Cell(0, x, y).Xor(v))
				}
			}
			sess.Add(cl...)
		}
	}
	return nil
}

// FindStillLife is the simple form for notebooks: one non-empty still life
// in a w x h box, or nil when none exists. It runs one search (Search with
// s), as FindOscillator does.
func FindStillLife(w, h int, s *Settings) (*life.Board, error) {
	res, err := Search(context.Background(), StillLife(w, h), s)
	if err != nil || res.Status != logic.Sat {
		return nil, err
	}
	return res.Patterns[0].Board(), nil
}

// FindOscillator is the simple form for notebooks: the phases of one
// oscillator of period p in a w x h box, or nil when none exists.
//
// It runs one search, Search with s, in this goroutine: one seed, one
// encoding, the whole box. The command's "lifesat osc" races several
// members instead (Race with the members of Strategies: other seeds and
// encodings, symmetric and moving sub-problems), which answers hard
// periods far sooner, at the cost of one process or goroutine per
// member; docs/speed.md compares the two.
func FindOscillator(p, w, h int, s *Settings) ([]*life.Board, error) {
	res, err := Search(context.Background(), Oscillator(p, w, h), s)
	if err != nil || res.Status != logic.Sat {
		return nil, err
	}
	return res.Patterns[0].Phases, nil
}
