package lifesat

import (
	"image"

	"github.com/lifesat/lifesat/lifesat/life"
)

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
