package lifesat

import (
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat/life"
)

// Kind is "still life", "oscillator", "spaceship" or, for a template
// without a period, "reaction". A pattern that comes back moved, after
// its period's motion has been applied as often as its transform's order,
// is a spaceship; one that comes back in place after more than one
// generation is an oscillator (a still life whose generation 1 is its
// generation 0 turned is one).
func (p Problem) Kind() string {
	switch {
	case p.transient():
		return "reaction"
	case p.travel() != image.Point{}:
		return "spaceship"
	case p.period()*p.turns() > 1:
		return "oscillator"
	}
	return "still life"
}

// String is a short description like "still life 16x16",
// "oscillator p3 16x16", "spaceship p4 (1,1) 5x5" or, with a transform,
// "spaceship p2 F- (1,0) 7x5".
func (p Problem) String() string {
	s := fmt.Sprintf("%s %dx%d", p.Kind(), p.Width, p.Height)
	motion := fmt.Sprintf("p%d", p.period())
	if p.Transform != life.Id {
		motion += " " + p.Transform.String()
	}
	switch p.Kind() {
	case "oscillator":
		s = fmt.Sprintf("oscillator %s %dx%d", motion, p.Width, p.Height)
		if p.Shift != (image.Point{}) {
			s = fmt.Sprintf("oscillator %s (%d,%d) %dx%d", motion, p.Shift.X, p.Shift.Y, p.Width, p.Height)
		}
	case "spaceship":
		s = fmt.Sprintf("spaceship %s (%d,%d) %dx%d", motion, p.Shift.X, p.Shift.Y, p.Width, p.Height)
	case "reaction":
		s = fmt.Sprintf("reaction of %d generations %dx%d", p.gens(), p.Width, p.Height)
	}
	if p.Template != nil && !p.transient() {
		s += " template"
	}
	if p.Symmetry != "" && p.Symmetry != life.C1 {
		s += " " + string(p.Symmetry)
	}
	if p.Background != nil {
		w, h := p.Background.Size()
		s += fmt.Sprintf(" on a %dx%d background", w, h)
	}
	if len(p.Known) > 0 {
		s += fmt.Sprintf(" (%d cells known)", len(p.Known))
	}
	return s
}
