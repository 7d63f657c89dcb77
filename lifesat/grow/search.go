package grow

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// ErrMemory stops a search whose partials outgrow Settings.MaxNodes.
var ErrMemory = errors.New("grow: the partials outgrew the memory budget (MaxNodes)")

// ErrDepth stops a search whose partials reach Settings.MaxDepth rows.
var ErrDepth = errors.New("grow: the partials reached the depth limit (MaxDepth)")

// key is a partial's state: its last 2P rows and the class of its next
// index, packed when they fit in 256 bits, else hashed (SHA-256).
type key [4]uint64

// session is one class of window loaded into a solver.
type session struct {
	w       *window
	s       logic.Session
	blocked int
}

type searcher struct {
	ctx   context.Context
	p     Problem
	set   Settings
	g     *geometry
	tmpl  [][]logic.Lit
	tbl   *stepTable
	n     int // window rows
	maxIx int // rows of index maxIx or more are dead; -1 unbounded
	sess  map[int]*session
	tr    tree
	seen  map[key]struct{}
	stats Stats
	start time.Time
	codes map[string]bool
	res   Result
	lits  []logic.Lit
	// The rows by automaton and the triangle lookahead (triangle.go) of
	// the search on the tables.
	rs   *rowSolver
	memo *rowMemo // the rows by triple, in a narrow strip (nil in a wide one)
	tri  triangleBufs
	// probe drops the partials with no future a few periods long
	// (probe.go), on the tables.
	probe *prober
}

// tree holds the partials: node i has row row[i] at index depth[i]-1,
// after the rows of its parent; node 0 is the root, no rows.
type tree struct {
	parent []int32
	row    []uint32
	depth  []int32
}

func (t *tree) add(parent int32, row uint32, depth int32) int32 {
	t.parent = append(t.parent, parent)
	t.row = append(t.row, row)
	t.depth = append(t.depth, depth)
	return int32(len(t.row) - 1)
}

// rows are node i's rows, index 0 first.
func (t *tree) rows(i int32) []uint32 {
	out := make([]uint32, t.depth[i])
	for ; i > 0; i = t.parent[i] {
		out[t.depth[i]-1] = t.row[i]
	}
	return out
}

// last fills dst with node i's last len(dst) rows (dead before index 0).
func (t *tree) last(i int32, dst []uint32) {
	for k := range dst {
		dst[k] = 0
	}
	for k := len(dst) - 1; k >= 0 && i > 0; k-- {
		dst[k] = t.row[i]
		i = t.parent[i]
	}
}

// Search grows ships of problem p row by row from their fronts, a
// depth (one row of the order of rows, see the package documentation)
// at a time: every partial of a depth is extended by each row that the
// rule allows and after which Lookahead-1 more rows can follow, as an
// incremental SAT solver decides under assumptions; partials whose last
// 2P rows repeat an earlier partial's are dropped; and each partial is
// first asked whether its ship can close (end in 2P dead rows) within
// Lookahead rows. Every ship is re-simulated on the plane (life.Plane)
// and named by its apgcode before it is returned. With
// Settings.DepthFirst the partials are grown depth first instead (see
// the package documentation).
//
// ctx is checked before every partial is extended and inside every
// solver call; when it ends, Search returns the longest partial with
// Status logic.Unknown and Err the context's error. Errors are for bad
// problems and settings (ErrProblem), solver failures and checkpoint
// files that cannot be read or written.
func Search(ctx context.Context, p Problem, set *Settings) (Result, error) {
	s, err := newSearcher(ctx, p, set)
	if err != nil {
		return Result{}, err
	}
	if s.set.DepthFirst {
		return s.runDFS()
	}
	return s.run()
}

func newSearcher(ctx context.Context, p Problem, set *Settings) (*searcher, error) {
	if p.Sym == "" {
		p.Sym = Asym
	}
	g, err := newGeometry(p.Period, p.Shift, p.Width, p.Sym)
	if err != nil {
		return nil, err
	}
	r := p.rule()
	switch {
	case r.Partial():
		return nil, fmt.Errorf("%w: a partial rule (%v)", ErrProblem, r)
	case r.BirthOnZero():
		return nil, fmt.Errorf("%w: a rule with B0 (%v): the plane beside the strip would not stay dead", ErrProblem, r)
	case p.MaxLength < 0:
		return nil, fmt.Errorf("%w: length %d", ErrProblem, p.MaxLength)
	case p.Sym != Asym && !r.Invariant(-1, 0, 0, 1):
		return nil, fmt.Errorf("%w: %s symmetry under %v, which is not left-right symmetric", ErrProblem, p.Sym, r)
	}
	var st Settings
	if set != nil {
		st = *set
	}
	if st.Lookahead == 0 {
		st.Lookahead = DefaultLookahead(p.Period)
	}
	if st.Lookahead > 0 && st.Lookahead < 2*p.Period {
		return nil, fmt.Errorf("%w: lookahead %d rows (want %d or more, 2P)", ErrProblem, st.Lookahead, 2*p.Period)
	}
	if st.Parts > 1 && !st.DepthFirst || st.Parts > 1 && (st.Part < 0 || st.Part >= st.Parts) || st.Parts < 0 {
		return nil, fmt.Errorf("%w: part %d of %d (a depth-first search's parts count from 0)", ErrProblem, st.Part, st.Parts)
	}
	if st.MaxNodes <= 0 {
		st.MaxNodes = DefaultMaxNodes
	}
	if st.Ships <= 0 {
		st.Ships = 1
	}
	s := &searcher{
		ctx: ctx, p: p, set: st, g: g, tmpl: cellTemplate(r), tbl: newStepTable(r),
		n: 2*p.Period + max(st.Lookahead, 0), maxIx: -1,
		sess: map[int]*session{}, seen: map[key]struct{}{}, codes: map[string]bool{},
	}
	if p.MaxLength > 0 {
		s.maxIx = g.span(p.MaxLength)
	}
	s.rs = newRowSolver(g, s.tbl)
	s.memo = newRowMemo(g, s.rs)
	return s, nil
}

// stateKey packs the last 2P rows of a partial whose next row has index
// next.
func (s *searcher) stateKey(rows []uint32, next int) key {
	var k key
	class := uint64(mod(next, s.g.classes()))
	bits := len(rows)*s.g.free + 8
	if bits <= 256 {
		k[0] = class
		at, f := 8, s.g.free
		mask := uint64(1)<<f - 1
		for _, r := range rows { // row j's column c is bit 8 + j*free + c
			w := uint64(r) & mask
			k[at/64] |= w << (at % 64)
			if at%64+f > 64 {
				k[at/64+1] |= w >> (64 - at%64)
			}
			at += f
		}
		return k
	}
	buf := make([]byte, 8+4*len(rows))
	binary.LittleEndian.PutUint64(buf, class)
	for i, r := range rows {
		binary.LittleEndian.PutUint32(buf[8+4*i:], r)
	}
	sum := sha256.Sum256(buf)
	for i := range k {
		k[i] = binary.LittleEndian.Uint64(sum[8*i:])
	}
	return k
}

// session returns the session for windows whose row 0 has index base.
func (s *searcher) session(base int) (*session, error) {
	class := mod(base, s.g.classes())
	se := s.sess[class]
	if se != nil {
		return se, nil
	}
	w := newWindow(s.g, s.tmpl, s.n, class)
	sv, err := logic.OrDefault(s.set.Solver).Start(w.cnf)
	if err != nil {
		return nil, err
	}
	se = &session{w: w, s: sv}
	s.sess[class] = se
	s.stats.Windows++
	return se, nil
}

// assumptions are the known rows of a window (its first 2P) and the
// dead rows past the length bound.
func (s *searcher) assumptions(se *session, known []uint32, base int) []logic.Lit {
	lits := s.lits[:0]
	for j, r := range known {
		lits = se.w.rowLits(lits, j, r)
	}
	if s.maxIx >= 0 {
		for j := len(known); j < s.n; j++ {
			if base+j >= s.maxIx {
				lits = se.w.rowLits(lits, j, 0)
			}
		}
	}
	s.lits = lits
	return lits
}

func (s *searcher) solve(se *session, lits []logic.Lit) (logic.Status, error) {
	s.stats.Solves++
	st, err := se.s.Solve(s.ctx, lits...)
	if err != nil {
		return logic.Unknown, err
	}
	return st, nil
}

// close asks whether partial n (known its last 2P rows, the next of index
// v) can close: end in 2P dead rows from row v on, as the tables say, or
// within Lookahead rows when that is more than 2P, as the solver says. It
// returns the ship's rows when it can.
func (s *searcher) close(n int32, known []uint32, v int) ([]uint32, error) {
	P := s.g.P
	if s.set.Lookahead <= 2*P {
		row := func(i int) uint32 {
			if i >= v {
				return 0
			}
			return known[i-(v-2*P)]
		}
		for w := v; w < v+2*P; w++ {
			if !s.allowsDead(row(w-2*P), row(w-P), row(s.g.next(w))) {
				return nil, nil
			}
		}
		return s.tr.rows(n), nil
	}
	rows := s.tr.rows(n)
	base := len(rows) - 2*s.g.P
	se, err := s.session(base)
	if err != nil {
		return nil, err
	}
	lits := s.assumptions(se, known, base)
	for j := s.n - 2*s.g.P; j < s.n; j++ {
		lits = se.w.rowLits(lits, j, 0)
	}
	s.lits = lits
	st, err := s.solve(se, lits)
	if err != nil || st != logic.Sat {
		return nil, err
	}
	m := se.s.Model()
	ship := append([]uint32(nil), rows...)
	for j := 2 * s.g.P; j < s.n; j++ {
		ship = append(ship, se.w.row(m, j))
	}
	for len(ship) > 0 && ship[len(ship)-1] == 0 {
		ship = ship[:len(ship)-1]
	}
	return ship, nil
}

// candidates lists the rows that may follow a partial whose last 2P
// rows are known, the next of index v; nonzero asks for a live cell. With
// the solver (solved), each row has Lookahead-1 more rows after it: the
// solver lists them, a blocking clause after each (the partial's rows,
// then not this row), which stays true because no state is extended
// twice. Without it (or with Repeats, where states are extended again)
// the rows come from the table, the solver not yet asked.
func (s *searcher) candidates(known []uint32, v int, nonzero bool) (rows []uint32, solved bool, err error) {
	P := s.g.P
	if s.set.Lookahead <= 0 || s.set.Repeats {
		nx := s.g.next(v) - (v - 2*P)
		all := s.lister().list(nil, known[0], known[P], known[nx])
		rows = all[:0] // filtered in place
		for _, r := range all {
			if !(nonzero && r == 0 || s.maxIx >= 0 && v >= s.maxIx && r != 0) {
				rows = append(rows, r)
			}
		}
		return rows, false, nil
	}
	base := v - 2*P
	se, err := s.session(base)
	if err != nil {
		return nil, true, err
	}
	block := func(r uint32) {
		clause := make([]logic.Lit, 0, (len(known)+1)*s.g.free)
		for j, k := range known {
			clause = se.w.rowLits(clause, j, k)
		}
		for i := range clause {
			clause[i] = clause[i].Not()
		}
		clause = se.w.rowLits(clause, 2*P, r)
		for i := len(clause) - s.g.free; i < len(clause); i++ {
			clause[i] = clause[i].Not()
		}
		se.s.Add(clause...)
		se.blocked++
	}
	if nonzero {
		block(0)
	}
	for {
		st, err := s.solve(se, s.assumptions(se, known, base))
		if err != nil {
			return nil, true, err
		}
		if st != logic.Sat {
			if se.blocked > maxBlocking {
				delete(s.sess, mod(base, s.g.classes())) // built again without them
			}
			return rows, true, nil
		}
		r := se.w.row(se.s.Model(), 2*P)
		rows = append(rows, r)
		block(r)
	}
}

// maxBlocking is how many blocking clauses a session takes before it is
// built again without them.
const maxBlocking = 20000

// extends asks whether the partial whose last 2P rows are known (the
// next row of index next) can go on for the window's Lookahead rows.
func (s *searcher) extends(known []uint32, next int) (bool, error) {
	base := next - 2*s.g.P
	se, err := s.session(base)
	if err != nil {
		return false, err
	}
	st, err := s.solve(se, s.assumptions(se, known, base))
	return st == logic.Sat, err
}

// ahead looks at the rows after a new row by table, as gfind does: the
// row w whose constraint row v completes (next(w) = v; see dfs.ahead)
// must have some value. win holds rows v-2P..v. It is dfs.ahead over
// another store of rows: one function over accessors (func values for
// next and the rows) made the depth-first search 7-17% slower
// (BenchmarkDepthFirst, medians of 5, 2026-11-28).
func (s *searcher) ahead(win []uint32, v int) bool {
	P := s.g.P
	base := v - 2*P
	for w := v + 1; w <= v+P; w++ {
		nx := s.g.next(w)
		if nx != v {
			continue
		}
		if s.maxIx >= 0 && w >= s.maxIx {
			// a row past the bound is dead: does the constraint allow it?
			if !s.allowsDead(win[w-2*P-base], win[w-P-base], win[nx-base]) {
				return false
			}
			continue
		}
		if !s.lister().exists(win[w-2*P-base], win[w-P-base], win[nx-base]) {
			return false
		}
	}
	return true
}

// lister lists and tests rows of free bits: from the memo in a narrow
// strip, else by the column automaton (columns.go).
func (s *searcher) lister() rowLister { return rowLister{s.rs, s.memo} }

// allowsDead reports whether a dead row satisfies the constraint with
// rows a, b, c.
func (s *searcher) allowsDead(a, b, c uint32) bool {
	A, B, C := uint64(s.g.expand(a))<<2, uint64(s.g.expand(b))<<2, uint64(s.g.expand(c))
	for x := -1; x <= s.g.W; x++ {
		if !s.tbl.holds(A, B, 0, C, x) {
			return false
		}
	}
	return true
}

// triangle is the triangle lookahead (triangle.go) of the rows after v;
// win holds rows v-2P..v, all it reads.
func (s *searcher) triangle(win []uint32, v int) bool {
	base := v - 2*s.g.P
	return s.tri.triangle(s.lister(), v, func(i int) uint32 {
		if i < 0 {
			return 0
		}
		return win[i-base]
	})
}

func (s *searcher) progress(depth, level, done int) {
	if s.set.Progress != nil {
		s.set.Progress(Progress{Depth: depth, Level: level, Done: done, Stats: s.stats, Elapsed: time.Since(s.start)})
	}
}

// stop ends the search without an answer (or with the ships found).
func (s *searcher) stop(deepest int32, err error) (Result, error) {
	var rows []uint32
	if deepest > 0 {
		rows = s.tr.rows(deepest)
	}
	return s.res.stopped(s.stats, err, s.g, rows), nil
}

// stopped is r, a search's result so far, when the search stops (err):
// with the ships found, or with none and its longest partial, rows.
func (r Result) stopped(st Stats, err error, g *geometry, rows []uint32) Result {
	r.Stats = st
	if len(r.Ships) > 0 {
		r.Status = logic.Sat
		return r
	}
	r.Status, r.Err = logic.Unknown, err
	if len(rows) > 0 {
		r.Partial = g.phase(rows, 0)
		r.PartialRows = len(rows)
	}
	return r
}

func (s *searcher) run() (Result, error) {
	s.start = time.Now()
	P := s.g.P
	level, depth, err := s.resume()
	if err != nil {
		return Result{}, err
	}
	known, win := make([]uint32, 2*P), make([]uint32, 2*P+1)
	if s.set.Lookahead < 0 && s.memo != nil {
		s.probe = newProber(s) // in a narrow strip, where a probe is cheap
	}
	for {
		if len(level) == 0 {
			return s.done()
		}
		if s.stats.Depth < depth {
			s.stats.Depth = depth
		}
		s.progress(depth, len(level), 0)
		if s.set.Checkpoint != "" {
			level = s.compact(level, true)
		}
		if err := s.save(level, depth); err != nil {
			return Result{}, err
		}
		if s.set.MaxDepth > 0 && depth >= s.set.MaxDepth {
			return s.stop(level[0], ErrDepth)
		}
		var next []int32
		for i, n := range level {
			if err := s.ctx.Err(); err != nil {
				return s.stop(level[0], err)
			}
			if i%4096 == 4095 {
				s.progress(depth, len(level), i)
			}
			s.tr.last(n, known)
			live := n > 0 && s.hasLive(n)
			// A ship has a live row among its first P; with gcd(K, P) = 1
			// the rows' order makes it row 0.
			nonzero := !live && (s.g.d == 1 || depth == P-1)
			v := depth
			rows, solved, err := s.candidates(known, v, nonzero)
			if err != nil {
				return s.stopErr(level[0], err)
			}
			if live && len(rows) > 0 {
				ship, err := s.close(n, known, v)
				if err != nil {
					return s.stopErr(level[0], err)
				}
				if ship != nil {
					if err := s.found(ship); err != nil {
						return Result{}, err
					}
					if len(s.res.Ships) >= s.set.Ships {
						return s.done()
					}
				}
			}
			var ferr error
			for _, r := range rows {
				copy(win, known)
				win[2*P] = r
				child := win[1:]
				if live && allZero(child) {
					// closed (when the solver looks ahead, the close above
					// found this ship already)
					if ferr = s.found(append(s.tr.rows(n), r)); ferr != nil || len(s.res.Ships) >= s.set.Ships {
						break
					}
					continue
				}
				if !solved && !s.ahead(win, v) {
					continue
				}
				if !solved && s.g.triangleFits(v, s.maxIx) && !s.triangle(win, v) {
					continue
				}
				if !s.set.Repeats {
					k := s.stateKey(child, v+1)
					if _, dup := s.seen[k]; dup {
						s.stats.Repeats++
						continue
					}
					s.seen[k] = struct{}{}
				}
				if s.probe != nil && len(level) >= probeLevel {
					ok, err := s.probe.reaches(child, v+1, live || r != 0)
					if err != nil {
						ferr = err
						break
					}
					if !ok {
						s.stats.Probed++
						continue
					}
				}
				if !solved && s.set.Lookahead > 0 {
					ok, err := s.extends(child, v+1)
					if err != nil {
						ferr = err
						break
					}
					if !ok {
						s.stats.Pruned++
						continue
					}
				}
				next = append(next, s.tr.add(n, r, int32(v+1)))
				s.stats.Nodes++
			}
			if ferr != nil {
				if errors.Is(ferr, errInternal) {
					return Result{}, ferr
				}
				return s.stopErr(level[0], ferr)
			}
			if len(s.res.Ships) >= s.set.Ships {
				return s.done()
			}
			if len(s.seen)+len(s.tr.row) > s.set.MaxNodes {
				return s.stop(level[0], ErrMemory)
			}
		}
		level = next
		depth++
		level = s.compact(level, false)
	}
}

// done ends the search: the ships found, or none exists.
func (s *searcher) done() (Result, error) {
	s.res.Stats = s.stats
	s.res.Status = logic.Unsat
	if len(s.res.Ships) > 0 {
		s.res.Status = logic.Sat
	}
	return s.res, nil
}

func (s *searcher) stopErr(deepest int32, err error) (Result, error) {
	if s.ctx.Err() != nil {
		return s.stop(deepest, s.ctx.Err())
	}
	return Result{}, err
}

func allZero(rows []uint32) bool {
	for _, r := range rows {
		if r != 0 {
			return false
		}
	}
	return true
}

// hasLive reports whether node n's rows have a live cell.
func (s *searcher) hasLive(n int32) bool {
	for ; n > 0; n = s.tr.parent[n] {
		if s.tr.row[n] != 0 {
			return true
		}
	}
	return false
}

// compact drops the partials that are no ancestor of level when they
// are most of the tree (or force), renumbering level.
func (s *searcher) compact(level []int32, force bool) []int32 {
	if !force && (len(s.tr.row) < 1<<16 || len(s.tr.row) < 4*len(level)) {
		return level
	}
	keep := make([]bool, len(s.tr.row))
	keep[0] = true
	for _, n := range level {
		for ; n > 0 && !keep[n]; n = s.tr.parent[n] {
			keep[n] = true
		}
	}
	renum := make([]int32, len(s.tr.row))
	var t tree
	for i := range s.tr.row {
		if keep[i] {
			p := int32(-1)
			if i > 0 {
				p = renum[s.tr.parent[i]]
			}
			renum[i] = t.add(p, s.tr.row[i], s.tr.depth[i])
		}
	}
	s.tr = t
	out := make([]int32, len(level))
	for i, n := range level {
		out[i] = renum[n]
	}
	return out
}
