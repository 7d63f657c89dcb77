package lifeplot

import (
	"context"
	"fmt"
	"image"
	"image/gif"
	"io"
	"strconv"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// DefaultDelay is the time a GIF shows each frame when GIFOptions name
// none, in hundredths of a second.
const DefaultDelay = 30

// GIFOptions say how an animation is drawn. A nil *GIFOptions means the
// defaults, and so does the zero value of every field.
type GIFOptions struct {
	// BoardOptions draw each frame, as BoardImage does. Labels writes
	// "t=0", "t=1", ... above the frames, a generation counter; Changes
	// tints the cells that differ from the frame before (the first frame
	// against the last with Cycle); Gap does not apply.
	BoardOptions
	// Delay is the time each frame is shown, in hundredths of a second;
	// 0 means DefaultDelay.
	Delay int
}

// GIF writes an animated GIF to w with one frame per board, each drawn by
// BoardImage, looping forever: the phases of an oscillator, or the
// generations of a spaceship from Frames. (A single board makes a still
// GIF, which image/gif writes without the looping extension.) The boards must all have the
// same size; no boards, a nil board or boards of different sizes are
// errors wrapping ErrInput.
func GIF(w io.Writer, phases []*life.Board, o *GIFOptions) error {
	if len(phases) == 0 {
		return fmt.Errorf("%w: GIF of no boards", ErrInput)
	}
	var bo *BoardOptions
	delay := DefaultDelay
	if o != nil {
		bo = &o.BoardOptions
		if o.Delay > 0 {
			delay = o.Delay
		}
	}
	anim := &gif.GIF{LoopCount: 0}
	for i, b := range phases {
		if b == nil {
			return fmt.Errorf("%w: board %d of the GIF is nil", ErrInput, i)
		}
		if b.Width() != phases[0].Width() || b.Height() != phases[0].Height() {
			return fmt.Errorf("%w: board %d of the GIF is %dx%d, board 0 is %dx%d",
				ErrInput, i, b.Width(), b.Height(), phases[0].Width(), phases[0].Height())
		}
		anim.Image = append(anim.Image, frame(phases, i, bo))
		anim.Delay = append(anim.Delay, delay)
	}
	if anim.Image[0].Rect.Empty() {
		return fmt.Errorf("%w: GIF of %dx%d boards without a mesh has no pixels",
			ErrInput, phases[0].Width(), phases[0].Height())
	}
	return gif.EncodeAll(w, anim)
}

// frame draws frame i of a GIF: BoardImage, with the label band and the
// changes of Strip.
func frame(phases []*life.Board, i int, o *BoardOptions) *image.Paletted {
	b := phases[i]
	if o == nil || !o.Labels && !o.Changes {
		return BoardImage(b, o)
	}
	g := o.geom()
	band, scale := 0, max(1, g.s/6)
	text := "t=" + strconv.Itoa(i)
	if o.Labels {
		band = (glyphH + 2) * scale
	}
	at := Origin(b, o)
	sz := g.size(b.Width(), b.Height()).Add(at)
	// Wide enough for the label of the last frame, so all frames are alike.
	sz.X = max(sz.X, textWidth("t="+strconv.Itoa(len(phases)-1), scale))
	sz.Y += band
	at.Y += band
	img := image.NewPaletted(image.Rectangle{Max: sz}, o.palette())
	drawCells(img, at, b, before(phases, i, o), g)
	decorate(img, at, b, o)
	if o.Labels {
		drawText(img, image.Pt((sz.X-textWidth(text, scale))/2, scale), text, scale, idxAlive)
	}
	return img
}

// Frames simulates b for gens generations in the empty plane under rule
// r (life.Plane, one generation at a time) and returns generations
// 0..gens-1, each cropped to the same frame: the smallest rectangle
// holding every live cell of every generation, grown by margin cells on
// every side. A spaceship therefore visibly moves across the frame, and
// the frames of an oscillator over one period loop without a jump. When
// no cell is ever alive the frame is b's box grown by margin. The rule
// must be complete and without B0: under B0 the plane around the
// pattern strobes, and a frame would not show it.
//
// Frames returns nil when b is nil, gens is less than 1, the rule has B0
// or it cannot be run in the plane.
func Frames(b *life.Board, r rule.Rule, gens int, margin int) []*life.Board {
	if b == nil || gens < 1 || r.BirthOnZero() {
		return nil
	}
	margin = max(margin, 0)
	// Each generation in its own frame, and where that frame lies.
	run := []*life.Board{b}
	at := []image.Point{{}}
	for len(run) < gens {
		next, off, err := life.Plane(context.Background(), run[len(run)-1], r, 1)
		if err != nil {
			return nil
		}
		run = append(run, next)
		at = append(at, at[len(at)-1].Add(off))
	}
	var frame image.Rectangle
	for i, g := range run {
		frame = frame.Union(g.BoundingBox().Add(at[i]))
	}
	if frame.Empty() {
		frame = image.Rect(0, 0, b.Width(), b.Height())
	}
	frame = frame.Inset(-margin)
	out := make([]*life.Board, len(run))
	for i, g := range run {
		out[i] = g.Crop(frame.Sub(at[i]))
	}
	return out
}
