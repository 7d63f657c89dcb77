package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// searchFlags are the flags shared by still, osc, ship, search, cnf,
// count and max.
type searchFlags struct {
	fs         *flag.FlagSet
	stderr     io.Writer // where -v reports (-h prints to the flag set's output, stdout)
	kind       string    // still, osc or ship
	size       string
	period     int
	shift      string
	sym        string
	minPop     int
	maxPop     int
	cage       string
	blink      string
	seed       uint64
	n          count
	rule       string
	encoding   string
	format     string
	timeout    time.Duration
	diversify  string
	allowEmpty bool
	anyPeriod  bool
	phases     bool
	verbose    bool
	jobs       int
	solver     string
	template   string // -template FILE, or search's FILE
}

// single refuses an explicit -jobs above 1 for a command that runs one
// search: only still, osc and ship race searches.
func (f *searchFlags) single(cmd string) error {
	set := false
	f.fs.Visit(func(fl *flag.Flag) { set = set || fl.Name == "jobs" })
	if set && f.jobs > 1 {
		return usageError{fmt.Errorf("-jobs %d: %s runs one search; only still, osc and ship race searches", f.jobs, cmd)}
	}
	return nil
}

// A count is a number of patterns, or "all".
type count int

const countAll count = -1

func (c *count) String() string {
	if *c == countAll {
		return "all"
	}
	return strconv.Itoa(int(*c))
}

func (c *count) Set(s string) error {
	if s == "all" {
		*c = countAll
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return fmt.Errorf("want a positive number or all")
	}
	*c = count(n)
	return nil
}

// newSearchFlags declares the flags of a search of the given kind (still,
// osc or ship) for the command name.
func newSearchFlags(name, kind string, stdout, stderr io.Writer) *searchFlags {
	f := &searchFlags{fs: newFlagSet("lifesat "+name, stdout), stderr: stderr, kind: kind, n: 1}
	fs := f.fs
	if kind == "search" {
		templateFlags(f)
	} else {
		fs.StringVar(&f.size, "size", "", "search box `WxH` (or N for N x N); required unless -template")
		fs.StringVar(&f.template, "template", "", "template `FILE` (LLS search pattern or picture, see \"lifesat search\"): the box's cells known dead, alive or named")
	}
	if kind != "still" && kind != "search" {
		fs.IntVar(&f.period, "period", 0, "period `P` (2 or more); required")
		fs.BoolVar(&f.anyPeriod, "any-period", false, "accept any period dividing P")
		fs.BoolVar(&f.phases, "phases", false, "print every phase, not only generation 0")
	}
	if kind == "ship" {
		fs.StringVar(&f.shift, "shift", "", "displacement `DX,DY` per period, e.g. 1,1 for a glider; required")
	}
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the random diversification")
	fs.Var(&f.n, "n", "number of distinct patterns to find, or all")
	fs.StringVar(&f.rule, "rule", "B3/S23", "rule: B/S (B36/S23, 23/3), Hensel (B2n3/S23-q) or MAP notation; with a leading p a partial rule (pB3/S23, as in LLS) whose free transitions are searched too")
	fs.StringVar(&f.encoding, "encoding", "", "rule encoding: direct or knuth (default: direct, knuth for max)")
	fs.StringVar(&f.format, "format", "rle", "output format: rle, cells or matrix")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop after this long (e.g. 30s); 0 means no limit")
	fs.StringVar(&f.diversify, "diversify", "auto", "random flips: auto (none for oscillators and ships with gophersat, cadical or kissat, which get -seed as their own seed; all otherwise), all (every variable), cells (the blog's XOR), none")
	fs.BoolVar(&f.allowEmpty, "allow-empty", false, "accept the empty pattern")
	fs.StringVar(&f.sym, "sym", "", "symmetry of every generation: C1 C2 C4 D2- D2| D2\\ D2/ D4+ D4x D8")
	fs.IntVar(&f.minPop, "min-pop", 0, "at least this many live cells in generation 0")
	fs.IntVar(&f.maxPop, "max-pop", 0, "at most this many live cells in generation 0 (0: no limit)")
	fs.StringVar(&f.cage, "cage", "", "pattern `FILE` of the box's size: only its live cells may be alive in generation 0")
	fs.BoolVar(&f.verbose, "v", false, "report the formula size and progress on stderr")
	fs.StringVar(&f.solver, "solver", "", "SAT solver: gophersat (embedded, the default), gini (embedded, stoppable), or a DIMACS solver on PATH or by path (cadical, kissat, ...); for max, naming one (or -encoding) asks for the SAT path instead of the row program")
	fs.IntVar(&f.jobs, "jobs", 0, "(still, osc, ship with one answer) searches to race in parallel (other seeds, symmetric sub-problems); 1 is deterministic; 0: the number of cores for oscillators and ships, 1 for still lifes")
	return f
}

// parse reads the flags and builds the problem and settings.
func (f *searchFlags) parse(args []string) (lifesat.Problem, *lifesat.Settings, pattern.Format, error) {
	var p lifesat.Problem
	if err := parseFlags(f.fs, args); err != nil {
		return p, nil, 0, err
	}
	tpl, err := f.readTemplate()
	if err != nil {
		return p, nil, 0, err
	}
	if f.size == "" && tpl == nil {
		return p, nil, 0, usageError{errors.New("-size WxH is required")}
	}
	w, h := 0, 0
	if tpl != nil {
		w, h = tpl.Width, tpl.Height
	}
	if f.size != "" {
		if w, h, err = parseSize(f.size); err != nil {
			return p, nil, 0, usageError{err}
		}
	}
	p = lifesat.StillLife(w, h)
	p.Template = tpl
	if f.kind == "search" {
		if p.Period, p.Shift, err = f.searchPeriod(); err != nil {
			return p, nil, 0, err
		}
	} else if f.kind != "still" {
		if f.period < 2 {
			return p, nil, 0, usageError{fmt.Errorf("-period %d: an oscillator or spaceship needs a period of 2 or more (use still for period 1)", f.period)}
		}
		p.Period = f.period
	}
	if f.kind == "ship" {
		if f.shift == "" {
			return p, nil, 0, usageError{errors.New("-shift DX,DY is required")}
		}
		if p.Shift, err = parsePoint("-shift", f.shift); err != nil {
			return p, nil, 0, usageError{err}
		}
		if p.Shift == (image.Point{}) {
			return p, nil, 0, usageError{errors.New("-shift 0,0 does not move: use osc for oscillators")}
		}
	}
	if f.sym != "" {
		if p.Symmetry, err = life.ParseSymmetry(f.sym); err != nil {
			return p, nil, 0, usageError{err}
		}
	}
	p.MinPop, p.MaxPop = f.minPop, f.maxPop
	if f.cage != "" {
		cage, err := readPatternFile(f.cage, nil)
		if err != nil {
			return p, nil, 0, usageError{err}
		}
		p.Cage = cage.Board
	}
	if f.blink != "" {
		pt, err := parsePoint("-blink", f.blink)
		if err != nil {
			return p, nil, 0, usageError{err}
		}
		p.Blink = []image.Point{pt}
	}
	if err := p.Validate(); err != nil {
		return p, nil, 0, usageError{err}
	}
	rl, err := rule.Parse(f.rule)
	if err != nil {
		return p, nil, 0, usageError{err}
	}
	if rl.BirthOnZero() {
		return p, nil, 0, usageError{fmt.Errorf("rule %v has B0 (birth with no live neighbours): no pattern stays in a finite box", rl)}
	}
	var enc lifesat.Encoding // "": the library's choice for the problem
	if f.encoding != "" {
		if enc, err = lifesat.ParseEncoding(f.encoding); err != nil {
			return p, nil, 0, usageError{err}
		}
	}
	format, err := pattern.ParseFormat(f.format)
	if err != nil {
		return p, nil, 0, usageError{err}
	}
	switch {
	case f.jobs < 0:
		return p, nil, 0, usageError{fmt.Errorf("-jobs %d: want 1 or more (0: automatic)", f.jobs)}
	case f.jobs > maxJobs():
		return p, nil, 0, usageError{fmt.Errorf("-jobs %d: at most %d here (4 per core): more members only share the same cores", f.jobs, maxJobs())}
	case f.jobs == 0 && p.Period > 1:
		// Oscillator and ship times vary widely from seed to seed, and
		// symmetric sub-problems are much faster; still lifes vary little,
		// so a second process only halves the throughput (measured: 64x64
		// in 0.33 s alone, 0.5 s raced on 2 cores).
		f.jobs = runtime.NumCPU()
	case f.jobs == 0:
		f.jobs = 1
	}
	if f.timeout < 0 {
		return p, nil, 0, usageError{fmt.Errorf("-timeout %v: want a positive duration", f.timeout)}
	}
	div, err := parseDiversify(f.diversify)
	if err != nil {
		return p, nil, 0, usageError{err}
	}
	var solver logic.Solver // nil: the library's choice (gophersat)
	if f.solver != "" {
		if solver, err = logic.ParseSolver(f.solver); err != nil {
			return p, nil, 0, usageError{err}
		}
	}
	s := &lifesat.Settings{
		Rule:       rl,
		Encoding:   enc,
		Seed:       f.seed,
		Solutions:  int(f.n),
		Diversify:  div,
		AllowEmpty: f.allowEmpty,
		AnyPeriod:  f.anyPeriod,
		Solver:     solver,
		Progress:   progress(f.stderr, f.verbose),
	}
	return p, s, format, nil
}

func parseDiversify(s string) (lifesat.Diversify, error) {
	for _, d := range []lifesat.Diversify{lifesat.Auto, lifesat.FlipAll, lifesat.FlipCells, lifesat.NoFlip} {
		if s == d.String() {
			return d, nil
		}
	}
	return 0, fmt.Errorf("-diversify %q: want auto, all, cells or none", s)
}

// parsePoint reads "X,Y".
func parsePoint(flagName, s string) (image.Point, error) {
	xs, ys, ok := strings.Cut(s, ",")
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	if !ok || err1 != nil || err2 != nil {
		return image.Point{}, fmt.Errorf("%s %q: want X,Y, like 1,1", flagName, s)
	}
	if abs(x) > lifesat.MaxSide || abs(y) > lifesat.MaxSide {
		return image.Point{}, fmt.Errorf("%s %q: too large", flagName, s)
	}
	return image.Pt(x, y), nil
}

func abs(a int) int { return max(a, -a) }

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

// search runs "still", "osc", "ship" and "search".
func search(ctx context.Context, cmd string, args []string, stdout, stderr io.Writer) (int, error) {
	f := newSearchFlags(cmd, cmd, stdout, stderr)
	p, s, format, err := f.parse(args)
	if err == nil && f.n != 1 {
		err = f.single(cmd + " -n " + f.n.String())
	}
	if err != nil {
		return 0, err
	}
	if f.jobs > 1 && f.n == 1 {
		if jobs := jobsThatFit(p, s, f.jobs); jobs < f.jobs {
			if f.verbose {
				if jobs == 1 {
					fmt.Fprintf(stderr, "lifesat: -jobs %d: one search of this size takes more than half the memory budget; searching alone\n", f.jobs)
				} else {
					fmt.Fprintf(stderr, "lifesat: -jobs %d: only %d searches of this size fit in memory side by side; racing %d\n", f.jobs, jobs, jobs)
				}
			}
			f.jobs = jobs
		}
	}
	if f.jobs > 1 && f.n == 1 {
		var live *liveLines
		if f.verbose {
			live = &liveLines{w: stderr}
		}
		return race(ctx, []string{cmd}, args, p, s, f.jobs, f.timeout, live, stdout, stderr)
	}
	s.MaxMemory = memberMemory()
	ctx, cancel := withTimeout(ctx, f.timeout)
	defer cancel()
	if f.n == countAll {
		s.Solutions = math.MaxInt
	}
	out := &patternWriter{w: stdout, format: format, rule: s.Rule, phases: f.phases}
	var st lifesat.Stats
	found, exhausted := 0, false
	res, err := lifesat.Search(ctx, p, s)
	if res != nil {
		st, exhausted = res.Stats, res.Exhausted
		for _, pat := range res.Patterns {
			if werr := out.write(pat); werr != nil {
				return 0, werr
			}
			if !pat.Rule.IsZero() {
				fmt.Fprintln(stderr, "lifesat:", describeRange(pat.Rule))
			}
			found++
		}
	}
	if f.verbose && res != nil {
		fmt.Fprintf(stderr, "lifesat: %d variables, %d clauses; encoded in %v, solved in %v (%d solver calls)\n",
			st.Vars, st.Clauses, st.Encode.Round(time.Microsecond), st.Solve.Round(time.Microsecond), st.Solves)
	}
	if err != nil {
		if found > 0 && ctx.Err() != nil {
			fmt.Fprintf(stderr, "lifesat: stopped after %d patterns\n", found)
			return exitFound, nil
		}
		return 0, err
	}
	switch {
	case found == 0:
		fmt.Fprintf(stderr, "lifesat: no %s exists under rule %v\n", describe(p, s), s.Rule)
		return exitNone, nil
	case exhausted && f.n != countAll:
		fmt.Fprintf(stderr, "lifesat: only %d distinct patterns exist\n", found)
	case exhausted:
		fmt.Fprintf(stderr, "lifesat: %d patterns\n", found)
	}
	return exitFound, nil
}

// withTimeout bounds ctx by d when d > 0.
func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d > 0 {
		return context.WithTimeout(ctx, d)
	}
	return context.WithCancel(ctx)
}

// describe names the patterns searched for, for messages, with every
// constraint asked for: "non-empty still life with at most 3 live cells in
// a 4x4 box".
func describe(p lifesat.Problem, s *lifesat.Settings) string {
	return describeN(p, s, 1)
}

// describeN is describe for n patterns: the noun is plural unless n is 1.
func describeN(p lifesat.Problem, s *lifesat.Settings, n int) string {
	var what string
	switch p.Kind() {
	case "reaction":
		what = fmt.Sprintf("reaction of %d generations", len(p.Template.Gens))
	case "still life":
		what = plural(n, "still life", "still lifes")
	case "oscillator":
		what = plural(n, "oscillator", "oscillators") + fmt.Sprintf(" of period %d", p.Period)
		if s.AnyPeriod {
			what = plural(n, "oscillator", "oscillators") + fmt.Sprintf(" of period dividing %d", p.Period)
		}
	default:
		what = plural(n, "spaceship", "spaceships") + fmt.Sprintf(" of period %d moving (%d,%d)", p.Period, p.Shift.X, p.Shift.Y)
	}
	if !s.AllowEmpty && p.Template == nil {
		what = "non-empty " + what
	}
	if p.Template != nil {
		what += " matching the template"
	}
	var with []string
	if p.Symmetry != "" && p.Symmetry != life.C1 {
		with = append(with, "symmetry "+string(p.Symmetry))
	}
	switch {
	case p.MaxPop > 0 && p.MinPop == p.MaxPop:
		with = append(with, fmt.Sprintf("exactly %s", plural(p.MinPop, "1 live cell", fmt.Sprintf("%d live cells", p.MinPop))))
	case p.MaxPop > 0 && p.MinPop > 0:
		with = append(with, fmt.Sprintf("%d to %d live cells", p.MinPop, p.MaxPop))
	case p.MaxPop > 0:
		with = append(with, fmt.Sprintf("at most %s", plural(p.MaxPop, "1 live cell", fmt.Sprintf("%d live cells", p.MaxPop))))
	case p.MinPop > 0:
		with = append(with, fmt.Sprintf("at least %s", plural(p.MinPop, "1 live cell", fmt.Sprintf("%d live cells", p.MinPop))))
	}
	if p.Cage != nil {
		with = append(with, fmt.Sprintf("live cells only in the cage's %d", p.Cage.Population()))
	}
	for _, pt := range p.Blink {
		with = append(with, fmt.Sprintf("cell (%d,%d) blinking", pt.X, pt.Y))
	}
	if len(with) > 0 {
		what += " with " + strings.Join(with, ", ")
	}
	return fmt.Sprintf("%s in %s %dx%d box", what, article(p.Width), p.Width, p.Height)
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// article is "a" or "an" before the number n said aloud: "an 8x8 box",
// "an 11x11 box", "a 16x16 box".
func article(n int) string {
	d := strconv.Itoa(n)
	if d[0] == '8' || n == 11 || n == 18 || n >= 11000 && n < 12000 || n >= 18000 && n < 19000 {
		return "an"
	}
	return "a"
}

// describeRange says in which rules a pattern found under a partial rule
// works: its range as a partial rule (LLS's notation), the least and the
// most rule of the range, and the transitions left free.
func describeRange(r rule.Rule) string {
	free := rule.New(r.Free)
	return fmt.Sprintf("works in the rules %v: from %v to %v, free %v", r, r.Min(), r.Max(), free)
}

// A patternWriter prints patterns in the box frame, a blank line between
// two.
type patternWriter struct {
	w      io.Writer
	format pattern.Format
	rule   rule.Rule
	phases bool
	n      int
}

func (pw *patternWriter) write(pat *lifesat.Pattern) error {
	if !pat.Rule.IsZero() {
		// Found under a partial rule: each pattern names the least rule
		// of its range (describeRange says the rest).
		defer func(r rule.Rule) { pw.rule = r }(pw.rule)
		pw.rule = pat.Rule.Min()
	}
	boards := pat.Phases[:1]
	if pw.phases {
		boards = pat.Phases
	}
	for _, b := range boards {
		if err := pw.board(b); err != nil {
			return err
		}
	}
	return nil
}

func (pw *patternWriter) board(b *life.Board) error {
	if pw.n > 0 {
		if _, err := io.WriteString(pw.w, "\n"); err != nil {
			return err
		}
	}
	pw.n++
	return pattern.Write(pw.w, b, pw.format, pw.rule)
}

// cnf prints the DIMACS of a search.
func cnf(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	if len(args) == 0 || (args[0] != "still" && args[0] != "osc" && args[0] != "ship" && args[0] != "search") {
		return 0, usageError{errors.New(`cnf needs a search: "lifesat cnf still|osc|ship [flags]" or "lifesat cnf search FILE [flags]"`)}
	}
	f := newSearchFlags("cnf "+args[0], args[0], stdout, stderr)
	p, s, _, err := f.parse(args[1:])
	if err == nil {
		err = f.single("cnf")
	}
	if err == nil && f.n != 1 {
		err = usageError{fmt.Errorf("-n %v: cnf prints the formula of a search, whatever the number of answers", f.n.String())}
	}
	if err != nil {
		return 0, err
	}
	in, err := lifesat.EncodeContext(ctx, p, s)
	if err != nil {
		if ctx.Err() != nil {
			return 0, err
		}
		return 0, usageError{err}
	}
	return exitFound, in.CNF.WriteDIMACS(stdout)
}
