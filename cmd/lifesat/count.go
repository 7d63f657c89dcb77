package main

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
)

// countCmd counts (or lists, with -n all) the patterns of a search.
func countCmd(ctx context.Context, e *env, _ string, args []string) (int, error) {
	kind, rest, err := kindOf("count", args, e)
	if err != nil {
		return 0, err
	}
	f := newSearchFlags("count "+kind, kind, e)
	nonEmpty := f.fs.Bool("nonempty", false, "leave out the empty pattern (the default, as for every search; kept for old scripts)")
	p, s, format, err := f.parse(rest)
	if err == nil && f.fs.set("jobs") && f.jobs > 1 {
		err = usageError{fmt.Errorf("-jobs %d: count runs one search", f.jobs)}
	}
	if err == nil && f.n != countAll && f.fs.set("n") {
		err = usageError{fmt.Errorf("-n %v: count counts every pattern; -n all lists them too", f.n.String())}
	}
	if err == nil && *nonEmpty && s.AllowEmpty {
		err = usageError{fmt.Errorf("-nonempty and -allow-empty contradict each other")}
	}
	if err == nil {
		err = solverUnused(f, kind, p)
	}
	if err != nil {
		return 0, err
	}
	ctx, cancel := e.withTimeout(ctx, f.timeout)
	defer cancel()
	status := newStatus(e, f.verbose, "count "+describeN(p, s, 2))
	defer status.done()
	s = status.follow(s)
	if f.n == countAll {
		out := &patternWriter{w: e.stdout, format: format, rule: s.Rule, phases: f.phases}
		var werr error
		n := 0
		err := lifesat.Enumerate(ctx, p, s, func(pat *lifesat.Pattern) bool {
			n++
			status.found(n)
			werr = out.write(pat)
			return werr == nil
		})
		status.done()
		switch {
		case werr != nil:
			return 0, werr
		case err != nil && ctx.Err() != nil:
			fmt.Fprintf(e.stderr, "lifesat: stopped after %s\n", plural(n, "1 pattern", fmt.Sprintf("%d patterns", n)))
			return exitStopped, nil
		case err != nil:
			return 0, usageError{fmt.Errorf("%w (after %d patterns)", err, n)}
		}
		fmt.Fprintf(e.stderr, "lifesat: %s\n", plural(n, "1 pattern", fmt.Sprintf("%d patterns", n)))
		f.proof.note(e.stderr, "no other pattern exists")
		if n == 0 {
			return exitNone, nil
		}
		return exitFound, nil
	}
	n, err := lifesat.Count(ctx, p, s)
	status.done()
	if err != nil {
		so := ""
		if n != nil {
			so = fmt.Sprintf(" after counting %v patterns", n)
		}
		if ctx.Err() != nil {
			fmt.Fprintf(e.stderr, "lifesat: stopped%s\n", so)
			return 0, ctx.Err()
		}
		return 0, usageError{fmt.Errorf("%w (stopped%s)", err, so)}
	}
	if _, err := fmt.Fprintln(e.stdout, n); err != nil {
		return 0, err
	}
	f.proof.note(e.stderr, "no other pattern exists")
	if n.Sign() == 0 {
		fmt.Fprintf(e.stderr, "lifesat: no %s exists under rule %v\n", describe(p, s), s.Rule)
		return exitNone, nil
	}
	many := 2
	if n.Cmp(big.NewInt(1)) == 0 {
		many = 1
	}
	fmt.Fprintf(e.stderr, "lifesat: %v %s%s\n", n, strings.TrimPrefix(describeN(p, s, many), "non-empty "), emptyNote(p, s))
	return exitFound, nil
}

// emptyNote says whether a count holds the empty pattern, since OEIS-style
// counts of still lifes do: it is no spaceship, and no oscillator of an
// exact period above 1; a template search counts it when the template
// admits it, as LLS does.
func emptyNote(p lifesat.Problem, s *lifesat.Settings) string {
	switch {
	case p.Kind() == "spaceship", p.Kind() == "oscillator" && !s.AnyPeriod:
		return ""
	case p.Template != nil && p.MinPop == 0:
		return ", the empty pattern counted when the template admits it (-min-pop 1 leaves it out)"
	case p.Template != nil:
		return ""
	case s.AllowEmpty:
		return ", the empty pattern counted"
	}
	return ", the empty pattern not counted (-allow-empty counts it)"
}

// solverUnused refuses -solver and -encoding on "count still" when the
// count is the transfer matrix's (no -n all, no constraint), which uses no
// solver: silently ignoring them would suggest they were used.
func solverUnused(f *searchFlags, kind string, p lifesat.Problem) error {
	if kind != "still" || f.n == countAll || (p.Symmetry != "" && p.Symmetry != life.C1) ||
		p.Cage != nil || p.MinPop != 0 || p.MaxPop != 0 || p.Template != nil {
		return nil
	}
	for _, name := range []string{"solver", "encoding"} {
		if f.fs.set(name) {
			return usageError{fmt.Errorf("-%s: count still counts with the transfer matrix, without a solver (it uses one with -n all, -sym, -cage, -min-pop or -max-pop)", name)}
		}
	}
	return nil
}
