package bench

import (
	"cmp"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/grow"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// What a case measures.
const (
	Search = "search" // lifesat.Search for one pattern
	Max    = "max"    // lifesat.Maximize
	Count  = "count"  // lifesat.Count (all patterns, the empty one included)
	// Race is lifesat.Race for one pattern, as the command lifesat runs
	// a search, with RaceJobs members at once (those whose formulas fit
	// the memory budget): the portfolio of lifesat.Strategies
	// (Case.NoMotions leaves out its motion members); the time is the
	// wall time to its first verified answer. A Race case with Workers
	// runs that many members instead, its row as a Split case's
	// (split.go), to compare the two.
	Race = "race"
	// and LLS (lls.go): logic-life-search on the same search
)

// RaceJobs is how many members a Race case runs at once, whatever the
// machine's cores.
const RaceJobs = 2

// A Case is one problem under one encoding and solver.
type Case struct {
	Kind     string // Search, Max, Count, Race or LLS
	Problem  lifesat.Problem
	Encoding lifesat.Encoding // "" for the library's default
	Solver   string           // a logic.ParseSolver name; "" for the library's choice
	// Diversify is the flips of the case's searches (Auto when zero).
	Diversify lifesat.Diversify
	// Seeded cases run once per seed; the others once.
	Seeded bool
	// Timeout, when not zero, bounds each run of the case instead of
	// the default 2 minutes (Options.Timeout, when set, overrides it).
	// For Cubes it bounds each cube.
	Timeout time.Duration
	// NoMotions makes a Race case skip the members whose generation
	// Period/2 or Period/4 is generation 0 turned (the portfolio before
	// they were added): each ends at once, and the next strategy takes
	// its place.
	NoMotions bool
	// Workers is the number of workers of a Split case, of members of a
	// Race case; 0 means 1. Cubes is the number of cubes of a Split or
	// Cubes case (split.go), Method how they are cut (plan.CutOptions).
	Workers, Cubes int
	Method         string
	// Grow is the problem of a Width case (frontier.go), whose Problem is
	// the box of the same ship; Want the apgcode of the ship it must
	// find, and Label names the target (a frontier row's name begins with
	// it).
	Grow          *grow.Problem
	GrowLookahead int // Settings.Lookahead of a Width case; 0 the default
	// GrowDepthFirst runs a Width case's search depth first
	// (grow.Settings.DepthFirst).
	GrowDepthFirst bool
	Want, Label    string
}

// Name describes the case's problem, like "still life 16x16". A Race
// case has its problem's name: its rows differ by their solver,
// RaceSolver.
func (c Case) Name() string {
	if splitCase(c) {
		return c.splitName()
	}
	if c.Kind == Width {
		return widthName(c)
	}
	switch c.Kind {
	case Max:
		return "max " + c.Problem.String()
	case Count:
		return "count " + c.Problem.String()
	case Race:
		if c.NoMotions {
			return c.Problem.String() + ", without motion members"
		}
	}
	return c.Problem.String()
}

// A Row is one measured run.
type Row struct {
	Problem  string
	Side     int // the box's width, for plots
	Period   int
	Encoding string // or RowProgram
	Solver   string // or NoSolver
	Seed     uint64
	Vars     int
	Clauses  int
	EncodeMS float64
	SolveMS  float64
	// Status is SAT, UNSAT, UNKNOWN (time-out), OPTIMAL (Max) or ERROR.
	Status string
	// Verified is true when the answer was re-simulated and found right
	// (for Count: when the count agrees with a second, independent way).
	Verified bool
	// Value is the population (Max) or the count (Count).
	Value   string
	Machine string
}

// How rows name the solver-free programs: density.CountStillLifes's
// transfer matrix and density.MaxStillLifeRule's row program.
const (
	NoSolver       = "none"
	TransferMatrix = "transfer matrix"
	RowProgram     = "row program"
	// WastageProgram is package density's row program, bounded by Chu
	// and Stuckey's wastage: the encoding of Max cases whose Method is
	// DensityMethod.
	WastageProgram = "wastage row program"
)

// DensityMethod, as a Max case's Method, times density.MaxStillLife alone
// (what lifesat max runs from 10x10 on under Life).
const DensityMethod = "density"

// RaceSolver is the solver of a Race case's rows, whose encoding is
// "portfolio of N", N the jobs.
const RaceSolver = "race"

// Machine describes this computer for the rows: OS, architecture, cores
// and CPU model.
func Machine() string {
	model := ""
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	return strings.TrimSpace(fmt.Sprintf("%s/%s %d cores %s", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), model))
}

// Options tune a run. A nil *Options means the defaults.
type Options struct {
	// Seeds is the number of seeds per seeded case (1, 2, ...); 0 means 3.
	Seeds int
	// Timeout bounds every run; 0 means each case's own Timeout, else 2
	// minutes.
	Timeout time.Duration
	// Progress, when not nil, is told about each row as it is measured.
	Progress func(Row)
	// Search, when not nil, is told the running search's progress every
	// second (lifesat.Settings.Progress), for a status line.
	Search func(lifesat.Progress)
	// Starting, when not nil, is told before each run what it measures
	// ("still life 16x16, cadical, seed 2"), how many runs are done and
	// how many the suite makes in all (those Run skips not counted).
	Starting func(what string, done, total int)
	// LLS is the folder of a logic-life-search checkout, whose solvers/
	// has cadical: the suites' LLS cases run it (the hard suite's, beside
	// lifesat's). "" skips them.
	LLS string
	// Only, when not nil, picks the cases to run: those whose description
	// it matches, as Starting gets it but without the seed ("max still
	// life 20x20, the density program").
	Only *regexp.Regexp
}

// Run measures every case of the suite and returns the rows. Cases whose
// solver is not installed are skipped. Run stops early only when ctx ends.
func Run(ctx context.Context, s Suite, o *Options) ([]Row, error) {
	var opt Options
	if o != nil {
		opt = *o
	}
	if opt.Seeds <= 0 {
		opt.Seeds = 3
	}
	type run struct {
		c      Case
		solver logic.Solver
		seed   uint64
	}
	var runs []run
	for _, c := range s.Cases {
		solver, err := logic.ParseSolver(c.Solver)
		var nf *logic.NotFoundError
		if errors.As(err, &nf) {
			continue // not installed here
		}
		if err != nil {
			return nil, err
		}
		if c.Solver == "" {
			solver = nil // the library chooses
		}
		if c.Kind == LLS && opt.LLS == "" || opt.Only != nil && !opt.Only.MatchString(c.describeCase()) {
			continue
		}
		seeds := 1
		if c.Seeded {
			seeds = max(opt.Seeds, s.MinSeeds)
		}
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			runs = append(runs, run{c, solver, seed})
		}
	}
	machine := Machine()
	var rows []Row
	for i, u := range runs {
		if err := ctx.Err(); err != nil {
			return rows, err
		}
		if opt.Starting != nil {
			opt.Starting(u.c.describe(u.seed), i, len(runs))
		}
		timeout := u.c.limit(opt)
		var measured []Row
		switch {
		case u.c.Kind == LLS:
			measured = []Row{runLLSTimed(ctx, opt.LLS, u.c, u.seed, timeout)}
		case u.c.Kind == Width:
			measured = []Row{runWidth(ctx, u.c, timeout)}
		case u.c.Kind == CBC:
			measured = []Row{runCBC(ctx, u.c, timeout)}
		case u.c.Kind == Cubes:
			measured = measureCubes(ctx, u.c, u.c.row(u.seed), u.c.settings(u.solver, u.seed), timeout)
		case splitCase(u.c):
			measured = []Row{measureSplit(ctx, u.c, u.c.row(u.seed), u.c.settings(u.solver, u.seed), timeout)}
		default:
			measured = []Row{measure(ctx, u.c, u.solver, u.seed, timeout, opt.Search)}
		}
		for _, r := range measured {
			r.Machine = machine
			rows = append(rows, r)
			if opt.Progress != nil {
				opt.Progress(r)
			}
		}
	}
	return rows, nil
}

// describe says what a run of c with the seed measures: "still life
// 16x16, cadical, seed 2".
func (c Case) describe(seed uint64) string {
	return fmt.Sprintf("%s, seed %d", c.describeCase(), seed)
}

// describeCase says what c measures: "still life 16x16, cadical".
func (c Case) describeCase() string {
	solver := cmp.Or(c.Solver, "gophersat")
	switch c.Kind {
	case Race:
		solver = "the default race"
	case LLS:
		solver = LLSSolver
	case Width:
		solver = WidthSolver
	case CBC:
		return fmt.Sprintf("max %s, CBC on Bosch's %s", c.Problem, c.Encoding)
	case Max, Count:
		switch {
		case c.Method == DensityMethod:
			solver = "the density program"
		case c.Solver == "":
			solver = "lifesat's choice"
		}
	}
	return fmt.Sprintf("%s, %s", c.Name(), solver)
}

// limit is the time limit of each run of c under o.
func (c Case) limit(o Options) time.Duration {
	switch {
	case o.Timeout > 0:
		return o.Timeout
	case c.Timeout > 0:
		return c.Timeout
	}
	return 2 * time.Minute
}

// measure runs one case once.
// report, when not nil, hears the search's progress every second.
func measure(ctx context.Context, c Case, solver logic.Solver, seed uint64, timeout time.Duration, report func(lifesat.Progress)) Row {
	// The previous run's garbage (a solver's clause database) would
	// otherwise be collected during this run's encoding, as testing.B
	// avoids with the same call.
	runtime.GC()
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	set := c.settings(solver, seed)
	if report != nil {
		set.Progress, set.ProgressEvery = report, time.Second
	}
	r := c.row(seed)
	enc, name := r.Encoding, r.Solver
	switch c.Kind {
	case Max:
		// The row program is timed alone: Maximize under a deadline also
		// runs the SAT ladder beside it, for a best so far.
		var res *lifesat.MaxResult
		var err error
		if c.Method == DensityMethod {
			r.Encoding, r.Solver = WastageProgram, NoSolver
			start := time.Now()
			res, err := density.MaxStillLife(ctx, c.Problem.Width, c.Problem.Height, nil)
			r.SolveMS = ms(time.Since(start))
			if res == nil {
				r.Status = "ERROR"
				return r
			}
			r.Status = rowStatus(err, logic.Sat)
			if res.Optimal {
				r.Status = "OPTIMAL"
			}
			r.Value = strconv.Itoa(res.Population)
			r.Verified = c.Problem.Check(&lifesat.Pattern{Phases: []*life.Board{res.Board}}, &lifesat.Settings{AllowEmpty: true}) == nil
			break
		}
		if p := c.Problem; c.Encoding == "" && solver == nil && p.Period <= 1 && p.Symmetry == "" &&
			p.Cage == nil && p.MinPop == 0 && p.MaxPop == 0 && p.Template == nil {
			res, err = density.MaxStillLifeRule(ctx, p.Width, p.Height, rule.Life)
		} else {
			res, err = lifesat.Maximize(ctx, c.Problem, set)
		}
		if res == nil {
			r.Status = "ERROR"
			return r
		}
		fill(&r, res.Stats)
		if res.Stats.Solves == 0 && res.Stats.Vars == 0 {
			r.Encoding, r.Solver = RowProgram, NoSolver
		}
		r.Status = rowStatus(err, res.Status)
		if res.Optimal {
			r.Status = "OPTIMAL"
		}
		if res.Pattern != nil {
			r.Value = strconv.Itoa(res.Population)
			r.Verified = c.Problem.Check(res.Pattern, &lifesat.Settings{AllowEmpty: true}) == nil
		}
	case Count:
		r.Encoding, r.Solver = TransferMatrix, NoSolver
		if p := c.Problem; p.MaxPop > 0 || p.Period > 1 || p.Symmetry != "" || p.Cage != nil {
			r.Encoding, r.Solver = "enumeration ("+enc+")", name
		}
		start := time.Now()
		n, err := lifesat.Count(ctx, c.Problem, &lifesat.Settings{AllowEmpty: true, Encoding: c.Encoding, Solver: solver})
		r.SolveMS = ms(time.Since(start))
		r.Status = rowStatus(err, logic.Sat)
		if err == nil {
			r.Value = n.String()
			r.Verified = crossCount(ctx, c.Problem, n.String())
		}
	case Race:
		jobs := lifesat.JobsThatFit(c.Problem, set, RaceJobs)
		members := "gophersat"
		if c.Solver != "" {
			members = c.Solver
		}
		r.Solver, r.Encoding = RaceSolver, fmt.Sprintf("portfolio of %d, %s", jobs, members)
		opt := &lifesat.RaceOptions{Jobs: jobs}
		if c.NoMotions {
			opt.Member = func(ctx context.Context, _ int, st lifesat.Strategy) (*lifesat.Result, error) {
				if st.Restricted && st.Problem.Transform != life.Id {
					return &lifesat.Result{Status: logic.Unsat, Exhausted: true}, nil
				}
				return lifesat.Search(ctx, st.Problem, &st.Settings)
			}
		}
		start := time.Now()
		res, err := lifesat.Race(ctx, c.Problem, set, opt)
		if res == nil {
			r.Status = "ERROR"
			return r
		}
		fill(&r, res.Stats)
		r.EncodeMS, r.SolveMS = 0, ms(time.Since(start))
		r.Status = rowStatus(err, res.Status)
		if len(res.Patterns) > 0 {
			r.Verified = c.Problem.Check(res.Patterns[0], set) == nil
		}
	default:
		res, err := lifesat.Search(ctx, c.Problem, set)
		if res == nil {
			r.Status = "ERROR"
			return r
		}
		fill(&r, res.Stats)
		r.Status = rowStatus(err, res.Status)
		if len(res.Patterns) > 0 {
			r.Verified = c.Problem.Check(res.Patterns[0], set) == nil
		}
	}
	return r
}

// settings are the settings of c's runs with a seed.
func (c Case) settings(solver logic.Solver, seed uint64) *lifesat.Settings {
	return &lifesat.Settings{Encoding: c.Encoding, Solver: solver, Seed: seed, Diversify: c.Diversify}
}

// row is the row of c's run with a seed, before it is measured.
func (c Case) row(seed uint64) Row {
	name := c.Solver
	if name == "" {
		name = "gophersat"
	}
	enc := string(c.Encoding)
	if enc == "" {
		enc = string(lifesat.DefaultEncoding)
		if c.Kind == Max {
			enc = string(lifesat.MaxEncoding)
		}
	}
	return Row{Problem: c.Name(), Side: c.Problem.Width, Period: max(c.Problem.Period, 1), Encoding: enc, Solver: name, Seed: seed}
}

// crossCount checks a still-life count a second way: by enumeration with
// the solver when Count used the transfer matrix (small boxes only).
func crossCount(ctx context.Context, p lifesat.Problem, n string) bool {
	if p.Width*p.Height > 25 {
		return true // too many to enumerate; the tests check against OEIS
	}
	q := p
	q.MaxPop = p.Width * p.Height // forces enumeration
	m, err := lifesat.Count(ctx, q, &lifesat.Settings{AllowEmpty: true})
	return err == nil && m.String() == n
}

func fill(r *Row, st lifesat.Stats) {
	r.Vars, r.Clauses = st.Vars, st.Clauses
	r.EncodeMS, r.SolveMS = ms(st.Encode), ms(st.Solve)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// Header is the CSV header of WriteCSV.
var Header = []string{"problem", "side", "period", "encoding", "solver", "seed", "variables", "clauses", "encode_ms", "solve_ms", "status", "verified", "value", "machine"}

// WriteCSV writes rows with Header.
func WriteCSV(w io.Writer, rows []Row) error {
	cw := csv.NewWriter(w)
	cw.Write(Header)
	for _, r := range rows {
		cw.Write([]string{r.Problem, strconv.Itoa(r.Side), strconv.Itoa(r.Period), r.Encoding, r.Solver,
			strconv.FormatUint(r.Seed, 10), strconv.Itoa(r.Vars), strconv.Itoa(r.Clauses),
			strconv.FormatFloat(r.EncodeMS, 'f', 3, 64), strconv.FormatFloat(r.SolveMS, 'f', 3, 64),
			r.Status, strconv.FormatBool(r.Verified), r.Value, r.Machine})
	}
	cw.Flush()
	return cw.Error()
}

// ReadCSV reads rows written by WriteCSV, such as data/bench-hard.csv.
// The columns are found by their names in the header, which must hold
// every name of Header; a row with a bad number, a bad Verified or the
// wrong number of fields is an error that names its line.
func ReadCSV(r io.Reader) ([]Row, error) {
	cr := csv.NewReader(r)
	recs, err := cr.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	if len(recs) == 0 {
		return nil, errors.New("bench: no header")
	}
	col := map[string]int{}
	for i, name := range recs[0] {
		col[name] = i
	}
	for _, name := range Header {
		if _, ok := col[name]; !ok {
			return nil, fmt.Errorf("bench: the header has no column %q", name)
		}
	}
	rows := make([]Row, 0, len(recs)-1)
	for i, rec := range recs[1:] {
		var bad error
		get := func(name string) string { return rec[col[name]] }
		integer := func(name string) int {
			n, err := strconv.Atoi(get(name))
			if err != nil && bad == nil {
				bad = fmt.Errorf("%s: %w", name, err)
			}
			return n
		}
		number := func(name string) float64 {
			x, err := strconv.ParseFloat(get(name), 64)
			if err == nil && (math.IsNaN(x) || math.IsInf(x, 0)) {
				err = errors.New("not a finite number")
			}
			if err != nil && bad == nil {
				bad = fmt.Errorf("%s: %w", name, err)
			}
			return x
		}
		row := Row{Problem: get("problem"), Side: integer("side"), Period: integer("period"),
			Encoding: get("encoding"), Solver: get("solver"), Vars: integer("variables"),
			Clauses: integer("clauses"), EncodeMS: number("encode_ms"), SolveMS: number("solve_ms"),
			Status: get("status"), Value: get("value"), Machine: get("machine")}
		row.Seed, err = strconv.ParseUint(get("seed"), 10, 64)
		if err != nil && bad == nil {
			bad = fmt.Errorf("seed: %w", err)
		}
		row.Verified, err = strconv.ParseBool(get("verified"))
		if err != nil && bad == nil {
			bad = fmt.Errorf("verified: %w", err)
		}
		if bad != nil {
			return nil, fmt.Errorf("bench: line %d: %w", i+2, bad)
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// Installed reports whether an external solver is on PATH.
func Installed(name string) bool {
	_, err := exec.LookPath(name)
	return err == nil
}
