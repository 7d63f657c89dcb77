package lifesat

import (
	"context"
	"math/big"
)

// Count is the analogue of SatisfiabilityCount for patterns: the number
// of distinct patterns that solve p, distinct as for Search (still lifes
// and oscillators up to phase, spaceships up to phase and translation). The empty pattern is counted
// only with Settings.AllowEmpty, so for still lifes in n x n boxes
// Count with AllowEmpty gives OEIS A136278 (1, 2, 12, 83, 417, ...).
//
// Still lifes with no symmetry, cage or population bound are counted by
// CountStillLifes, a transfer matrix that needs no solver; everything else
// is enumerated with the solver, one verified pattern at a time (fine for
// thousands of patterns, slow for millions). ctx is checked as in Search;
// on cancellation the count so far comes back with ctx.Err().
func Count(ctx context.Context, p Problem, s *Settings) (*big.Int, error) {
	set := s.orDefaults()
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if p.plainStillLife() {
		n, err := CountStillLifes(ctx, p.Width, p.Height, set.Rule)
		if err == nil && !set.AllowEmpty {
			n.Sub(n, big.NewInt(1))
		}
		return n, err
	}
	set.Diversify = NoFlip // the order does not matter
	n := new(big.Int)
	one := big.NewInt(1)
	err := Enumerate(ctx, p, &set, func(*Pattern) bool {
		n.Add(n, one)
		return true
	})
	return n, err
}
