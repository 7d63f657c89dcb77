package lifesat

import (
	"errors"
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
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
// Period equals generation 0 moved by Shift. Everything outside the box is
// dead at all times, including the one-cell ring around it where nothing
// may be born: a pattern in the box lives in an empty plane.
//
// Still lifes have Period 1, oscillators a Shift of zero, spaceships a
// Shift that is not zero. The zero values of the other fields add no
// constraint.
type Problem struct {
	Width, Height int
	// Period is the number of generations in a cycle; 0 and 1 both
	// mean a still life.
	Period int
	// Shift is how far generation Period lies from generation 0: (1, 1)
	// for a glider moving down and right, (-2, 0) for a c/2 ship moving
	// left. Spaceships only.
	Shift image.Point
	// Symmetry is a symmetry every generation must have; "" means none.
	Symmetry life.Symmetry
	// MinPop and MaxPop bound the population of generation 0; a MaxPop of
	// 0 means no upper bound.
	MinPop, MaxPop int
	// Cage, when not nil, is a board of the box's size whose live cells
	// are the only ones that may be alive at generation 0 (the "potentially
	// alive" cells of Knuth's sat-life programs).
	Cage *life.Board
	// Blink lists cells that must be alive at generation 0 and dead at
	// generation 1 (Bosch's way to rule out still lifes when maximizing
	// oscillators). Period 2 or more only.
	Blink []image.Point
	// Template, when not nil, is a partial pattern of the box's size that
	// the answer must agree with (see Template). With a template and a
	// Period of 0 the search is a reaction of len(Template.Gens)
	// generations that need not come back; the empty pattern is then
	// admitted, as in logic-life-search (ask MinPop 1 to rule it out),
	// and answers are distinct when they differ in any cell of any
	// generation.
	Template *tmpl.Template
	// Known lists cells whose state at one generation is given (see
	// KnownCell): the cubes of a split search.
	Known []KnownCell
}

// StillLife is the problem of a still life in a w x h box.
func StillLife(w, h int) Problem { return Problem{Width: w, Height: h, Period: 1} }

// Oscillator is the problem of an oscillator of period p in a w x h box.
func Oscillator(p, w, h int) Problem { return Problem{Width: w, Height: h, Period: p} }

// Spaceship is the problem of a spaceship of period p that moves by
// (dx, dy) every p generations, each generation fitting in a w x h box.
func Spaceship(p, dx, dy, w, h int) Problem {
	return Problem{Width: w, Height: h, Period: p, Shift: image.Pt(dx, dy)}
}

// period is p.Period with 0 read as 1.
func (p Problem) period() int { return max(p.Period, 1) }

// Box is the search box in board coordinates.
func (p Problem) Box() image.Rectangle { return image.Rect(0, 0, p.Width, p.Height) }

// Kind is "still life", "oscillator", "spaceship" or, for a template
// without a period, "reaction".
func (p Problem) Kind() string {
	switch {
	case p.transient():
		return "reaction"
	case p.Shift != image.Point{}:
		return "spaceship"
	case p.period() > 1:
		return "oscillator"
	}
	return "still life"
}

// String is a short description like "still life 16x16",
// "oscillator p3 16x16" or "spaceship p4 (1,1) 5x5".
func (p Problem) String() string {
	s := fmt.Sprintf("%s %dx%d", p.Kind(), p.Width, p.Height)
	switch p.Kind() {
	case "oscillator":
		s = fmt.Sprintf("oscillator p%d %dx%d", p.period(), p.Width, p.Height)
	case "spaceship":
		s = fmt.Sprintf("spaceship p%d (%d,%d) %dx%d", p.period(), p.Shift.X, p.Shift.Y, p.Width, p.Height)
	case "reaction":
		s = fmt.Sprintf("reaction of %d generations %dx%d", p.gens(), p.Width, p.Height)
	}
	if p.Template != nil && !p.transient() {
		s += " template"
	}
	if p.Symmetry != "" && p.Symmetry != life.C1 {
		s += " " + string(p.Symmetry)
	}
	if len(p.Known) > 0 {
		s += fmt.Sprintf(" (%d cells known)", len(p.Known))
	}
	return s
}

// Validate checks the sizes against the limits and the constraints
// against each other.
func (p Problem) Validate() error {
	switch {
	case p.Width <= 0 || p.Height <= 0:
		return fmt.Errorf("%w: box %dx%d: sides must be positive", ErrProblem, p.Width, p.Height)
	case p.Width > MaxSide || p.Height > MaxSide:
		return fmt.Errorf("%w: box %dx%d: sides are limited to %d", ErrProblem, p.Width, p.Height, MaxSide)
	case p.Period < 0 || p.Period > MaxPeriod:
		return fmt.Errorf("%w: period %d: want 1..%d", ErrProblem, p.Period, MaxPeriod)
	case p.Width*p.Height*p.gens() > MaxCells:
		return fmt.Errorf("%w: %dx%d box over %d generations is %d cells, more than the limit of %d",
			ErrProblem, p.Width, p.Height, p.gens(), p.Width*p.Height*p.gens(), MaxCells)
	case p.Shift != image.Point{} && p.period() == 1:
		return fmt.Errorf("%w: a spaceship needs a period of 2 or more", ErrProblem)
	case abs(p.Shift.X) > MaxSide || abs(p.Shift.Y) > MaxSide:
		return fmt.Errorf("%w: shift (%d,%d) is larger than any box", ErrProblem, p.Shift.X, p.Shift.Y)
	case p.MinPop < 0 || p.MaxPop < 0:
		return fmt.Errorf("%w: population bounds must not be negative", ErrProblem)
	case p.MaxPop > 0 && p.MinPop > p.MaxPop:
		return fmt.Errorf("%w: minimum population %d above maximum %d", ErrProblem, p.MinPop, p.MaxPop)
	case p.Cage != nil && (p.Cage.Width() != p.Width || p.Cage.Height() != p.Height):
		return fmt.Errorf("%w: cage is %dx%d, box %dx%d", ErrProblem, p.Cage.Width(), p.Cage.Height(), p.Width, p.Height)
	}
	for _, pt := range p.Blink {
		if !pt.In(p.Box()) {
			return fmt.Errorf("%w: blinking cell (%d,%d) outside the %dx%d box", ErrProblem, pt.X, pt.Y, p.Width, p.Height)
		}
		if p.gens() < 2 {
			return fmt.Errorf("%w: a blinking cell needs a period of 2 or more", ErrProblem)
		}
	}
	if p.Symmetry != "" {
		if _, err := life.ParseSymmetry(string(p.Symmetry)); err != nil {
			return err
		}
		if err := checkSymmetry(p.Symmetry, p.Width, p.Height, p.Shift); err != nil {
			return err
		}
	}
	if err := p.validateKnown(); err != nil {
		return err
	}
	if p.Template != nil {
		return p.validateTemplate()
	}
	return nil
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// plainStillLife reports whether p asks for any still life of its box:
// period 1 and no symmetry, cage or population bound. The row-by-row
// programs (CountStillLifes, MaxStillLife) answer such problems without a
// solver.
func (p Problem) plainStillLife() bool {
	lo, hi := p.popBounds()
	return p.period() == 1 && p.Shift == (image.Point{}) && (p.Symmetry == "" || p.Symmetry == life.C1) &&
		p.Cage == nil && lo == 0 && hi == p.Width*p.Height && len(p.Blink) == 0 && p.Template == nil && len(p.Known) == 0
}

// outOfReach reports whether the shift is larger than the box, so that no
// pattern solves p: generation Period-1 lives in the box, its successor in
// the box and the ring around it, and that successor is generation 0
// moved by the shift, which leaves that area when |dx| > Width or |dy| >
// Height.
func (p Problem) outOfReach() bool {
	return abs(p.Shift.X) > p.Width || abs(p.Shift.Y) > p.Height
}

// popBounds is the one place that reads MinPop and MaxPop: the range
// lo..hi of generation 0's population that the problem admits, with hi
// clamped to the box's cells (a MaxPop of 0, or one the box cannot reach,
// is no bound). lo may exceed the box's cells: then no pattern exists.
func (p Problem) popBounds() (lo, hi int) {
	cells := p.Width * p.Height
	hi = cells
	if p.MaxPop > 0 {
		hi = min(p.MaxPop, cells)
	}
	return p.MinPop, hi
}

// A Pattern is one answer to a Problem: its generations 0..Period-1 (for
// a template without a period, one per template generation), each a
// board of the box's size.
type Pattern struct {
	Phases []*life.Board
	// Rule is, for an answer found under a partial rule, the range of
	// rules it works in (Problem.RuleRange); the zero Rule otherwise.
	Rule rule.Rule
}

// Board is generation 0.
func (p *Pattern) Board() *life.Board { return p.Phases[0] }

// frame is the area in which a pattern's generations are compared: the
// box and its image moved by the shift, with the one-cell ring around.
func (p Problem) frame() image.Rectangle {
	return p.Box().Union(p.Box().Add(p.Shift)).Inset(-1)
}

// Check re-simulates pat with the plain Step in an empty plane and reports
// how it fails to solve the problem under the settings' rule, or nil. It
// checks every generation's successor, the exact period (unless
// AnyPeriod), the symmetry, the cage, the template, the population bounds
// and, unless AllowEmpty or a template, that generation 0 is not empty.
// The successor is checked where the search states the rule: on the box
// and the ring around it, or on the box alone for an open template, but
// for the template's free cells. Under a partial rule, pat must solve p
// in some rule of its range: Check finds the range pat needs
// (RuleRange) and re-simulates pat under its least and its most rule.
func (p Problem) Check(pat *Pattern, s *Settings) error {
	set := s.orDefaults()
	if set.Rule.Partial() {
		rng, err := p.RuleRange(pat, set.Rule)
		if err != nil {
			return err
		}
		for _, r := range []rule.Rule{rng.Min(), rng.Max()} {
			set.Rule = r
			if err := p.Check(pat, &set); err != nil {
				return fmt.Errorf("%w (under %v, in the range %v)", err, r, rng)
			}
		}
		return nil
	}
	per := p.gens()
	if len(pat.Phases) != per {
		return fmt.Errorf("lifesat: pattern has %d phases, want %d", len(pat.Phases), per)
	}
	for t, b := range pat.Phases {
		if b.Width() != p.Width || b.Height() != p.Height {
			return fmt.Errorf("lifesat: phase %d is %dx%d, want %dx%d", t, b.Width(), b.Height(), p.Width, p.Height)
		}
	}
	// One step at a time in a frame one cell larger than the box (and its
	// moved image): the ring shows any birth outside the box.
	f := p.frame()
	free := p.freeCells()
	for t, b := range pat.Phases {
		if t+1 == per && p.transient() {
			break
		}
		got := life.Step(b.Crop(f), set.Rule, life.Dead)
		want := pat.Phases[0].Crop(f.Sub(p.Shift))
		if t+1 < per {
			want = pat.Phases[t+1].Crop(f)
		}
		if p.Template != nil {
			// Compare only where the rule is stated.
			area := p.stepArea(t)
			for y := f.Min.Y; y < f.Max.Y; y++ {
				for x := f.Min.X; x < f.Max.X; x++ {
					if !image.Pt(x, y).In(area) || free[t][image.Pt(x, y)] {
						got.Set(x-f.Min.X, y-f.Min.Y, false)
						want.Set(x-f.Min.X, y-f.Min.Y, false)
					}
				}
			}
		}
		if !got.Equal(want) {
			switch {
			case t+1 < per:
				return fmt.Errorf("lifesat: generation %d does not step to generation %d", t, t+1)
			case p.Shift == image.Point{}:
				return fmt.Errorf("lifesat: generation %d does not step to generation 0", t)
			}
			return fmt.Errorf("lifesat: generation %d does not step to generation 0 moved by (%d,%d)", t, p.Shift.X, p.Shift.Y)
		}
	}
	if p.Template != nil {
		if err := p.checkTemplate(pat); err != nil {
			return err
		}
	}
	if err := p.checkKnown(pat); err != nil {
		return err
	}
	if !set.AnyPeriod && !p.transient() {
		for d := 1; d < per; d++ {
			sx, sy := p.Shift.X*d, p.Shift.Y*d
			if per%d != 0 || sx%per != 0 || sy%per != 0 {
				continue
			}
			if pat.Phases[d].Crop(f).Equal(pat.Phases[0].Crop(f.Sub(image.Pt(sx/per, sy/per)))) {
				return fmt.Errorf("lifesat: the pattern repeats after %d generations, before its period %d", d, per)
			}
		}
	}
	if p.Symmetry != "" {
		for t, b := range pat.Phases {
			if !p.Symmetry.Holds(b) {
				return fmt.Errorf("lifesat: generation %d lacks symmetry %s", t, p.Symmetry)
			}
		}
	}
	b := pat.Board()
	if p.Cage != nil {
		for y := range p.Height {
			for x := range p.Width {
				if b.Alive(x, y) && !p.Cage.Alive(x, y) {
					return fmt.Errorf("lifesat: cell (%d,%d) is alive outside the cage", x, y)
				}
			}
		}
	}
	for _, pt := range p.Blink {
		if !b.Alive(pt.X, pt.Y) || pat.Phases[1].Alive(pt.X, pt.Y) {
			return fmt.Errorf("lifesat: cell (%d,%d) does not blink", pt.X, pt.Y)
		}
	}
	pop := b.Population()
	switch {
	case pop < p.MinPop:
		return fmt.Errorf("lifesat: population %d below the minimum %d", pop, p.MinPop)
	case p.MaxPop > 0 && pop > p.MaxPop:
		return fmt.Errorf("lifesat: population %d above the maximum %d", pop, p.MaxPop)
	case pop == 0 && (!set.AllowEmpty && p.Template == nil || p.Shift != image.Point{}):
		return errors.New("lifesat: the pattern is empty")
	}
	return nil
}
