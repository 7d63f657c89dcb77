package life

import (
	"context"
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat/rule"
)

// Plane runs b for n generations in the infinite plane, everything
// outside b dead at the start, and returns the result in b's frame grown
// to hold every live cell: the smallest rectangle that holds both b's
// box and the live cells, in b's coordinates (so its cell (0, 0) is b's
// when nothing was born above or left of b). Each generation steps only
// the live cells' bounding box and the ring around it, so the time is
// proportional to the live region, not to the frame padded by n. ctx is
// checked every generation.
//
// The rule must not have B0, under which the empty plane fills at once:
// Plane returns an error for it, for a partial rule and for the zero
// Rule, and for n < 0.
func Plane(ctx context.Context, b *Board, r rule.Rule, n int) (*Board, image.Point, error) {
	switch {
	case r.IsZero() || r.Partial():
		return nil, image.Point{}, fmt.Errorf("life: Plane needs a complete rule, not %v", r)
	case r.BirthOnZero():
		return nil, image.Point{}, fmt.Errorf("life: rule %v has B0: the empty plane does not stay empty", r)
	case n < 0:
		return nil, image.Point{}, fmt.Errorf("life: Plane for %d generations", n)
	}
	w, h := b.Width(), b.Height()
	var at image.Point // where cur's cell (0, 0) lies in b's frame
	cur := b
	for range n {
		if err := ctx.Err(); err != nil {
			return nil, image.Point{}, err
		}
		live := cur.BoundingBox()
		if live.Empty() {
			break // nothing is born from nothing without B0
		}
		ring := live.Inset(-1)
		cur = Step(cur.Crop(ring), r, Dead)
		at = at.Add(ring.Min)
	}
	frame := image.Rect(0, 0, w, h).Union(cur.BoundingBox().Add(at))
	return cur.Crop(frame.Sub(at)), frame.Min, nil
}
