package lifesat

import (
	"context"
	"math/big"
)

// Count is the analogue of SatisfiabilityCount for patterns: the number
// of distinct patterns that solve p, distinct as for Search (still lifes
// and oscillators up to phase, spaceships up to phase and translation):
// exactly the patterns Enumerate visits and Search may return. So the
// empty pattern is counted only with Settings.AllowEmpty, as it is
// returned by Search only then: for still lifes in n x n boxes Count with
// a nil *Settings gives one less than OEIS A136278, and Count with
// AllowEmpty gives A136278 itself (1, 2, 12, 83, 417, ...). The command
// "lifesat count" follows the same rule with its -allow-empty flag.
//
// Plain still lifes (Problem.Plain) go first to the registered SolverFree:
// package density, when it is linked, counts them by a transfer matrix
// that needs no solver (density.CountStillLifes). Everything else is
// enumerated with the solver, one verified pattern at a time (fine for
// thousands of patterns, slow for millions). ctx is checked as in Search;
// on cancellation the count so far comes back with ctx.Err().
func Count(ctx context.Context, p Problem, s *Settings) (*big.Int, error) {
	set := s.orDefaults()
	set.Diversify = NoFlip // the order does not matter
	su, err := newSetup(p, &set)
	if err != nil {
		return nil, err
	}
	if n, ok, err := registered().CountPlain(ctx, p, set); ok {
		return n, err
	}
	n := new(big.Int)
	one := big.NewInt(1)
	var st Stats
	var done bool
	err = enumerate(ctx, su, &st, func(*Pattern) bool {
		n.Add(n, one)
		return true
	}, &done)
	return n, err
}
