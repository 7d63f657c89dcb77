package lifeplot

import (
	"fmt"
	"image"
	"image/gif"
	"io"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// DefaultDelay is the time a GIF shows each frame when GIFOptions name
// none, in hundredths of a second.
const DefaultDelay = 30

// GIFOptions say how an animation is drawn. A nil *GIFOptions means the
// defaults, and so does the zero value of every field.
type GIFOptions struct {
	// BoardOptions draw each frame, as BoardImage does (Labels and Gap
	// do not apply).
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
		anim.Image = append(anim.Image, BoardImage(b, bo))
		anim.Delay = append(anim.Delay, delay)
	}
	if anim.Image[0].Rect.Empty() {
		return fmt.Errorf("%w: GIF of %dx%d boards without a mesh has no pixels",
			ErrInput, phases[0].Width(), phases[0].Height())
	}
	return gif.EncodeAll(w, anim)
}

// Frames simulates pat's generation 0 for gens generations in the empty
// plane under rule r (life.Run on a board padded so far that nothing
// reaches its edge) and returns generations 0..gens-1, each cropped to the
// same frame: the smallest rectangle holding every live cell of every
// generation, grown by margin cells on every side. A spaceship therefore
// visibly moves across the frame, and the frames of an oscillator over
// one period loop without a jump. gens 0 means one period, the number of
// pat's phases. When no cell is ever alive the frame is pat's box grown
// by margin. The rule is used as given; the zero Rule names no rule and
// life.Step panics on it (pass rule.Life for Life).
//
// Frames returns nil when pat has no phases or gens is negative.
func Frames(pat *lifesat.Pattern, r rule.Rule, gens int, margin int) []*life.Board {
	if pat == nil || len(pat.Phases) == 0 || gens < 0 {
		return nil
	}
	if gens == 0 {
		gens = len(pat.Phases)
	}
	margin = max(margin, 0)
	b := pat.Board()
	// A cell's influence travels at most one cell a generation, so gens
	// generations need a ring of gens cells (and one more, so that what
	// is born at the edge is counted).
	pad := gens + 1
	run := life.Run(b.Pad(pad), r, life.Dead, gens-1)
	var frame image.Rectangle
	for _, g := range run {
		frame = frame.Union(g.BoundingBox())
	}
	if frame.Empty() {
		frame = image.Rect(pad, pad, pad+b.Width(), pad+b.Height())
	}
	frame = frame.Inset(-margin)
	out := make([]*life.Board, len(run))
	for i, g := range run {
		out[i] = g.Crop(frame)
	}
	return out
}
