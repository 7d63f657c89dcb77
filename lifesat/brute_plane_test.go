package lifesat_test

// An independent brute force for the problems of issue 29: every
// generation 0 of a tiny box is run in the plane with the plain Step (on
// a window much larger than the box, its cells beyond the box the
// background's), and the answers are picked by the problem's documented
// meaning: each generation before the period in the box, generation
// Period the transform's image of generation 0 moved by the shift (as
// life.Transform.Cell maps the box's cells), the constraints read from
// their doc comments. It shares nothing with the encoder, Check or the
// blocking clauses: it does not call where, planeOf or the motion maps.

import (
	"fmt"
	"image"
	"sort"
	"strings"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// A bruteCase is a problem the brute force takes: a box, a period with
// its transform and shift, a background (nil: the empty plane), the
// constraints, and optionally a template of all-known or unknown cells.
type bruteCase struct {
	p    lifesat.Problem
	rule rule.Rule
	bg   *life.Background // the plane; nil is dead
	// empty admits the empty pattern.
	empty bool
}

// evolution returns generation t of b on the plane bg, a window of
// rectangle win of the plane, simulated with the plain Step one
// generation at a time as asked; the window's outer cells, which the Step
// cannot see beyond, are reset to the background after each step (the
// window is wide enough that nothing reaches them).
func evolution(b *life.Board, r rule.Rule, bg *life.Background, win image.Rectangle) func(t int) *life.Board {
	cur := life.NewBoard(win.Dx(), win.Dy())
	for y := range win.Dy() {
		for x := range win.Dx() {
			px, py := win.Min.X+x, win.Min.Y+y
			v := bg.Alive(0, px, py)
			if b.In(px, py) {
				v = b.Alive(px, py)
			}
			cur.Set(x, y, v)
		}
	}
	gens := []*life.Board{cur}
	return func(t int) *life.Board {
		for len(gens) <= t {
			next := life.Step(gens[len(gens)-1], r, life.Dead)
			for y := range win.Dy() {
				for x := range win.Dx() {
					if x == 0 || y == 0 || x == win.Dx()-1 || y == win.Dy()-1 {
						next.Set(x, y, bg.Alive(len(gens), win.Min.X+x, win.Min.Y+y))
					}
				}
			}
			gens = append(gens, next)
		}
		return gens[t]
	}
}

// diff is the set of cells of generation t (a window at win.Min) that
// differ from the background, as plane points, sorted.
func diff(g *life.Board, bg *life.Background, t int, win image.Rectangle) []image.Point {
	var out []image.Point
	for y := range g.Height() {
		for x := range g.Width() {
			if g.Alive(x, y) != bg.Alive(t, win.Min.X+x, win.Min.Y+y) {
				out = append(out, image.Pt(win.Min.X+x, win.Min.Y+y))
			}
		}
	}
	return out
}

// transformOrder is how many times t is applied before it is Id.
func transformOrder(t life.Transform) int {
	n, u := 1, t
	for u != life.Id {
		u, n = u.Then(t), n+1
	}
	return n
}

// bruteCycles counts the answers of c by trying every generation 0. With a
// template answers are distinct generation-0 boards; without, they are
// counted as Count does: up to phase (over the whole turn of the motion,
// Period times the transform's order) for oscillators, and up to phase
// and translation for ships.
func bruteCycles(c bruteCase) (anyPeriod, exact int) {
	p := c.p
	w, h := p.Width, p.Height
	per := max(p.Period, 1)
	m := transformOrder(p.Transform)
	full := per * m
	span := per + 1
	if p.Template != nil {
		span = max(span, len(p.Template.Gens))
	}
	far := max(full, span) + abs(p.Shift.X)*m + abs(p.Shift.Y)*m + 3
	win := image.Rect(-far, -far, w+far, h+far)
	box := image.Rect(0, 0, w, h)
	bgAt := func(t int, q image.Point) bool { return c.bg.Alive(t, q.X, q.Y) }
	// The cell of the box that the period's motion takes cell q to.
	img := func(q image.Point) image.Point {
		x, y := p.Transform.Cell(q.X, q.Y, w, h)
		return image.Pt(x, y).Add(p.Shift)
	}
	sw := box
	for _, q := range []image.Point{{0, 0}, {w - 1, h - 1}} {
		sw = sw.Union(image.Rectangle{img(q), img(q).Add(image.Pt(1, 1))})
	}
	sw = sw.Inset(-2)
	keys := [2]map[string]bool{{}, {}}
	var count [2]int
	for mask := range 1 << (w * h) {
		b := life.NewBoard(w, h)
		for i := range w * h {
			b.Set(i%w, i/w, mask>>i&1 == 1)
		}
		if p.Symmetry != "" && !p.Symmetry.Holds(b) {
			continue
		}
		// Generations 1..Period-1 in the box, and generation Period
		// generation 0 moved, as planes, first on a small window: the box
		// and its image, and two rings, which is exact while nothing
		// leaves the box.
		small := evolution(b, c.rule, c.bg, sw)
		ok := true
		for t := 1; t < per && ok; t++ {
			for _, q := range diff(small(t), c.bg, t, sw) {
				ok = ok && q.In(box)
			}
		}
		moved := map[image.Point]bool{}
		for y := range h {
			for x := range w {
				moved[img(image.Pt(x, y))] = b.Alive(x, y)
			}
		}
		for y := sw.Min.Y; y < sw.Max.Y && ok; y++ {
			for x := sw.Min.X; x < sw.Max.X && ok; x++ {
				q := image.Pt(x, y)
				want, in := moved[q]
				if !in {
					want = bgAt(per, q)
				}
				ok = small(per).Alive(x-sw.Min.X, y-sw.Min.Y) == want
			}
		}
		if !ok {
			continue
		}
		gens := evolution(b, c.rule, c.bg, win)
		at := func(g int, q image.Point) bool { return gens(g).Alive(q.X-win.Min.X, q.Y-win.Min.Y) }
		// The exact period: the least n at which the pattern is generation
		// 0 moved is the whole turn.
		d0 := diff(gens(0), c.bg, 0, win)
		isExact := true
		for n := 1; n < full && isExact; n++ {
			dn := diff(gens(n), c.bg, n, win)
			if len(dn) != len(d0) || !sameBackgroundAt(c.bg, n, d0, dn) {
				continue
			}
			if len(d0) == 0 {
				isExact = false
				continue
			}
			t := dn[0].Sub(d0[0])
			same := true
			for i := range d0 {
				same = same && dn[i] == d0[i].Add(t)
			}
			isExact = !same
		}
		ship := false
		if len(d0) > 0 {
			dm := diff(gens(full), c.bg, full, win)
			ship = len(dm) > 0 && dm[0] != d0[0]
		}
		if !c.empty && p.Template == nil && len(d0) == 0 || len(d0) == 0 && ship {
			continue
		}
		if !bruteConstraints(p, box, span, at) || !bruteTemplate(p, box, span, at, c.bg, gens, win) {
			continue
		}
		if pop := b.Population(); pop < p.MinPop || p.MaxPop > 0 && pop > p.MaxPop {
			continue
		}
		if p.Template != nil {
			count[0]++
			if isExact {
				count[1]++
			}
			continue
		}
		// The class of the answer: its phases, over the whole turn,
		// each as a set of cells that differ from the background (moved
		// to the origin for a ship); the least names the class.
		var names []string
		for n := range full {
			dn := diff(gens(n), c.bg, n, win)
			if !sameBackgroundAt(c.bg, n, nil, nil) {
				continue // no answer's generation 0 has this background
			}
			var o image.Point
			if ship && len(dn) > 0 {
				o = dn[0]
				for _, q := range dn {
					o = image.Pt(min(o.X, q.X), min(o.Y, q.Y))
				}
			}
			var sb strings.Builder
			for _, q := range dn {
				fmt.Fprintf(&sb, "%d,%d;", q.X-o.X, q.Y-o.Y)
			}
			names = append(names, sb.String())
		}
		sort.Strings(names)
		for i, in := range []bool{true, isExact} {
			if in && !keys[i][names[0]] {
				keys[i][names[0]] = true
				count[i]++
			}
		}
	}
	return count[0], count[1]
}

// sameBackgroundAt reports whether the background of generation n is
// generation 0's, so that a generation n can be a generation 0 (the
// brute force's backgrounds are uniform in space).
func sameBackgroundAt(bg *life.Background, n int, _, _ []image.Point) bool {
	return bg.Alive(n, 0, 0) == bg.Alive(0, 0, 0)
}

// bruteConstraints reads the constraints of p from their doc comments,
// at(g, q) being cell q of generation g of the plane.
func bruteConstraints(p lifesat.Problem, box image.Rectangle, span int, at func(int, image.Point) bool) bool {
	cells := func(f func(q image.Point)) {
		for y := box.Min.Y; y < box.Max.Y; y++ {
			for x := box.Min.X; x < box.Max.X; x++ {
				f(image.Pt(x, y))
			}
		}
	}
	for _, ch := range p.Change {
		differ := false
		cells(func(q image.Point) { differ = differ || at(ch[0], q) != at(ch[1], q) })
		if !differ {
			return false
		}
	}
	for _, b := range p.PopBounds {
		gens := b.Gens
		if len(gens) == 0 {
			gens = []int{0}
		}
		sum := 0
		for _, g := range gens {
			cells(func(q image.Point) {
				if at(g, q) {
					sum++
				}
			})
		}
		if hi, ok := b.Max.Max(); sum < b.Min || ok && sum > hi {
			return false
		}
	}
	for i, l := range []lifesat.Limit{p.MaxChange, p.MaxDecay, p.MaxGrowth} {
		hi, ok := l.Max()
		if !ok {
			continue
		}
		for t := 1; t < span; t++ {
			k := 0
			cells(func(q image.Point) {
				a, b := at(0, q), at(t, q)
				if i == 0 && a != b || i == 1 && a && !b || i == 2 && !a && b {
					k++
				}
			})
			if k > hi {
				return false
			}
		}
	}
	for _, m := range p.Asymmetric {
		// Some generation t is not m of generation t in the box or the
		// box's image: compare every cell of the box with its image.
		img := func(q image.Point) image.Point {
			x, y := m.Transform.Cell(q.X, q.Y, p.Width, p.Height)
			return image.Pt(x, y).Add(m.Shift)
		}
		pre := func(q image.Point) image.Point { // img's inverse
			iw, ih := p.Width, p.Height
			if m.Transform.Swaps() {
				iw, ih = ih, iw
			}
			q = q.Sub(m.Shift)
			x, y := m.Transform.Inverse().Cell(q.X, q.Y, iw, ih)
			return image.Pt(x, y)
		}
		follows := true
		for t := 0; t+m.Gens < span; t++ {
			cells(func(q image.Point) {
				// Generation t+Gens at the image of q is generation t at
				// q; and at q, generation t at the preimage of q.
				follows = follows && at(t+m.Gens, img(q)) == at(t, q) && at(t+m.Gens, q) == at(t, pre(q))
			})
		}
		if follows {
			return false
		}
	}
	return true
}

// bruteTemplate checks the template's cells, of known and unknown kinds
// only, on the plane's generations; a template generation past the
// period shows the whole plane, so its pattern must lie in the box.
func bruteTemplate(p lifesat.Problem, box image.Rectangle, span int, at func(int, image.Point) bool, bg *life.Background, gens func(int) *life.Board, win image.Rectangle) bool {
	t := p.Template
	if t == nil {
		return true
	}
	for g := range t.Gens {
		for y := range t.Height {
			for x := range t.Width {
				switch s := t.At(g, x, y); s.Kind {
				case tmpl.Alive, tmpl.Dead:
					if at(g, image.Pt(x, y)) != (s.Kind == tmpl.Alive) {
						return false
					}
				}
			}
		}
		for _, q := range diff(gens(g), bg, g, win) {
			if !q.In(box) {
				return false
			}
		}
	}
	return true
}
