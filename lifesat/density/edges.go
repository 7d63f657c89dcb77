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

// edgesPastMiddle is how many rows past half the box's height the edge
// programs go (see edges).
const edgesPastMiddle = 4

// joinEdges bounds the waste of k > top rows against a side from the
// edge bounds up to top: the j rows next to the side waste at least
// edge[j], whatever lies beyond them, and the k-j rows after them at
// least what the strips allow rows with free rows on both sides.
func (p *program) joinEdges(top int) {
	for k := top + 1; k <= p.h; k++ {
		for j := 0; j <= top; j++ {
			p.edge[k] = max(p.edge[k], p.edge[j]+p.band[k-j])
		}
	}
}

// edges fills p.edge for k = 0..h: by an open program for each k up to
// edgesPastMiddle rows past the middle, by joinEdges beyond. The open
// program of k rows is nearly the whole box when k is near h, and in
// large boxes those programs cost more than the rest of the search, while
// only the search's first rows need bounds for so many rows (a pass meets
// its halves in the middle). The joined bounds are weaker and cheap
// (docs/max-density.md has the measurements). It returns the states kept
// in all, and calls tick after each k with the states its passes kept.
func (p *program) edges(ctx context.Context, memory int64, tick func(k, states int)) (int64, error) {
	var states int64
	prev := 0
	top := min(p.h, (p.h+1)/2+edgesPastMiddle)
	// Also when the programs stop early (cancelled, or over the memory
	// budget): the edge bounds not computed are still zero, and joining
	// zeros or true values gives bounds that are still sound.
	defer p.joinEdges(top)
	for k := 0; k <= top; k++ {
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
