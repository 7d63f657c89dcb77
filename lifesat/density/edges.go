package density

// The edge bound: the least waste of the k rows next to a side of the box
// together with the ring beyond them, whatever the rows on their other
// side are. The waste rules look the same upside down, so the least waste
// of the bottom k rows equals that of the top k rows; that is what an open
// program of height k computes (the ring above, rows 0..k-1, and a free
// row k that need not be stable), with the same budgeted passes as the
// whole box. Its own look-ahead is the strips' bound for rows with free
// rows below ("band" tables).
//
// The row program of the box then bounds the waste still to come after
// row y by the edge bound of its h-y open rows as well as by the strips:
// the edge bound sees the whole width, so it counts the corners and the
// way the borders' patterns must meet, which narrow strips cannot.

import (
	"context"
	"fmt"
)

// edges fills p.edge for k = 0..h, returning the states kept in all, and
// calls tick after each k with the states its passes kept.
func (p *program) edges(ctx context.Context, memory int64, tick func(k, states int)) (int64, error) {
	var states int64
	prev := 0
	for k := 0; k <= p.h; k++ {
		q, err := newProgram(ctx, p.w, k, true)
		if err != nil {
			return states, err
		}
		budget := prev // the edge bound grows with k
		before := states
		for {
			r, err := q.run(ctx, passLimits{budget: budget, memory: memory}, nil)
			if r != nil {
				states += r.states
			}
			if err != nil {
				return states, err
			}
			if r.found {
				prev = r.waste
				break
			}
			if r.over <= budget {
				return states, fmt.Errorf("density: internal error: an open pass of %d rows found nothing within %d and bounds %d", k, budget, r.over)
			}
			budget = r.over
		}
		p.edge[k] = prev
		if tick != nil {
			tick(k, int(states-before))
		}
	}
	return states, nil
}
