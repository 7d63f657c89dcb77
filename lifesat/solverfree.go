package lifesat

import (
	"context"
	"math/big"
	"sync/atomic"
)

// A SolverFree answers some of the questions of Count and Maximize
// without a solver, by programs much faster than the solver's enumeration
// or SAT ladder. Package density is one: its init function registers the
// transfer matrix that counts still lifes and the row programs of maximum
// density, so a program that links it,
//
//	import _ "github.com/lifesat/lifesat/lifesat/density"
//
// (the lifesat command does) has Count and Maximize hand their plain
// problems (Problem.Plain) to those programs. Without one registered,
// every problem goes to the solver, which gives the same answers, slower
// (and refuses problems whose formula would outgrow the memory budget).
//
// Each method reports with its second result whether it took the
// problem; when it did not, it has done nothing. The Settings come with
// their defaults resolved (a Rule, never the zero one). Count asks after
// validating the problem; Maximize asks only when the caller named
// neither a Solver nor an Encoding, and never with a partial rule.
type SolverFree interface {
	// CountPlain returns what Count returns for p: the number of patterns
	// of p, the empty one only with set.AllowEmpty.
	CountPlain(ctx context.Context, p Problem, set Settings) (*big.Int, bool, error)
	// MaximizePlain returns what Maximize returns for p, with Bound equal to
	// Population when the result is Optimal.
	MaximizePlain(ctx context.Context, p Problem, set Settings) (*MaxResult, bool, error)
}

// solverFree holds the registered SolverFree (in a box, as an
// atomic.Pointer needs a concrete type).
var solverFree atomic.Pointer[struct{ SolverFree }]

// RegisterSolverFree makes s the SolverFree that Count and Maximize ask
// first, in place of the one registered before, which it returns (nil
// for none); nil registers none. Package density calls it from its init
// function.
func RegisterSolverFree(s SolverFree) (previous SolverFree) {
	var box *struct{ SolverFree }
	if s != nil {
		box = &struct{ SolverFree }{s}
	}
	if old := solverFree.Swap(box); old != nil {
		previous = old.SolverFree
	}
	return previous
}

// registered returns the registered SolverFree, or one that takes
// nothing.
func registered() SolverFree {
	if s := solverFree.Load(); s != nil {
		return s.SolverFree
	}
	return noSolverFree{}
}

// noSolverFree is the SolverFree of a program that registered none.
type noSolverFree struct{}

func (noSolverFree) CountPlain(context.Context, Problem, Settings) (*big.Int, bool, error) {
	return nil, false, nil
}

func (noSolverFree) MaximizePlain(context.Context, Problem, Settings) (*MaxResult, bool, error) {
	return nil, false, nil
}
