package density

// Period-2 oscillators of maximum average population (Bosch's Exercises 3
// and 4): generations 0 and 1 in a w x h box, each the other's successor
// under Life, everything outside the box dead in both, and at least one
// cell different between them (so not a still life). The row program is
// the still-life one with two generations: its state is the last two rows
// of both, and each new pair of rows must make the rows above them step to
// each other. There is no wastage identity here; the program minimizes
// the deficit 2w - (live cells of both generations) of each row, keeping
// every state after each row (no bound on the rows still to come prunes
// them), and meets its halves in the middle.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"time"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// MaxOscillatorWidth is the longest shorter side MaxOscillator takes: the
// state packs four rows and a flag in 64 bits.
const MaxOscillatorWidth = 15

// An OscillatorResult is the outcome of MaxOscillator.
type OscillatorResult struct {
	// Phases are generations 0 and 1 of the best oscillator found, nil
	// when the box holds none.
	Phases [2]*life.Board
	// Population is the live cells of both generations together (twice
	// the average population); Bound the proved upper bound on it;
	// Optimal reports that they are equal.
	Population, Bound int
	Optimal           bool
	// Exists reports whether the box holds a period-2 oscillator at all.
	Exists bool
	Stats  Stats
}

// nextLife[win] is the centre of a window in the next generation.
var nextLife [512]bool

func init() {
	for win := range uint16(512) {
		n := bits.OnesCount16(win &^ winCentre)
		nextLife[win] = n == 3 || n == 2 && win&winCentre != 0
	}
}

// MaxOscillator returns a period-2 oscillator in a w x h box with the most
// live cells over its two generations, and a proof that none has more
// (Life only). Generation 1 is generation 0's successor and generation 0
// generation 1's, both inside the box with everything outside it dead
// and never born, and they differ in at least one cell, as in Bosch's
// Exercises 3 and 4 (he forces one cell to blink; either generation may be
// called 0, so that is the same as asking them to differ).
//
// The program runs in passes, each allowing a budget of deficit (2wh less
// the live cells of both generations) a few cells larger than the last,
// and keeping only the states that can still be part of an oscillator
// within it: a state's deficit so far plus a lower bound on the rows
// still to come, from the least deficits of the top strips seen (the box
// looks the same upside down, so they bound the strips at the bottom).
// The first pass that finds an oscillator has found the best; a pass
// that finds none proves the bound 2wh - budget - 1. A pass keeps
// 16^min(w,h) states at worst; the states a box's rules allow are far
// fewer, but they still grow steeply with the shorter side
// (docs/max-density.md), which may be at most MaxOscillatorWidth.
// Options, cancellation and errors are as for MaxStillLife, and Progress
// reports the row just placed in each pass (States 0: the pass ended
// with none); the program has no oscillator of its own until a pass finds
// one, so the best so far is a blinker among blocks (for boxes of at
// least 3x3), which it has before any work, with the bound of the last
// pass. Both generations are re-simulated with life.Step before they
// are returned.
func MaxOscillator(ctx context.Context, w, h int, opt *Options) (*OscillatorResult, error) {
	o, err := start(w, h, MaxOscillatorWidth, " of an oscillator's box", opt)
	if err != nil {
		return nil, err
	}
	s := &oscSolver{w: w, h: h, opt: o}
	return s.solve(ctx)
}

// An oscProgram is the row program for period-2 oscillators in a box w
// columns wide and h rows high.
type oscProgram struct {
	w, h int
	mask uint64
}

// The state packs rows a0, b0 (generation 0), a1, b1 (generation 1) and
// the flag "some cell differs" in one word.
func (p *oscProgram) pack(a0, b0, a1, b1 uint64, flag bool) uint64 {
	w := uint(p.w)
	k := a0 | b0<<w | a1<<(2*w) | b1<<(3*w)
	if flag {
		k |= 1 << 63
	}
	return k
}

func (p *oscProgram) unpack(k uint64) (a0, b0, a1, b1 uint64, flag bool) {
	w := uint(p.w)
	return k & p.mask, k >> w & p.mask, k >> (2 * w) & p.mask, k >> (3 * w) & p.mask, k>>63 == 1
}

// deficit is 2w less the live cells of row r in both generations.
func (p *oscProgram) deficit(r0, r1 uint64) int {
	return 2*p.w - bits.OnesCount64(r0) - bits.OnesCount64(r1)
}

// An oscExpander lists the pairs of rows (c0, c1) that may follow a state.
type oscExpander struct {
	p        *oscProgram
	boxRow   bool // b is a row of the box (else a ring row)
	free     bool // c may be chosen (else dead)
	sa0, sb0 uint64
	sa1, sb1 uint64
	b0, b1   uint64
	emit     func(c0, c1 uint64)
}

func (x *oscExpander) setRow(y int) {
	x.boxRow = y >= 1 && y <= x.p.h
	x.free = y < x.p.h
}

func (x *oscExpander) start(a0, b0, a1, b1 uint64) {
	x.sa0, x.sb0, x.sa1, x.sb1 = a0<<2, b0<<2, a1<<2, b1<<2
	x.b0, x.b1 = b0, b1
}

// checkColumn reports whether column j (-1..w) of row b steps right: its
// generation-0 window gives generation 1 and the other way round; ring
// cells stay dead. sc0 and sc1 are rows c shifted by 2.
func (x *oscExpander) checkColumn(j int, sc0, sc1 uint64) bool {
	s := uint(j + 1)
	w0 := window3(x.sa0>>s, x.sb0>>s, sc0>>s)
	w1 := window3(x.sa1>>s, x.sb1>>s, sc1>>s)
	if !x.boxRow || j < 0 || j == x.p.w {
		return !nextLife[w0] && !nextLife[w1]
	}
	return nextLife[w0] == (x.b1>>uint(j)&1 == 1) && nextLife[w1] == (x.b0>>uint(j)&1 == 1)
}

func (x *oscExpander) expand() { x.dfs(0, 0, 0) }

// dfs chooses column col of rows c0 and c1.
func (x *oscExpander) dfs(col int, c0, c1 uint64) {
	w := x.p.w
	if col == w {
		sc0, sc1 := c0<<2, c1<<2
		if x.checkColumn(w-1, sc0, sc1) && x.checkColumn(w, sc0, sc1) {
			x.emit(c0, c1)
		}
		return
	}
	for v := range uint64(4) {
		if v != 0 && !x.free {
			break
		}
		n0, n1 := c0|(v&1)<<col, c1|(v>>1)<<col
		if x.checkColumn(col-1, n0<<2, n1<<2) {
			x.dfs(col+1, n0, n1)
		}
	}
}

// An oscStep records, for each state after a row, the rows it added and
// the index of the state it came from.
type oscStep struct {
	c      [][2]uint32
	parent []uint32
}

// run places rows 0..last (last <= h+1; h and h+1 are the dead rows below
// the box), keeping every state with the least deficit of the rows placed
// so far, and returns the frontier after each of the rows in want, with
// the steps that rebuild their rows.
//
// It keeps only the states that can be part of an oscillator whose
// deficit (2wh less its live cells) is at most budget: a state after row
// y with deficit D is dropped when D plus a lower bound on the deficit of
// rows y+1..h-1 exceeds budget. The box looks the same upside down, so
// those rows, a strip at the bottom, are a strip of r = h-1-y rows at
// the top mirrored, with at least the deficit of the top j rows for any
// j <= r. Two bounds on that: known[j] (for j < len(known)), which holds
// for every strip and which run raises as it learns (below); and the
// least deficit in this run's frontier after row j-1, for j <= y, which
// holds for the parts of the oscillators within budget (by induction on
// the rows, every top part of one is kept, and every bottom part, being
// the top part of its mirror image).
//
// known[j] is a bound on the deficit of the top j rows of every
// oscillator (of every state after row j-1). After the run, a top strip
// of j rows has at least the least deficit of the frontier after row
// j-1, or else was dropped, so has more than budget less the largest
// bound used on its way: run raises known[j] to the smaller of the two.
func (p *oscProgram) run(ctx context.Context, last int, want []int, budget uint32, known []uint32, memory int64, tick func(row, states int)) (map[int]frontier, []oscStep, int64, error) {
	out := map[int]frontier{}
	cur := frontier{keys: []uint64{0}, waste: []uint32{0}}
	var steps []oscStep
	var table hashIndex
	var mem, states int64
	var least []uint32 // least[j-1]: the least deficit of the top j rows kept
	var most uint32    // the largest bound used so far
	learn := func(j int, lo uint32, empty bool) {
		if most > budget {
			return // every strip could have been dropped, whatever its deficit
		}
		lo = min(lo, budget-most+1)
		for ; j < len(known); j++ {
			known[j] = max(known[j], lo, known[j-1])
			if !empty { // else every longer strip was dropped too
				lo = 0
			}
		}
	}
	x := &oscExpander{p: p}
	for y := 0; y <= last; y++ {
		if err := ctx.Err(); err != nil {
			return out, steps, states, err
		}
		var lb uint32 // the bound on the deficit of rows y+1..h-1
		if r := p.h - 1 - y; r > 0 {
			if j := min(r, y); j > 0 {
				lb = least[j-1]
			}
			lb = max(lb, known[min(r, len(known)-1)])
		}
		most = max(most, lb)
		var next frontier
		var st oscStep
		table.reset(len(cur.keys))
		x.setRow(y)
		for i, key := range cur.keys {
			if i&1023 == 1023 {
				if err := ctx.Err(); err != nil {
					return out, steps, states, err
				}
			}
			a0, b0, a1, b1, flag := p.unpack(key)
			acc := cur.waste[i]
			x.start(a0, b0, a1, b1)
			x.emit = func(c0, c1 uint64) {
				nw := acc
				if y < p.h {
					nw += uint32(p.deficit(c0, c1))
				}
				if nw+lb > budget {
					return
				}
				nk := p.pack(b0, c0, b1, c1, flag || c0 != c1)
				j, fresh := table.insert(nk, next.keys)
				if fresh {
					next.keys = append(next.keys, nk)
					next.waste = append(next.waste, nw)
					st.c = append(st.c, [2]uint32{uint32(c0), uint32(c1)})
					st.parent = append(st.parent, uint32(i))
				} else if nw < next.waste[j] {
					next.waste[j] = nw
					st.parent[j] = uint32(i)
				}
			}
			x.expand()
			if m := mem + int64(cap(next.keys)+cap(cur.keys))*12 + int64(cap(st.c))*12 + table.bytes(); m > memory {
				return out, steps, states, fmt.Errorf("%w: %d MiB at row %d of a %dx%d oscillator box, over the budget of %d MiB",
					ErrMemory, m>>20, y, p.w, p.h, memory>>20)
			}
		}
		steps = append(steps, st)
		mem += int64(cap(st.c)) * 12
		states += int64(len(next.keys))
		if len(next.keys) == 0 {
			learn(y+1, math.MaxUint32, true)
			if tick != nil {
				tick(y, 0)
			}
			return out, steps, states, nil // no state within the budget
		}
		least = append(least, slices.Min(next.waste))
		learn(y+1, least[y], false)
		for _, d := range want {
			if d == y {
				out[y] = next
			}
		}
		cur = next
		if tick != nil {
			tick(y, len(cur.keys))
		}
	}
	return out, steps, states, nil
}

// oscTrace returns the rows (both generations) placed on the way to state
// i after row last.
func oscTrace(steps []oscStep, last int, i uint32) [][2]uint32 {
	rows := make([][2]uint32, last+1)
	for y := last; y >= 0; y-- {
		rows[y] = steps[y].c[i]
		i = steps[y].parent[i]
	}
	return rows
}

// An oscSolver runs the program for one box.
type oscSolver struct {
	w, h int
	opt  Options
	p    *oscProgram
	res  OscillatorResult
	rows [][2]uint32
	// known[j] bounds the deficit of the top j rows of any oscillator
	// (oscProgram.run); known[0] = 0.
	known []uint32
	// step is the growth of the budget from pass to pass; 0 means the
	// default (tests set 2wh: one exact pass).
	step int
}

// solve finds the best oscillator. A short box is run to its end. A taller
// one meets in the middle: the box looks the same upside down, so the
// frontier after row d (the ring above, rows 0..d, rows 0..d-1 checked)
// also lists the bottom parts: mirrored, a state after row h-d covers rows
// h-1 down to d-1 with rows h-1..d checked. A top state (rows d-1, d) and
// a bottom state (rows d, d-1) with the same rows make a whole board whose
// rows d-1 and d were counted twice.
func (s *oscSolver) solve(ctx context.Context) (*OscillatorResult, error) {
	pw, ph := min(s.w, s.h), max(s.w, s.h)
	p := &oscProgram{w: pw, h: ph, mask: 1<<pw - 1}
	s.p = p
	total := 2 * s.w * s.h
	s.res.Bound = total
	// A blinker among blocks is an oscillator before any row is placed,
	// so a search stopped at once still has a best so far.
	if rows, pop := blinkerGrid(pw, ph); rows != nil {
		s.rows, s.res.Population, s.res.Exists = rows, pop, true
	}
	start := time.Now()
	defer func() { s.res.Stats.Exact = time.Since(start) }()
	// Passes allow more and more deficit (2wh less the live cells of both
	// generations), each keeping every state that fits within its budget:
	// the first pass that finds an oscillator has found the best, and a
	// pass that finds none proves a bound. The passes grow by a few
	// cells of a row at a time; near the optimum each costs more than
	// the one before (at 10x10 up to 3.4 times, and the last pass, the
	// one that finds it, 6 of the 10 minutes: docs/max-density.md).
	step := s.step
	if step <= 0 {
		step = max(2, pw/2)
	}
	s.known = make([]uint32, ph+1)
	for budget := 0; ; budget = min(budget+step, total) {
		s.res.Stats.Passes++
		pass := s.res.Stats.Passes
		tick := func(row, n int) {
			if s.opt.Progress != nil {
				s.opt.Progress(Progress{Phase: PhaseExact, Pass: pass, Budget: budget, Population: total - budget,
					Row: row - 1, States: n, Best: s.res.Population, Bound: s.res.Bound})
			}
		}
		var found bool
		var err error
		if ph <= 3 {
			found, err = s.whole(ctx, tick, uint32(budget))
		} else {
			found, err = s.meet(ctx, tick, uint32(budget))
		}
		if err == nil && !found && budget < total {
			// None within the budget: every oscillator has more deficit.
			s.res.Bound = total - budget - 1
			continue
		}
		if err == nil {
			// Every oscillator within the budget was kept, and so the
			// best of them found; none at all within 2wh means none.
			s.res.Bound = s.res.Population
		}
		if e := s.finish(); e != nil {
			return nil, e
		}
		return &s.res, err
	}
}

// whole runs the program to the dead rows below the box.
func (s *oscSolver) whole(ctx context.Context, tick func(int, int), budget uint32) (bool, error) {
	p := s.p
	last := p.h + 1
	fr, steps, states, err := p.run(ctx, last, []int{last}, budget, s.known, s.opt.Memory, tick)
	s.res.Stats.States += states
	if err != nil {
		return false, err
	}
	f := fr[last]
	for i, k := range f.keys {
		if k == 1<<63 { // dead rows, some cell blinked
			s.res.Exists = true
			s.res.Population = 2*p.w*p.h - int(f.waste[i])
			s.rows = oscTrace(steps, last, uint32(i))[:p.h]
			return true, nil
		}
	}
	return false, nil
}

// meet runs the program to the middle and joins the halves.
func (s *oscSolver) meet(ctx context.Context, tick func(int, int), budget uint32) (bool, error) {
	p := s.p
	d := (p.h + 1) / 2 // h-d <= d
	fr, steps, states, err := p.run(ctx, d, []int{d, p.h - d}, budget, s.known, s.opt.Memory, tick)
	s.res.Stats.States += states
	s.res.Stats.PeakStates = max(s.res.Stats.PeakStates, len(fr[d].keys))
	if err != nil {
		return false, err
	}
	top, bottom := fr[d], fr[p.h-d]
	var index hashIndex
	index.reset(len(bottom.keys))
	for i, k := range bottom.keys {
		index.insert(k, bottom.keys[:i])
	}
	find := func(k uint64) int {
		j, fresh := index.lookup(k, bottom.keys)
		if fresh {
			return -1
		}
		return j
	}
	best, bestTop, bestBottom := -1, -1, -1
	for i, k := range top.keys {
		a0, b0, a1, b1, flag := p.unpack(k)
		twice := p.deficit(a0, a1) + p.deficit(b0, b1)
		for _, bf := range []bool{false, true} {
			if !flag && !bf {
				continue
			}
			j := find(p.pack(b0, a0, b1, a1, bf))
			if j < 0 {
				continue
			}
			if def := int(top.waste[i]) + int(bottom.waste[j]) - twice; def <= int(budget) && (best < 0 || def < best) {
				best, bestTop, bestBottom = def, i, j
			}
		}
	}
	if best < 0 {
		return false, nil
	}
	s.res.Exists = true
	s.res.Population = 2*p.w*p.h - best
	s.rows = make([][2]uint32, p.h)
	copy(s.rows, oscTrace(steps, d, uint32(bestTop)))
	for y, r := range oscTrace(steps, p.h-d, uint32(bestBottom)) {
		s.rows[p.h-1-y] = r
	}
	return true, nil
}

// blinkerGrid is a period-2 oscillator of a box w columns wide and h rows
// high (both at least 3): a blinker in the top-left 3x3 corner, upright in
// generation 0, and blocks on a grid of 3 from row 6 down, a whole
// rectangle of them (a grid with a block taken out of its corner is not
// stable: the gap cell there has 3 live neighbours). It returns the rows
// of both generations and their live cells together, or nil for a smaller
// box.
func blinkerGrid(w, h int) ([][2]uint32, int) {
	if w < 3 || h < 3 {
		return nil, 0
	}
	rows := make([][2]uint32, h)
	rows[0][0], rows[1][0], rows[2][0] = 2, 2, 2 // generation 0: column 1
	rows[1][1] = 7                               // generation 1: row 1
	pop := 6
	for y := 6; y+1 < h; y += 3 {
		for x := 0; x+1 < w; x += 3 {
			for t := range 2 {
				rows[y][t] |= 3 << x
				rows[y+1][t] |= 3 << x
			}
			pop += 8
		}
	}
	return rows, pop
}

var errNotOscillator = errors.New("density: internal error: the oscillator found does not oscillate")

// finish builds both generations and checks them with life.Step.
func (s *oscSolver) finish() error {
	s.res.Optimal = s.res.Population == s.res.Bound
	if !s.res.Exists {
		return nil
	}
	var g [2]*life.Board
	for t := range 2 {
		g[t] = life.NewBoard(s.w, s.h)
	}
	for y, pair := range s.rows {
		for t := range 2 {
			for x := range s.p.w {
				if pair[t]>>x&1 == 1 {
					if s.w <= s.h {
						g[t].Set(x, y, true)
					} else {
						g[t].Set(y, x, true)
					}
				}
			}
		}
	}
	p0, p1 := g[0].Pad(1), g[1].Pad(1)
	if !life.Step(p0, rule.Life, life.Dead).Equal(p1) || !life.Step(p1, rule.Life, life.Dead).Equal(p0) ||
		g[0].Equal(g[1]) || g[0].Population()+g[1].Population() != s.res.Population {
		return fmt.Errorf("%w: %dx%d, %d live cells", errNotOscillator, s.w, s.h, s.res.Population)
	}
	s.res.Phases = g
	return nil
}
