package density

// The bounded row program: a dynamic program over the rows of the box
// whose state is the last two rows, keeping for each state the least
// waste of the cells already complete (those whose whole neighbourhood
// lies in the rows placed so far). A state survives only while its waste
// plus a lower bound on the waste still to come (strips.go) stays within
// a budget; the program answers whether some still life has at most that
// much waste, and if so returns one with the least.

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// errMemory is wrapped by ErrMemory's users when a pass outgrows the
// budget.
var ErrMemory = errors.New("density: memory budget exceeded")

// A program searches the still lifes of a box w columns wide (at most 32)
// and h rows high, row by row.
type program struct {
	w, h int
	// open: the rows end at row h-1 with a free row h below them, no ring
	// and no stability asked of row h. Open programs compute edge bounds
	// (edges.go).
	open   bool
	strips []strip
	// decide[x] lists the strips whose part of a new row is complete once
	// the row's column x is chosen; decideChunk[i] those of columns
	// 4i..4i+3.
	decide, decideChunk [][]int
	// leastSum[k] is the sum over the strips of their least value with k
	// open rows; band[m] the same for m rows with free rows on both sides
	// (no ring below).
	leastSum, band []int
	// edge[k] is a lower bound on the waste of k rows against a side of
	// the box, with the ring beyond them, whatever lies on their other
	// side (see levels); all zero until levels has run.
	edge []int
}

// A strip is a part of the columns with its tables: tab for the rows
// down to the end of the program, band for rows with free rows below.
type strip struct {
	x0        int
	bits      uint
	mask      uint64
	tab, band *stripTable
}

func (s *strip) index(b, c uint64) int {
	return int((b<<1>>s.x0)&s.mask | ((c<<1>>s.x0)&s.mask)<<s.bits)
}

// newProgram builds the program of a w x h box and its strip tables,
// checking ctx between the tables' layers.
func newProgram(ctx context.Context, w, h int, open bool) (*program, error) {
	buildChunkTable()
	p := &program{w: w, h: h, open: open, decide: make([][]int, w)}
	n := (w + maxStrip - 1) / maxStrip
	p.leastSum = make([]int, h+1)
	p.band = make([]int, h+1)
	p.edge = make([]int, h+1)
	x0 := 0
	for i := range n {
		width := w / n
		if i < w%n {
			width++
		}
		kind := stripKind{width: width, leftRing: x0 == 0, rightRing: x0+width == w, open: open}
		tab, err := tableFor(ctx, kind, h)
		if err != nil {
			return nil, err
		}
		kind.open = true
		band, err := tableFor(ctx, kind, h)
		if err != nil {
			return nil, err
		}
		p.strips = append(p.strips, strip{x0: x0, bits: tab.bits, mask: 1<<tab.bits - 1, tab: tab, band: band})
		for k := range h + 1 {
			p.leastSum[k] += tab.least[k]
			p.band[k] += band.least[k]
		}
		// The strip's right context column is column x0+width, which is
		// the ring (known) at the right end.
		last := min(x0+width, w-1)
		p.decide[last] = append(p.decide[last], i)
		for len(p.decideChunk) <= last/4 {
			p.decideChunk = append(p.decideChunk, nil)
		}
		p.decideChunk[last/4] = append(p.decideChunk[last/4], i)
		x0 += width
	}
	return p, nil
}

// aheadRows is the most rows the strips' band bound looks ahead before
// the edge bound takes over (see expander.prepare).
const aheadRows = 3

// A bounds is the lower bound on the waste to come after a state with k
// open rows, in pieces that add up column by column: for each variant v,
// the strips' values from layers[v] plus fixed[v]; the bound is the
// largest variant, or edge.
type bounds struct {
	n      int // variants
	layers [aheadRows + 1][][]uint8
	fixed  [aheadRows + 1]int
	least  [aheadRows + 1][]int // the strips' least values, per variant
	edge   int
}

// prepare sets b for k open rows (k < 0: none). Variant 0 is the strips
// down to the end; variant m = 1..aheadRows the band strips over the next
// m rows plus the edge bound of the k-m rows after them.
func (b *bounds) prepare(p *program, k int) {
	b.n, b.edge = 0, 0
	if k < 0 {
		return
	}
	b.edge = p.edge[k]
	add := func(fixed int, layer func(s *strip) ([]uint8, int)) {
		v := b.n
		b.n++
		b.fixed[v] = fixed
		b.layers[v] = b.layers[v][:0]
		b.least[v] = b.least[v][:0]
		for i := range p.strips {
			l, least := layer(&p.strips[i])
			b.layers[v] = append(b.layers[v], l)
			b.least[v] = append(b.least[v], least)
			b.fixed[v] += least
		}
	}
	add(0, func(s *strip) ([]uint8, int) { return s.tab.layers[k], s.tab.least[k] })
	for m := 1; m <= aheadRows && m < k; m++ {
		add(p.edge[k-m], func(s *strip) ([]uint8, int) { return s.band.layers[m], s.band.least[m] })
	}
}

// total is the bound given each variant's excess over its least values.
func (b *bounds) total(extra *[aheadRows + 1]int) int {
	f := b.edge
	for v := range b.n {
		f = max(f, b.fixed[v]+extra[v])
	}
	return f
}

// of is the bound of state (bb, c), or infinite.
func (b *bounds) of(p *program, bb, c uint64) int {
	var extra [aheadRows + 1]int
	for v := range b.n {
		for i := range p.strips {
			s := &p.strips[i]
			t := b.layers[v][i][s.index(bb, c)]
			if t == infinite {
				return infinite
			}
			extra[v] += int(t) - b.least[v][i]
		}
	}
	return b.total(&extra)
}

// A frontier holds the states after a row: keys a<<32 | b and the least
// complete waste of each.
type frontier struct {
	keys  []uint64
	waste []uint32
}

// A step records, for each state of the frontier after a row, the row it
// added and the index of the state it came from, to rebuild the board.
type step struct {
	row    []uint32
	parent []uint32
}

// passLimits bounds one pass.
type passLimits struct {
	budget int   // the most waste allowed
	beam   int   // keep at most this many states per row (0: all)
	memory int64 // bytes
	// meet asks a closed program to stop halfway and join the halves
	// (see meet).
	meet bool
	// mirror keeps to boards whose rows read the same from both ends;
	// such a pass proves nothing when it finds nothing.
	mirror bool
}

// passResult is what one pass found.
type passResult struct {
	budget int
	found  bool
	waste  int
	rows   []uint32
	// over is the least bound that exceeded the budget: when nothing is
	// found (and no beam cut states), every still life wastes at least
	// over.
	over   int
	states int64
	peak   int
	cut    bool // the beam dropped states
}

// passProgress reports a pass's rows.
type passProgress func(row, states int)

// run performs one pass.
func (p *program) run(ctx context.Context, lim passLimits, progress passProgress) (*passResult, error) {
	res := &passResult{over: maxWaste, budget: lim.budget}
	cur := frontier{keys: []uint64{0}, waste: []uint32{0}}
	var next frontier
	var steps []step
	var table hashIndex
	var memSteps int64
	x := &expander{p: p, budget: lim.budget, over: maxWaste, ctx: ctx, mirror: lim.mirror}
	record := !p.open // open programs need the least waste, not a board
	last := p.steps() - 1
	meet := lim.meet && !p.open && p.h >= 4
	// A beam keeps the states with the least bound f: once it has that
	// many with f <= t, it allows no more than t (tight counts the f of
	// the states so far, ranks holds each one's).
	var tight *fCounts
	var ranks []int32
	if lim.beam > 0 {
		tight = new(fCounts)
	}
	// Meeting, the pass stops after row d, where the top halves meet
	// the bottom halves listed after row h-d (see meet), unless it is a
	// beam that has dropped states by then: it goes on to row h-1 and
	// tries every meeting row from d on, which needs a board's top to
	// survive to some row y and its bottom to row h-y, not both to the
	// middle. kept holds the frontiers the meetings need.
	d := (p.h + 1) / 2
	var kept map[int]frontier
	if meet {
		last = d
		if lim.beam > 0 {
			last = p.h - 1
		}
		kept = map[int]frontier{}
	}
	for y := 0; y <= last; y++ {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		next.keys, next.waste = next.keys[:0], next.waste[:0]
		var st step
		table.reset(len(cur.keys))
		k := p.h - y // open rows after this one is placed
		x.setRow(y)
		x.budget = lim.budget
		ranks = ranks[:0]
		if tight != nil {
			tight.reset(lim.budget)
		}
		for i, key := range cur.keys {
			if i&63 == 63 {
				if err := ctx.Err(); err != nil {
					return res, err
				}
			}
			a, b := key>>32, key&0xffffffff
			acc := int(cur.waste[i])
			x.start(a, b, acc, k)
			x.emit = func(c uint64, add, f int) {
				nk, flip := p.canon(b<<32 | c)
				from := uint32(i)
				if flip {
					from |= flipped
				}
				nw := uint32(acc + add)
				j, fresh := table.insert(nk, next.keys)
				if fresh {
					next.keys = append(next.keys, nk)
					next.waste = append(next.waste, nw)
					if record {
						st.row = append(st.row, uint32(c))
						st.parent = append(st.parent, from)
					}
					if tight != nil {
						ranks = append(ranks, int32(f))
						tight.add(f)
					}
				} else if nw < next.waste[j] {
					next.waste[j] = nw
					if record {
						st.row[j], st.parent[j] = uint32(c), from
					}
					if tight != nil {
						tight.move(int(ranks[j]), f)
						ranks[j] = int32(f)
					}
				}
				if tight != nil && tight.count >= lim.beam {
					if t := tight.cutoff(lim.beam); t < x.budget {
						x.budget = t
						res.cut = true
					}
				}
			}
			x.expand()
			if x.stopped {
				return res, ctx.Err()
			}
			if table.count > 1<<31-1 {
				return res, fmt.Errorf("%w: more than 2^31 states in a row", ErrMemory)
			}
			if mem := memSteps + int64(cap(next.keys))*10 + int64(cap(cur.keys))*10 +
				int64(cap(st.row))*8 + table.bytes(); mem > lim.memory {
				return res, fmt.Errorf("%w: %d MiB at row %d of a %dx%d box, over the budget of %d MiB",
					ErrMemory, mem>>20, y, p.w, p.h, lim.memory>>20)
			}
		}
		if lim.beam > 0 && len(next.keys) > lim.beam {
			p.cut(&next, &st, lim.beam, x.k)
			res.cut = true
		}
		if record {
			steps = append(steps, st)
			memSteps += int64(cap(st.row)) * 8
		}
		res.states += int64(len(next.keys))
		res.peak = max(res.peak, len(next.keys))
		if meet && (y == p.h-d || lim.beam > 0 && y >= 1 && y != d) {
			kept[y] = frontier{keys: slices.Clone(next.keys), waste: slices.Clone(next.waste)}
		}
		cur, next = next, cur
		if progress != nil {
			progress(y, len(cur.keys))
		}
		if meet && y == d {
			kept[d] = cur
			if !res.cut {
				break // the pass so far is exact: one meeting decides
			}
		}
		if len(cur.keys) == 0 {
			break
		}
	}
	res.over = x.over
	if meet {
		for y := d; y < p.h; y++ {
			top, ok1 := kept[y]
			bottom, ok2 := kept[p.h-y]
			if !ok1 || !ok2 || (!res.cut && y > d) {
				break
			}
			p.meet(res, top, bottom, steps, y)
		}
		return res, nil
	}
	if len(cur.keys) == 0 {
		return res, nil
	}
	if p.open {
		res.found = true
		res.waste = int(cur.waste[0])
		for _, v := range cur.waste {
			res.waste = min(res.waste, int(v))
		}
		return res, nil
	}
	if len(cur.keys) != 1 || cur.keys[0] != 0 {
		panic("density: the row program ends on a live row")
	}
	res.found = true
	res.waste = int(cur.waste[0])
	res.rows = p.trace(steps, 0, false)[:p.h]
	return res, nil
}

// fCounts counts states by their bound f, a small integer.
type fCounts struct {
	n     []int
	count int
}

func (h *fCounts) reset(budget int) {
	h.n = slices.Grow(h.n[:0], budget+1)[:budget+1]
	clear(h.n)
	h.count = 0
}

func (h *fCounts) add(f int) {
	h.n[f]++
	h.count++
}

func (h *fCounts) move(from, to int) {
	h.n[from]--
	h.n[to]++
}

// cutoff is the least t with at least k states of f <= t.
func (h *fCounts) cutoff(k int) int {
	sum := 0
	for t, c := range h.n {
		if sum += c; sum >= k {
			return t
		}
	}
	return len(h.n) - 1
}

// meet joins the frontiers after rows d and h-d into whole boards, and
// records the best in res if it beats what res has. The box looks the
// same upside down, so the frontier after row h-d also lists the bottom
// parts of the boards: mirrored, its state (rows h-d-1, h-d) stands for
// rows d, d-1 and its waste for that of rows d..h-1 and the ring below. A
// top state (rows d-1, d) with the waste of rows ..d-1 and the bottom
// state with the same two rows swapped make a whole board. Boards that
// the budget lets through but that the halves do not make up (their waste
// is over the budget) set over, as pruned states do.
func (p *program) meet(res *passResult, top, bottom frontier, steps []step, d int) {
	var index hashIndex
	index.reset(len(bottom.keys))
	for i, k := range bottom.keys {
		index.insert(k, bottom.keys[:i])
	}
	best, bestTop, bestBottom, bestFlip := maxWaste, -1, -1, false
	for i, k := range top.keys {
		// The top half as it stands, the bottom one with the same
		// two rows swapped: its key, or its mirror image's.
		kb, flip := p.canon(k<<32 | k>>32)
		j, absent := index.lookup(kb, bottom.keys)
		if absent {
			continue
		}
		if w := int(top.waste[i]) + int(bottom.waste[j]); w < best {
			best, bestTop, bestBottom, bestFlip = w, i, j, flip
		}
	}
	if bestTop < 0 {
		return
	}
	if best > res.budget {
		res.over = min(res.over, best)
		return
	}
	if res.found && res.waste <= best {
		return
	}
	res.found = true
	res.waste = best
	res.rows = make([]uint32, p.h)
	copy(res.rows, p.trace(steps[:d+1], uint32(bestTop), false))
	for y, r := range p.trace(steps[:p.h-d+1], uint32(bestBottom), bestFlip) {
		res.rows[p.h-1-y] = r
	}
}

// flipped marks a back-pointer whose state was stored as its mirror image
// (see canon).
const flipped = 1 << 31

// canon returns the key under which a state is kept, the lesser of its
// key and its mirror image's (rows reversed left to right: the same
// waste so far, the same ways to go on), and whether that is the mirror
// image.
func (p *program) canon(key uint64) (uint64, bool) {
	a, b := uint32(key>>32), uint32(key)
	s := uint(32 - p.w)
	m := uint64(bits.Reverse32(a)>>s)<<32 | uint64(bits.Reverse32(b)>>s)
	if m < key {
		return m, true
	}
	return key, false
}

// reverse reverses a row left to right.
func (p *program) reverse(r uint32) uint32 { return bits.Reverse32(r) >> uint(32-p.w) }

// trace returns the rows placed by steps on the way to state i of the
// last frontier, row 0 first; flip tells that the board has that state
// mirrored.
func (p *program) trace(steps []step, i uint32, flip bool) []uint32 {
	rows := make([]uint32, len(steps))
	for y := len(steps) - 1; y >= 0; y-- {
		from := steps[y].parent[i]
		// The row was chosen beside the parent as stored; the parent
		// stands in the board mirrored when the state does and was not
		// mirrored when stored, or the other way round.
		flip = flip != (from&flipped != 0)
		rows[y] = steps[y].row[i]
		if flip {
			rows[y] = p.reverse(rows[y])
		}
		i = from &^ flipped
	}
	return rows
}

// cut keeps the beam states of next with the least waste so far plus
// bound on the waste to come.
func (p *program) cut(next *frontier, st *step, beam, k int) {
	type ranked struct {
		f int
		i int32
	}
	var bd bounds
	bd.prepare(p, k)
	r := make([]ranked, len(next.keys))
	for i, key := range next.keys {
		f := int(next.waste[i]) + bd.of(p, key>>32, key&0xffffffff)
		r[i] = ranked{f, int32(i)}
	}
	slices.SortFunc(r, func(u, v ranked) int {
		if u.f != v.f {
			return u.f - v.f
		}
		return int(u.i - v.i)
	})
	r = r[:beam]
	slices.SortFunc(r, func(u, v ranked) int { return int(u.i - v.i) })
	for j, e := range r {
		next.keys[j] = next.keys[e.i]
		next.waste[j] = next.waste[e.i]
		st.row[j] = st.row[e.i]
		st.parent[j] = st.parent[e.i]
	}
	next.keys, next.waste = next.keys[:beam], next.waste[:beam]
	st.row, st.parent = st.row[:beam], st.parent[:beam]
}

// maxWaste is more waste than any board can have.
const maxWaste = 1 << 30

// An expander lists the rows c that may follow a state (a, b): every cell
// of row b stable, the waste of row b's cells plus the bound of the new
// state (b, c) within the budget.
type expander struct {
	p      *program
	budget int
	over   int // least bound seen above the budget
	// The row being placed.
	boxRow bool // b is a row of the box (else the ring row above or below)
	free   bool // c may be chosen (else it is the dead row past the box)
	k      int  // open rows after c is placed; -1 when none
	// The state.
	sa, sb uint64 // rows a and b shifted left by 2
	b      uint64
	base   int // waste so far and of the ring cells beside b
	bd     bounds
	// rest[col][p] is the least waste of row b's cells col-1..w-1 when
	// the new row's columns col-2 and col-1 are p's bits 0 and 1 and
	// the columns from col on are still to choose (restInf if none
	// keeps them stable).
	rest [MaxWidth + 1][4]int32
	emit func(c uint64, add, f int)
	// ctx is checked every 1024 rows emitted: a state of a wide box has
	// millions of successors under a generous budget. Once it has ended,
	// stopped is set and the expansion returns.
	ctx     context.Context
	emitted int
	stopped bool
	// mirror keeps to rows that read the same from both ends.
	mirror bool
}

// steps is the number of rows a pass places: from row 0 to the dead row
// h+1, or to the free row h of an open program.
func (p *program) steps() int {
	if p.open {
		return p.h + 1
	}
	return p.h + 2
}

// setRow prepares for placing row y.
func (x *expander) setRow(y int) {
	h := x.p.h
	x.boxRow = y >= 1 && y <= h
	x.free = y < h || x.p.open
	x.k = h - y
	if y == h+1 {
		x.k = -1
	}
	x.bd.prepare(x.p, x.k)
}

// restInf marks a row b that no choice of the rest of the new row keeps
// stable.
const restInf = maxWaste

// cell is the waste of column j of row b given its window, or -1 when it
// is not stable.
func (x *expander) cell(j int, win uint16) int {
	switch {
	case j < 0 || j == x.p.w: // the ring beside b
		if !ringOK[win] {
			return -1
		}
		return 0
	case x.boxRow:
		if !boxOK[win] {
			return -1
		}
		return int(boxW[win])
	default:
		if !ringOK[win] {
			return -1
		}
		return int(ringW[win])
	}
}

// fillRest computes x.rest for the state, from the right end.
func (x *expander) fillRest() {
	w := x.p.w
	// At col == w: columns w-1 and w, with the new row dead from w on.
	for p := range uint64(4) {
		sc := p << uint(w) // columns w-2, w-1 at bits w, w+1
		v := int32(0)
		for j := w - 1; j <= w; j++ {
			c := x.cell(j, window3(x.sa>>uint(j+1), x.sb>>uint(j+1), sc>>uint(j+1)))
			if c < 0 {
				v = restInf
				break
			}
			v += int32(c)
		}
		x.rest[w][p] = v
	}
	for col := w - 1; col >= 0; col-- {
		for p := range uint64(4) {
			best := int32(restInf)
			for v := range uint64(2) {
				if v == 1 && !x.free {
					break
				}
				// Column col-1: new-row columns col-2..col are p, v.
				sc := (p | v<<2) << uint(col)
				c := x.cell(col-1, window3(x.sa>>uint(col), x.sb>>uint(col), sc>>uint(col)))
				if c < 0 {
					continue
				}
				if r := x.rest[col+1][p>>1|v<<1]; r < restInf {
					best = min(best, int32(c)+r)
				}
			}
			x.rest[col][p] = best
		}
	}
}

func (x *expander) start(a, b uint64, acc, k int) {
	x.sa, x.sb, x.b = a<<2, b<<2, b
	x.base = acc
	if x.boxRow {
		w := x.p.w
		x.base += int(1-b&1) + int(1-b>>(w-1)&1)
	}
}

// expand calls emit for every row that may follow the state.
func (x *expander) expand() {
	x.fillRest()
	if r := x.rest[0][0]; r == restInf {
		return
	} else if f := x.base + int(r) + x.bd.total(&[aheadRows + 1]int{}); f > x.budget {
		x.over = min(x.over, f)
		return
	}
	var extra [aheadRows + 1]int
	if x.free && x.p.w >= 4 {
		x.chunks(0, 0, 0, extra)
		return
	}
	x.dfs(0, 0, 0, extra)
}

// chunks chooses columns col..col+3 of row c at once, while four columns
// remain, then hands over to dfs; the arguments are as for dfs.
func (x *expander) chunks(col int, c uint64, cw int, extra [aheadRows + 1]int) {
	if col+4 > x.p.w || x.mirror && col+4 > x.p.w/2 {
		x.dfs(col, c, cw, extra)
		return
	}
	kind := chunkBox
	if !x.boxRow {
		kind = chunkRing
	}
	if col == 0 {
		kind++ // the first column's left neighbour is the ring
	}
	s := uint(col)
	ctx := x.sa>>s&63 | (x.sb>>s&63)<<6 | (c<<2>>s&3)<<12
	e := &chunkTable[kind][ctx]
chunk:
	for ok := e.ok; ok != 0 && !x.stopped; ok &= ok - 1 {
		v := uint64(bits.TrailingZeros16(ok))
		cc := c | v<<col
		ncw, nextra := cw+int(e.waste[v]), extra
		for _, i := range x.p.decideChunk[col/4] {
			st := &x.p.strips[i]
			at := st.index(x.b, cc)
			for j := range x.bd.n {
				t := x.bd.layers[j][i][at]
				if t == infinite {
					continue chunk
				}
				nextra[j] += int(t) - x.bd.least[j][i]
			}
		}
		r := x.rest[col+4][cc>>uint(col+2)&3]
		if r == restInf {
			continue
		}
		if f := x.base + ncw + int(r) + x.bd.total(&nextra); f > x.budget {
			x.over = min(x.over, f)
			continue
		}
		x.chunks(col+4, cc, ncw, nextra)
	}
}

// dfs chooses column col of row c; cw is the waste of row b's cells whose
// windows are complete, extra the strips' excess over their least values
// in each variant of the bound.
func (x *expander) dfs(col int, c uint64, cw int, extra [aheadRows + 1]int) {
	w := x.p.w
	if col == w {
		// Columns w-1 and w (the ring) of row b.
		sc := c << 2
		for j := w - 1; j <= w; j++ {
			win := window3(x.sa>>(j+1), x.sb>>(j+1), sc>>(j+1))
			if j == w-1 && x.boxRow {
				if !boxOK[win] {
					return
				}
				cw += int(boxW[win])
			} else {
				if !ringOK[win] {
					return
				}
				if j == w-1 {
					cw += int(ringW[win])
				}
			}
		}
		f := x.base + cw + x.bd.total(&extra)
		if f > x.budget {
			x.over = min(x.over, f)
			return
		}
		add := cw
		if x.boxRow {
			add += int(1-x.b&1) + int(1-x.b>>(w-1)&1)
		}
		x.emit(c, add, f)
		if x.emitted++; x.emitted&1023 == 0 && x.ctx.Err() != nil {
			x.stopped = true
		}
		return
	}
choice:
	for bit := range uint64(2) {
		if x.stopped {
			return
		}
		if bit == 1 && !x.free {
			break
		}
		if x.mirror && 2*col >= w && bit != c>>uint(w-1-col)&1 {
			continue
		}
		cc := c | bit<<col
		ncw, nextra := cw, extra
		// Column col-1 of row b now has its whole window.
		j := col - 1
		sc := cc << 2
		win := window3(x.sa>>col, x.sb>>col, sc>>col)
		if j < 0 {
			if !ringOK[win] {
				continue
			}
		} else if x.boxRow {
			if !boxOK[win] {
				continue
			}
			ncw += int(boxW[win])
		} else {
			if !ringOK[win] {
				continue
			}
			ncw += int(ringW[win])
		}
		for _, i := range x.p.decide[col] {
			s := &x.p.strips[i]
			at := s.index(x.b, cc)
			for v := range x.bd.n {
				t := x.bd.layers[v][i][at]
				if t == infinite {
					continue choice
				}
				nextra[v] += int(t) - x.bd.least[v][i]
			}
		}
		r := x.rest[col+1][cc<<2>>uint(col+1)&3]
		if r == restInf {
			continue
		}
		if f := x.base + ncw + int(r) + x.bd.total(&nextra); f > x.budget {
			x.over = min(x.over, f)
			continue
		}
		x.dfs(col+1, cc, ncw, nextra)
	}
}

// A hashIndex maps state keys to their index in a frontier, by open
// addressing; each slot holds the key beside the index, so that a probe
// reads one place in memory.
type hashIndex struct {
	slots []hashSlot
	shift uint
	count int
}

type hashSlot struct {
	key uint64
	at  int32 // index in the frontier, -1 for an empty slot
}

func (t *hashIndex) reset(hint int) {
	size := 1 << 10
	for size < 2*hint {
		size <<= 1
	}
	if cap(t.slots) >= size && cap(t.slots) <= 4*size {
		t.slots = t.slots[:cap(t.slots)]
	} else {
		t.slots = make([]hashSlot, size)
	}
	for i := range t.slots {
		t.slots[i].at = -1
	}
	t.shift = uint(64 - bits.TrailingZeros(uint(len(t.slots))))
	t.count = 0
}

func (t *hashIndex) bytes() int64 { return int64(cap(t.slots)) * 16 }

func hashKey(k uint64) uint64 {
	k ^= k >> 29
	k *= 0xbf58476d1ce4e5b9
	k ^= k >> 32
	return k * 0x94d049bb133111eb
}

// insert returns the index of key among keys, or len(keys) and true when
// it is new (the caller appends it).
func (t *hashIndex) insert(key uint64, keys []uint64) (int, bool) {
	if 2*(t.count+1) > len(t.slots) {
		t.grow(keys)
	}
	mask := len(t.slots) - 1
	for h := int(hashKey(key) >> t.shift); ; h = (h + 1) & mask {
		s := &t.slots[h]
		if s.at < 0 {
			s.key, s.at = key, int32(len(keys))
			t.count++
			return len(keys), true
		}
		if s.key == key {
			return int(s.at), false
		}
	}
}

// lookup returns the index of key among keys, or true when it is absent.
func (t *hashIndex) lookup(key uint64, keys []uint64) (int, bool) {
	mask := len(t.slots) - 1
	for h := int(hashKey(key) >> t.shift); ; h = (h + 1) & mask {
		s := &t.slots[h]
		if s.at < 0 {
			return 0, true
		}
		if s.key == key {
			return int(s.at), false
		}
	}
}

func (t *hashIndex) grow(keys []uint64) {
	size := 2 * len(t.slots)
	t.slots = make([]hashSlot, size)
	for i := range t.slots {
		t.slots[i].at = -1
	}
	t.shift = uint(64 - bits.TrailingZeros(uint(size)))
	mask := size - 1
	for i, key := range keys {
		h := int(hashKey(key) >> t.shift)
		for t.slots[h].at >= 0 {
			h = (h + 1) & mask
		}
		t.slots[h] = hashSlot{key, int32(i)}
	}
}
