package lifesat

import (
	"fmt"
	"image"
	"slices"
	"strings"
)

// A Symmetry is a group of rotations and reflections of the box under
// which every generation of a pattern must be invariant. The names are the
// usual ones of the Life community (as in logic-life-search and Catagolue):
//
//	C1   no symmetry
//	C2   half-turn rotation
//	C4   quarter-turn rotation (square boxes), as in Knuth's sat-life-grid90
//	D2-  reflection in the horizontal mid-line (top to bottom)
//	D2|  reflection in the vertical mid-line (left to right)
//	D2\  reflection in the main diagonal (square boxes)
//	D2/  reflection in the other diagonal (square boxes)
//	D4+  both mid-line reflections
//	D4x  both diagonal reflections (square boxes)
//	D8   all eight (square boxes)
//
// A symmetric search is smaller, not just constrained: the cells of an
// orbit share one variable.
type Symmetry string

// The symmetries.
const (
	C1     Symmetry = "C1"
	C2     Symmetry = "C2"
	C4     Symmetry = "C4"
	D2H    Symmetry = "D2-"
	D2V    Symmetry = "D2|"
	D2Diag Symmetry = `D2\`
	D2Anti Symmetry = "D2/"
	D4Plus Symmetry = "D4+"
	D4Diag Symmetry = "D4x"
	D8     Symmetry = "D8"
)

// Symmetries lists them all.
func Symmetries() []Symmetry {
	return []Symmetry{C1, C2, C4, D2H, D2V, D2Diag, D2Anti, D4Plus, D4Diag, D8}
}

// ParseSymmetry checks a symmetry name; case does not matter ("d4x").
func ParseSymmetry(s string) (Symmetry, error) {
	for _, sym := range Symmetries() {
		if strings.EqualFold(s, string(sym)) {
			return sym, nil
		}
	}
	return "", fmt.Errorf("%w: unknown symmetry %q (want one of C1 C2 C4 D2- D2| D2\\ D2/ D4+ D4x D8)", ErrProblem, s)
}

// A linear map of the plane: (x, y) -> (a*x + b*y, c*x + d*y).
type linear struct{ a, b, c, d int }

func (l linear) apply(p image.Point) image.Point {
	return image.Pt(l.a*p.X+l.b*p.Y, l.c*p.X+l.d*p.Y)
}

var (
	rot90     = linear{0, -1, 1, 0}
	rot180    = linear{-1, 0, 0, -1}
	flipTB    = linear{1, 0, 0, -1}  // D2-
	flipLR    = linear{-1, 0, 0, 1}  // D2|
	transpose = linear{0, 1, 1, 0}   // D2\
	antiDiag  = linear{0, -1, -1, 0} // D2/
)

// generators are linear maps that generate the group.
func (s Symmetry) generators() []linear {
	switch s {
	case C2:
		return []linear{rot180}
	case C4:
		return []linear{rot90}
	case D2H:
		return []linear{flipTB}
	case D2V:
		return []linear{flipLR}
	case D2Diag:
		return []linear{transpose}
	case D2Anti:
		return []linear{antiDiag}
	case D4Plus:
		return []linear{flipTB, flipLR}
	case D4Diag:
		return []linear{transpose, antiDiag}
	case D8:
		return []linear{rot90, flipLR}
	}
	return nil
}

// square reports whether the symmetry needs a square box.
func (s Symmetry) square() bool {
	switch s {
	case C4, D2Diag, D2Anti, D4Diag, D8:
		return true
	}
	return false
}

// image maps cell (x, y) of a w x h box by l about the box's centre.
func (l linear) image(x, y, w, h int) (int, int) {
	// Work in doubled coordinates centred on the box: 2x - (w-1).
	p := l.apply(image.Pt(2*x-(w-1), 2*y-(h-1)))
	return (p.X + w - 1) / 2, (p.Y + h - 1) / 2
}

// orbits returns, for each cell y*w+x of a w x h box, the index of the
// representative cell of its orbit under the symmetry.
func (s Symmetry) orbits(w, h int) []int {
	parent := make([]int, w*h)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for _, g := range s.generators() {
		for y := range h {
			for x := range w {
				gx, gy := g.image(x, y, w, h)
				a, b := find(y*w+x), find(gy*w+gx)
				if a != b {
					parent[max(a, b)] = min(a, b)
				}
			}
		}
	}
	for i := range parent {
		parent[i] = find(i)
	}
	return parent
}

// check reports why the symmetry cannot apply to a w x h box moving by
// shift, or nil.
func (s Symmetry) check(w, h int, shift image.Point) error {
	if s.square() && w != h {
		return fmt.Errorf("%w: symmetry %s needs a square box, not %dx%d", ErrProblem, s, w, h)
	}
	for _, g := range s.generators() {
		if g.apply(shift) != shift {
			return fmt.Errorf("%w: symmetry %s does not preserve the shift (%d,%d): the pattern could not move that way", ErrProblem, s, shift.X, shift.Y)
		}
	}
	return nil
}

// symmetric reports whether b is invariant under the symmetry.
func (s Symmetry) symmetric(b *Board) bool {
	for _, g := range s.generators() {
		for y := range b.h {
			for x := range b.w {
				gx, gy := g.image(x, y, b.w, b.h)
				if b.Alive(x, y) != b.Alive(gx, gy) {
					return false
				}
			}
		}
	}
	return true
}

// group returns the linear maps of the symmetry, the identity first.
func (s Symmetry) group() []linear {
	out := []linear{{1, 0, 0, 1}}
	for i := 0; i < len(out); i++ {
		for _, g := range s.generators() {
			m := out[i].then(g)
			if !slices.Contains(out, m) {
				out = append(out, m)
			}
		}
	}
	return out
}

// then is the map that applies l, then m.
func (l linear) then(m linear) linear {
	return linear{
		m.a*l.a + m.b*l.c, m.a*l.b + m.b*l.d,
		m.c*l.a + m.d*l.c, m.c*l.b + m.d*l.d,
	}
}

// includes reports whether every map of t is one of s's: whether a
// pattern with symmetry s has symmetry t too.
func (s Symmetry) includes(t Symmetry) bool {
	g := s.group()
	for _, m := range t.group() {
		if !slices.Contains(g, m) {
			return false
		}
	}
	return true
}

// representatives is the region of area that keeps, of each orbit of its
// cells under the symmetry of a w x h box, the first cell in row order.
// It is all of area when some image of a cell of area lies outside it.
func (s Symmetry) representatives(area image.Rectangle, w, h int) region {
	g := s.group()
	if len(g) == 1 {
		return all(area)
	}
	skip := make([]bool, area.Dx()*area.Dy())
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			for _, m := range g[1:] {
				gx, gy := m.image(x, y, w, h)
				if !image.Pt(gx, gy).In(area) {
					return all(area)
				}
				if gy < y || gy == y && gx < x {
					skip[(y-area.Min.Y)*area.Dx()+x-area.Min.X] = true
				}
			}
		}
	}
	return region{Rectangle: area, skip: skip}
}

// permute is n with its cells moved by l about the centre cell.
func (l linear) permute(n Neighbourhood) Neighbourhood {
	m := n & Centre
	for _, o := range neighbourOffsets {
		if n&offsetBit(o) != 0 {
			p := l.apply(image.Pt(o[0], o[1]))
			m |= offsetBit([2]int{p.X, p.Y})
		}
	}
	return m
}

// invariant reports whether r is the same rule after every rotation and
// reflection of the symmetry s: then the transitions of the cells of an
// orbit state the same constraint on their shared variables.
func (r Rule) invariant(s Symmetry) bool {
	for _, g := range s.generators() {
		for n := range Neighbourhood(512) {
			if r.Transition(g.permute(n)) != r.Transition(n) {
				return false
			}
		}
	}
	return true
}
