package density

// A depth-first dive: the same rows, bounds and budget as a pass, but one
// board at a time, the most promising next row first, remembering the
// states that led nowhere. When boards within the budget exist it usually
// meets one long before a pass would have finished; when none exist and
// the dive runs to the end, it has proved that too.

import (
	"context"
	"slices"
)

// A diver holds one dive.
type diver struct {
	p      *program
	ctx    context.Context
	budget int
	limit  int // expansions allowed
	used   int
	x      expander
	// failed[y] maps a state after row y to the least waste with which it
	// was explored without success.
	failed []map[uint64]uint32
	rows   []uint32
	// succ[y] is scratch for the successors of a state after row y-1.
	succ  [][]successor
	err   error
	out   bool // the limit or ctx stopped the dive
	waste int
	tick  func(depth, used int)
}

type successor struct {
	c   uint64
	add int
	f   int
}

// A diveResult is what a dive found: a board (its rows and waste), or
// none; complete reports that the dive ran to the end, so that without a
// board every still life wastes at least over.
type diveResult struct {
	found, complete bool
	rows            []uint32
	waste, over     int
	used            int // states expanded
}

// dive looks for a board within budget, expanding at most limit states,
// checking ctx before each and calling tick every 4096.
func (p *program) dive(ctx context.Context, budget, limit int, tick func(depth, used int)) (*diveResult, error) {
	d := &diver{p: p, ctx: ctx, budget: budget, limit: limit, tick: tick}
	d.x = expander{p: p, budget: budget, over: maxWaste, ctx: ctx}
	n := p.steps()
	d.failed = make([]map[uint64]uint32, n)
	for i := range d.failed {
		d.failed[i] = map[uint64]uint32{}
	}
	d.rows = make([]uint32, n)
	d.succ = make([][]successor, n)
	if err := ctx.Err(); err != nil {
		return &diveResult{}, err
	}
	ok := d.visit(0, 0, 0, false)
	r := &diveResult{used: d.used}
	switch {
	case d.err != nil:
		return r, d.err
	case ok:
		r.found, r.complete, r.rows, r.waste = true, true, d.rows[:p.h], d.waste
	default:
		r.complete, r.over = !d.out, d.x.over
	}
	return r, nil
}

// visit places row y after state key with waste acc so far; flip tells
// that the board has the state mirrored.
func (d *diver) visit(y int, key uint64, acc int, flip bool) bool {
	p := d.p
	if y == p.steps() {
		d.waste = acc
		return true
	}
	if w, seen := d.failed[y][key]; seen && int(w) <= acc {
		return false
	}
	if d.used >= d.limit {
		d.out = true
		return false
	}
	d.used++
	// An expansion of a wide row with a generous budget can take tens
	// of milliseconds: ctx is checked before each.
	if d.used&4095 == 0 && d.tick != nil {
		d.tick(y, d.used)
	}
	if err := d.ctx.Err(); err != nil {
		d.err, d.out = err, true
		return false
	}
	a, b := key>>32, key&0xffffffff
	x := &d.x
	x.setRow(y)
	x.start(a, b, acc, x.k)
	succ := d.succ[y][:0]
	x.emit = func(c uint64, add, f int) {
		succ = append(succ, successor{c, add, f})
	}
	x.expand()
	if x.stopped {
		d.err, d.out = d.ctx.Err(), true
		return false
	}
	slices.SortStableFunc(succ, func(u, v successor) int { return u.f - v.f })
	d.succ[y] = succ
	for i := range len(succ) {
		s := d.succ[y][i]
		nk, f := p.canon(b<<32 | s.c)
		if d.visit(y+1, nk, acc+s.add, flip != f) {
			d.rows[y] = uint32(s.c)
			if flip {
				d.rows[y] = p.reverse(d.rows[y])
			}
			return true
		}
		if d.out {
			return false
		}
	}
	d.failed[y][key] = uint32(acc)
	return false
}
