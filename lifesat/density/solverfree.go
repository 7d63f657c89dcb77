package density

// The programs of this package as lifesat's SolverFree: lifesat.Count
// hands them plain still lifes, lifesat.Maximize plain still lifes and,
// under Life, plain period-2 oscillators. Linking the package registers
// them (init below).

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

func init() { lifesat.RegisterSolverFree(solverFree{}) }

// The programs that answer lifesat.Maximize, as its MaxResult.Program
// names them.
const (
	// ProgramDensity is MaxStillLife or MaxOscillator, bounded by the
	// wastage.
	ProgramDensity = "the density program"
	// ProgramRows is MaxStillLifeRule, the row program without bounds.
	ProgramRows = "the row program"
	// ProgramWaste is MaxStillLifeSAT with the embedded solver.
	ProgramWaste = "the wastage ladder"
)

// solverFree is the package's lifesat.SolverFree.
type solverFree struct{}

var _ lifesat.SolverFree = solverFree{}

// CountPlain counts a plain still life by CountStillLifes, under any rule
// without B0.
func (solverFree) CountPlain(ctx context.Context, p lifesat.Problem, set lifesat.Settings) (*big.Int, bool, error) {
	if !stillLife(p) || set.Rule.Partial() || set.Rule.BirthOnZero() {
		return nil, false, nil
	}
	n, err := CountStillLifes(ctx, p.Width, p.Height, set.Rule)
	if err == nil && !set.AllowEmpty {
		n.Sub(n, big.NewInt(1))
	}
	return n, true, err
}

// MaximizePlain hands p to MaxStillLife or MaxOscillator when they fit it
// (densityFits), else a plain still life to MaxStillLifeRule when its box
// fits, else a plain still life of Life to MaxStillLifeSAT when the
// wastage CNF takes its box.
func (solverFree) MaximizePlain(ctx context.Context, p lifesat.Problem, set lifesat.Settings) (*lifesat.MaxResult, bool, error) {
	var res *lifesat.MaxResult
	var err error
	switch {
	case densityFits(p, set):
		res, err = maxDensity(ctx, p, set)
	case stillLife(p) && rowsFit(p.Width, p.Height) && !set.Rule.BirthOnZero():
		res, err = maxRowsOrLadder(ctx, p, set)
	case stillLife(p) && set.Rule.Equivalent(rule.Life) && p.Width*p.Height <= MaxWasteCNFCells:
		res, err = maxWasteLadder(ctx, p, set)
	default:
		return nil, false, nil
	}
	if res != nil && res.Optimal {
		res.Bound = res.Population
	}
	return res, true, err
}

// stillLife reports whether p asks for any still life of its box.
func stillLife(p lifesat.Problem) bool { return p.Period <= 1 && p.Plain() }

// oscillator2 reports whether p asks for any period-2 oscillator of its
// box: what MaxOscillator answers.
func oscillator2(p lifesat.Problem) bool { return p.Period == 2 && p.Plain() }

// densityFits reports whether Maximize hands p to MaxStillLife or
// MaxOscillator: Life, and a plain still life or a plain period-2
// oscillator in a box the programs take.
func densityFits(p lifesat.Problem, set lifesat.Settings) bool {
	if !set.Rule.Equivalent(rule.Life) {
		return false
	}
	// Long thin boxes stay on the older paths: the bounds do little
	// there (docs/max-density.md, "Which program answers").
	w, h := p.Width, p.Height
	if w <= 0 || h <= 0 || max(w, h) > 4*min(w, h) {
		return false
	}
	switch {
	case stillLife(p):
		return min(w, h) <= MaxWidth && !rowsBetter(w, h)
	case oscillator2(p):
		// MaxOscillator finds exact period 2 only: with AnyPeriod a
		// still life, counted twice, may be the best.
		return !set.AnyPeriod && min(w, h) <= MaxOscillatorWidth
	}
	return false
}

// rowsBetter reports whether MaxStillLifeRule (the row program without
// bounds) is the better choice for a w x h box under Life: when it keeps
// at most 4^n x long states, n the shorter side (docs/max-density.md,
// "Which program answers", compares the two).
func rowsBetter(w, h int) bool {
	return rowsFit(w, h) && 1<<(2*min(w, h))*max(w, h) <= 1<<22
}

// maxDensity runs MaxStillLife or MaxOscillator for p. On cancellation
// (or when the program outgrows the memory budget) the best pattern so
// far comes back, with Bound the proved upper bound, and the error.
func maxDensity(ctx context.Context, p lifesat.Problem, set lifesat.Settings) (*lifesat.MaxResult, error) {
	start := time.Now()
	opt := &Options{Memory: min(set.MaxMemory, lifesat.MaxMemory)} // 0: DefaultMemory
	if set.Progress != nil {
		last := Progress{Best: -1}
		opt.Progress = func(pr Progress) {
			if pr.Phase == last.Phase && pr.Pass == last.Pass && pr.Best == last.Best && pr.Bound == last.Bound {
				return
			}
			last = pr
			set.Progress(lifesat.Progress{Phase: lifesat.PhasePass, What: p.String(), Elapsed: time.Since(start), Best: pr.Best, Bound: pr.Bound,
				Detail: fmt.Sprintf("%s pass %d, waste budget %d (population %d)", pr.Phase, pr.Pass, pr.Budget, pr.Population)})
		}
	}
	var (
		phases        []*life.Board
		pop, bound    int
		optimal, none bool
		err           error
	)
	if stillLife(p) {
		var r *Result
		if r, err = MaxStillLife(ctx, p.Width, p.Height, opt); r == nil {
			return nil, boxError(err)
		}
		phases, pop, bound, optimal = []*life.Board{r.Board}, r.Population, r.Bound, r.Optimal
	} else {
		var r *OscillatorResult
		if r, err = MaxOscillator(ctx, p.Width, p.Height, opt); r == nil {
			return nil, boxError(err)
		}
		pop, bound, optimal = r.Population, r.Bound, r.Optimal
		if r.Phases[0] != nil {
			phases = r.Phases[:]
		} else {
			none = optimal && !r.Exists
		}
	}
	res := &lifesat.MaxResult{Status: logic.Unknown, Population: pop, Bound: bound, Optimal: optimal, Stats: lifesat.Stats{Solve: time.Since(start)}}
	if none {
		res.Status = logic.Unsat
		res.Population, res.Bound = 0, 0
	}
	return checked(ctx, p, set, res, phases, ProgramDensity, err)
}

// checked completes res, program's answer to p: its Program; with phases
// (nil: no pattern), its pattern re-checked against p under set.Rule; and
// ctx.Err() in place of err when the run was stopped.
func checked(ctx context.Context, p lifesat.Problem, set lifesat.Settings, res *lifesat.MaxResult, phases []*life.Board, program string, err error) (*lifesat.MaxResult, error) {
	res.Program = program
	if phases != nil {
		res.Status = logic.Sat
		res.Pattern = &lifesat.Pattern{Phases: phases}
		if cerr := p.Check(res.Pattern, &lifesat.Settings{Rule: set.Rule, AllowEmpty: true}); cerr != nil {
			return nil, fmt.Errorf("density: internal error: %s's answer fails verification: %w", program, cerr)
		}
	}
	if err != nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	return res, err
}

// maxWasteLadder runs MaxStillLifeSAT with the embedded solver for a
// box too large for the row programs: from the first moment it has the
// grid of blocks and the bound of no waste, which the ladder narrows.
// set.ProofDir, for DRAT proofs, receives the proof of the optimum.
func maxWasteLadder(ctx context.Context, p lifesat.Problem, set lifesat.Settings) (*lifesat.MaxResult, error) {
	start := time.Now()
	opt := &SATOptions{}
	if set.ProofFormat == logic.DRAT {
		opt.ProofDir = set.ProofDir
	}
	if set.Progress != nil {
		opt.Progress = func(pr Progress) {
			set.Progress(lifesat.Progress{Phase: lifesat.PhasePass, What: p.String(), Elapsed: time.Since(start), Best: pr.Best, Bound: pr.Bound,
				Detail: fmt.Sprintf("wastage CNF, call %d: waste at most %d (population %d)", pr.Pass, pr.Budget, pr.Population)})
		}
	}
	r, err := MaxStillLifeSAT(ctx, p.Width, p.Height, opt)
	if r == nil {
		return nil, boxError(err)
	}
	res := &lifesat.MaxResult{Population: r.Population, Bound: r.Bound, Optimal: r.Optimal,
		Stats: lifesat.Stats{Solve: time.Since(start), Solves: r.Stats.Passes}}
	return checked(ctx, p, set, res, []*life.Board{r.Board}, ProgramWaste, err)
}

// boxError wraps lifesat.ErrProblem around an error for a bad box.
func boxError(err error) error {
	if errors.Is(err, ErrBox) {
		return fmt.Errorf("%w: %w", lifesat.ErrProblem, err)
	}
	return err
}

// rowProgress is the row program's progress as reports on p to
// set.Progress, or nil without one.
func rowProgress(p lifesat.Problem, set lifesat.Settings) func(row, rows, states int) {
	if set.Progress == nil {
		return nil
	}
	what := p.String()
	return func(row, rows, states int) {
		set.Progress(lifesat.Progress{Phase: lifesat.PhaseRows, What: what, Row: row, Rows: rows, States: states})
	}
}

// maxRowsOrLadder runs MaxStillLifeRule. The row program has no best so
// far until it ends, so when ctx has a deadline the SAT ladder runs beside
// it (quietly, with gophersat) to have one: if the deadline comes first,
// the ladder's best pattern comes back, not proved optimal, with
// ctx.Err(); if the ladder proves its optimum first, that is the answer.
func maxRowsOrLadder(ctx context.Context, p lifesat.Problem, set lifesat.Settings) (*lifesat.MaxResult, error) {
	// stopped is the answer of a row program stopped with no pattern.
	stopped := &lifesat.MaxResult{Status: logic.Unknown, Program: ProgramRows}
	if _, ok := ctx.Deadline(); !ok {
		res, err := maxStillLifeRule(ctx, p.Width, p.Height, set.Rule, rowProgress(p, set))
		if err != nil && ctx.Err() != nil {
			return stopped, err
		}
		return res, err
	}
	type outcome struct {
		res *lifesat.MaxResult
		err error
	}
	ctx2, stop := context.WithCancel(ctx)
	defer stop()
	rows, ladder := make(chan outcome, 1), make(chan outcome, 1)
	go func() {
		res, err := maxStillLifeRule(ctx2, p.Width, p.Height, set.Rule, rowProgress(p, set))
		rows <- outcome{res, err}
	}()
	// Naming the solver asks Maximize for its SAT ladder, with the
	// encoding it chooses when none is named.
	quiet := set
	quiet.Progress, quiet.Solver, quiet.Encoding = nil, logic.Gophersat{}, ""
	go func() {
		res, err := lifesat.Maximize(ctx2, p, &quiet)
		ladder <- outcome{res, err}
	}()
	var l *outcome // the ladder's, once it ended without a proof
	ladderDone := ladder
	for {
		select {
		case r := <-rows:
			stop()
			if l == nil {
				out := <-ladder
				l = &out
			}
			if r.err != nil && ctx.Err() != nil {
				if l.res != nil && l.res.Pattern != nil {
					l.res.Optimal = false
					return l.res, r.err
				}
				return stopped, r.err
			}
			return r.res, r.err
		case out := <-ladderDone:
			if out.err == nil && (out.res.Optimal || out.res.Status == logic.Unsat) {
				stop()
				<-rows
				return out.res, nil
			}
			l, ladderDone = &out, nil // the row program decides
		}
	}
}
