package main

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/ip"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// ipFlags are the flags of "cnf max", which writes Bosch's integer
// programs (package ip) or the wastage model as CNF (density.WasteCNF).
type ipFlags struct {
	fs             *flagSet
	e              *env
	size, model    string
	w, h           int // the box, once parsed
	format         string
	minPop, maxPop int
	timeout        time.Duration
}

// cnfMaxCmd writes Bosch's IP1 or IP2 for a box as an LP or OPB file, or
// the wastage model as DIMACS CNF.
func cnfMaxCmd(ctx context.Context, e *env, args []string) (int, error) {
	f := &ipFlags{fs: newFlagSet("cnf max", e.stdout), e: e}
	f.fs.synopsis = "max -size WxH [-model ip1|ip2] [-format lp|opb] [flags], or max -size WxH -model waste -min-pop N"
	f.fs.StringVar(&f.size, "size", "", "box `WxH` (or N for N x N); required")
	f.fs.StringVar(&f.model, "model", "ip2", "Bosch's integer program: ip1 (birth by B1-B3 with two auxiliary variables a cell) or ip2 (birth by the 56 constraints B'(e,S) a cell); or waste: DIMACS CNF of the still lifes with at least -min-pop live cells as Chu and Stuckey's wastage (waste at most 2wh+2w+2h-4N), for any SAT solver")
	f.fs.StringVar(&f.format, "format", "lp", "lp (CPLEX's LP format: CBC, GLPK, HiGHS, SCIP) or opb (the PB competitions' format: gophersat, RoundingSat, Sat4j)")
	f.fs.IntVar(&f.minPop, "min-pop", 0, "add the constraint: at least this many live cells (Bosch gave CPLEX the lower cutoff ceil(n^2/2))")
	f.fs.limitVar(&f.maxPop, "max-pop", "add the constraint: at most `N` live cells (default: none)")
	f.fs.DurationVar(&f.timeout, "timeout", 0, "stop after this long (e.g. 30s); 0 means no limit")
	m, err := f.parse(args)
	if err != nil {
		return 0, err
	}
	ctx, cancel := e.withTimeout(ctx, f.timeout)
	defer cancel()
	if m == nil {
		return f.writeWaste(ctx)
	}
	write := m.WriteLP
	if f.format == "opb" {
		write = m.WriteOPB
	}
	if err := write(&ctxWriter{ctx: ctx, w: e.stdout}); err != nil {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		return 0, err
	}
	return exitFound, nil
}

// parse reads the flags and builds the model with its population bounds;
// for -model waste it checks the flags and returns no model (and no
// error): writeWaste writes that formula.
func (f *ipFlags) parse(args []string) (*ip.Model, error) {
	fail := func(format string, args ...any) (*ip.Model, error) {
		return nil, usageError{fmt.Errorf(format, args...)}
	}
	if err := f.fs.parse(args); err != nil {
		return nil, err
	}
	if f.timeout < 0 {
		return fail("-timeout %v: want a positive duration", f.timeout)
	}
	f.e.arm(f.timeout) // building the model counts too
	if f.fs.NArg() > 0 {
		return fail("unexpected argument %q; see lifesat %s -h", f.fs.Arg(0), f.fs.name)
	}
	if f.format != "lp" && f.format != "opb" {
		return fail("-format %q: cnf max writes lp or opb", f.format)
	}
	if f.size == "" {
		return fail("-size WxH is required: the box of the still life")
	}
	w, h, err := parseSize(f.size)
	if err != nil {
		return fail("%v", err)
	}
	f.w, f.h = w, h
	if strings.EqualFold(f.model, "waste") {
		switch {
		case f.fs.set("format"):
			return fail("-format: -model waste writes DIMACS CNF, not %s", f.format)
		case f.fs.set("max-pop"):
			return fail("-max-pop: -model waste bounds the population from below only (-min-pop)")
		case w*h > density.MaxWasteCNFCells:
			return fail("-size %s: -model waste takes boxes of at most %d cells", f.size, density.MaxWasteCNFCells)
		}
		return nil, popBounds(f.minPop, -1, w*h)
	}
	model, err := ip.ParseFormulation(f.model)
	if err != nil {
		return fail("-model %q: want ip1, ip2 or waste%s", f.model, didYouMean(f.model, []string{"ip1", "ip2", "waste"}))
	}
	m, err := ip.New(w, h, model)
	if err != nil {
		return fail("-size %s: %v", f.size, err)
	}
	if err := popBounds(f.minPop, f.maxPop, w*h); err != nil {
		return nil, err
	}
	if f.minPop > 0 {
		m.AtLeast(f.minPop)
	}
	if f.maxPop >= 0 {
		m.AtMost(f.maxPop)
	}
	return m, nil
}

// writeWaste writes density.WasteCNF for the box and -min-pop (parse
// has checked them).
func (f *ipFlags) writeWaste(ctx context.Context) (int, error) {
	w, h := f.w, f.h
	budget := max(0, 2*w*h+2*w+2*h-4*f.minPop)
	c, err := density.WasteCNF(ctx, w, h, budget)
	if err != nil {
		if cerr := ctx.Err(); cerr != nil && errors.Is(err, cerr) {
			return 0, err
		}
		return 0, usageError{err}
	}
	if err := c.WriteDIMACS(&ctxWriter{ctx: ctx, w: f.e.stdout}); err != nil {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		return 0, err
	}
	return exitFound, nil
}

// popBounds checks -min-pop and -max-pop for a box of the given number of
// cells: bounds that no board of the box can meet are bad input.
func popBounds(minPop, maxPop, cells int) error {
	switch {
	case minPop < 0:
		return usageError{fmt.Errorf("-min-pop %d: want 0 or more", minPop)}
	case maxPop < -1:
		return usageError{fmt.Errorf("-max-pop %d: want 0 or more", maxPop)}
	case minPop > cells:
		return usageError{fmt.Errorf("-min-pop %d: the box has only %d cells", minPop, cells)}
	case maxPop >= 0 && minPop > maxPop:
		return usageError{fmt.Errorf("-min-pop %d is above -max-pop %d: no board has both", minPop, maxPop)}
	}
	return nil
}

// maxIP is "max -method ip1|ip2": Bosch's integer program for the box,
// solved by gophersat's pseudo-Boolean engine (ip.Model.Solve, which
// checks the point and re-simulates the board).
func maxIP(ctx context.Context, e *env, method string, p lifesat.Problem, s *lifesat.Settings, format pattern.Format) (int, error) {
	form, err := ip.ParseFormulation(method)
	if err != nil {
		return 0, usageError{fmt.Errorf("-method %s: want ip1 or ip2", method)}
	}
	if !reflect.DeepEqual(p, lifesat.StillLife(p.Width, p.Height)) || !s.Rule.Equivalent(rule.Life) {
		return 0, usageError{fmt.Errorf("-method %s: Bosch's programs are for plain still lifes of Life: -size and nothing else", method)}
	}
	m, err := ip.New(p.Width, p.Height, form)
	if err != nil {
		return 0, usageError{err}
	}
	start := time.Now()
	sol, err := m.Solve(ctx, logic.Gophersat{})
	if sol == nil {
		return 0, err
	}
	if sol.Point != nil {
		b := m.Board(sol.Point)
		out := &patternWriter{w: e.stdout, format: format, rule: s.Rule}
		if werr := out.write(&lifesat.Pattern{Phases: []*life.Board{b}}); werr != nil {
			return 0, werr
		}
		what := fmt.Sprintf("%d live cells by Bosch's %s and gophersat's PB engine", b.Population(), strings.ToUpper(method))
		maxLine(e, start, what, sol.Status == ip.Optimal, "", nil, "")
	}
	if err != nil {
		if sol.Point != nil && ctx.Err() != nil {
			return exitStopped, nil
		}
		return 0, stopped(ctx, err)
	}
	return exitFound, nil
}
