package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// predCmd finds a predecessor of a pattern.
func predCmd(ctx context.Context, e *env, name string, args []string) (int, error) {
	fs := newFlagSet(name, e.stdout)
	steps := fs.Int("steps", 1, "generations back")
	modeName := fs.String("mode", "dead", "dead (the target is the whole world), window (only the box is constrained; no predecessor = Garden of Eden) or torus")
	minimize := fs.Bool("minimize", false, "fewest live cells, proved optimal when the search finishes")
	timeout := fs.Duration("timeout", 0, "stop after this long; with -minimize the best so far is printed")
	ruleFlag := fs.String("rule", "", "rule (default: the pattern's own, else B3/S23)")
	encName := fs.String("encoding", string(lifesat.DefaultEncoding), "rule encoding: direct or knuth")
	formatName := fs.String("format", "", "output format: rle, cells, matrix or apgcode (default: the input's)")
	verbose := fs.Bool("v", false, "report progress on stderr")
	solverName := fs.String("solver", "gophersat", "SAT solver: gophersat, gini, or a DIMACS solver on PATH or by path")
	cageName := fs.String("cage", "", "pattern `FILE` of generation 0's size (- for standard input): only its live cells may be alive at generation 0")
	var proof proofFlags
	proof.declare(fs)
	if err := fs.parse(args); err != nil {
		return 0, err
	}
	if fs.NArg() > 1 {
		return 0, usageError{fmt.Errorf("pred reads one pattern, got %d files", fs.NArg())}
	}
	if *timeout < 0 {
		return 0, usageError{fmt.Errorf("-timeout %v: want a positive duration", *timeout)}
	}
	ctx, cancel := e.withTimeout(ctx, *timeout) // reading counts too
	defer cancel()
	solver, err := logic.ParseSolver(*solverName)
	if err != nil {
		return 0, usageError{fmt.Errorf("-solver: %w", err)}
	}
	mode, err := lifesat.ParsePredMode(*modeName)
	if err != nil {
		return 0, usageError{fmt.Errorf("-mode: %w", err)}
	}
	enc, err := lifesat.ParseEncoding(*encName)
	if err != nil {
		return 0, usageError{fmt.Errorf("-encoding: %w", err)}
	}
	if *steps < 1 {
		return 0, usageError{fmt.Errorf("-steps %d: want 1 or more", *steps)}
	}
	in := &inputs{e: e}
	pat, err := in.pattern(fs.Arg(0), "the pattern")
	if err != nil {
		return 0, usageError{err}
	}
	var cage *life.Board
	if *cageName != "" {
		cp, err := in.pattern(*cageName, "-cage")
		if err != nil {
			return 0, usageError{fmt.Errorf("-cage: %w", err)}
		}
		cage = cp.Board
	}
	rl, format, err := ruleAndFormat(pat, *ruleFlag, *formatName)
	if err != nil {
		return 0, err
	}
	s := &lifesat.Settings{Rule: rl, Encoding: enc, Solver: solver, Progress: progress(e.stderr, "lifesat: ", *verbose)}
	if err := proof.set(s); err != nil {
		return 0, usageError{err}
	}
	q := lifesat.PredProblem{Target: pat.Board, Steps: *steps, Mode: mode, Minimize: *minimize, Cage: cage}
	res, err := lifesat.Predecessor(ctx, q, s)
	if res == nil {
		return 0, usageError{err}
	}
	if res.Board != nil {
		if werr := pattern.Write(e.stdout, res.Board, format, rl); werr != nil {
			return 0, werr
		}
		note := fmt.Sprintf("a predecessor with %d live cells", res.Board.Population())
		if *minimize {
			note += map[bool]string{true: ", the fewest possible", false: ", the fewest found before the search stopped"}[res.Optimal]
		}
		fmt.Fprintf(e.stderr, "lifesat: %s\n", note)
	}
	if err != nil {
		if res.Board != nil && ctx.Err() != nil {
			return exitStopped, nil
		}
		return 0, stopped(ctx, err)
	}
	if res.Status == logic.Unsat {
		switch mode {
		case lifesat.Window:
			fmt.Fprintf(e.stderr, "lifesat: no predecessor: this %dx%d pattern is a Garden of Eden (an orphan) under %v\n", pat.Board.Width(), pat.Board.Height(), rl)
		default:
			fmt.Fprintf(e.stderr, "lifesat: no predecessor %s back in %s mode%s under %v\n", plural(*steps, "1 generation", fmt.Sprintf("%d generations", *steps)), mode, caged(cage), rl)
		}
		proof.note(e.stderr, "none exists")
		return exitNone, nil
	}
	return exitFound, nil
}

// caged names the cage of pred for messages: " with live cells only in the
// cage's N", or "" without one.
func caged(cage *life.Board) string {
	if cage == nil {
		return ""
	}
	return fmt.Sprintf(" with live cells only in the cage's %d", cage.Population())
}

// ruleAndFormat picks the rule (flag, else the pattern's, else Life) and
// the output format (flag, else the input's).
func ruleAndFormat(pat *pattern.File, ruleFlag, formatFlag string) (rule.Rule, pattern.Format, error) {
	rl := rule.Life
	if pat.HasRule {
		rl = pat.Rule
	}
	var err error
	if ruleFlag != "" {
		if rl, err = rule.Parse(ruleFlag); err != nil {
			return rl, 0, usageError{fmt.Errorf("-rule: %w", err)}
		}
		if rl.Partial() {
			return rl, 0, usageError{fmt.Errorf("-rule %v: a partial rule is for searches (still, osc, ship, search, count), not for one pattern", rl)}
		}
	}
	format := pat.Format
	if formatFlag != "" {
		if format, err = pattern.ParseFormat(formatFlag); err != nil {
			return rl, 0, usageError{fmt.Errorf("-format: %w", err)}
		}
	}
	return rl, format, nil
}

// maxCmd finds a maximum-density still life or period-P oscillator.
func maxCmd(ctx context.Context, e *env, name string, args []string) (int, error) {
	kind := "still"
	for _, a := range args {
		if a == "-period" || a == "--period" || len(a) > 8 && (a[:8] == "-period=" || a[:9] == "--period=") {
			kind = "osc"
		}
	}
	f := newSearchFlags(name, kind, e)
	f.fs.StringVar(&f.blink, "blink", "", "(with -period) cell `X,Y` that must be alive at generation 0 and dead at 1")
	var method string
	f.fs.StringVar(&method, "method", "", "`ip1` or ip2: solve Bosch's integer program (as lifesat cnf max -model writes it) with the embedded gophersat's pseudo-Boolean engine; or waste: ask the -solver (cadical is fastest) about the wastage CNF (lifesat cnf max -model waste), halving the gap, with -proof the proof of optimality, with -jobs 2 the solver's configuration for satisfiable formulas (cadical --sat) raced beside it; plain Life still lifes only")
	p, s, format, err := f.parse(args)
	if err == nil && !strings.EqualFold(method, "waste") {
		err = f.one("max") // -method waste races with -jobs 2 (maxWaste)
	}
	if err != nil {
		return 0, err
	}
	ctx, cancel := e.withTimeout(ctx, f.timeout)
	defer cancel()
	if strings.EqualFold(method, "waste") {
		return maxWaste(ctx, e, f, p, s, format)
	}
	if method != "" {
		return maxIP(ctx, e, method, p, s, format)
	}
	status := newStatus(e, f.verbose, "max "+describe(p, s))
	defer status.done()
	start := time.Now()
	res, err := lifesat.Maximize(ctx, p, status.follow(s))
	status.done()
	if res == nil {
		return 0, usageError{err}
	}
	if res.Pattern != nil && res.Population == 0 && !s.AllowEmpty {
		// The empty board is the best under the constraints: no
		// pattern is, as for every search.
		if err == nil && res.Optimal {
			fmt.Fprintf(e.stderr, "lifesat: no %s exists under rule %v\n", describe(p, s), s.Rule)
			f.proof.note(e.stderr, "none exists")
			return exitNone, nil
		}
		res.Pattern = nil
	}
	if res.Pattern != nil {
		out := &patternWriter{w: e.stdout, format: format, rule: s.Rule, phases: f.phases}
		if werr := out.write(res.Pattern); werr != nil {
			return 0, werr
		}
		what := fmt.Sprintf("%d live cells", res.Population)
		if p.Period > 1 {
			what = fmt.Sprintf("%d live cells over %d phases (average %.2f)", res.Population, p.Period, float64(res.Population)/float64(p.Period))
		}
		maxLine(e, start, what, res.Optimal, gap(res, p), &f.proof,
			fmt.Sprintf("no pattern has more than %d live cells", res.Population))
	} else if err != nil && res.Bound > 0 {
		fmt.Fprintf(e.stderr, "lifesat: no pattern found in %v; at most %d live cells proved\n", time.Since(start).Round(time.Millisecond), res.Bound)
	}
	if err != nil && ctx.Err() != nil && res.Program == density.ProgramWaste {
		fmt.Fprintf(e.stderr, "lifesat: cadical settles boxes this large far sooner than the embedded solver: lifesat max -size %dx%d -method waste -solver cadical -jobs 2 (docs/max-density.md)\n", p.Width, p.Height)
	}
	if err != nil {
		return maxStopped(ctx, e, res, err)
	}
	if res.Status == logic.Unsat {
		fmt.Fprintf(e.stderr, "lifesat: no %s exists under rule %v\n", describe(p, s), s.Rule)
		f.proof.note(e.stderr, "none exists")
		return exitNone, nil
	}
	return exitFound, nil
}

// maxLine writes the line that follows a max's best board on stderr:
// "WHAT, proved optimal in T", then where the proof of claim is (when
// proof asks for one), or "WHAT, the best found in T; not proved optimal"
// with the interval left when it is known.
func maxLine(e *env, start time.Time, what string, optimal bool, interval string, proof *proofFlags, claim string) {
	took := time.Since(start).Round(time.Millisecond)
	switch {
	case optimal:
		fmt.Fprintf(e.stderr, "lifesat: %s, proved optimal in %v\n", what, took)
		proof.note(e.stderr, claim)
	case interval != "":
		fmt.Fprintf(e.stderr, "lifesat: %s, the best found in %v; not proved optimal: %s\n", what, took, interval)
	default:
		fmt.Fprintf(e.stderr, "lifesat: %s, the best found in %v; not proved optimal\n", what, took)
	}
}

// gap is the interval a max stopped before a proof leaves: "at least X,
// at most Y (gap G)". The SAT ladder climbs and proves no upper bound
// until it ends; its bound is then every cell of every phase.
func gap(res *lifesat.MaxResult, p lifesat.Problem) string {
	bound, which := res.Bound, ""
	if bound <= 0 {
		bound, which = max(p.Period, 1)*p.Width*p.Height, ", every cell"
	}
	return fmt.Sprintf("at least %d, at most %d (gap %d%s)", res.Population, bound, bound-res.Population, which)
}

// maxStopped ends a max whose search stopped with err, after its best so
// far (if any) was printed: exit status 3 when ctx ended or the row
// program outgrew its memory budget (a limit, as -timeout is), the error
// otherwise.
func maxStopped(ctx context.Context, e *env, res *lifesat.MaxResult, err error) (int, error) {
	switch {
	case errors.Is(err, density.ErrMemory):
		fmt.Fprintf(e.stderr, "lifesat: stopped before a proof: %v\n", err)
		return exitStopped, nil
	case res.Pattern != nil && ctx.Err() != nil:
		return exitStopped, nil
	}
	return 0, stopped(ctx, err)
}

// stopped is ctx's error once ctx has ended, whatever else failed as the
// search was stopped; err otherwise.
func stopped(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}
