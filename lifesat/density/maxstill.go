package density

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// MaxWidth is the longest shorter side MaxStillLife takes: a row of the
// program is a 32-bit word.
const MaxWidth = 32

// DefaultMemory is the memory budget when Options.Memory is 0.
const DefaultMemory = 2 << 30

// ErrBox is wrapped by the errors for boxes MaxStillLife cannot take.
var ErrBox = errors.New("density: bad box")

// Options tunes MaxStillLife. The zero value (or a nil *Options) means the
// defaults.
type Options struct {
	// Memory bounds the bytes the row program keeps (states and the
	// back-pointers that rebuild the board); 0 means DefaultMemory. A pass
	// that would need more stops with an error wrapping ErrMemory.
	Memory int64
	// Progress, when set, is called as the search goes: after each row of
	// each pass, and every few thousand states of a dive.
	Progress func(Progress)
}

// The phases of the search, as Progress.Phase names them.
const (
	PhaseEdge  = "edge"  // edge bounds, one small open program per number of rows
	PhaseDive  = "dive"  // a depth-first search for a board within the budget
	PhaseBeam  = "beam"  // a pass that keeps only its most promising states
	PhaseExact = "exact" // a pass that keeps every state within the budget
	// PhaseMirror is a pass that keeps only rows reading the same from
	// both ends: few states, so it is cheap, and it finds the densest
	// such board (optimal for many odd n), but it proves no bound.
	PhaseMirror = "mirror"
)

// Progress describes the work under way.
type Progress struct {
	// Phase is one of the Phase constants; Pass counts the passes of the
	// search from 1 (the edge bounds are pass 0).
	Phase string
	Pass  int
	// Budget is the waste the pass allows: it asks whether a still life
	// with at least Population live cells exists.
	Budget, Population int
	// Row is the row just placed (-1 is the ring above the box) and
	// States the number of states after it; in a dive, Row is the depth
	// and States the states expanded so far.
	Row, States int
	// Best and Bound are the population of the best board so far and the
	// proved upper bound.
	Best, Bound int
}

// A Result is the outcome of MaxStillLife.
type Result struct {
	// Board is the best still life found, w x h; it is never nil (the
	// empty board is a still life).
	Board *life.Board
	// Population is Board's number of live cells.
	Population int
	// Bound is the proved upper bound on the population of any still life
	// in the box; Optimal reports Population == Bound.
	Bound   int
	Optimal bool
	// Waste is the wastage of Board (see Waste); 4*Population + Waste =
	// 2wh + 2w + 2h.
	Waste int
	Stats Stats
}

// Stats counts the work of MaxStillLife.
type Stats struct {
	// Passes is the number of dives and passes of the row program.
	Passes int
	// States is the number of states kept after a row, over all rows of
	// all passes, or expanded by dives; PeakStates the most after one row.
	States     int64
	PeakStates int
	// The time spent on the strip tables, the edge bounds, dives, beam
	// passes, exact passes and mirror passes.
	Tables, Edge, Dive, Beam, Exact, Mirror time.Duration
	// SAT is MaxStillLifeSAT's time in its solver calls, building the
	// formulas included; Unsat the number of them answered UNSAT (the
	// last of which proved Bound, and left its proof in
	// SATOptions.ProofDir when asked).
	SAT   time.Duration
	Unsat int
}

// MaxStillLife returns a still life with the most live cells in a w x h
// box under Life (B3/S23; the waste rules hold for Life only), everything
// outside the box dead, and a proof that none has more: OEIS A055397 for
// n x n boxes.
//
// It is a dynamic program over rows with the last two rows as its state,
// like MaxStillLifeRule, bounded by the wastage reformulation of Chu,
// Stuckey and de la Banda (see the package documentation): each pass
// allows a budget of waste and keeps only the states whose waste so far
// plus a lower bound on the waste still to come fits in it. Passes raise
// the budget by the least amount that can change the answer, so the
// first pass that finds a board finds an optimal one; each failing pass
// proves a smaller upper bound. Beam passes, which keep only the most
// promising states of each row, find good boards early and can make the
// last exact pass unnecessary.
//
// The box is turned so that the rows run along its shorter side, which
// may be at most MaxWidth. The board is re-simulated with life.Step
// before it is returned.
//
// ctx is checked while the strip tables are built, before each state a
// dive expands, every 64 states of a pass and every 1024 rows listed as
// successors of one state. On cancellation, and when a pass outgrows the
// memory budget, MaxStillLife returns both the best result so far
// (Optimal false, Bound the proved bound: a gap as in Bosch's tables) and
// an error: ctx.Err(), or one wrapping ErrMemory. The best so far is at
// worst a grid of blocks, which it has before any work, so a box of at
// least 2x2 never comes back empty. Bad boxes give an error wrapping
// ErrBox and a nil Result.
func MaxStillLife(ctx context.Context, w, h int, opt *Options) (*Result, error) {
	o, err := start(w, h, MaxWidth, "", opt)
	if err != nil {
		return nil, err
	}
	s := &solver{w: w, h: h, opt: o}
	return s.solve(ctx)
}

// start checks a w x h box whose shorter side may be at most width (what
// is the shorter side's, for the message), and returns opt with its
// defaults filled in.
func start(w, h, width int, what string, opt *Options) (Options, error) {
	var o Options
	switch {
	case w <= 0 || h <= 0:
		return o, fmt.Errorf("%w: %dx%d: sides must be positive", ErrBox, w, h)
	case min(w, h) > width:
		return o, fmt.Errorf("%w: %dx%d: the shorter side%s is limited to %d", ErrBox, w, h, what, width)
	case max(w, h) > 4096:
		return o, fmt.Errorf("%w: %dx%d: the longer side is limited to 4096", ErrBox, w, h)
	}
	if opt != nil {
		o = *opt
	}
	if o.Memory <= 0 {
		o.Memory = DefaultMemory
	}
	return o, nil
}

// A solver runs the passes for one box.
type solver struct {
	w, h  int
	opt   Options
	p     *program
	total int // 2wh + 2w + 2h
	res   Result
	rows  []uint32
	pass  int
}

func (s *solver) solve(ctx context.Context) (*Result, error) {
	start := time.Now()
	err := s.prepare(ctx)
	s.res.Stats.Tables = time.Since(start)
	if err != nil {
		return s.stopped(err)
	}
	// With a deadline, a board better than the blocks first, before the
	// edge bounds (zero until computed, which is a weaker bound but a
	// sound one): the edge programs take seconds from n = 20 on, and a
	// search stopped among them then has a good best so far. Without one
	// the dives wait for the edge bounds: with the strips' bounds alone
	// each state has far more successors, and these dives made n = 24
	// and 25 take a third to a half more CPU (docs/max-density.md).
	if _, ok := ctx.Deadline(); ok {
		if err := s.firstDives(ctx); err != nil {
			return s.stopped(err)
		}
	}
	start = time.Now()
	states, err := s.p.edges(ctx, s.opt.Memory, func(k, n int) {
		s.report(Progress{Phase: PhaseEdge, Row: k, States: n})
	})
	s.res.Stats.Edge = time.Since(start)
	s.res.Stats.States += states
	if err == nil {
		err = s.search(ctx)
	}
	return s.stopped(err)
}

// prepare sets the box's totals, the first board and the bound of no
// waste, and builds the row program and its strip tables. Blocks on a
// grid of 3 are a board before any table is built, so a search stopped
// at once still has a best so far.
func (s *solver) prepare(ctx context.Context) error {
	pw, ph := min(s.w, s.h), max(s.w, s.h)
	s.total = 2*s.w*s.h + 2*s.w + 2*s.h
	s.res.Bound = s.total / 4
	s.rows, s.res.Population = blockGrid(pw, ph)
	p, err := newProgram(ctx, pw, ph, false)
	s.p = p
	return err
}

// stopped builds and checks the board found so far and returns the
// result with err, the search's error or nil.
func (s *solver) stopped(err error) (*Result, error) {
	if e := s.finish(); e != nil {
		return nil, e
	}
	return &s.res, err
}

// report passes p on to the progress callback, with the bounds so far.
func (s *solver) report(p Progress) {
	if s.opt.Progress != nil {
		p.Best, p.Bound = s.res.Population, s.res.Bound
		if p.Phase != PhaseEdge {
			p.Pass = s.pass
			p.Population = s.populationOf(p.Budget)
		}
		s.opt.Progress(p)
	}
}

// populationOf is the population of a board with the given waste.
func (s *solver) populationOf(waste int) int { return (s.total - waste) / 4 }

// wasteOf is the waste of a board with the given population.
func (s *solver) wasteOf(pop int) int { return s.total - 4*pop }

// search runs the passes. The invariant: every still life wastes at least
// s.wasteOf(s.res.Bound).
func (s *solver) search(ctx context.Context) error {
	if err := s.firstDives(ctx); err != nil {
		return err
	}
	if err := s.mirror(ctx); err != nil {
		return err
	}
	// Then each budget in turn, from the least the bounds allow: a dive,
	// then if it neither finds a board nor runs to the end, beams of
	// growing width, the last of which drops nothing and so is exact. A
	// board found within the budget is optimal; a budget found empty
	// raises the bound.
	for s.res.Population < s.res.Bound {
		budget := s.wasteOf(s.res.Bound)
		if settled, err := s.dive(ctx, budget, diveLimit); settled || err != nil {
			if err != nil {
				return err
			}
			continue
		}
		for beam := firstBeam; ; beam *= beamGrowth {
			r, err := s.runPass(ctx, passLimits{budget: budget, beam: beam})
			if err != nil {
				return err
			}
			if r.found {
				s.found(r.waste, r.rows)
				break
			}
			if !r.cut {
				s.raise(r.over)
				break
			}
		}
	}
	return nil
}

// firstDives dives with a generous budget, and a more generous one while
// that finds no board better than the best so far, for a good board
// early: once before the edge bounds and once after them, when the bounds
// lead to better boards.
func (s *solver) firstDives(ctx context.Context) error {
	best := s.res.Population
	for slack := 8; s.res.Population < s.res.Bound; slack *= 2 {
		budget := s.wasteOf(s.res.Bound) + slack
		if _, err := s.dive(ctx, budget, firstDiveLimit); err != nil {
			return err
		}
		// More slack than the best board's waste finds nothing better.
		if s.res.Population > best || budget >= s.wasteOf(s.res.Population) {
			break
		}
	}
	return nil
}

// mirror looks for the densest board whose rows read the same from both
// ends (left-right mirror symmetry), raising the budget from the least
// the bounds allow until a pass finds one or the budget reaches the best
// board's waste. Such passes keep few states, and for odd n the densest
// board often has this symmetry: then the passes below only prove the
// bound. A pass that outgrows mirrorBeam drops states; it still finds
// boards, and proves nothing either way.
func (s *solver) mirror(ctx context.Context) error {
	for budget := s.wasteOf(s.res.Bound); budget < s.wasteOf(s.res.Population); budget += 4 {
		r, err := s.runPass(ctx, passLimits{budget: budget, beam: mirrorBeam, mirror: true})
		if err != nil {
			return err
		}
		if r.found {
			s.found(r.waste, r.rows)
			return nil
		}
	}
	return nil
}

// The limits of the search: the states a dive may expand (firstDiveLimit
// for the first dives, which only look for a good board), the width of
// the first beam and the factor between beams.
const (
	diveLimit      = 200000
	firstDiveLimit = 2000
	firstBeam      = 4096
	beamGrowth     = 4
	mirrorBeam     = 1 << 18
)

// dive dives at the budget. It reports whether that settled the search at
// this budget: a board found within it (so optimal when the budget is the
// bound's), or none possible.
func (s *solver) dive(ctx context.Context, budget, limit int) (bool, error) {
	s.pass++
	start := time.Now()
	r, err := s.p.dive(ctx, budget, limit, func(depth, used int) {
		s.report(Progress{Phase: PhaseDive, Budget: budget, Row: depth - 1, States: used})
	})
	s.res.Stats.Passes++
	s.res.Stats.Dive += time.Since(start)
	s.res.Stats.States += int64(r.used)
	switch {
	case err != nil:
		return false, err
	case r.found:
		s.found(r.waste, r.rows)
		return true, nil
	case r.complete:
		s.raise(r.over)
		return true, nil
	}
	return false, nil
}

// found records a board if it beats the best so far.
func (s *solver) found(waste int, rows []uint32) {
	if pop := s.populationOf(waste); pop > s.res.Population {
		s.res.Population = pop
		s.rows = rows
	}
}

// raise records that no still life wastes less than over.
func (s *solver) raise(over int) {
	s.res.Bound = min(s.res.Bound, s.populationOf(over))
	if s.res.Bound < s.res.Population {
		panic(fmt.Sprintf("density: proved bound %d below the population %d of a board found", s.res.Bound, s.res.Population))
	}
}

// runPass runs one meeting pass within lim, filling in the memory
// budget, and counts it in the stats: a mirror pass, a beam pass if it
// dropped states, else an exact one.
func (s *solver) runPass(ctx context.Context, lim passLimits) (*passResult, error) {
	s.pass++
	start := time.Now()
	pr := Progress{Phase: PhaseBeam, Budget: lim.budget}
	if lim.mirror {
		pr.Phase = PhaseMirror
	}
	lim.memory, lim.meet = s.opt.Memory, true
	r, err := s.p.run(ctx, lim, func(row, states int) {
		pr.Row, pr.States = row-1, states
		s.report(pr)
	})
	st := &s.res.Stats
	st.Passes++
	st.States += r.states
	st.PeakStates = max(st.PeakStates, r.peak)
	switch {
	case lim.mirror:
		st.Mirror += time.Since(start)
	case r.cut:
		st.Beam += time.Since(start)
	default:
		st.Exact += time.Since(start)
	}
	return r, err
}

// blockGrid is the still life of blocks 3 cells apart in a box w <= 32
// columns wide and h rows high (see inBlockGrid): its rows and its
// population.
func blockGrid(w, h int) ([]uint32, int) {
	rows := make([]uint32, h)
	for y := range h {
		for x := range w {
			if inBlockGrid(x, y, w, h) {
				rows[y] |= 1 << x
			}
		}
	}
	return rows, 4 * ((w + 1) / 3) * ((h + 1) / 3)
}

// blockBoard is the same grid of blocks as a board, for boxes of any width.
func blockBoard(w, h int) *life.Board {
	b := life.NewBoard(w, h)
	for y := range h {
		for x := range w {
			b.Set(x, y, inBlockGrid(x, y, w, h))
		}
	}
	return b
}

// inBlockGrid says whether cell x, y of a w x h box is alive in the grid
// of blocks 3 cells apart with a block in its top-left corner: the first
// two of every three columns and rows, where a whole block fits.
func inBlockGrid(x, y, w, h int) bool {
	return x%3 < 2 && x-x%3+1 < w && y%3 < 2 && y-y%3+1 < h
}

// finish builds and checks the board.
func (s *solver) finish() error {
	b := life.NewBoard(s.w, s.h)
	for y, row := range s.rows {
		for x := range min(s.w, s.h) {
			if row>>x&1 == 1 {
				if s.w <= s.h {
					b.Set(x, y, true)
				} else {
					b.Set(y, x, true)
				}
			}
		}
	}
	padded := b.Pad(1)
	if !life.Step(padded, rule.Life, life.Dead).Equal(padded) {
		return fmt.Errorf("density: internal error: the %dx%d board found is not a still life", s.w, s.h)
	}
	if b.Population() != s.res.Population {
		return fmt.Errorf("density: internal error: the row program promised %d live cells and the board has %d",
			s.res.Population, b.Population())
	}
	waste, err := Waste(b)
	if err != nil || 4*s.res.Population+waste != s.total {
		return fmt.Errorf("density: internal error: %dx%d board of %d cells wastes %d (%v)", s.w, s.h, s.res.Population, waste, err)
	}
	s.res.Board = b
	s.res.Waste = waste
	s.res.Optimal = s.res.Population == s.res.Bound
	return nil
}
