package main

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/member"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// searchFlags are the flags shared by still, osc, ship, search, cnf,
// count and max.
type searchFlags struct {
	fs         *flagSet
	e          *env
	kind       string // still, osc, ship or search
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
	proof      proofFlags
	c          constraintFlags
	// fallback, when not nil, gives the value of a flag among size,
	// period, shift and template that was not set ("" for none): plan's
	// axes (-sizes) give the flags they replace their first value.
	fallback func(flag string) string
}

// maxJobs bounds -jobs: 4 members per core. Beyond that the members only
// share the cores, each slower, and memory grows with every member.
func maxJobs() int { return 4 * runtime.NumCPU() }

// newSearchFlags declares the flags of a search of the given kind (still,
// osc, ship or search) for the command name ("still", "count still").
func newSearchFlags(name, kind string, e *env) *searchFlags {
	f := &searchFlags{fs: newFlagSet(name, e.stdout), e: e, kind: kind, n: 1}
	fs := f.fs
	if kind == "search" {
		fs.IntVar(&f.period, "period", 0, "period `P`: generation P is generation 0 (moved by -shift); 0: a reaction of the template's generations, which need not come back")
		fs.StringVar(&f.shift, "shift", "", "(with -period) displacement `DX,DY` per period")
		fs.StringVar(&f.size, "size", "", "search box `WxH` (default: the template's)")
	} else {
		fs.StringVar(&f.size, "size", "", "search box `WxH` (or N for N x N); required unless -template")
		fs.StringVar(&f.template, "template", "", "template `FILE` (LLS search pattern or picture, see \"lifesat search\"; - for standard input): the box's cells known dead, alive or named")
	}
	if kind == "osc" || kind == "ship" {
		fs.IntVar(&f.period, "period", 0, "period `P` (2 or more); required")
	}
	if kind != "still" {
		fs.BoolVar(&f.anyPeriod, "any-period", false, "accept any period dividing P")
		fs.BoolVar(&f.phases, "phases", false, "print every phase, not only generation 0")
	}
	if kind == "ship" {
		fs.Int("width", 0, "instead of -size: a ship of any length in a strip `W` wide, grown row by row (\"lifesat ship -width 1 -h\" gives its flags)")
		fs.StringVar(&f.shift, "shift", "", "displacement `DX,DY` per period, e.g. 1,1 for a glider; required")
	}
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the random diversification")
	fs.Var(&f.n, "n", "number of distinct patterns to find, or all")
	fs.StringVar(&f.rule, "rule", "B3/S23", "rule: B/S (B36/S23, 23/3), Hensel (B2n3/S23-q), hexagonal (B2/S34H), von Neumann (B2/S013V) or MAP notation; with a leading p a partial rule (pB3/S23, as in LLS) whose free transitions are searched too")
	fs.StringVar(&f.encoding, "encoding", "", "rule encoding: direct or knuth (default: direct, knuth for max)")
	fs.StringVar(&f.format, "format", "rle", "output format: rle, cells, matrix or apgcode")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop after this long (e.g. 30s); 0 means no limit")
	fs.StringVar(&f.diversify, "diversify", "auto", "random flips: auto (none for oscillators and ships with gophersat, cadical or kissat, which get -seed as their own seed; all otherwise), all (every variable), cells (the blog's XOR), none, alive (every cell alive first, no randomness)")
	fs.BoolVar(&f.allowEmpty, "allow-empty", false, "accept the empty pattern")
	fs.StringVar(&f.sym, "sym", "", "symmetry of every generation: C1 C2 C4 D2- D2| D2\\ D2/ D4+ D4x D8")
	fs.IntVar(&f.minPop, "min-pop", 0, "at least this many live cells in generation 0")
	fs.limitVar(&f.maxPop, "max-pop", "at most `N` live cells in generation 0 (default: no limit)")
	fs.StringVar(&f.cage, "cage", "", "pattern `FILE` of the box's size (- for standard input): only its live cells may be alive in generation 0")
	f.c.declare(fs, kind)
	fs.BoolVar(&f.verbose, "v", false, "report the formula size and progress on stderr")
	fs.StringVar(&f.solver, "solver", "", "SAT solver: gophersat (embedded, the default), gini (embedded, stoppable), or a DIMACS solver on PATH or by path (cadical, kissat, ...); for max, naming one (or -encoding) asks for the SAT path instead of the row program")
	if !strings.HasPrefix(name, "cnf ") && !strings.HasPrefix(name, "plan ") {
		f.proof.declare(fs)
	}
	fs.IntVar(&f.jobs, "jobs", 0, "(still, osc, ship and search with one answer) searches to race side by side: other seeds and symmetric sub-problems; 1 is deterministic; 0: one per core for oscillators and ships, 1 for still lifes")
	return f
}

// parse reads the flags and the files they name once, and builds the
// problem and settings.
func (f *searchFlags) parse(args []string) (lifesat.Problem, *lifesat.Settings, pattern.Format, error) {
	var p lifesat.Problem
	fail := func(format string, args ...any) (lifesat.Problem, *lifesat.Settings, pattern.Format, error) {
		return p, nil, 0, usageError{fmt.Errorf(format, args...)}
	}
	if err := f.fs.parse(args); err != nil {
		return p, nil, 0, err
	}
	if f.timeout < 0 {
		return fail("-timeout %v: want a positive duration", f.timeout)
	}
	for _, name := range []string{"size", "period", "shift", "template"} {
		if f.fallback == nil || f.fs.Lookup(name) == nil || f.fs.set(name) {
			continue
		}
		if v := f.fallback(name); v != "" {
			if err := f.fs.Set(name, v); err != nil {
				return fail("-%s %q: %v", name, v, err)
			}
		}
	}
	f.e.arm(f.timeout) // reading the files counts too
	in := &inputs{e: f.e}
	switch {
	case f.kind == "search" && f.fs.NArg() == 0:
		return fail(`search needs a template file: "lifesat search FILE [flags]" (- for standard input)`)
	case f.kind == "search" && f.fs.NArg() > 1:
		return fail("search reads one template, got %d files", f.fs.NArg())
	case f.kind == "search":
		f.template = f.fs.Arg(0)
	case f.fs.NArg() > 0:
		return fail("unexpected argument %q; see lifesat %s -h", f.fs.Arg(0), f.fs.name)
	}
	if (f.kind == "osc" || f.kind == "ship") && !f.fs.set("period") {
		return fail("-period is required: the period of the %s (2 or more)", map[string]string{"osc": "oscillator", "ship": "spaceship"}[f.kind])
	}
	if f.kind == "ship" && f.shift == "" {
		return fail("-shift DX,DY is required: how far the spaceship moves every period, e.g. 1,1 for a glider")
	}
	if f.template != "" {
		tpl, err := in.template(f.template, "the template")
		if err != nil {
			return fail("%v", err)
		}
		p.Template = tpl
		p.Width, p.Height = tpl.Width, tpl.Height
	}
	switch {
	case f.size != "":
		w, h, err := parseSize(f.size)
		if err != nil {
			return fail("%v", err)
		}
		p.Width, p.Height = w, h
	case p.Template == nil:
		return fail("-size WxH is required: the box the pattern must fit in")
	}
	p.Period = 1
	switch f.kind {
	case "search":
		if f.period < 0 {
			return fail("-period %d: want 1 or more (or none, for a reaction)", f.period)
		}
		p.Period = f.period
		if f.anyPeriod && f.period == 0 {
			return fail("-any-period needs a -period")
		}
	case "osc", "ship":
		if f.period < 2 {
			return fail("-period %d: an oscillator or spaceship needs a period of 2 or more (use still for period 1)", f.period)
		}
		p.Period = f.period
	}
	if f.shift != "" {
		var err error
		if p.Shift, err = parsePoint("-shift", f.shift); err != nil {
			return fail("%v", err)
		}
		switch {
		case f.kind == "ship" && p.Shift == (image.Point{}):
			return fail("-shift 0,0 does not move: use osc for oscillators")
		case p.Period < 2 && p.Shift != (image.Point{}):
			return fail("-shift %s needs a -period of 2 or more", f.shift)
		}
	}
	if f.sym != "" {
		var err error
		if p.Symmetry, err = life.ParseSymmetry(f.sym); err != nil {
			return fail("-sym: %v", err)
		}
	}
	switch {
	case f.minPop < 0:
		return fail("-min-pop %d: want 0 or more", f.minPop)
	case f.maxPop < -1:
		return fail("-max-pop %d: want 0 or more", f.maxPop)
	case f.maxPop == 0:
		// At most 0 live cells: only the empty generation 0, which a
		// cage of dead cells states exactly (MaxPop 0 is "no limit").
		p.Cage = life.NewBoard(p.Width, p.Height)
	case f.maxPop > 0:
		p.MaxPop = f.maxPop
	}
	p.MinPop = f.minPop
	if f.cage != "" {
		cage, err := in.pattern(f.cage, "-cage")
		if err != nil {
			return fail("-cage: %v", err)
		}
		if p.Cage != nil { // -max-pop 0 already cages every cell
			cage.Board = p.Cage
		}
		p.Cage = cage.Board
	}
	if err := f.c.apply(&p, in); err != nil {
		return fail("%v", err)
	}
	if f.blink != "" {
		pt, err := parsePoint("-blink", f.blink)
		if err != nil {
			return fail("%v", err)
		}
		p.Blink = []image.Point{pt}
	}
	if err := p.Validate(); err != nil {
		return fail("%v", err)
	}
	rl, err := rule.Parse(f.rule)
	if err != nil {
		return fail("-rule: %v", err)
	}
	var enc lifesat.Encoding // "": the library's choice for the problem
	if f.encoding != "" {
		if enc, err = lifesat.ParseEncoding(f.encoding); err != nil {
			return fail("-encoding: %v", err)
		}
	}
	format, err := pattern.ParseFormat(f.format)
	if err != nil {
		return fail("-format: %v", err)
	}
	switch {
	case f.jobs < 0:
		return fail("-jobs %d: want 1 or more (0: one per core for oscillators and ships)", f.jobs)
	case f.jobs > maxJobs():
		return fail("-jobs %d: at most %d on this machine (4 per core); more members would only share the same cores", f.jobs, maxJobs())
	case f.jobs == 0 && p.Period > 1:
		// Oscillator and ship times vary widely from seed to seed, and
		// symmetric sub-problems are much faster; still lifes vary
		// little, so a second member only halves the throughput.
		f.jobs = runtime.NumCPU()
	case f.jobs == 0:
		f.jobs = 1
	}
	div, err := lifesat.ParseDiversify(f.diversify)
	if err != nil {
		return fail("-diversify: %v", err)
	}
	var solver logic.Solver // nil: the library's choice (gophersat)
	if f.solver != "" {
		if solver, err = logic.ParseSolver(f.solver); err != nil {
			return fail("-solver: %v", err)
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
		Progress:   progress(f.e.stderr, "lifesat: ", f.verbose),
	}
	if err := f.proof.set(s); err != nil {
		return fail("%v", err)
	}
	return p, s, format, nil
}

// one refuses a flag that runs several searches (-jobs above 1) or asks
// for several answers (-n) for a command that runs one search.
func (f *searchFlags) one(cmd string) error {
	if f.fs.set("jobs") && f.jobs > 1 {
		return usageError{fmt.Errorf("-jobs %d: %s runs one search (only still, osc, ship and search race several)", f.jobs, cmd)}
	}
	return f.oneAnswer(cmd)
}

// oneAnswer refuses -n for a command that gives one answer.
func (f *searchFlags) oneAnswer(cmd string) error {
	if f.fs.set("n") {
		return usageError{fmt.Errorf("-n %v: %s does not take -n", f.n.String(), cmd)}
	}
	return nil
}

// progress returns a Settings.Progress that writes each report as a line
// to w after prefix, or nil when off.
func progress(w io.Writer, prefix string, on bool) func(lifesat.Progress) {
	if !on {
		return nil
	}
	return func(p lifesat.Progress) {
		fmt.Fprintln(w, prefix+p.String())
	}
}

// searchCmd runs still, osc, ship and search: one pattern by a race of
// several members (-jobs), or the patterns of one search as they are
// found (-n K, -n all, -jobs 1).
func searchCmd(ctx context.Context, e *env, name string, args []string) (int, error) {
	if name == "ship" && widthFlag(args) {
		return widthShipCmd(ctx, e, name, args)
	}
	f := newSearchFlags(name, name, e)
	p, s, format, err := f.parse(args)
	if err != nil {
		return 0, err
	}
	if f.n != 1 && f.fs.set("jobs") && f.jobs > 1 {
		return 0, usageError{fmt.Errorf("-jobs %d: -n %v runs one search, which lists the patterns it finds (a race finds one pattern)", f.jobs, f.n.String())}
	}
	ctx, cancel := e.withTimeout(ctx, f.timeout)
	defer cancel()
	out := &patternWriter{w: e.stdout, format: format, rule: s.Rule, phases: f.phases}
	if f.n == 1 && f.jobs > 1 {
		return race(ctx, e, p, s, f.jobs, f.verbose, &f.proof, out)
	}
	status := newStatus(e, f.verbose || f.n == 1, describeN(p, s, 2))
	defer status.done()
	s = status.follow(s)
	found := 0
	var werr error
	err = lifesat.Enumerate(ctx, p, s, func(pat *lifesat.Pattern) bool {
		if werr = out.write(pat); werr != nil {
			return false
		}
		if !pat.Rule.IsZero() {
			fmt.Fprintln(e.stderr, "lifesat:", describeRange(pat.Rule))
		}
		found++
		status.found(found)
		return f.n == countAll || found < int(f.n)
	})
	status.done()
	switch {
	case werr != nil:
		return 0, werr
	case err != nil && found > 0 && ctx.Err() != nil:
		fmt.Fprintf(e.stderr, "lifesat: stopped after %s\n", plural(found, "1 pattern", fmt.Sprintf("%d patterns", found)))
		return exitStopped, nil
	case err != nil && ctx.Err() != nil:
		return 0, ctx.Err() // whatever failed as the search was stopped
	case err != nil:
		return 0, usageError{err}
	case found == 0:
		fmt.Fprintf(e.stderr, "lifesat: no %s exists under rule %v\n", describe(p, s), s.Rule)
		f.proof.note(e.stderr, "none exists")
		return exitNone, nil
	case f.n == countAll:
		fmt.Fprintf(e.stderr, "lifesat: %s, all there are\n", plural(found, "1 pattern", fmt.Sprintf("%d patterns", found)))
	case found < int(f.n):
		fmt.Fprintf(e.stderr, "lifesat: only %s\n", plural(found, "1 distinct pattern exists", fmt.Sprintf("%d distinct patterns exist", found)))
	}
	return exitFound, nil
}

// race finds one pattern with several members side by side (lifesat.Race),
// each a child process of this command (member.go), and prints it.
func race(ctx context.Context, e *env, p lifesat.Problem, s *lifesat.Settings, jobs int, verbose bool, proof *proofFlags, out *patternWriter) (int, error) {
	var live *liveLines
	if verbose {
		live = &liveLines{w: e.stderr}
		if fit := lifesat.JobsThatFit(p, s, jobs); fit < jobs {
			fmt.Fprintf(live, "lifesat: -jobs %d: %d searches of this size fit in the memory budget side by side; racing %d\n", jobs, fit, fit)
		}
		// The members' reports and the race's own lines through one
		// writer, a line at a time.
		rs := *s
		rs.Progress = progress(live, "lifesat: ", true)
		s = &rs
	}
	opt := &lifesat.RaceOptions{Jobs: jobs, Member: member.Process(&member.Options{Command: memberCommand})}
	if verbose {
		opt.Ended = func(k int, st lifesat.Strategy, res *lifesat.Result, err error) {
			if err == nil && res != nil && res.Status == logic.Sat {
				fmt.Fprintf(live, "lifesat: member %d answered: %s\n", k, st)
			}
		}
	}
	res, err := lifesat.Race(ctx, p, s, opt)
	switch {
	case err != nil && ctx.Err() != nil:
		return 0, ctx.Err()
	case err != nil:
		return 0, usageError{err}
	case res.Status == logic.Unsat:
		fmt.Fprintf(e.stderr, "lifesat: no %s exists under rule %v\n", describe(p, s), s.Rule)
		proof.note(e.stderr, "none exists")
		return exitNone, nil
	}
	pat := res.Patterns[0]
	if err := out.write(pat); err != nil {
		return 0, err
	}
	if !pat.Rule.IsZero() {
		fmt.Fprintln(e.stderr, "lifesat:", describeRange(pat.Rule))
	}
	return exitFound, nil
}

// cnfCmd prints the DIMACS of a search, or Bosch's integer program for
// max (ip.go).
func cnfCmd(ctx context.Context, e *env, _ string, args []string) (int, error) {
	if len(args) > 0 && args[0] == "max" {
		return cnfMaxCmd(ctx, e, args[1:])
	}
	kind, rest, err := kindOf("cnf", args, e)
	if err != nil {
		return 0, err
	}
	f := newSearchFlags("cnf "+kind, kind, e)
	var names string
	f.fs.StringVar(&names, "names", "", "with knuth (and -encoding knuth), a comment \"c knuth V NAME\" for each variable V that has a name in Knuth's SAT-LIFE programs, such as 10a11 or 10a11C2 (see lifesat.KnuthNames)")
	p, s, _, err := f.parse(rest)
	if err == nil {
		err = f.one("cnf")
	}
	if err == nil && names != "" && names != "knuth" {
		err = usageError{fmt.Errorf("-names %q: the only names are knuth", names)}
	}
	if err != nil {
		return 0, err
	}
	ctx, cancel := e.withTimeout(ctx, f.timeout)
	defer cancel()
	in, err := lifesat.EncodeContext(ctx, p, s)
	if err != nil {
		if ctx.Err() != nil {
			return 0, err
		}
		return 0, usageError{err}
	}
	if names == "knuth" {
		n, err := lifesat.KnuthNames(in)
		if err != nil {
			return 0, usageError{fmt.Errorf("-names knuth: %w", err)}
		}
		in.CNF.Comment("knuth V NAME: variable V is true exactly when NAME is, in the names of Knuth's SAT-LIFE programs (~ is not)")
		for v, name := range n {
			if name != "" {
				in.CNF.Comment("knuth %d %s", v, name)
			}
		}
	}
	if err := in.CNF.WriteDIMACS(&ctxWriter{ctx: ctx, w: e.stdout}); err != nil {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		return 0, err
	}
	return exitFound, nil
}

// kindOf reads the kind of search that count and cnf take first: still,
// osc, ship or search (cnf's max, which has flags of its own, is read
// before). The kinds named in messages are those of the command's
// synopsis. "-h" alone prints the command's help.
func kindOf(cmd string, args []string, e *env) (string, []string, error) {
	kinds := []string{"still", "osc", "ship", "search"}
	if len(args) > 0 {
		for _, k := range kinds {
			if args[0] == k {
				return k, args[1:], nil
			}
		}
	}
	c, _ := find(cmd)
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		more := ""
		if cmd == "cnf" {
			more = " The kind max writes Bosch's integer programs, with flags of its own: see \"lifesat cnf max -h\"."
		}
		fmt.Fprintf(e.stdout, "Usage: lifesat %s %s\n\n%s.\n\nThe kinds take the flags of the commands of the same name: see \"lifesat %s still -h\", and \"lifesat still -h\" for what they mean.%s\n", cmd, c.args, capitalize(c.summary), cmd, more)
		return "", nil, errHelp
	}
	named := strings.Fields(c.args)[0] // still|osc|ship|search[|max]
	got := "nothing"
	if len(args) > 0 {
		got = fmt.Sprintf("%q%s", args[0], didYouMean(args[0], strings.Split(named, "|")))
	}
	return "", nil, usageError{fmt.Errorf(`%s needs a kind of search first, got %s: "lifesat %s %s [flags]"; see lifesat %s -h`, cmd, got, cmd, named, cmd)}
}

// A ctxWriter stops writing once ctx has ended.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c *ctxWriter) Write(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(b)
}

// errNoAnswer is the error of a command whose search was stopped by its
// context before it answered.
var errNoAnswer = errors.New("no answer")
