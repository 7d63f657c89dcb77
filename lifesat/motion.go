package lifesat

// Motions: how one generation of a pattern lies over another, turned or
// reflected and moved. A period's motion makes oscillators (none),
// spaceships (a shift), flipping oscillators and glide-reflective ships
// (a rotation or reflection, and maybe a shift); an asymmetry forbids
// one.

import (
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat/life"
)

// String writes the motion as "p2 F- (1,0)": the generations, the
// transform unless Id, the shift unless zero; a symmetry (Gens 0) as its
// transform, "R180" or "Id", and the shift unless zero.
func (m Motion) String() string {
	var s string
	switch {
	case m.Gens == 0: // a symmetry: its transform names it, Id too
		s = m.Transform.String()
	case m.Transform != life.Id:
		s = fmt.Sprintf("p%d %v", m.Gens, m.Transform)
	default:
		s = fmt.Sprintf("p%d", m.Gens)
	}
	if m.Shift != (image.Point{}) {
		s += fmt.Sprintf(" (%d,%d)", m.Shift.X, m.Shift.Y)
	}
	return s
}

// validate checks the motion's parts.
func (m Motion) validate() error {
	switch {
	case m.Gens < 0 || m.Gens > MaxPeriod:
		return fmt.Errorf("%w: motion %v: generations %d, want 0..%d", ErrProblem, m, m.Gens, MaxPeriod)
	case m.Transform > life.FlipAnti:
		return fmt.Errorf("%w: motion %v: unknown transform %d", ErrProblem, m, m.Transform)
	case abs(m.Shift.X) > MaxSide || abs(m.Shift.Y) > MaxSide:
		return fmt.Errorf("%w: motion %v: the shift is larger than any box", ErrProblem, m)
	}
	return nil
}

// affine is a map of the plane's cells: (x, y) goes to (a*x + b*y + o.X,
// c*x + d*y + o.Y), the matrix (a b; c d) one of the eight transforms'.
type affine struct {
	m [4]int
	o image.Point
}

// identity is the affine map that moves nothing.
var identity = affine{m: [4]int{1, 0, 0, 1}}

// motionMap is the map of cells that the motion t, s makes of a w x h
// box: t about the box (life.Transform.Cell), then the shift s.
func motionMap(t life.Transform, s image.Point, w, h int) affine {
	a, b, c, d := t.Matrix()
	ox, oy := t.Cell(0, 0, w, h) // Cell is linear plus its value at the origin
	return affine{m: [4]int{a, b, c, d}, o: image.Pt(ox, oy).Add(s)}
}

// apply maps p.
func (f affine) apply(p image.Point) image.Point {
	return image.Pt(f.m[0]*p.X+f.m[1]*p.Y+f.o.X, f.m[2]*p.X+f.m[3]*p.Y+f.o.Y)
}

// linear maps p by the matrix alone.
func (f affine) linear(p image.Point) image.Point {
	return image.Pt(f.m[0]*p.X+f.m[1]*p.Y, f.m[2]*p.X+f.m[3]*p.Y)
}

// then is f followed by g.
func (f affine) then(g affine) affine {
	a, b, c, d := f.m[0], f.m[1], f.m[2], f.m[3]
	e, k, l, n := g.m[0], g.m[1], g.m[2], g.m[3]
	return affine{m: [4]int{e*a + k*c, e*b + k*d, l*a + n*c, l*b + n*d}, o: g.apply(f.o)}
}

// inverse is the map that undoes f (the matrices are orthogonal: the
// inverse matrix is the transpose).
func (f affine) inverse() affine {
	inv := affine{m: [4]int{f.m[0], f.m[2], f.m[1], f.m[3]}}
	o := inv.linear(f.o)
	inv.o = image.Pt(-o.X, -o.Y)
	return inv
}

// pow is f applied k times; f's inverse -k times for negative k.
func (f affine) pow(k int) affine {
	if k < 0 {
		f, k = f.inverse(), -k
	}
	g := identity
	for range k {
		g = g.then(f)
	}
	return g
}

// translation reports whether f only moves cells, and by how much.
func (f affine) translation() (image.Point, bool) {
	return f.o, f.m == identity.m
}

// rect is the image of the rectangle r (of cells) under f.
func (f affine) rect(r image.Rectangle) image.Rectangle {
	if r.Empty() {
		return r
	}
	a, b := f.apply(r.Min), f.apply(r.Max.Sub(image.Pt(1, 1)))
	return image.Rect(min(a.X, b.X), min(a.Y, b.Y), max(a.X, b.X)+1, max(a.Y, b.Y)+1)
}

// order is the number of times t must be applied to give Id: 1, 2 or 4.
func order(t life.Transform) int {
	n, u := 1, t
	for u != life.Id {
		u, n = u.Then(t), n+1
	}
	return n
}

// motionMap is the map of cells of the motion m in p's box.
func (p Problem) motionMap(m Motion) affine {
	return motionMap(m.Transform, m.Shift, p.Width, p.Height)
}

// cycle is the map from generation 0 to generation Period: the
// Transform about the box, then the Shift.
func (p Problem) cycle() affine {
	return motionMap(p.Transform, p.Shift, p.Width, p.Height)
}

// turns is the order of the period's transform: after turns periods the
// pattern is generation 0 again, moved by travel().
func (p Problem) turns() int { return order(p.Transform) }

// travel is how far the pattern has moved when it is generation 0 again,
// after turns() periods (zero for oscillators).
func (p Problem) travel() image.Point {
	t, _ := p.cycle().pow(p.turns()).translation()
	return t
}

// where maps cell c of generation g of the pattern's evolution to the
// generation among 0..gens()-1 and the place that it is: for a cycle,
// generation g mod Period moved back by the cycle g/Period times; for a
// reaction, itself. g must not be negative.
func (p Problem) where(g int, c image.Point) (int, image.Point) {
	if p.transient() {
		return g, c
	}
	per := p.period()
	if g < per {
		return g, c
	}
	return g % per, p.cycle().pow(-(g / per)).apply(c)
}

// reach is the rectangle where generation g's pattern may lie (its cells
// elsewhere being the background): the box, moved by the cycle g/Period
// times.
func (p Problem) reach(g int) image.Rectangle {
	if p.transient() || g < p.period() {
		return p.Box()
	}
	return p.cycle().pow(g / p.period()).rect(p.Box())
}

// span is the number of generations the problem speaks of: generations
// 0..span-1 may be named by Change, PopBounds, Asymmetric and the
// template. It is the template's generations for a reaction; Period+1
// for a cycle (generation Period being generation 0 moved), or the
// template's generations when it has more.
func (p Problem) span() int {
	if p.transient() {
		return len(p.Template.Gens)
	}
	n := p.period() + 1
	if p.Template != nil {
		n = max(n, len(p.Template.Gens))
	}
	return n
}

// normalizes reports whether the cycle carries the symmetry onto itself:
// whether generation Period, the cycle's image of a symmetric generation
// 0, has the symmetry too.
func (p Problem) normalizes(s life.Symmetry) bool {
	f := p.cycle()
	var group []affine
	for _, t := range s.Group() {
		group = append(group, motionMap(t, image.Point{}, p.Width, p.Height))
	}
	for _, t := range s.Generators() {
		g := motionMap(t, image.Point{}, p.Width, p.Height)
		conj := f.inverse().then(g).then(f) // f g f^-1, applied right to left
		found := false
		for _, h := range group {
			found = found || h == conj
		}
		if !found {
			return false
		}
	}
	return true
}

// frame is the area in which the last generation of a cycle steps to
// generation Period: the box and its image under the period's motion,
// with the one-cell ring around.
func (p Problem) frame() image.Rectangle {
	return p.Box().Union(p.reach(p.period())).Inset(-1)
}
