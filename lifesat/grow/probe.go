package grow

// Probes, after qfind's: when a depth of the breadth-first search holds
// many partials, each new partial is kept only if a depth-first search
// from it, on the rows' tables, reaches probeRows more rows or closes.
// Most partials die within a few rows; a probe drops them before they
// crowd the next depths, where the breadth-first search would extend
// them and their children one row at a time. A probe drops only a
// partial none of whose futures reaches probeRows rows further, so it
// drops no ship that has not closed by then, and a ship that closes
// within them keeps its partial; a probe stopped by probeWork keeps it.
//
// Only in a narrow strip (maxMemoFree free columns or fewer), where the
// rows come from the memo and a probe is cheap: at the front of a wide
// strip a partial has so many futures that the probes cost far more than
// the search they spare (docs/width-search.md measures both).

// probeLevel is the number of partials in a depth from which the
// search probes each new one (a variable: the tests probe every one).
var probeLevel = 4096

// probeWork bounds a probe's partials: past it the partial is kept, not
// known to die. At the front of a wide strip a partial's futures are
// many, and a probe that walked them all would cost more than it saves.
const probeWork = 1 << 12

// probeRows is how many rows past a partial a probe looks: two periods.
func (g *geometry) probeRows() int { return 2 * g.P }

// prober runs the probes of one search: a depth-first search on the
// same strip and rule that keeps no states, writes no checkpoint and
// stops at the first partial that reaches its limit.
type prober struct {
	d *dfs
}

func newProber(s *searcher) *prober {
	ps := *s // the search's settings, its counts apart
	ps.set.Checkpoint, ps.set.Progress, ps.set.Repeats, ps.set.Lookahead = "", nil, true, -1
	// A memo of its own: sharing the search's made the copperhead's
	// search slower (66 and 59 s apart, 84 and 72 s shared, side by side).
	rs := newRowSolver(s.g, s.tbl)
	d := &dfs{searcher: &ps, rl: rowLister{rs, newRowMemo(s.g, rs)}, state: make([]uint32, 2*s.g.P), partRow: -1, probing: true}
	return &prober{d: d}
}

// reaches reports whether the partial whose last 2P rows are known (its
// next row of index v; live when some row of it is live) has a future
// of probeRows rows, or closes before that. It returns the context's
// error when the search is stopped.
func (pr *prober) reaches(known []uint32, v int, live bool) (bool, error) {
	d := pr.d
	P := d.g.P
	d.path, d.pos = d.path[:0], d.pos[:0]
	for i := range v {
		r := uint32(0)
		if j := i - (v - 2*P); j >= 0 {
			r = known[j]
		}
		d.path, d.pos = append(d.path, r), append(d.pos, 0)
	}
	d.limit, d.cut, d.err, d.probeEnd = v+d.g.probeRows(), false, nil, d.calls+probeWork
	if d.maxIx >= 0 {
		d.limit = min(d.limit, d.maxIx+2*P)
	}
	d.grow(v, live)
	if d.err != nil {
		return false, d.err
	}
	d.searcher.stats.Nodes = 0
	return d.cut, nil
}
