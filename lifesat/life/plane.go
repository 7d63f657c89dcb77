package life

import (
	"context"
	"errors"
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
// A pattern that comes back as it was (a still life, an oscillator, a
// pattern that has died out) or moved (a spaceship) is seen to repeat
// (Brent's cycle detection, two copies of the pattern kept) and the rest
// of the n generations is skipped: what they give is computed from the
// period and the motion, so a large n costs the generations up to the
// first repeat and one period more. A result wider or taller than
// MaxFrame cells is an error (ErrFrame), found before it is built.
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
	box := image.Rect(0, 0, w, h)
	var at image.Point // where cur's cell (0, 0) lies in b's frame
	cur := b
	// Brent's cycle detection on the pattern's state: the cells that
	// differ from the plane (cropped), where they lie, and the plane's
	// phase. saved is the state at generation savedT; it is replaced at
	// every power of two, and a state equal to it but for where it lies
	// repeats with that motion.
	var saved planeState
	savedT, power, detect := -1, 1, true
	for t := 0; t < n; t++ {
		if err := ctx.Err(); err != nil {
			return nil, image.Point{}, err
		}
		here := bg.Moved(at, 0) // the plane in cur's coordinates
		live := differing(cur, here, t)
		if live.Empty() { // the plane alone makes only the plane
			return bg.Window(nil, n, box), image.Point{}, nil
		}
		if detect {
			st := planeState{cur.Crop(live), at.Add(live.Min), t % bg.Period()}
			switch {
			case savedT >= 0 && st.cells.Equal(saved.cells) && st.phase == saved.phase:
				// Generation t is generation savedT moved by shift, and so
				// is every generation t + k·period after it: jump to the
				// last of them before n, and step the rest.
				period, shift := t-savedT, st.at.Sub(saved.at)
				k := (n - t) / period
				end := st.at.Add(shift.Mul(k))
				if err := fits(box, image.Rectangle{Min: end, Max: end.Add(live.Size())}); err != nil {
					return nil, image.Point{}, err
				}
				cur, at, t, detect = st.cells, end, t+k*period, false
				if t < n {
					here = bg.Moved(at, 0)
					live = differing(cur, here, t)
				}
			case savedT < 0 || t-savedT == power:
				if savedT >= 0 {
					power *= 2
				}
				saved, savedT = st, t
			}
			if t == n {
				break
			}
		}
		ring := live.Inset(-1)
		if err := fits(box, ring.Add(at)); err != nil {
			return nil, image.Point{}, err
		}
		cur = StepOn(here.Window(cur, t, ring), r, here.Moved(ring.Min, 0), t)
		at = at.Add(ring.Min)
	}
	frame := box.Union(differing(cur, bg.Moved(at, 0), n).Add(at))
	return bg.Moved(at, 0).Window(cur, n, frame.Sub(at)), frame.Min, nil
}

// A planeState is a pattern in the plane as Plane's cycle detection sees
// it: the cells that differ from the plane, cropped to their bounding
// box; where that box lies in the first board's frame; and the plane's
// phase (the generation modulo its period).
type planeState struct {
	cells *Board
	at    image.Point
	phase int
}

// MaxFrame is the largest width and height of a board that Plane returns.
const MaxFrame = 4096

// ErrFrame is Plane's error for a pattern that grows or moves out of
// every frame of MaxFrame cells a side that holds the first board.
var ErrFrame = errors.New("life: the pattern outgrows the largest frame")

// fits returns ErrFrame, with the size, when box and r together span more
// than MaxFrame cells a side.
func fits(box, r image.Rectangle) error {
	u := box.Union(r)
	if u.Dx() > MaxFrame || u.Dy() > MaxFrame {
		return fmt.Errorf("%w: it would span %dx%d cells (at most %d a side)", ErrFrame, u.Dx(), u.Dy(), MaxFrame)
	}
	return nil
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
