package logic

import (
	"context"
	"errors"
	"fmt"
)

// Satisfiable reports whether f has a model: SatisfiableQ[f]. A nil s
// means the embedded Gophersat solver. The error is non-nil only when ctx
// ended first or the solver failed.
func Satisfiable(ctx context.Context, f *CNF, s Solver) (bool, error) {
	sess, err := OrDefault(s).Start(f)
	if err != nil {
		return false, err
	}
	st, err := sess.Solve(ctx)
	if err != nil {
		return false, err
	}
	return st == Sat, nil
}

// Instances is the analogue of SatisfiabilityInstances[f, vars, n]: up to
// n models of f that differ on vars, each given as the values of vars in
// order. Fewer than n come back when f has fewer; none when f is
// unsatisfiable. After each model a clause forbidding its values of vars
// is added to the session, so the solver keeps what it learned. A nil s
// means the embedded Gophersat solver.
//
// On cancellation it returns the instances found so far and ctx.Err().
func Instances(ctx context.Context, f *CNF, vars []Var, n int, s Solver) ([][]bool, error) {
	if n <= 0 {
		return nil, nil
	}
	var out [][]bool
	err := enumerate(ctx, f, vars, s, func(vals []bool) bool {
		out = append(out, vals)
		return len(out) < n
	})
	return out, err
}

// Count is the analogue of SatisfiabilityCount[f, vars]: the number of
// assignments of vars that extend to a model of f. Auxiliary variables
// are not counted (gophersat's own CountModels counts them too). It
// enumerates, so it suits thousands of models, not billions. A nil s means
// the embedded Gophersat solver. On cancellation it returns the count so
// far and ctx.Err().
func Count(ctx context.Context, f *CNF, vars []Var, s Solver) (int, error) {
	n := 0
	err := enumerate(ctx, f, vars, s, func([]bool) bool {
		n++
		return true
	})
	return n, err
}

// errVar reports a variable the formula does not have.
var errVar = errors.New("logic: variable out of range")

// enumerate calls yield with the values of vars in each model of f, one
// model per distinct projection, until yield returns false or none is left.
func enumerate(ctx context.Context, f *CNF, vars []Var, s Solver, yield func([]bool) bool) error {
	for _, v := range vars {
		if v < 1 || int(v) > f.NumVars() {
			return fmt.Errorf("%w: %d not in 1..%d", errVar, v, f.NumVars())
		}
	}
	sess, err := OrDefault(s).Start(f)
	if err != nil {
		return err
	}
	block := make([]Lit, len(vars))
	for {
		st, err := sess.Solve(ctx)
		if err != nil {
			return err
		}
		if st != Sat {
			return nil
		}
		m := sess.Model()
		vals := make([]bool, len(vars))
		for i, v := range vars {
			vals[i] = m[v]
			block[i] = v.Lit(m[v])
		}
		if !yield(vals) || len(vars) == 0 {
			return nil
		}
		sess.Add(block...)
	}
}
