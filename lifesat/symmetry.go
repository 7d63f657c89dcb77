package lifesat

import (
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat/life"
)

// checkSymmetry reports why the symmetry s cannot apply to a w x h box
// moving by shift, or nil.
func checkSymmetry(s life.Symmetry, w, h int, shift image.Point) error {
	if s.Square() && w != h {
		return fmt.Errorf("%w: symmetry %s needs a square box, not %dx%d", ErrProblem, s, w, h)
	}
	for _, g := range s.Generators() {
		if g.Apply(shift) != shift {
			return fmt.Errorf("%w: symmetry %s does not preserve the shift (%d,%d): the pattern could not move that way", ErrProblem, s, shift.X, shift.Y)
		}
	}
	return nil
}

// representatives is the region of area that keeps, of each orbit of its
// cells under the symmetry s of a w x h box, the first cell in row order.
// It is all of area when some image of a cell of area lies outside it.
func representatives(s life.Symmetry, area image.Rectangle, w, h int) region {
	g := s.Group()
	if len(g) == 1 {
		return all(area)
	}
	skip := make([]bool, area.Dx()*area.Dy())
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			for _, m := range g[1:] {
				gx, gy := m.Cell(x, y, w, h)
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
