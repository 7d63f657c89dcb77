package main

import (
	"context"
	"fmt"
	"reflect"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// maxWaste is "max -method waste": the wastage CNF of the box asked of
// the -solver (density.MaxStillLifeSAT), with -proof the proof that the
// board is optimal; -jobs 2 races the solver's configuration for
// satisfiable formulas beside it (SATOptions.Race).
func maxWaste(ctx context.Context, e *env, f *searchFlags, p lifesat.Problem, s *lifesat.Settings, format pattern.Format) (int, error) {
	plain := p
	plain.MinPop = 0
	if !reflect.DeepEqual(plain, lifesat.StillLife(p.Width, p.Height)) || !s.Rule.Equivalent(rule.Life) {
		return 0, usageError{fmt.Errorf("-method waste: the wastage CNF is for plain still lifes of Life: -size and at most -min-pop")}
	}
	if s.ProofDir != "" && s.ProofFormat != logic.DRAT {
		return 0, usageError{fmt.Errorf("-method waste writes DRAT proofs: -proof-format drat")}
	}
	if err := f.oneAnswer("max"); err != nil {
		return 0, err
	}
	if f.jobs > 2 {
		return 0, usageError{fmt.Errorf("-jobs %d: -method waste races at most 2, the solver and its configuration for satisfiable formulas", f.jobs)}
	}
	name, _ := logic.Name(logic.OrDefault(s.Solver))
	opt := &density.SATOptions{Solver: s.Solver, ProofDir: s.ProofDir, Race: f.jobs == 2, MinPop: p.MinPop}
	start := time.Now()
	if f.verbose {
		asked := 0
		opt.Progress = func(pr density.Progress) {
			if pr.Pass == asked {
				return // the report after the last call: the answer says it
			}
			asked = pr.Pass
			fmt.Fprintf(e.stderr, "lifesat: wastage, %s: %v: at least %d, at most %d; asking for waste at most %d (%d live cells)\n",
				name, time.Since(start).Round(time.Millisecond), pr.Best, pr.Bound, pr.Budget, pr.Population)
		}
	}
	res, err := density.MaxStillLifeSAT(ctx, p.Width, p.Height, opt)
	if res == nil {
		return 0, usageError{err}
	}
	if res.Population < p.MinPop {
		return wasteFloor(ctx, e, f, p.MinPop, res, err)
	}
	out := &patternWriter{w: e.stdout, format: format, rule: s.Rule}
	if werr := out.write(&lifesat.Pattern{Phases: []*life.Board{res.Board}}); werr != nil {
		return 0, werr
	}
	calls := "calls"
	if res.Stats.Passes == 1 {
		calls = "call"
	}
	what := fmt.Sprintf("%d live cells by the wastage CNF and %s (%d %s)", res.Population, name, res.Stats.Passes, calls)
	maxLine(e, start, what, res.Optimal, fmt.Sprintf("at least %d, at most %d (gap %d)", res.Population, res.Bound, res.Bound-res.Population),
		&f.proof, fmt.Sprintf("no still life of the box has more than %d live cells", res.Population))
	if res.Optimal {
		return exitFound, nil
	}
	if res.Stats.Unsat > 0 {
		// The last UNSAT answer set the bound: its proof is in the directory.
		f.proof.note(e.stderr, fmt.Sprintf("no still life of the box has more than %d live cells", res.Bound))
	}
	if ctx.Err() != nil {
		return exitStopped, nil
	}
	return 0, err
}

// wasteFloor ends a -method waste search with -min-pop that has no board
// of that many cells: none exists (the first question's UNSAT answer, or
// the waste identity when even no waste at all allows fewer), or it
// stopped before the answer.
func wasteFloor(ctx context.Context, e *env, f *searchFlags, minPop int, res *density.Result, err error) (int, error) {
	if res.Bound >= minPop {
		return 0, stopped(ctx, err)
	}
	claim := fmt.Sprintf("no still life of the box has %d live cells or more", minPop)
	if res.Stats.Unsat == 0 {
		fmt.Fprintf(e.stderr, "lifesat: %s: at most %d with no waste at all (4 x cells + waste = 2wh + 2w + 2h)\n", claim, res.Bound)
		return exitNone, nil
	}
	fmt.Fprintf(e.stderr, "lifesat: %s\n", claim)
	f.proof.note(e.stderr, claim)
	return exitNone, nil
}
