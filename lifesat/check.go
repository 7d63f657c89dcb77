package lifesat

import (
	"errors"
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

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
	su, err := newSetup(p, s)
	if err != nil {
		return err
	}
	return su.check(pat)
}

// check is Check of the setup's problem under its settings.
func (su *setup) check(pat *Pattern) error {
	p, set, bg := su.p, su.set, su.bg
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
