package apgcode

import (
	"context"
	"errors"
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// Options bound the simulation of Identify. The zero Options, and a nil
// *Options, mean the defaults.
type Options struct {
	// MaxPeriod is the longest period looked for: Identify runs the
	// pattern at most this many generations waiting for its first
	// generation to come back. 0 means DefaultMaxPeriod.
	MaxPeriod int

	// MaxArea is the largest bounding box, in cells, that a generation
	// may have: a pattern that grows past it is taken not to come back.
	// 0 means DefaultMaxArea.
	MaxArea int
}

// The defaults of Options.
const (
	DefaultMaxPeriod = 4096
	DefaultMaxArea   = 1 << 14
)

// Catagolue's limits on what is encoded: a phase whose bounding box, with
// a border of one cell, has more than maxPhaseArea cells, or whose body is
// longer than maxBodyLen characters, is not a candidate; an object without
// candidates is "ov_" (lifelib's apgcode() defaults, 10000 and 1280).
const (
	maxPhaseArea = 10000
	maxBodyLen   = 1280
)

// ErrNotPeriodic is wrapped by the error of Identify for a pattern that is
// not seen to come back to its first generation, at the same place or
// moved, within the limits of the Options: it dies out, grows past
// MaxArea, runs past MaxPeriod generations, or settles into something
// other than its first generation.
var ErrNotPeriodic = errors.New("apgcode: not a still life, oscillator or spaceship")

// An Object is what Identify finds: the apgcode of a pattern, its period
// and how far it moves in a period.
type Object struct {
	Code Code
	// Period is the number of generations after which the pattern is
	// back, moved by Shift: 1 for a still life.
	Period int
	// Shift is where the pattern is after a period, relative to where it
	// was, in the board's frame (x to the right, y down): (0, 0) unless
	// it is a spaceship. The glider bo$2bo$3o! moves (1, 1) in 4
	// generations.
	Shift image.Point
}

// String is the apgcode.
func (o Object) String() string { return o.Code.String() }

// Identify names the pattern on b by its apgcode, as Catagolue does. It
// runs b under r in the infinite plane (everything outside b dead) until
// b comes back, at the same place or moved; the first time it does gives
// the period and the shift. The code's number is then the population of a
// still life (period 1, not moved), or the period of an oscillator (not
// moved) or a spaceship (moved; a moving object of period 1 is a
// spaceship too, "xq1"). Its body is the simplest, by the order of Encode,
// of the Wechsler bodies of every phase in every orientation: the eight
// orientations when r is isotropic (rule.Rule.Isotropic), as for Life,
// and only the phase as it lies otherwise, as lifelib does for rules
// without the square's symmetry. As in Catagolue, a phase is a candidate
// only if its bounding box with a one-cell border has at most 10000 cells
// and its body at most 1280 characters; without a candidate the code is
// "ov_" and Code.Body is "".
//
// The code names the whole pattern as one object, as lifelib's apgcode()
// does: two blocks far apart are one still life of 8 cells, and a glider
// with a block is not periodic at all. apgsearch first cuts a soup's
// debris into separate objects; Identify does not. The empty board is the
// still life "xs0_0".
//
// A pattern that does not come back within opt's limits (it dies out,
// grows past MaxArea or passes MaxPeriod generations, or is only
// eventually periodic, such as a pre-block) is not an object: the error
// wraps ErrNotPeriodic. The rule must be complete and without B0, under
// which the empty plane does not stay empty. ctx is checked every
// generation.
func Identify(ctx context.Context, b *life.Board, r rule.Rule, opt *Options) (Object, error) {
	switch {
	case r.IsZero() || r.Partial():
		return Object{}, fmt.Errorf("apgcode: Identify needs a complete rule, not %v", r)
	case r.BirthOnZero():
		return Object{}, fmt.Errorf("apgcode: rule %v has B0, which apgcodes of this package do not cover", r)
	}
	maxPeriod, maxArea := DefaultMaxPeriod, DefaultMaxArea
	if opt != nil && opt.MaxPeriod > 0 {
		maxPeriod = opt.MaxPeriod
	}
	if opt != nil && opt.MaxArea > 0 {
		maxArea = opt.MaxArea
	}
	box := b.BoundingBox()
	first := b.Crop(box)
	if first.Population() == 0 {
		return Object{Code: Code{Kind: Still, N: 0, Body: "0"}, Period: 1}, nil
	}
	if a := first.Width() * first.Height(); a > maxArea {
		return Object{}, fmt.Errorf("%w: its bounding box of %d cells is larger than %d", ErrNotPeriodic, a, maxArea)
	}
	// Find the period.
	g := gen{first, box.Min}
	period := 0
	for t := 1; t <= maxPeriod; t++ {
		if err := ctx.Err(); err != nil {
			return Object{}, err
		}
		g = g.next(r)
		switch pop := g.b.Population(); {
		case pop == 0:
			return Object{}, fmt.Errorf("%w: it dies out in generation %d", ErrNotPeriodic, t)
		case g.b.Width()*g.b.Height() > maxArea:
			return Object{}, fmt.Errorf("%w: its bounding box passes %d cells in generation %d", ErrNotPeriodic, maxArea, t)
		}
		if g.b.Equal(first) {
			period = t
			break
		}
	}
	if period == 0 {
		return Object{}, fmt.Errorf("%w: it does not come back within %d generations", ErrNotPeriodic, maxPeriod)
	}
	o := Object{Period: period, Shift: g.at.Sub(box.Min)}
	switch {
	case o.Shift != image.Point{}:
		o.Code = Code{Kind: Ship, N: period}
	case period == 1:
		o.Code = Code{Kind: Still, N: first.Population()}
	default:
		o.Code = Code{Kind: Oscillator, N: period}
	}
	// Choose the body among the phases.
	turn := r.Totalistic() || r.Isotropic() // Totalistic is the cheap test
	g = gen{first, box.Min}
	for t := range period {
		if t > 0 {
			if err := ctx.Err(); err != nil {
				return Object{}, err
			}
			g = g.next(r)
		}
		if (g.b.Width()+2)*(g.b.Height()+2) > maxPhaseArea {
			continue
		}
		if s := encode(g.b, turn); len(s) <= maxBodyLen && (o.Code.Body == "" || simpler(s, o.Code.Body)) {
			o.Code.Body = s
		}
	}
	return o, nil
}

// A gen is a generation in the plane: the board cropped to its live cells
// and where its cell (0, 0) lies.
type gen struct {
	b  *life.Board
	at image.Point
}

// next steps g once with the plain life.Step on g grown by the ring of
// cells that can be born, and crops the result to its live cells.
func (g gen) next(r rule.Rule) gen {
	n := life.Step(g.b.Pad(1), r, life.Dead)
	box := n.BoundingBox()
	return gen{n.Crop(box), g.at.Add(box.Min).Sub(image.Pt(1, 1))}
}
