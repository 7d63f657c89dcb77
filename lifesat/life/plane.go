package life

import (
	"context"
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat/rule"
)

// Plane runs b for n generations in the infinite plane, everything
// outside b the empty plane at the start, and returns the result in b's
// frame grown to hold every cell that differs from the plane around it:
// the smallest rectangle that holds both b's box and those cells, in b's
// coordinates (so its cell (0, 0) is b's when nothing happened above or
// left of b). Each generation steps only those cells' bounding box and
// the ring around it, so the time is proportional to the pattern's
// region, not to the frame padded by n. ctx is checked every generation.
//
// Under a rule without B0 the plane around the pattern stays dead. Under
// a B0 rule without S8 it strobes (Vacuum): at odd generations every cell
// of the plane that the pattern has not touched is alive, so the result
// for an odd n is drawn on a live plane, and the cells beyond the
// returned board are alive. A rule with B0 and S8, which has no periodic
// empty plane, a partial rule, the zero Rule and n < 0 are errors.
func Plane(ctx context.Context, b *Board, r rule.Rule, n int) (*Board, image.Point, error) {
	switch {
	case r.IsZero() || r.Partial():
		return nil, image.Point{}, fmt.Errorf("life: Plane needs a complete rule, not %v", r)
	case n < 0:
		return nil, image.Point{}, fmt.Errorf("life: Plane for %d generations", n)
	}
	bg, err := Vacuum(r)
	if err != nil {
		return nil, image.Point{}, fmt.Errorf("life: rule %v has B0: %w", r, err)
	}
	w, h := b.Width(), b.Height()
	var at image.Point // where cur's cell (0, 0) lies in b's frame
	cur := b
	for t := range n {
		if err := ctx.Err(); err != nil {
			return nil, image.Point{}, err
		}
		here := bg.Moved(at, 0) // the plane in cur's coordinates
		live := differing(cur, here, t)
		if live.Empty() { // the plane alone makes only the plane
			return bg.Window(nil, n, image.Rect(0, 0, w, h)), image.Point{}, nil
		}
		ring := live.Inset(-1)
		cur = StepOn(here.Window(cur, t, ring), r, here.Moved(ring.Min, 0), t)
		at = at.Add(ring.Min)
	}
	frame := image.Rect(0, 0, w, h).Union(differing(cur, bg.Moved(at, 0), n).Add(at))
	return bg.Moved(at, 0).Window(cur, n, frame.Sub(at)), frame.Min, nil
}

// differing is the bounding box of the cells of b that differ from the
// plane bg at generation t, in b's coordinates.
func differing(b *Board, bg *Background, t int) image.Rectangle {
	if bg == nil {
		return b.BoundingBox()
	}
	var r image.Rectangle
	for y := range b.h {
		for x := range b.w {
			if b.cells[y*b.w+x] != bg.Alive(t, x, y) {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}
