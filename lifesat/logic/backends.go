package logic

import (
	"fmt"
	"os/exec"
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
