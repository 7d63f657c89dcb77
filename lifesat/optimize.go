package lifesat

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// Maximize finds a pattern of p with the most live cells, summed over its
// phases: the maximum-density still life of Bosch's paper (OEIS A055397
// for n x n boxes) and, for oscillators, the maximum average density of
// his Exercises 3 and 4 (use Problem.Blink to rule out still lifes as he
// does). It works as a sequence of SAT questions in one incremental
// session: having found a pattern of population k, it adds "at least k+1
// live cells" through a totalizer (logic.Totalizer) and asks again; an
// UNSAT answer proves the last pattern optimal. The solver starts from the
// all-alive board, so its first answers are already dense.
//
// Plain problems (Problem.Plain) go first to the registered SolverFree
// unless the Settings name a Solver or an Encoding, which asks for the SAT
// path (for timing experiments). Package density, when it is linked, takes
// them (docs/max-density.md): under Life, a plain still life or period-2
// oscillator goes to its row programs bounded by Chu and Stuckey's wastage
// (density.MaxStillLife, density.MaxOscillator), which keep a best pattern
// so far and prove upper bounds as they go, so on cancellation (or when a
// program outgrows Settings.MaxMemory: an error wrapping density.ErrMemory)
// the result has Bound, the other end of the gap; under other rules, a
// plain still life whose box fits goes to density.MaxStillLifeRule, a row
// program without bounds, beside the SAT ladder when ctx has a deadline.
//
// Settings apply as for Search (the empty pattern is allowed, Seed and
// Diversify do not apply, and the encoding defaults to MaxEncoding). ctx
// is checked as in Search: while the formula and the counter are built
// and loaded, before each solver call and while it runs; on cancellation
// the best pattern so far comes back with ctx.Err(). Each improvement is
// reported to Settings.Progress. The counter over every cell has about
// (Period*Width*Height)^2 clauses, so the SAT path takes a few thousand
// cells at most within MaxMemory (docs/limits.md); larger problems are
// refused with ErrProblem before anything is built.
func Maximize(ctx context.Context, p Problem, s *Settings) (*MaxResult, error) {
	var given Encoding
	if s != nil {
		given = s.Encoding
	}
	set := s.orDefaults()
	if set.Rule.Partial() {
		return nil, fmt.Errorf("%w: Maximize takes one rule, not the partial rule %v", ErrProblem, set.Rule)
	}
	if given == "" && set.Solver == nil {
		if res, ok, err := registered().MaximizePlain(ctx, p, set); ok {
			return res, err
		}
	}
	res, err := maxLadder(ctx, p, set, given)
	if res != nil && res.Optimal {
		res.Bound = res.Population
	}
	return res, err
}

// maxLadder is Maximize's SAT ladder; given is the encoding the caller
// named ("" for MaxEncoding).
func maxLadder(ctx context.Context, p Problem, set Settings, given Encoding) (*MaxResult, error) {
	set.AllowEmpty = true
	if given == "" {
		set.Encoding = MaxEncoding
		if !set.Rule.Totalistic() {
			set.Encoding = Direct // Knuth counts, and counts do not decide this rule
		}
	}
	start := time.Now()
	per, w, h := p.gens(), p.Width, p.Height
	// The counter over every cell is the largest part for large boxes: it
	// has about (per*w*h)^2 clauses, so it is part of the budget.
	su, err := newSetup(p, &set)
	if err != nil {
		return nil, err
	}
	in, err := encode(ctx, su, func(int, int, int) bool { return true }, inSolver, totalizerSize(per*w*h, per*w*h))
	if err != nil {
		if ctx.Err() != nil {
			return &MaxResult{Status: logic.Unknown}, err
		}
		return nil, err
	}
	all := make([]logic.Lit, 0, per*w*h)
	for t := range per {
		for y := range h {
			for x := range w {
				all = append(all, in.Cell(t, x, y))
			}
		}
	}
	// The counter comes after the cells' flips; its variables start at
	// their values on the all-alive board too ("at least k" true), or the
	// solver's first guess would be "almost nothing alive".
	before := in.CNF.NumVars()
	tot, err := logic.NewTotalizerContext(ctx, in.CNF, all, len(all))
	if err != nil {
		return &MaxResult{Status: logic.Unknown}, err
	}
	alive := make([]bool, in.CNF.NumVars()+1)
	for v := before + 1; v < len(alive); v++ {
		alive[v] = true
	}
	in.CNF.Flip(alive)
	if err := ctx.Err(); err != nil {
		return &MaxResult{Status: logic.Unknown}, err
	}
	atLeast := func(k int) logic.Lit {
		l := tot.Output(k)
		if !l.IsConst() && alive[l.Var()] {
			l = l.Not()
		}
		return l
	}
	res := &MaxResult{Stats: Stats{Vars: in.CNF.NumVars(), Clauses: in.CNF.NumClauses(), Encode: time.Since(start)}}
	set.progress(Progress{Phase: PhaseEncoded, What: p.String(), Vars: res.Stats.Vars, Clauses: res.Stats.Clauses, Elapsed: res.Stats.Encode})
	solver := logic.OrDefault(set.Solver)
	start = time.Now()
	defer func() { res.Stats.Solve = time.Since(start) }()
	watch := set.startWatch(p.String())
	defer watch.stop()
	sess, proof, err := startProof(ctx, &set, solver, in.CNF)
	if err != nil {
		if ctx.Err() != nil {
			return res, err
		}
		return nil, err
	}
	defer proof.discard() // unless finished
	watch.add(sess)
	for {
		res.Stats.Solves++
		st, err := sess.Solve(ctx)
		if err != nil {
			return res, err
		}
		switch st {
		case logic.Unknown:
			return res, errors.New("lifesat: solver stopped without an answer")
		case logic.Unsat:
			// The proof refutes the formula with "more live cells than
			// the best" added: that no pattern has more.
			if res.Pattern == nil {
				res.Status = logic.Unsat
			} else {
				res.Optimal = true
			}
			return res, proof.finish(sess)
		}
		if err := ctx.Err(); err != nil {
			return res, err
		}
		pat := in.Decode(sess.Model())
		if err := su.check(pat); err != nil {
			return res, fmt.Errorf("lifesat: internal error: the solver's answer fails verification: %w", err)
		}
		pop := 0
		for _, b := range pat.Phases {
			pop += b.Population()
		}
		res.Status, res.Pattern, res.Population = logic.Sat, pat, pop
		set.progress(Progress{Phase: PhaseImproved, What: p.String(), Best: pop, Elapsed: time.Since(start)})
		res.Stats.Improvements++
		if pop == len(all) {
			res.Optimal = true
			return res, nil
		}
		sess.Add(atLeast(pop + 1))
	}
}
