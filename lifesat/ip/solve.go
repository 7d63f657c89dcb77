package ip

import (
	"context"
	"fmt"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// PB is m as a pseudo-Boolean optimization problem for package logic:
// variable i of m is variable i of the PB (no clauses: a nil CNF), m's constraints
// as they are and its objective, maximized.
func (m *Model) PB() *logic.PB {
	lin := func(ts []Term) []logic.Term {
		out := make([]logic.Term, len(ts))
		for i, t := range ts {
			out[i] = logic.Term{Coef: t.Coef, Lit: logic.Lit(t.Var)}
		}
		return out
	}
	p := &logic.PB{Objective: lin(m.Objective()), Maximize: true}
	for _, c := range m.Constraints {
		rel := logic.LessEq
		if c.Rel == GreaterEq {
			rel = logic.GreaterEq
		}
		p.Constraints = append(p.Constraints, logic.Linear{Terms: lin(c.Terms), Rel: rel, Bound: c.Bound})
	}
	return p
}

// Solve solves m with the pseudo-Boolean engine of lifesat's copy of
// gophersat (logic.Gophersat.Optimize), Bosch's program as he wrote it:
// no encoding into clauses. The point it returns is checked against m's
// constraints and, as a board (Model.Board), re-simulated by StillLife.
// ctx is checked as by Optimize: when it ends first, the Solution is the
// best point so far (Stopped; NoPoint when there is none) with ctx.Err().
func (m *Model) Solve(ctx context.Context, g logic.Gophersat) (*Solution, error) {
	res, err := g.Optimize(ctx, m.PB())
	if res == nil {
		return nil, err
	}
	sol := &Solution{Status: NoPoint}
	switch {
	case res.Status == logic.Unsat:
		sol.Status = Infeasible
	case res.Status == logic.Sat:
		sol.Status, sol.Objective = Stopped, float64(res.Value)
		if res.Optimal {
			sol.Status = Optimal
		}
		sol.Point = make([]bool, len(m.Vars)+1) // index 0 unused, as in res.Model
		copy(sol.Point, res.Model)
		if cerr := m.Check(sol.Point); cerr != nil {
			return nil, fmt.Errorf("ip: internal error: gophersat's point breaks the model: %w", cerr)
		}
		if serr := StillLife(m.Board(sol.Point)); serr != nil {
			return nil, fmt.Errorf("ip: internal error: gophersat's point: %w", serr)
		}
	}
	return sol, err
}
