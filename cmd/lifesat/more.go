package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"os"
	"strings"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// readPatternFile reads a pattern from the named file, or from stdin when
// the name is "-" or empty.
func readPatternFile(name string, stdin io.Reader) (*pattern.File, error) {
	in := stdin
	if name != "" && name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		in = f
	} else {
		name = "standard input"
	}
	if in == nil {
		return nil, errors.New("no input")
	}
	pat, err := pattern.Read(in)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return pat, nil
}

// inputName names a pattern file argument in messages.
func inputName(name string) string {
	if name == "" || name == "-" {
		return "standard input"
	}
	return name
}

// newFlagSet returns a flag set whose -h prints the flags to help
// (stdout, as "lifesat help" does); parseFlags keeps it quiet on errors,
// so the error itself is the one-line message on stderr.
func newFlagSet(name string, help io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(help)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses a flag set, mapping -h and errors to usage errors.
func parseFlags(fs *flag.FlagSet, args []string) error {
	out := fs.Output()
	fs.SetOutput(io.Discard) // the flag package would print the error too
	err := fs.Parse(args)
	fs.SetOutput(out)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(fs.Output(), "Usage of %s:\n", fs.Name())
			fs.PrintDefaults()
			return usageError{errHelp}
		}
		return usageError{err}
	}
	return nil
}

// pred finds a predecessor of a pattern.
func pred(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	fs := newFlagSet("lifesat pred", stdout)
	steps := fs.Int("steps", 1, "generations back")
	modeName := fs.String("mode", "dead", "dead (the target is the whole world), window (only the box is constrained; no predecessor = Garden of Eden) or torus")
	minimize := fs.Bool("minimize", false, "fewest live cells, proved optimal when the search finishes")
	timeout := fs.Duration("timeout", 0, "stop after this long; with -minimize the best so far is printed")
	ruleFlag := fs.String("rule", "", "rule (default: the pattern's own, else B3/S23)")
	encName := fs.String("encoding", string(lifesat.DefaultEncoding), "rule encoding: direct or knuth")
	formatName := fs.String("format", "", "output format: rle, cells or matrix (default: the input's)")
	verbose := fs.Bool("v", false, "report progress on stderr")
	solverName := fs.String("solver", "gophersat", "SAT solver: gophersat, gini, or a DIMACS solver on PATH or by path")
	cageName := fs.String("cage", "", "pattern `FILE` of generation 0's size: only its live cells may be alive at generation 0")
	if err := parseFlags(fs, args); err != nil {
		return 0, err
	}
	if fs.NArg() > 1 {
		return 0, usageError{fmt.Errorf("pred reads one pattern, got %d files", fs.NArg())}
	}
	solver, err := logic.ParseSolver(*solverName)
	if err != nil {
		return 0, usageError{err}
	}
	var cage *life.Board
	if *cageName != "" {
		cp, err := readPatternFile(*cageName, nil)
		if err != nil {
			return 0, usageError{err}
		}
		cage = cp.Board
	}
	mode, err := lifesat.ParsePredMode(*modeName)
	if err != nil {
		return 0, usageError{err}
	}
	enc, err := lifesat.ParseEncoding(*encName)
	if err != nil {
		return 0, usageError{err}
	}
	if *steps < 1 {
		return 0, usageError{fmt.Errorf("-steps %d: want 1 or more", *steps)}
	}
	pat, err := readPatternFile(fs.Arg(0), stdin)
	if err != nil {
		return 0, usageError{err}
	}
	rl, format, err := ruleAndFormat(pat, *ruleFlag, *formatName)
	if err != nil {
		return 0, err
	}
	ctx, cancel := withTimeout(ctx, *timeout)
	defer cancel()
	s := &lifesat.Settings{Rule: rl, Encoding: enc, Solver: solver, Progress: progress(stderr, *verbose)}
	q := lifesat.PredProblem{Target: pat.Board, Steps: *steps, Mode: mode, Minimize: *minimize, Cage: cage}
	res, err := lifesat.Predecessor(ctx, q, s)
	if res == nil {
		return 0, usageError{err}
	}
	if res.Board != nil {
		if werr := pattern.Write(stdout, res.Board, format, rl); werr != nil {
			return 0, werr
		}
		note := fmt.Sprintf("a predecessor with %d live cells", res.Board.Population())
		if *minimize {
			note += map[bool]string{true: ", the fewest possible", false: ", the fewest found before the search stopped"}[res.Optimal]
		}
		fmt.Fprintf(stderr, "lifesat: %s\n", note)
	}
	if err != nil {
		if res.Board != nil && ctx.Err() != nil {
			return exitStopped, nil
		}
		return 0, err
	}
	if res.Status == logic.Unsat {
		switch mode {
		case lifesat.Window:
			fmt.Fprintf(stderr, "lifesat: no predecessor: this %dx%d pattern is a Garden of Eden (an orphan) under %v\n", pat.Board.Width(), pat.Board.Height(), rl)
		default:
			fmt.Fprintf(stderr, "lifesat: no predecessor %s back in %s mode%s under %v\n", plural(*steps, "1 generation", fmt.Sprintf("%d generations", *steps)), mode, caged(cage), rl)
		}
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
			return rl, 0, usageError{err}
		}
		if rl.Partial() {
			return rl, 0, usageError{fmt.Errorf("-rule %v: a partial rule is for searches (still, osc, ship, search, count), not for one pattern", rl)}
		}
	}
	format := pat.Format
	if formatFlag != "" {
		if format, err = pattern.ParseFormat(formatFlag); err != nil {
			return rl, 0, usageError{err}
		}
	}
	return rl, format, nil
}

// progress returns a Settings.Progress that writes to stderr (to the
// race's pipe in a member of a race: progressOut), or nil.
func progress(stderr io.Writer, on bool) func(string, ...any) {
	if !on {
		return nil
	}
	w, prefix := progressOut(stderr)
	return func(format string, args ...any) {
		fmt.Fprintf(w, prefix+format+"\n", args...)
	}
}

// maximize finds a maximum-density still life or period-P oscillator.
func maximize(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	kind := "still"
	for _, a := range args {
		if a == "-period" || a == "--period" || len(a) > 8 && (a[:8] == "-period=" || a[:9] == "--period=") {
			kind = "osc"
		}
	}
	f := newSearchFlags("max", kind, stdout, stderr)
	f.fs.StringVar(&f.blink, "blink", "", "(with -period) cell `X,Y` that must be alive at generation 0 and dead at 1")
	p, s, format, err := f.parse(args)
	if err == nil {
		err = f.single("max")
	}
	if err != nil {
		return 0, err
	}
	ctx, cancel := withTimeout(ctx, f.timeout)
	defer cancel()
	start := time.Now()
	res, err := lifesat.Maximize(ctx, p, s)
	if res == nil {
		return 0, usageError{err}
	}
	if res.Pattern != nil {
		out := &patternWriter{w: stdout, format: format, rule: s.Rule, phases: f.phases}
		if werr := out.write(res.Pattern); werr != nil {
			return 0, werr
		}
		what := fmt.Sprintf("%d live cells", res.Population)
		if p.Period > 1 {
			what = fmt.Sprintf("%d live cells over %d phases (average %.2f)", res.Population, p.Period, float64(res.Population)/float64(p.Period))
		}
		if res.Optimal {
			fmt.Fprintf(stderr, "lifesat: %s, proved optimal in %v\n", what, time.Since(start).Round(time.Millisecond))
		} else {
			fmt.Fprintf(stderr, "lifesat: %s, the best found in %v; not proved optimal\n", what, time.Since(start).Round(time.Millisecond))
		}
	}
	if err != nil {
		if res.Pattern != nil && ctx.Err() != nil {
			return exitStopped, nil
		}
		return 0, err
	}
	if res.Status == logic.Unsat {
		fmt.Fprintf(stderr, "lifesat: no %s exists under rule %v\n", describe(p, s), s.Rule)
		return exitNone, nil
	}
	return exitFound, nil
}

// solverUnused refuses -solver and -encoding on "count still" when the
// count is the transfer matrix's (no -n all, no constraint), which uses no
// solver: silently ignoring them would suggest they were used.
func solverUnused(f *searchFlags, kind string, p lifesat.Problem) error {
	if kind != "still" || f.n == countAll || (p.Symmetry != "" && p.Symmetry != life.C1) ||
		p.Cage != nil || p.MinPop != 0 || p.MaxPop != 0 || p.Template != nil {
		return nil
	}
	var err error
	f.fs.Visit(func(fl *flag.Flag) {
		if err == nil && (fl.Name == "solver" || fl.Name == "encoding") {
			err = usageError{fmt.Errorf("-%s: count still counts with the transfer matrix, without a solver (it uses one with -n all, -sym, -cage, -min-pop or -max-pop)", fl.Name)}
		}
	})
	return err
}

// countCmd counts (or lists, with -n all) the patterns of a search.
func countCmd(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	if len(args) == 0 || (args[0] != "still" && args[0] != "osc" && args[0] != "ship" && args[0] != "search") {
		return 0, usageError{errors.New(`count needs a kind: "lifesat count still|osc|ship -size WxH [flags]" or "lifesat count search FILE [flags]"`)}
	}
	f := newSearchFlags("count "+args[0], args[0], stdout, stderr)
	nonEmpty := f.fs.Bool("nonempty", false, "leave out the empty pattern (the default, as for every search; kept for old scripts)")
	p, s, format, err := f.parse(args[1:])
	if err == nil {
		err = f.single("count")
	}
	if err == nil && *nonEmpty && s.AllowEmpty {
		err = usageError{errors.New("-nonempty and -allow-empty contradict each other")}
	}
	if err != nil {
		return 0, err
	}
	if err := solverUnused(f, args[0], p); err != nil {
		return 0, err
	}
	ctx, cancel := withTimeout(ctx, f.timeout)
	defer cancel()
	if f.n == countAll {
		out := &patternWriter{w: stdout, format: format, rule: s.Rule, phases: f.phases}
		var werr error
		n := 0
		err := lifesat.Enumerate(ctx, p, s, func(pat *lifesat.Pattern) bool {
			n++
			werr = out.write(pat)
			return werr == nil
		})
		if werr != nil {
			return 0, werr
		}
		if err != nil {
			if ctx.Err() != nil {
				fmt.Fprintf(stderr, "lifesat: stopped after %d patterns\n", n)
				return exitStopped, nil
			}
			return 0, usageError{err}
		}
		fmt.Fprintf(stderr, "lifesat: %d patterns\n", n)
		return exitFound, nil
	}
	n, err := lifesat.Count(ctx, p, s)
	if err != nil {
		if ctx.Err() != nil {
			if n != nil {
				fmt.Fprintf(stderr, "lifesat: stopped after counting %v patterns\n", n)
			}
			return 0, err
		}
		return 0, usageError{err}
	}
	fmt.Fprintln(stdout, n)
	if n.Sign() == 0 {
		fmt.Fprintf(stderr, "lifesat: no %s exists under rule %v\n", describe(p, s), s.Rule)
		return exitNone, nil
	}
	// The count is of what a search accepts; say so, since OEIS-style
	// counts include the empty pattern.
	note := ", the empty pattern not counted (-allow-empty counts it)"
	switch {
	case p.Shift != image.Point{}:
		note = "" // the empty pattern is no spaceship
	case s.AllowEmpty:
		note = ", the empty pattern counted"
	}
	many := 2
	if n.IsInt64() && n.Int64() == 1 {
		many = 1
	}
	fmt.Fprintf(stderr, "lifesat: %v %s%s\n", n, strings.TrimPrefix(describeN(p, s, many), "non-empty "), note)
	return exitFound, nil
}
