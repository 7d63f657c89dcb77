package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/pattern"
)

// searchFlags are the flags shared by still, osc and cnf.
type searchFlags struct {
	fs         *flag.FlagSet
	size       string
	period     int
	seed       uint64
	n          int
	rule       string
	encoding   string
	format     string
	timeout    time.Duration
	diversify  string
	allowEmpty bool
	anyPeriod  bool
	phases     bool
	verbose    bool
}

func newSearchFlags(name string, stderr io.Writer, osc bool) *searchFlags {
	f := &searchFlags{fs: flag.NewFlagSet("lifesat "+name, flag.ContinueOnError)}
	fs := f.fs
	fs.SetOutput(stderr)
	fs.StringVar(&f.size, "size", "", "search box `WxH` (or N for N x N); required")
	if osc {
		fs.IntVar(&f.period, "period", 0, "oscillator period `P` (2 or more); required")
		fs.BoolVar(&f.anyPeriod, "any-period", false, "accept any period dividing P (still lifes included)")
		fs.BoolVar(&f.phases, "phases", false, "print every phase, not only generation 0")
	}
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the random diversification")
	fs.IntVar(&f.n, "n", 1, "number of distinct patterns to find")
	fs.StringVar(&f.rule, "rule", "B3/S23", "outer-totalistic rule, B/S or S/B notation")
	fs.StringVar(&f.encoding, "encoding", string(lifesat.DefaultEncoding), "rule encoding: direct or knuth")
	fs.StringVar(&f.format, "format", "rle", "output format: rle, cells or matrix")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop after this long (e.g. 30s); 0 means no limit")
	fs.StringVar(&f.diversify, "diversify", "all", "random flips: all (every variable), cells (the blog's XOR), none")
	fs.BoolVar(&f.allowEmpty, "allow-empty", false, "accept the empty pattern")
	fs.BoolVar(&f.verbose, "v", false, "report the formula size and times on stderr")
	return f
}

// parse reads the flags and builds the problem and settings.
func (f *searchFlags) parse(args []string) (lifesat.Problem, *lifesat.Settings, pattern.Format, error) {
	var p lifesat.Problem
	if err := f.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return p, nil, 0, usageError{errHelp}
		}
		return p, nil, 0, usageError{err}
	}
	if f.fs.NArg() > 0 {
		return p, nil, 0, usageError{fmt.Errorf("unexpected argument %q", f.fs.Arg(0))}
	}
	if f.size == "" {
		return p, nil, 0, usageError{errors.New("-size WxH is required")}
	}
	w, h, err := parseSize(f.size)
	if err != nil {
		return p, nil, 0, usageError{err}
	}
	p = lifesat.StillLife(w, h)
	if f.fs.Lookup("period") != nil {
		if f.period < 2 {
			return p, nil, 0, usageError{fmt.Errorf("-period %d: an oscillator needs a period of 2 or more (use still for period 1)", f.period)}
		}
		p = lifesat.Oscillator(f.period, w, h)
	}
	if err := p.Validate(); err != nil {
		return p, nil, 0, usageError{err}
	}
	rule, err := lifesat.ParseRule(f.rule)
	if err != nil {
		return p, nil, 0, usageError{err}
	}
	if rule.BirthOnZero() {
		return p, nil, 0, usageError{fmt.Errorf("rule %v has B0 (birth with no live neighbours): no pattern stays in a finite box", rule)}
	}
	enc, err := lifesat.ParseEncoding(f.encoding)
	if err != nil {
		return p, nil, 0, usageError{err}
	}
	format, err := pattern.ParseFormat(f.format)
	if err != nil {
		return p, nil, 0, usageError{err}
	}
	if f.n < 1 {
		return p, nil, 0, usageError{fmt.Errorf("-n %d: want 1 or more", f.n)}
	}
	if f.timeout < 0 {
		return p, nil, 0, usageError{fmt.Errorf("-timeout %v: want a positive duration", f.timeout)}
	}
	div, err := parseDiversify(f.diversify)
	if err != nil {
		return p, nil, 0, usageError{err}
	}
	s := &lifesat.Settings{
		Rule:       rule,
		Encoding:   enc,
		Seed:       f.seed,
		Solutions:  f.n,
		Diversify:  div,
		AllowEmpty: f.allowEmpty,
		AnyPeriod:  f.anyPeriod,
	}
	return p, s, format, nil
}

func parseDiversify(s string) (lifesat.Diversify, error) {
	for _, d := range []lifesat.Diversify{lifesat.FlipAll, lifesat.FlipCells, lifesat.NoFlip} {
		if s == d.String() {
			return d, nil
		}
	}
	return 0, fmt.Errorf("-diversify %q: want all, cells or none", s)
}

// parseSize reads "WxH" or "N" (a square).
func parseSize(s string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	if !ok {
		hs = ws
	}
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("-size %q: want WxH, like 16x16", s)
	}
	if w <= 0 || h <= 0 {
		return 0, 0, fmt.Errorf("-size %q: sides must be positive", s)
	}
	if w > lifesat.MaxSide || h > lifesat.MaxSide {
		return 0, 0, fmt.Errorf("-size %q: sides are limited to %d", s, lifesat.MaxSide)
	}
	return w, h, nil
}

// search runs "still" and "osc".
func search(ctx context.Context, cmd string, args []string, stdout, stderr io.Writer) (int, error) {
	f := newSearchFlags(cmd, stderr, cmd == "osc")
	p, s, format, err := f.parse(args)
	if err != nil {
		return 0, err
	}
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	if f.verbose {
		fmt.Fprintf(stderr, "lifesat: searching for %v, rule %v, encoding %s, seed %d\n", p, s.Rule, s.Encoding, s.Seed)
	}
	res, err := lifesat.Search(ctx, p, s)
	if res != nil && f.verbose {
		st := res.Stats
		fmt.Fprintf(stderr, "lifesat: %d variables, %d clauses; encoded in %v, solved in %v (%d solver calls)\n",
			st.Vars, st.Clauses, st.Encode.Round(time.Microsecond), st.Solve.Round(time.Microsecond), st.Solves)
	}
	if res != nil {
		if werr := writePatterns(stdout, res.Patterns, format, s.Rule, f.phases); werr != nil {
			return 0, werr
		}
	}
	if err != nil {
		if res != nil && len(res.Patterns) > 0 && ctx.Err() != nil {
			fmt.Fprintf(stderr, "lifesat: stopped after %d of %d patterns\n", len(res.Patterns), s.Solutions)
			return exitFound, nil
		}
		return 0, err
	}
	switch {
	case res.Status == logic.Unsat:
		fmt.Fprintf(stderr, "lifesat: no %s exists under rule %v\n", describe(p, s), s.Rule)
		return exitNone, nil
	case res.Exhausted:
		fmt.Fprintf(stderr, "lifesat: only %d distinct patterns exist\n", len(res.Patterns))
	}
	return exitFound, nil
}

// describe names the patterns searched for, for messages.
func describe(p lifesat.Problem, s *lifesat.Settings) string {
	var what string
	switch {
	case p.Period <= 1:
		what = "still life"
	case s.AnyPeriod:
		what = fmt.Sprintf("oscillator of period dividing %d", p.Period)
	default:
		what = fmt.Sprintf("oscillator of period %d", p.Period)
	}
	if !s.AllowEmpty {
		what = "non-empty " + what
	}
	return fmt.Sprintf("%s in a %dx%d box", what, p.Width, p.Height)
}

// writePatterns prints patterns in the box frame, a blank line between two.
func writePatterns(w io.Writer, pats []*lifesat.Pattern, f pattern.Format, rule lifesat.Rule, phases bool) error {
	first := true
	for _, pat := range pats {
		boards := pat.Phases[:1]
		if phases {
			boards = pat.Phases
		}
		for _, b := range boards {
			if !first {
				if _, err := io.WriteString(w, "\n"); err != nil {
					return err
				}
			}
			first = false
			if err := pattern.Write(w, b, f, rule); err != nil {
				return err
			}
		}
	}
	return nil
}

// cnf prints the DIMACS of a search.
func cnf(args []string, stdout, stderr io.Writer) (int, error) {
	if len(args) == 0 || (args[0] != "still" && args[0] != "osc") {
		return 0, usageError{errors.New(`cnf needs a search: "lifesat cnf still -size WxH" or "lifesat cnf osc -period P -size WxH"`)}
	}
	f := newSearchFlags("cnf "+args[0], stderr, args[0] == "osc")
	p, s, _, err := f.parse(args[1:])
	if err != nil {
		return 0, err
	}
	in, err := lifesat.Encode(p, s)
	if err != nil {
		return 0, usageError{err}
	}
	return exitFound, in.CNF.WriteDIMACS(stdout)
}
