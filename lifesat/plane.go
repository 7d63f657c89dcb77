package lifesat

// The plane a search's box lies on: the background outside the box, the
// pattern's generations inside it, and the generations past the period,
// which are generation 0..Period-1 moved by the period's motion.

import (
	"image"

	"github.com/lifesat/lifesat/lifesat/life"
)

// planeOf is generation g of pat's evolution on the plane bg, as a board
// of the rectangle r of the plane (its cell (0, 0) is r.Min): each cell
// the pattern's where the generation it falls on has it in the box, the
// background's elsewhere.
func (p Problem) planeOf(pat *Pattern, bg *life.Background, g int, r image.Rectangle) *life.Board {
	out := life.NewBoard(r.Dx(), r.Dy())
	box := p.Box()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ph, q := p.where(g, image.Pt(x, y))
			v := bg.Alive(g, x, y)
			if q.In(box) {
				v = pat.Phases[ph].Alive(q.X, q.Y)
			}
			out.Set(x-r.Min.X, y-r.Min.Y, v)
		}
	}
	return out
}

// tilePeriod is a side of a square of cells over which the background
// repeats whichever way it is turned: the least common multiple of the
// tile's sides.
func tilePeriod(bg *life.Background) int {
	w, h := bg.Size()
	a, b := w, h
	for b != 0 {
		a, b = b, a%b
	}
	return w / a * h
}

// sameBackground reports whether the background of generation t1 is the
// background of generation t0 mapped by f: whether bg(t1, f(c)) is
// bg(t0, c) for every cell c of the plane.
func sameBackground(bg *life.Background, t0 int, f affine, t1 int) bool {
	if bg.IsVacuum() {
		return true
	}
	n := tilePeriod(bg)
	for y := range n {
		for x := range n {
			c := image.Pt(x, y)
			if bg.Alive(t1, f.apply(c).X, f.apply(c).Y) != bg.Alive(t0, x, y) {
				return false
			}
		}
	}
	return true
}

// carries reports whether the period's motion carries the background
// onto itself: whether generation t+Period of the plane with nothing on
// it is generation t moved, for every t, as it must be for anything to
// come back. (A strobing plane comes back after even periods only.)
func (p Problem) carries(bg *life.Background) bool {
	if p.transient() {
		return true
	}
	for t := range bg.Period() {
		if !sameBackground(bg, t, p.cycle(), t+p.period()) {
			return false
		}
	}
	return true
}

// A repeat is a way for a pattern to come back before its period:
// generation n equal to generation 0 moved by t.
type repeat struct {
	n int
	t image.Point
}

// repeats lists the ways for a cycle's pattern to come back early that
// rule out its exact period. After turns() periods the pattern is
// generation 0 moved by travel(), so the least n at which it is generation
// 0 moved divides turns()*Period; for each prime q that divides that,
// generation turns()*Period/q must not be generation 0 moved by
// travel()/q (when q divides travel(): otherwise it cannot be).
func (p Problem) repeats() []repeat {
	full := p.period() * p.turns()
	tr := p.travel()
	var out []repeat
	for _, n := range maximalDivisors(full) {
		q := full / n
		if tr.X%q == 0 && tr.Y%q == 0 {
			out = append(out, repeat{n, tr.Div(q)})
		}
	}
	return out
}

// repeatArea is where generation n and generation 0 moved by t may
// differ but for the background: where either has its pattern.
func (p Problem) repeatArea(n int, t image.Point) image.Rectangle {
	return p.reach(n).Union(p.Box().Add(t))
}

// isMoved reports whether generation n of pat's evolution is generation
// 0 moved by t, on the plane bg.
func (p Problem) isMoved(pat *Pattern, bg *life.Background, n int, t image.Point) bool {
	if !sameBackground(bg, 0, affine{m: identity.m, o: t}, n) {
		return false
	}
	r := p.repeatArea(n, t)
	return p.planeOf(pat, bg, n, r).Equal(p.planeOf(pat, bg, 0, r.Sub(t)))
}

// maximalDivisors lists p/q for every prime q dividing p: an oscillator
// whose generation d differs from generation 0 for each of these d has
// exact period p.
func maximalDivisors(p int) []int {
	var ds []int
	n := p
	for q := 2; q <= n; q++ {
		if n%q == 0 {
			ds = append(ds, p/q)
			for n%q == 0 {
				n /= q
			}
		}
	}
	return ds
}
