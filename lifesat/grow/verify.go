package grow

import (
	"errors"
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat/apgcode"
	"github.com/lifesat/lifesat/lifesat/life"
)

// found checks a ship's rows on the plane and keeps it when its apgcode
// is new.
// errInternal marks a ship that fails its check: a bug of the search.
var errInternal = errors.New("grow: internal error")

func (s *searcher) found(rows []uint32) error {
	sh, err := s.check(rows)
	if err != nil {
		return err
	}
	if !s.codes[sh.Code] {
		s.codes[sh.Code] = true
		s.res.Ships = append(s.res.Ships, sh)
	}
	return nil
}

// check re-simulates generation 0 of the rows with life.Plane: every
// generation stays in the strip, generation P is generation 0 moved up K
// cells, and it is named by apgcode.Identify. A failure is a bug of the
// search, reported as an error.
func (s *searcher) check(rows []uint32) (Ship, error) {
	P, K, W := s.g.P, s.g.K, s.g.W
	b0 := s.g.phase(rows, 0)
	if b0.Population() == 0 {
		return Ship{}, fmt.Errorf("%w: an empty ship (%d rows)", errInternal, len(rows))
	}
	r := s.p.rule()
	cur, at := b0, image.Point{}
	var spans []image.Rectangle // generation t's box, in b0's frame
	for t := 0; t < 2*P; t++ {
		box := cur.BoundingBox().Add(at)
		if box.Empty() || box.Min.X < 0 || box.Max.X > W {
			return Ship{}, fmt.Errorf("%w: generation %d of a ship leaves the strip (%v)", errInternal, t, box)
		}
		spans = append(spans, box)
		if t == P && (box != spans[0].Add(image.Pt(0, -K)) || !cur.Crop(cur.BoundingBox()).Equal(b0.Crop(b0.BoundingBox()))) {
			return Ship{}, fmt.Errorf("%w: generation %d of a ship is not generation 0 moved (0, %d)", errInternal, P, -K)
		}
		next, off, err := life.Plane(s.ctx, cur, r, 1)
		if err != nil {
			return Ship{}, err
		}
		cur, at = next, at.Add(off)
	}
	length := 1 << 30
	for t0 := range P {
		u := spans[t0]
		for _, b := range spans[t0+1 : t0+P] {
			u = u.Union(b)
		}
		length = min(length, u.Dy())
	}
	obj, err := apgcode.Identify(s.ctx, b0, r, nil)
	if err != nil {
		return Ship{}, fmt.Errorf("%w: a ship not named: %v", errInternal, err)
	}
	return Ship{Board: b0.Crop(b0.BoundingBox()), Code: obj.Code.String(), Length: length, rows: rows, g: s.g}, nil
}
