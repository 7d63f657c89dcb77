package logic

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// Names lists the built-in solvers that ParseSolver knows, the default
// first:
//
//	gophersat   Gophersat, embedded, the default; cannot be stopped
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
//
// Cadical and kissat try "true" first for every variable, unlike
// gophersat and minisat; ParseSolver passes them FalseFirstArgs, so that
// every solver starts from the assignment in which all variables are
// false, the one a formula's author chooses by the polarity of its
// variables.
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
	return External{Path: name, Args: FalseFirstArgs(name)}, nil
}

// FalseFirstArgs returns the options that make the DIMACS solver of the
// given name or path try "false" first for every variable, or nil when it
// does so already or is not known: "--phase=0" for cadical and kissat
// (whose default phase is true).
func FalseFirstArgs(name string) []string {
	base := strings.ToLower(filepath.Base(name))
	if strings.HasPrefix(base, "cadical") || strings.HasPrefix(base, "kissat") {
		return []string{"--phase=0"}
	}
	return nil
}
