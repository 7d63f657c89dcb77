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
	w, h   int
	strips []strip
	// decide[x] lists the strips whose part of a new row is complete once
	// the row's column x is chosen.
	decide [][]int
	// leastSum[k] is the sum over the strips of their least value with k
	// open rows.
	leastSum []int
}

// A strip is a part of the columns with its table.
type strip struct {
	x0   int
	bits uint
	mask uint64
	tab  *stripTable
}

func (s *strip) index(b, c uint64) int {
	return int((b<<1>>s.x0)&s.mask | ((c<<1>>s.x0)&s.mask)<<s.bits)
}

func newProgram(w, h int) *program {
	p := &program{w: w, h: h, decide: make([][]int, w)}
	n := (w + maxStrip - 1) / maxStrip
	x0 := 0
	for i := range n {
		width := w / n
		if i < w%n {
			width++
		}
		kind := stripKind{width: width, leftRing: x0 == 0, rightRing: x0+width == w}
		tab := tableFor(kind, h)
		p.strips = append(p.strips, strip{x0: x0, bits: tab.bits, mask: 1<<tab.bits - 1, tab: tab})
		// The strip's right context column is column x0+width, which is
		// the ring (known) at the right end.
		last := min(x0+width, w-1)
		p.decide[last] = append(p.decide[last], i)
		x0 += width
	}
	p.leastSum = make([]int, h+1)
	for k := range p.leastSum {
		for _, s := range p.strips {
			p.leastSum[k] += s.tab.least[k]
		}
	}
	return p
}

// bound is the strips' lower bound on the open waste of state (b, c) with
// k open rows, or infinite.
func (p *program) bound(b, c uint64, k int) int {
	sum := 0
	for i := range p.strips {
		s := &p.strips[i]
		v := s.tab.layers[k][s.index(b, c)]
		if v == infinite {
			return infinite
		}
		sum += int(v)
	}
	return sum
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
}

// passResult is what one pass found.
type passResult struct {
	found bool
	waste int
	rows  []uint32
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
	res := &passResult{over: maxWaste}
	cur := frontier{keys: []uint64{0}, waste: []uint32{0}}
	var next frontier
	var steps []step
	var table hashIndex
	var memSteps int64
	x := &expander{p: p, budget: lim.budget, over: maxWaste}
	for y := 0; y < p.h+2; y++ {
		next.keys, next.waste = next.keys[:0], next.waste[:0]
		var st step
		table.reset(len(cur.keys))
		k := p.h - y // open rows after this one is placed
		x.setRow(y)
		for i, key := range cur.keys {
			if i&1023 == 1023 {
				if err := ctx.Err(); err != nil {
					return res, err
				}
			}
			a, b := key>>32, key&0xffffffff
			acc := int(cur.waste[i])
			x.start(a, b, acc, k)
			x.emit = func(c uint64, add int) {
				nk := b<<32 | c
				nw := uint32(acc + add)
				j, fresh := table.insert(nk, next.keys)
				if fresh {
					next.keys = append(next.keys, nk)
					next.waste = append(next.waste, nw)
					st.row = append(st.row, uint32(c))
					st.parent = append(st.parent, uint32(i))
				} else if nw < next.waste[j] {
					next.waste[j] = nw
					st.parent[j] = uint32(i)
				}
			}
			x.expand()
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
			p.cut(&next, &st, lim.beam, max(k-1, -1))
			res.cut = true
		}
		steps = append(steps, st)
		memSteps += int64(cap(st.row)) * 8
		res.states += int64(len(next.keys))
		res.peak = max(res.peak, len(next.keys))
		cur, next = next, cur
		if progress != nil {
			progress(y, len(cur.keys))
		}
		if len(cur.keys) == 0 {
			break
		}
	}
	res.over = x.over
	if len(cur.keys) == 0 {
		return res, nil
	}
	if len(cur.keys) != 1 || cur.keys[0] != 0 {
		panic("density: the row program ends on a live row")
	}
	res.found = true
	res.waste = int(cur.waste[0])
	res.rows = make([]uint32, p.h)
	i := uint32(0)
	for y := p.h + 1; y >= 0; y-- {
		if y < p.h {
			res.rows[y] = steps[y].row[i]
		}
		i = steps[y].parent[i]
	}
	return res, nil
}

// cut keeps the beam states of next with the least waste plus bound.
func (p *program) cut(next *frontier, st *step, beam, k int) {
	type ranked struct {
		f int
		i int32
	}
	r := make([]ranked, len(next.keys))
	for i, key := range next.keys {
		f := int(next.waste[i])
		if k >= 0 {
			f += p.bound(key>>32, key&0xffffffff, k)
		}
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
	base   int // waste so far, ring cells beside b, and the strips' least values
	emit   func(c uint64, add int)
}

func (x *expander) setRow(y int) {
	h := x.p.h
	x.boxRow = y >= 1 && y <= h
	x.free = y < h
	x.k = h - y
	if y == h+1 {
		x.k = -1
	}
}

func (x *expander) start(a, b uint64, acc, k int) {
	x.sa, x.sb, x.b = a<<2, b<<2, b
	x.base = acc
	if x.boxRow {
		w := x.p.w
		x.base += int(1-b&1) + int(1-b>>(w-1)&1)
	}
	if x.k >= 0 {
		x.base += x.p.leastSum[x.k]
	}
}

// expand calls emit for every row that may follow the state.
func (x *expander) expand() {
	x.dfs(0, 0, 0, 0)
}

// dfs chooses column col of row c; cw is the waste of row b's cells whose
// windows are complete, extra the strips' excess over their least values.
func (x *expander) dfs(col int, c uint64, cw, extra int) {
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
		if f := x.base + cw + extra; f > x.budget {
			x.over = min(x.over, f)
			return
		}
		add := cw
		if x.boxRow {
			add += int(1-x.b&1) + int(1-x.b>>(w-1)&1)
		}
		x.emit(c, add)
		return
	}
	for bit := range uint64(2) {
		if bit == 1 && !x.free {
			break
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
		if x.k >= 0 {
			for _, i := range x.p.decide[col] {
				s := &x.p.strips[i]
				v := s.tab.layers[x.k][s.index(x.b, cc)]
				if v == infinite {
					goto next
				}
				nextra += int(v) - s.tab.least[x.k]
			}
		}
		if f := x.base + ncw + nextra; f > x.budget {
			x.over = min(x.over, f)
			continue
		}
		x.dfs(col+1, cc, ncw, nextra)
	next:
	}
}

// A hashIndex maps state keys to their index in a frontier, by open
// addressing.
type hashIndex struct {
	slots []int32
	shift uint
	count int
}

func (t *hashIndex) reset(hint int) {
	size := 1 << 10
	for size < 2*hint {
		size <<= 1
	}
	if cap(t.slots) >= size && cap(t.slots) <= 4*size {
		t.slots = t.slots[:cap(t.slots)]
	} else {
		t.slots = make([]int32, size)
	}
	for i := range t.slots {
		t.slots[i] = -1
	}
	t.shift = uint(64 - bits.TrailingZeros(uint(len(t.slots))))
	t.count = 0
}

func (t *hashIndex) bytes() int64 { return int64(cap(t.slots)) * 4 }

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
		j := t.slots[h]
		if j < 0 {
			t.slots[h] = int32(len(keys))
			t.count++
			return len(keys), true
		}
		if keys[j] == key {
			return int(j), false
		}
	}
}

func (t *hashIndex) grow(keys []uint64) {
	size := 2 * len(t.slots)
	t.slots = make([]int32, size)
	for i := range t.slots {
		t.slots[i] = -1
	}
	t.shift = uint(64 - bits.TrailingZeros(uint(size)))
	mask := size - 1
	for i, key := range keys {
		h := int(hashKey(key) >> t.shift)
		for t.slots[h] >= 0 {
			h = (h + 1) & mask
		}
		t.slots[h] = int32(i)
	}
}
