package lifesat

// Maximum density under Life by the wastage row programs of package
// density (Chu and Stuckey's reformulation, bounded dynamic programs over
// rows): Maximize hands them the plain still lifes and period-2
// oscillators of Life, which they prove far beyond the reach of the SAT
// ladder and of MaxStillLife (docs/max-density.md).

import (
	"context"
	"errors"
	"fmt"
	"image"
	"time"

	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// densityFits reports whether Maximize hands p to package density: Life,
// no solver or encoding named, and a plain still life (a w x h box,
// nothing else asked) or a plain period-2 oscillator, in a box the
// programs take.
func densityFits(p Problem, set Settings, given Encoding) bool {
	if given != "" || set.Solver != nil || !set.Rule.Equivalent(rule.Life) {
		return false
	}
	// Long thin boxes stay on the older paths: the bounds do little
	// there (docs/max-density.md, "Which program answers").
	w, h := p.Width, p.Height
	if w <= 0 || h <= 0 || max(w, h) > 4*min(w, h) {
		return false
	}
	switch {
	case p.plainStillLife():
		return min(w, h) <= density.MaxWidth && !rowsBetter(w, h)
	case p.plainOscillator2():
		// MaxOscillator finds exact period 2 only: with AnyPeriod a
		// still life, counted twice, may be the best.
		return !set.AnyPeriod && min(w, h) <= density.MaxOscillatorWidth
	}
	return false
}

// rowsBetter reports whether MaxStillLife (the row program without
// bounds) is the better choice for a w x h box under Life: when it keeps
// at most 4^n x long states, n the shorter side (docs/max-density.md,
// "Which program answers", compares the two).
func rowsBetter(w, h int) bool {
	return rowsFit(w, h) && 1<<(2*min(w, h))*max(w, h) <= 1<<22
}

// plainOscillator2 reports whether p asks for a period-2 oscillator in
// its box and nothing else: what density.MaxOscillator answers.
func (p Problem) plainOscillator2() bool {
	q := p
	q.Period = 1
	return p.Period == 2 && p.Shift == (image.Point{}) && p.Transform == life.Id && len(p.Blink) == 0 && q.plainStillLife()
}

// maxDensity runs density.MaxStillLife or density.MaxOscillator for p.
// On cancellation (or when the program outgrows the memory budget) the
// best pattern so far comes back, with Bound the proved upper bound, and
// the error.
func maxDensity(ctx context.Context, p Problem, set Settings) (*MaxResult, error) {
	start := time.Now()
	opt := &density.Options{Memory: min(set.MaxMemory, MaxMemory)} // 0: density.DefaultMemory
	if set.Progress != nil {
		last := density.Progress{Best: -1}
		opt.Progress = func(pr density.Progress) {
			if pr.Phase == last.Phase && pr.Pass == last.Pass && pr.Best == last.Best && pr.Bound == last.Bound {
				return
			}
			last = pr
			set.progress(Progress{Phase: PhasePass, What: p.String(), Elapsed: time.Since(start), Best: pr.Best, Bound: pr.Bound,
				Detail: fmt.Sprintf("%s pass %d, waste budget %d (population %d)", pr.Phase, pr.Pass, pr.Budget, pr.Population)})
		}
	}
	var (
		phases        []*life.Board
		pop, bound    int
		optimal, none bool
		err           error
	)
	if p.plainStillLife() {
		var r *density.Result
		if r, err = density.MaxStillLife(ctx, p.Width, p.Height, opt); r == nil {
			return nil, densityError(err)
		}
		phases, pop, bound, optimal = []*life.Board{r.Board}, r.Population, r.Bound, r.Optimal
	} else {
		var r *density.OscillatorResult
		if r, err = density.MaxOscillator(ctx, p.Width, p.Height, opt); r == nil {
			return nil, densityError(err)
		}
		pop, bound, optimal = r.Population, r.Bound, r.Optimal
		if r.Phases[0] != nil {
			phases = r.Phases[:]
		} else {
			none = optimal && !r.Exists
		}
	}
	res := &MaxResult{Status: logic.Unknown, Population: pop, Bound: bound, Optimal: optimal, Stats: Stats{Solve: time.Since(start)}}
	switch {
	case phases != nil:
		res.Status = logic.Sat
		res.Pattern = &Pattern{Phases: phases}
		if cerr := p.Check(res.Pattern, &Settings{Rule: set.Rule, AllowEmpty: true}); cerr != nil {
			return nil, fmt.Errorf("lifesat: internal error: the density program's answer fails verification: %w", cerr)
		}
	case none:
		res.Status = logic.Unsat
		res.Population, res.Bound = 0, 0
	}
	if err != nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	return res, err
}

func densityError(err error) error {
	if errors.Is(err, density.ErrBox) {
		return fmt.Errorf("%w: %w", ErrProblem, err)
	}
	return err
}
