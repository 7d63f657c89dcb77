package lifesat

import (
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

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

// Plain reports whether p asks for nothing but the patterns of its
// period that fit in its box on the empty plane: no shift or transform,
// symmetry, cage, population bound, blinking cell, template, background,
// constraint or known cell. Such still lifes, and period-2 oscillators
// for Maximize, are what the programs that need no solver answer (see
// SolverFree; on the empty plane, so they check the rule for B0).
func (p Problem) Plain() bool {
	lo, hi := p.popBounds()
	return p.Shift == (image.Point{}) && p.Transform == life.Id && (p.Symmetry == "" || p.Symmetry == life.C1) &&
		p.Cage == nil && lo == 0 && hi == p.Width*p.Height && len(p.Blink) == 0 && p.Template == nil &&
		p.Background == nil && !p.constrained() && len(p.Known) == 0
}

// mustLive reports whether generation 0 must differ from the background:
// unless AllowEmpty or a template, and always for a spaceship without a
// template, which must move.
func (p Problem) mustLive(set Settings) bool {
	return p.Template == nil && (!set.AllowEmpty || p.travel() != image.Point{})
}
