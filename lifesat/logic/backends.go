package logic

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"
)

// Names lists the built-in solvers that ParseSolver knows, the default
// first:
//
//	gophersat   Gophersat, embedded, the default; stops at its next conflict
//	gini        Gini, embedded, can be stopped
//
// Any other name is an External solver: a DIMACS solver on PATH or the
// path of one. Tested with Debian's cadical and minisat; kissat,
// cryptominisat5 and picosat print the same SAT competition format as
// cadical.
func Names() []string { return []string{"gophersat", "gini"} }

// Name is the name that ParseSolver reads back as s: "gophersat" (for
// nil too), "gini", or an External solver's Path. It is false for a
// solver ParseSolver cannot make: another type, a Gophersat with a seed or
// mode set, or an External with arguments or a first run of its own.
func Name(s Solver) (string, bool) {
	switch s := s.(type) {
	case nil:
		return "gophersat", true
	case Gophersat:
		return "gophersat", s == Gophersat{}
	case Gini:
		return "gini", true
	case External:
		return s.Path, len(s.Args) == 0 && len(s.First) == 0
	}
	return fmt.Sprintf("%T", s), false
}

// ParseSolver maps a solver name, as given to the -solver flag of the
// lifesat command, to a Solver: "" and "gophersat" are Gophersat{},
// "gini" is Gini{}, and any other name is External{Path: name} when it is
// an executable on PATH ("cadical") or a path to one ("/usr/bin/kissat").
// Run extra flags through External directly. Otherwise the error lists the
// built-in names and wraps a *NotFoundError.
func ParseSolver(name string) (Solver, error) {
	switch name {
	case "", "gophersat":
		return Gophersat{}, nil
	case "gini":
		return Gini{}, nil
	}
	if _, err := exec.LookPath(name); err != nil {
		return nil, fmt.Errorf("%w (the built-in solvers are %s)",
			&NotFoundError{Name: name, Err: err}, strings.Join(Names(), ", "))
	}
	return External{Path: name}, nil
}

// A Seeder is a Solver that can vary its own search by a seed, with no
// change to the formula.
type Seeder interface {
	Solver
	// WithSeed returns the solver seeded with seed, or false when it has
	// no seed to set.
	WithSeed(seed uint64) (Solver, bool)
}

var _ Seeder = External{}

// A SatTuner is a Solver with a configuration for formulas that are
// expected to have a solution (a search for a pattern that exists):
// ForSat returns the solver in that configuration, or false when it has
// none. Such configurations find answers sooner and prove a formula empty
// more slowly, so lifesat asks for them in oscillator and ship searches
// only (docs/how-it-works.md).
type SatTuner interface {
	Solver
	ForSat() (Solver, bool)
}

var (
	_ SatTuner = External{}
	_ SatTuner = Gophersat{}
)

// ForSat returns, for cadical (by the base name of Path), the solver in
// CaDiCaL's named configuration "to target satisfiable instances"
// ("--sat", which keeps it in its stable mode: rare restarts, target
// phases), after a first look of SatFirstLook conflicts in its default
// configuration (First: "-c 3000"). The first look answers the small
// searches that the default configuration finds at once and "--sat"
// does not, at a small cost on the long ones (docs/history.md, "cadical's
// first look"). Other external solvers, kissat among them (which has a
// --sat configuration too, not tried here), are returned unchanged with
// false.
func (e External) ForSat() (Solver, bool) {
	if !e.is("cadical") {
		return e, false
	}
	return External{
		Path:  e.Path,
		Args:  appendCopy(e.Args, "--sat"),
		First: appendCopy(e.Args, "-c", strconv.Itoa(SatFirstLook)),
	}, true
}

// SatFirstLook is the conflict limit of cadical's first look in ForSat.
const SatFirstLook = 3000

// WithSeed returns, for cadical and kissat (by the base name of Path), the
// solver with "--seed=N" added to its arguments, N being seed modulo
// 2e9 (their largest seed). Other external solvers have no such option
// that lifesat knows of.
func (e External) WithSeed(seed uint64) (Solver, bool) {
	if !e.is("cadical", "kissat") {
		return e, false
	}
	return e.withArg(fmt.Sprintf("--seed=%d", seed%2000000000)), true
}
