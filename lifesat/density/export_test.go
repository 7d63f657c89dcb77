package density

import (
	"context"

	"github.com/lifesat/lifesat/lifesat/life"
)

// MaxMirror runs only the mirror passes (solver.mirror) on a w x h box,
// from the least waste the strip tables allow up to any board: the
// densest still life whose rows along the shorter side read the same
// from both ends, and its population.
func MaxMirror(w, h int) (*life.Board, int, error) {
	o, err := start(w, h, MaxWidth, "", nil)
	if err != nil {
		return nil, 0, err
	}
	s := &solver{w: w, h: h, opt: o}
	if err := s.prepare(context.Background()); err != nil {
		return nil, 0, err
	}
	s.rows = make([]uint32, max(w, h))
	s.res.Population = -1 // below the empty board: the passes run to the end
	if err := s.mirror(context.Background()); err != nil {
		return nil, 0, err
	}
	if s.res.Population < 0 {
		s.res.Population = 0
	}
	if err := s.finish(); err != nil {
		return nil, 0, err
	}
	return s.res.Board, s.res.Population, nil
}

// MaxOscillatorStep is MaxOscillator with the budget of deficit growing
// by step from pass to pass, from 0 (2wh: after the pass at 0, one exact
// pass that keeps everything).
func MaxOscillatorStep(ctx context.Context, w, h, step int, opt *Options) (*OscillatorResult, error) {
	o, err := start(w, h, MaxOscillatorWidth, "", opt)
	if err != nil {
		return nil, err
	}
	s := &oscSolver{w: w, h: h, opt: o, step: step}
	return s.solve(ctx)
}
