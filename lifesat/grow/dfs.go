package grow

import (
	"errors"
	"math/bits"
	"time"
)

// The depth-first search (Settings.DepthFirst): the partials are not
// held a depth at a time but one at a time, on a path from the front,
// as gfind's depth-first phase and zfind do, under a limit on the rows
// that grows (iterative deepening) until a ship closes or no partial
// reaches the limit. Memory is the path and the table of states seen.
//
// At row v the candidates come from the column automaton (columns.go);
// each must leave every row w after it whose constraint is already known
// (next(w) <= v) some value, gfind's lookahead, and, with Lookahead > 0,
// the solver must find Lookahead rows after it. A state (the last 2P
// rows, and for asymmetric searches under a left-right symmetric rule
// the same rows mirrored, whose futures are the mirrors) met before at
// a depth no greater is not grown again in the same pass: its futures,
// with as many rows left or more, were searched from there.

// dfs is the state of a depth-first search.
type dfs struct {
	*searcher
	rl     rowLister // the rows' lists (a memo of its own in a probe: probe.go)
	path   []uint32  // the rows of the path by index, free bits
	seen   *states
	limit  int  // rows of the pass
	cut    bool // some partial reached the limit in this pass
	mirror bool // keys are taken up to mirroring
	calls  int64
	best   []uint32 // the deepest partial
	err    error
	state  []uint32
	// The checkpoint's places: at row v the path took candidate pos[v];
	// a resumed search takes skip[v] first while resuming. shipRows
	// holds the ships' rows.
	pos, skip []int32
	resuming  bool
	shipRows  [][]uint32
	nexts     []int32    // nexts[v] is g.next(v), as far as asked
	prevs     [][]int32  // prevs[v]: the rows w > v with next(w) = v
	cands     [][]uint32 // cands[v]: the candidates for row v of the path
	// asymAt[v]: some row 0..v of the path is not its own mirror image
	// (with mirror; see canonical).
	asymAt   []bool
	tri      triangleBufs // the triangle lookahead's lists (triangle.go)
	partRow  int          // the row that decides a partial's part (Settings.Parts), or -1
	probing  bool         // a probe of the breadth-first search (probe.go)
	probeEnd int64        // the calls at which the probe stops
}

// deadRow is the one candidate past a length's bound, when allowed.
var deadRow = []uint32{0}

// partOf is the part, of parts, of a depth-first search's partials
// (Settings.Part) that begin with rows, the first state's: FNV-1a of
// the rows' 32-bit words, modulo parts.
func partOf(rows []uint32, parts int) int {
	if parts <= 1 {
		return 0
	}
	h := uint64(14695981039346656037)
	for _, r := range rows {
		for range 4 {
			h = (h ^ uint64(r&0xff)) * 1099511628211
			r >>= 8
		}
	}
	return int(h % uint64(parts))
}

// next is g.next(v), from a table.
func (d *dfs) next(v int) int {
	for len(d.nexts) <= v {
		d.nexts = append(d.nexts, int32(d.g.next(len(d.nexts))))
	}
	return int(d.nexts[v])
}

// completes is the rows w whose constraint row v completes (next(w) =
// v), from a table: they lie in v+1..v+P.
func (d *dfs) completes(v int) []int32 {
	for len(d.prevs) <= v {
		u := len(d.prevs)
		var ws []int32
		for w := u + 1; w <= u+d.g.P; w++ {
			if d.next(w) == u {
				ws = append(ws, int32(w))
			}
		}
		d.prevs = append(d.prevs, ws)
	}
	return d.prevs[v]
}

// afterCall, when not nil, is called with the count of partials looked
// at, and the context is then checked at every one: the tests stop a
// search at a given place.
var afterCall func(calls int64)

func (s *searcher) runDFS() (Result, error) {
	s.start = time.Now()
	P := s.g.P
	r := s.p.rule()
	d := &dfs{
		searcher: s, rl: s.lister(), seen: newStates(s.set.MaxNodes),
		mirror: s.g.sym == Asym && r.Invariant(-1, 0, 0, 1), state: make([]uint32, 2*P), partRow: -1,
	}
	if s.set.Parts > 1 {
		d.partRow = 2*P - 1
	}
	step, lim0 := P, 2*P
	if s.maxIx >= 0 {
		lim0 = s.maxIx + 2*P // one pass: the length bounds the depth
	}
	lim0, err := d.restore(lim0)
	if err != nil {
		return Result{}, err
	}
	if len(s.res.Ships) >= s.set.Ships { // found before the checkpoint
		return s.done()
	}
	for d.limit = lim0; ; d.limit += step {
		if s.set.MaxDepth > 0 && d.limit > s.set.MaxDepth {
			d.limit = s.set.MaxDepth
		}
		if !d.resuming {
			d.cut = false
		}
		d.seen.reset()
		s.progress(d.limit, 0, 0)
		if !d.resuming {
			if err := d.store(0); err != nil {
				return Result{}, err
			}
		}
		d.grow(0, false)
		d.resuming = false
		if d.err != nil {
			if err := s.ctx.Err(); err != nil && errors.Is(d.err, err) {
				return d.stopDFS(err)
			}
			return Result{}, d.err // a checkpoint not written, a ship that failed its check
		}
		if len(s.res.Ships) >= s.set.Ships || !d.cut {
			return s.done() // every partial died before the limit: no (more) ships
		}
		if s.set.MaxDepth > 0 && d.limit >= s.set.MaxDepth {
			return d.stopDFS(ErrDepth)
		}
	}
}

// stopDFS ends a depth-first search without an answer, the deepest
// partial its Partial.
func (d *dfs) stopDFS(err error) (Result, error) {
	return d.res.stopped(d.stats, err, d.g, d.best), nil
}

// free is the row of index i on the path, its free bits (dead before 0).
func (d *dfs) free(i int) uint32 {
	if i < 0 {
		return 0
	}
	return d.path[i]
}

// reflect is a row of free bits mirrored across the strip (asymmetric).
func (d *dfs) reflect(r uint32) uint32 {
	return bits.Reverse32(r) >> (32 - d.g.W)
}

// stateKey is the key of the state after row v of the path.
func (d *dfs) stateKey(v int) key {
	d.tail(v)
	k := d.searcher.stateKey(d.state, v+1)
	if d.mirror {
		for j, r := range d.state {
			d.state[j] = d.reflect(r)
		}
		if m := d.searcher.stateKey(d.state, v+1); less(m, k) {
			k = m
		}
	}
	return k
}

func less(a, b key) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// ahead is gfind's lookahead: the row w whose constraint row v
// completes (next(w) = v) has a value, dead past the length bound. The
// rows of the constraint come in the order w-2P < w-P < next(w) < w, so
// next(w) is the last of them to be chosen, and a row w with next(w) < v
// was asked when its next was chosen, with the same rows.
func (d *dfs) ahead(v int) bool {
	P := d.g.P
	rl := d.rl
	for _, w := range d.completes(v) {
		w := int(w)
		a, b, c := d.free(w-2*P), d.free(w-P), d.free(v)
		if d.maxIx >= 0 && w >= d.maxIx {
			if !rl.allowsDead(a, b, c) { // past the bound the row is dead
				return false
			}
		} else if !rl.exists(a, b, c) {
			return false
		}
	}
	return true
}

// grow extends the path, whose rows 0..v-1 are chosen, by every row v
// can take; live says whether a row so far has a live cell. It returns
// true when the search is over (enough ships, or an error in d.err).
func (d *dfs) grow(v int, live bool) bool {
	P := d.g.P
	d.calls++
	if afterCall != nil {
		afterCall(d.calls)
	}
	// The clock every 256 partials: about 4 ms at c/7 width 10 on this
	// machine (68,000 partials a second), so that -timeout's grace holds
	// on a busy one.
	if d.calls&0xff == 0 || afterCall != nil {
		if err := d.ctx.Err(); err != nil {
			d.err = err
			if err := d.store(v); err != nil {
				d.err = err
			}
			return true
		}
		if d.calls&0xfffff == 0 {
			d.progress(d.limit, 0, 0)
			if err := d.store(v); err != nil {
				d.err = err
				return true
			}
		}
	}
	if v > d.stats.Depth {
		d.stats.Depth = v
		d.best = append(d.best[:0], d.path[:v]...)
	}
	if v >= d.limit || d.probing && d.calls >= d.probeEnd {
		d.cut = true
		return d.probing // a probe needs one partial that gets this far (or stops, not knowing)
	}
	var cands []uint32
	a, b, c := d.free(v-2*P), d.free(v-P), d.free(d.next(v))
	if d.maxIx >= 0 && v >= d.maxIx {
		if d.rl.allowsDead(a, b, c) {
			cands = deadRow // past the bound only the dead row
		}
	} else {
		for len(d.cands) <= v {
			d.cands = append(d.cands, nil)
		}
		cands = d.rl.rows(&d.cands[v], a, b, c) // the memo's, or the row's buffer, used again by the next partial at this row
	}
	// A ship has a live row among its first P; with gcd(K, P) = 1 the
	// rows' order makes it row 0.
	nonzero := !live && (d.g.d == 1 || v == P-1)
	d.path, d.pos = append(d.path[:v], 0), append(d.pos[:v], 0)
	start := 0
	if d.resuming {
		if v < len(d.skip) {
			start = int(d.skip[v])
		} else {
			d.resuming = false // back at the place where the search stopped
		}
	}
	for i := start; i < len(cands); i++ {
		if i > start {
			d.resuming = false
		}
		r := cands[i]
		d.pos[v] = int32(i)
		if nonzero && r == 0 {
			continue
		}
		d.path[v] = r
		if live && r == 0 && d.deadSince(v-2*P+1, v) {
			// closed: the last 2P rows are dead
			if d.probing {
				d.cut = true // the partial probed closes: the search proper keeps it
				return true
			}
			if err := d.ship(append([]uint32(nil), d.path[:v]...)); err != nil {
				d.err = err
				return true
			}
			if len(d.res.Ships) >= d.set.Ships {
				return true
			}
			continue
		}
		if d.mirror && !d.canonical(v, r) {
			continue // its mirror image is searched
		}
		if v == d.partRow && partOf(d.path[:v+1], d.set.Parts) != d.set.Part {
			continue // another part's
		}
		if !d.ahead(v) {
			continue
		}
		// The triangle lookahead, where it pays: without a length, where
		// every pass searches the tree again (c/5 odd 13 wide: 36 s
		// against 61 s of CPU); under a length it cost more than it saved
		// (c/4, 9 wide, 12 long: 6.8 s against 6.2 s).
		if d.maxIx < 0 && d.g.triangleFits(v, d.maxIx) && !d.tri.triangle(d.rl, v, d.free) {
			continue
		}
		if !d.set.Repeats {
			if d.seen.met(d.stateKey(v), v) {
				d.stats.Repeats++
				continue
			}
		}
		if d.set.Lookahead > 0 && v+1 < d.limit {
			ok, err := d.extends(d.tail(v), v+1)
			if err != nil {
				d.err = err
				return true
			}
			if !ok {
				d.stats.Pruned++
				continue
			}
		}
		d.stats.Nodes++
		if d.grow(v+1, live || r != 0) {
			return true
		}
	}
	d.path, d.pos = d.path[:v], d.pos[:v]
	return false
}

// canonical reports whether the path with row v = r comes first among
// itself and its mirror image, its rows compared in order as numbers
// (the first row that is not its own mirror is below its mirror), and
// notes whether some row so far is not symmetric. In an asymmetric search
// under a rule that a mirror keeps, the mirror of a partial is a partial
// with mirrored futures, and the mirror of a ship a ship of the same
// apgcode; every prefix of a path that comes first comes first, so the
// search walks only such paths and misses no ship up to mirroring.
func (d *dfs) canonical(v int, r uint32) bool {
	for len(d.asymAt) <= v {
		d.asymAt = append(d.asymAt, false)
	}
	if v > 0 && d.asymAt[v-1] {
		d.asymAt[v] = true
		return true
	}
	m := d.reflect(r)
	d.asymAt[v] = r != m
	return r <= m
}

// ship checks and keeps a ship, rows its rows, for the checkpoint too.
func (d *dfs) ship(rows []uint32) error {
	if err := d.found(rows); err != nil {
		return err
	}
	d.shipRows = append(d.shipRows, rows)
	return nil
}

// deadSince reports whether rows i..j of the path are all dead.
func (d *dfs) deadSince(i, j int) bool {
	for ; i < j; i++ {
		if i >= 0 && d.path[i] != 0 {
			return false
		}
	}
	return true
}

// tail is the state after row v: rows v-2P+1..v, free bits.
func (d *dfs) tail(v int) []uint32 {
	P := d.g.P
	for j := range d.state {
		i := v - 2*P + 1 + j
		d.state[j] = 0
		if i >= 0 {
			d.state[j] = d.path[i]
		}
	}
	return d.state
}
