package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/lls"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/pattern"
)

// llsCmd runs a logic-life-search command line as a lifesat search: the
// words are LLS's (package lls reads them as LLS's own parser does), the
// answers are lifesat's, verified and printed as search prints them with
// -phases (every phase of the period, or every generation of a reaction,
// as RLE). LLS's -S names the solver (a DIMACS
// solver on PATH, or lifesat's gophersat and gini), -t its time limit in
// seconds, -n how many answers (alone: all), -v 0 quiet; the rest of LLS's
// own tuning (-M, --parameters, -o, --save_*) is refused, as lifesat has
// no use for it.
func llsCmd(ctx context.Context, e *env, _ string, words []string) (int, error) {
	if len(words) == 1 && (words[0] == "-h" || words[0] == "-help" || words[0] == "--help") {
		c, _ := find("lls")
		fmt.Fprintf(e.stdout, "Usage: lifesat lls %s\n\n%s.\n\nThe words are logic-life-search's (see docs/search-patterns.md): a search pattern FILE or -b W H D,\n-s, -a, -c, -p, -r, --background, --background_offset, --max_change, --max_decay, --max_growth,\n-n (alone: every answer), -S SOLVER, -t SECONDS. Every phase of each answer is printed as RLE.\n", c.args, capitalize(c.summary))
		return 0, errHelp
	}
	in := &inputs{e: e}
	read := func(name string) ([]byte, error) {
		data, _, err := in.read(name, "the search pattern")
		return data, err
	}
	a, err := lls.Parse(words)
	if err != nil {
		return 0, usageError{err}
	}
	switch {
	case a.Method >= 0 || a.Parameters != "" || a.Output != "" || a.SaveDIMACS != "" || a.SaveState != "" || a.DryRun || a.CSV:
		return 0, usageError{errors.New("lls: -M, --parameters, -o, --save_dimacs, --save_state, --dry_run and --csv tune logic-life-search's own run; lifesat takes the search's words and -S, -t, -n, -v")}
	case a.Timeout < 0:
		return 0, usageError{fmt.Errorf("lls: -t %d: want seconds, 0 or more", a.Timeout)}
	}
	ctx, cancel := e.withTimeout(ctx, time.Duration(a.Timeout)*time.Second)
	defer cancel()
	s, err := lls.Build(a, read)
	if err != nil {
		return 0, usageError{err}
	}
	for _, n := range s.Notes {
		fmt.Fprintln(e.stderr, "lifesat: lls: note:", n)
	}
	if a.Solver != "" {
		if s.Settings.Solver, err = logic.ParseSolver(a.Solver); err != nil {
			return 0, usageError{fmt.Errorf("lls: -S: %w", err)}
		}
	}
	s.Settings.Progress = progress(e.stderr, "lifesat: ", a.Verbosity > 1)
	want := s.Settings.Solutions
	if want <= 0 {
		want = 1
	}
	out := &patternWriter{w: e.stdout, format: pattern.RLE, rule: s.Settings.Rule, phases: true}
	found := 0
	var werr error
	err = lifesat.Enumerate(ctx, s.Problem, &s.Settings, func(pat *lifesat.Pattern) bool {
		if werr = out.write(pat); werr != nil {
			return false
		}
		found++
		return want == math.MaxInt || found < want
	})
	switch {
	case werr != nil:
		return 0, werr
	case err != nil && found > 0 && ctx.Err() != nil:
		fmt.Fprintf(e.stderr, "lifesat: stopped after %s\n", plural(found, "1 answer", fmt.Sprintf("%d answers", found)))
		return exitStopped, nil
	case err != nil && ctx.Err() != nil:
		return 0, ctx.Err()
	case err != nil:
		return 0, usageError{err}
	case found == 0:
		fmt.Fprintln(e.stderr, "lifesat: no answer to this logic-life-search command exists")
		return exitNone, nil
	}
	if a.Verbosity != 0 {
		fmt.Fprintf(e.stderr, "lifesat: %s\n", plural(found, "1 answer", fmt.Sprintf("%d answers", found)))
	}
	return exitFound, nil
}
