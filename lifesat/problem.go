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
// Period equals generation 0 turned by Transform and moved by Shift. The
// box lies on a plane, by default the empty one: everything outside the
// box is dead at all times, including the one-cell ring around it where
// nothing may be born, so a pattern in the box lives in an empty plane.
// A Background lays the box on a periodic plane instead (an agar), and
// under a rule with B0 the plane strobes (see Background).
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
	// Transform turns or reflects generation 0, about the box's centre,
	// into generation Period, before the Shift moves it: generation
	// Period is Motion{Period, Transform, Shift} of generation 0 (see
	// Motion; a transform that swaps the axes turns a box that is not
	// square into the Height x Width box with the same top-left corner).
	// The pattern is generation 0 again, moved, after as many periods as
	// the transform's order (2 for a reflection or a half turn, 4 for a
	// quarter turn). So the LWSS, whose generation 2 is generation 0
	// mirrored top to bottom and moved one cell, is Period 2, Transform
	// life.FlipTB and Shift (1, 0) (for a ship moving right), and a
	// flipping oscillator of period 4 is Period 2 with a reflection. The
	// rule must be the same after the transform (Rule.Invariant). The
	// zero value, life.Id, turns nothing.
	Transform life.Transform
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

	// Background, when not nil, is the plane the box lies on: the cells
	// outside the box, the ring around it included, are the background's
	// at every generation, and the rule is stated on the box and the ring
	// as on the empty plane. The background must follow the rule
	// (life.Background.Check) and the period's motion must carry it onto
	// itself, or no pattern exists. Nil is the plane with nothing on it:
	// dead under a rule without B0, and under a B0 rule without S8 the
	// strobe of life.Vacuum, dead at even generations and alive at odd
	// ones (so only even periods come back); a rule with B0 and S8 needs
	// a Background. Population bounds count the live cells of the box; an
	// empty pattern is one that is the background.
	Background *life.Background
	// Asymmetric lists motions the pattern must not follow (LLS's -a):
	// for each motion m, some generation t among the problem's
	// generations (t+m.Gens one of them too) is not m of generation t
	// somewhere in the box or in the box's image under m. With Gens 0 a
	// motion is a symmetry: Motion{Transform: life.R180} rules out C2.
	Asymmetric []Motion
	// Change lists pairs of generations that must differ in some cell of
	// the box (LLS's -c).
	Change [][2]int
	// PopBounds bound the live cells of the box summed over chosen
	// generations (LLS's -p), beside MinPop and MaxPop.
	PopBounds []PopBound
	// MaxChange, MaxDecay and MaxGrowth bound, for each generation t of
	// the problem but 0 separately, how many cells of the box differ from
	// generation 0: in all, alive at 0 and dead at t, and dead at 0 and
	// alive at t (LLS's --max_change, --max_decay, --max_growth). The
	// zero Limit bounds nothing.
	MaxChange, MaxDecay, MaxGrowth Limit

	// Known lists cells whose state at one generation is given (see
	// KnownCell): the cubes of a split search.
	Known []KnownCell
}

// The problem's generations, which Change, PopBounds, Asymmetric and
// the template name, are 0..Period for a cycle (generation Period is
// generation 0 moved by the period's motion; generations past it are
// moved on again), or the template's when it has more; for a reaction,
// the template's. Generation g of a cycle is generation g mod Period
// moved by the motion g/Period times, and its cells that fall outside the
// box are the background.

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

// Validate checks the sizes against the limits and the constraints
// against each other. It cannot know the rule: Search, Count and Check
// also check what depends on it (the background under a B0 rule, and the
// rule's symmetry under the period's transform).
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
	case p.Transform > life.FlipAnti:
		return fmt.Errorf("%w: unknown transform %d", ErrProblem, p.Transform)
	case p.Shift != image.Point{} && p.period() == 1 && p.Transform == life.Id:
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
			return fmt.Errorf("%w: %w", ErrProblem, err)
		}
		if err := p.fitsSymmetry(p.Symmetry); err != nil {
			return err
		}
	}
	if err := p.Background.Validate(); err != nil {
		return fmt.Errorf("%w: %w", ErrProblem, err)
	}
	if err := p.validateConstraints(); err != nil {
		return err
	}
	if err := p.validateKnown(); err != nil {
		return err
	}
	if p.Template != nil {
		return p.validateTemplate()
	}
	return nil
}

// fitsSymmetry reports why the symmetry s cannot apply to p's box and
// motion, or nil: a symmetry with diagonals needs a square box, and the
// period's motion must carry the symmetry onto itself (so that generation
// Period, the motion's image of generation 0, has it too).
func (p Problem) fitsSymmetry(s life.Symmetry) error {
	if s.Square() && p.Width != p.Height {
		return fmt.Errorf("%w: symmetry %s needs a square box, not %dx%d", ErrProblem, s, p.Width, p.Height)
	}
	if !p.transient() && !p.normalizes(s) {
		if p.Transform == life.Id {
			return fmt.Errorf("%w: symmetry %s does not preserve the shift (%d,%d): the pattern could not move that way", ErrProblem, s, p.Shift.X, p.Shift.Y)
		}
		return fmt.Errorf("%w: symmetry %s is not carried onto itself by the period's motion (%s, shift (%d,%d)): generation %d would lack it", ErrProblem, s, p.Transform, p.Shift.X, p.Shift.Y, p.period())
	}
	return nil
}

// validateUnder is Validate and what depends on the rule r: the plane
// under it, the background following it, and the rule's symmetry under
// the period's transform. It returns the plane the box lies on.
func (p Problem) validateUnder(r rule.Rule) (*life.Background, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if r.IsZero() {
		r = rule.Life
	}
	if p.Transform != life.Id && !p.transient() && !r.Invariant(p.Transform.Matrix()) {
		return nil, fmt.Errorf("%w: rule %v is not the same rule after %s, so a pattern whose generation %d is generation 0 turned by it would not go on repeating", ErrProblem, r, p.Transform, p.period())
	}
	bg := p.Background
	if bg == nil && !r.Free(0) { // with B0 free, the empty plane rules B0 out
		var err error
		if bg, err = life.Vacuum(r); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrProblem, err)
		}
	}
	if err := bg.Check(r); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrProblem, err)
	}
	return bg, nil
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// plainStillLife reports whether p asks for any still life of its box:
// period 1 and no symmetry, cage, population bound or other constraint.
// The row-by-row programs (CountStillLifes, MaxStillLife) answer such
// problems without a solver (on the empty plane: callers check the rule
// for B0).
func (p Problem) plainStillLife() bool {
	lo, hi := p.popBounds()
	return p.period() == 1 && p.Shift == (image.Point{}) && p.Transform == life.Id && (p.Symmetry == "" || p.Symmetry == life.C1) &&
		p.Cage == nil && lo == 0 && hi == p.Width*p.Height && len(p.Blink) == 0 && p.Template == nil &&
		p.Background == nil && !p.constrained() && len(p.Known) == 0
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

// frame is the area in which the last generation of a cycle steps to
// generation Period: the box and its image under the period's motion,
// with the one-cell ring around.
func (p Problem) frame() image.Rectangle {
	return p.Box().Union(p.reach(p.period())).Inset(-1)
}

// Check re-simulates pat with the plain Step, on the problem's plane (the
// empty one, the strobe of a B0 rule, or the Background), and reports how
// it fails to solve the problem under the settings' rule, or nil. It
// checks every generation's successor, the exact period (unless
// AnyPeriod), the symmetry, the cage, the template, the population bounds
// and the other constraints and, unless AllowEmpty or a template, that
// generation 0 is not empty. The successor is checked where the search
// states the rule: on the box and the ring around it, or on the box alone
// for an open template, but for the template's free cells. Under a
// partial rule, pat must solve p in some rule of its range: Check finds
// the range pat needs (RuleRange) and re-simulates pat under its least
// and its most rule.
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
	bg, err := p.validateUnder(set.Rule)
	if err != nil {
		return err
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
	if !p.carries(bg) {
		return fmt.Errorf("lifesat: the period's motion does not carry the background onto itself: no pattern comes back")
	}
	// One step at a time, on a window one cell larger than the area where
	// the rule is stated (the box and the ring around it, or for the last
	// step of a cycle the box's image too): the outer ring is only read.
	free := p.freeCells()
	for t := range per {
		if t+1 == per && p.transient() {
			break
		}
		area := p.stepArea(t)
		got := life.Step(p.planeOf(pat, bg, t, area.Inset(-1)), set.Rule, life.Dead).Crop(image.Rect(1, 1, area.Dx()+1, area.Dy()+1))
		want := p.planeOf(pat, bg, t+1, area)
		if free != nil {
			for pt := range free[t] { // compare only where the rule is stated
				if pt.In(area) {
					got.Set(pt.X-area.Min.X, pt.Y-area.Min.Y, false)
					want.Set(pt.X-area.Min.X, pt.Y-area.Min.Y, false)
				}
			}
		}
		if !got.Equal(want) {
			switch {
			case t+1 < per:
				return fmt.Errorf("lifesat: generation %d does not step to generation %d", t, t+1)
			case p.Shift == image.Point{} && p.Transform == life.Id:
				return fmt.Errorf("lifesat: generation %d does not step to generation 0", t)
			}
			return fmt.Errorf("lifesat: generation %d does not step to generation 0 moved by %v", t, Motion{per, p.Transform, p.Shift})
		}
	}
	if p.Template != nil {
		if err := p.checkTemplate(pat, bg); err != nil {
			return err
		}
	}
	if err := p.checkKnown(pat); err != nil {
		return err
	}
	if !set.AnyPeriod && !p.transient() {
		for _, r := range p.repeats() {
			if p.isMoved(pat, bg, r.n, r.t) {
				return fmt.Errorf("lifesat: the pattern repeats after %d generations, before its period %d", r.n, per*p.turns())
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
	case p.mustLive(set) && b.Equal(bg.Window(nil, 0, p.Box())):
		return errors.New("lifesat: the pattern is empty")
	}
	return p.checkConstraints(pat, bg)
}

// mustLive reports whether generation 0 must differ from the background:
// unless AllowEmpty or a template, and always for a spaceship without a
// template, which must move.
func (p Problem) mustLive(set Settings) bool {
	return p.Template == nil && (!set.AllowEmpty || p.travel() != image.Point{})
}
