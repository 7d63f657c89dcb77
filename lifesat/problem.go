package lifesat

import (
	"errors"
	"fmt"
	"image"
)

// Limits on the size of a search, checked before anything is allocated.
const (
	// MaxSide is the largest width or height of a search box.
	MaxSide = 4096
	// MaxCells bounds Width*Height*Period: about 2^18 cell variables, a
	// formula of some 16 million clauses, a few GiB for the solver.
	MaxCells = 1 << 18
	// MaxPeriod is the largest period.
	MaxPeriod = 256
)

// ErrProblem is wrapped by the errors that describe an impossible or
// oversized problem.
var ErrProblem = errors.New("lifesat: bad problem")

// A Problem describes the patterns to search for: Period generations
// 0..Period-1 that each fit in the Width x Height box, where generation
// Period equals generation 0. Everything outside the box is dead at all
// times, including the one-cell ring around it where nothing may be
// born: a pattern in the box lives in an empty plane.
type Problem struct {
	Width, Height int
	// Period is the number of generations in a cycle; 0 and 1 both
	// mean a still life.
	Period int
}

// StillLife is the problem of a still life in a w x h box.
func StillLife(w, h int) Problem { return Problem{Width: w, Height: h, Period: 1} }

// Oscillator is the problem of an oscillator of period p in a w x h box.
func Oscillator(p, w, h int) Problem { return Problem{Width: w, Height: h, Period: p} }

// period is p.Period with 0 read as 1.
func (p Problem) period() int { return max(p.Period, 1) }

// Box is the search box in board coordinates.
func (p Problem) Box() image.Rectangle { return image.Rect(0, 0, p.Width, p.Height) }

// String is a short description like "still life 16x16" or
// "oscillator p3 16x16".
func (p Problem) String() string {
	if p.period() == 1 {
		return fmt.Sprintf("still life %dx%d", p.Width, p.Height)
	}
	return fmt.Sprintf("oscillator p%d %dx%d", p.period(), p.Width, p.Height)
}

// Validate checks the sizes against the limits.
func (p Problem) Validate() error {
	switch {
	case p.Width <= 0 || p.Height <= 0:
		return fmt.Errorf("%w: box %dx%d: sides must be positive", ErrProblem, p.Width, p.Height)
	case p.Width > MaxSide || p.Height > MaxSide:
		return fmt.Errorf("%w: box %dx%d: sides are limited to %d", ErrProblem, p.Width, p.Height, MaxSide)
	case p.Period < 0 || p.Period > MaxPeriod:
		return fmt.Errorf("%w: period %d: want 1..%d", ErrProblem, p.Period, MaxPeriod)
	case p.Width*p.Height*p.period() > MaxCells:
		return fmt.Errorf("%w: %dx%d box over %d generations is %d cells, more than the limit of %d",
			ErrProblem, p.Width, p.Height, p.period(), p.Width*p.Height*p.period(), MaxCells)
	}
	return nil
}

// A Pattern is one answer to a Problem: its generations 0..Period-1, each
// a board of the box's size.
type Pattern struct {
	Phases []*Board
}

// Board is generation 0.
func (p *Pattern) Board() *Board { return p.Phases[0] }

// Check re-simulates pat with the plain Step in an empty plane and reports
// how it fails to solve the problem under the rule, or nil. With exact
// set, an oscillator must not repeat before its period.
func (p Problem) Check(pat *Pattern, r Rule, exact bool) error {
	per := p.period()
	if len(pat.Phases) != per {
		return fmt.Errorf("lifesat: pattern has %d phases, want %d", len(pat.Phases), per)
	}
	for t, b := range pat.Phases {
		if b.Width() != p.Width || b.Height() != p.Height {
			return fmt.Errorf("lifesat: phase %d is %dx%d, want %dx%d", t, b.Width(), b.Height(), p.Width, p.Height)
		}
	}
	// One step at a time in a plane one cell larger than the box: the
	// ring shows any birth outside the box.
	for t, b := range pat.Phases {
		got := Step(b.Pad(1), r, Dead)
		want := pat.Phases[(t+1)%per].Pad(1)
		if !got.Equal(want) {
			return fmt.Errorf("lifesat: generation %d does not step to generation %d", t, (t+1)%per)
		}
	}
	if exact {
		for d := 1; d < per; d++ {
			if per%d == 0 && pat.Phases[d].Equal(pat.Phases[0]) {
				return fmt.Errorf("lifesat: period is %d, not %d", d, per)
			}
		}
	}
	return nil
}
