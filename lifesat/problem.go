package lifesat

import (
	"errors"
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

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
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

// gens is the number of generations a search has: the template's without
// a period, the period otherwise.
func (p Problem) gens() int {
	if p.transient() {
		return len(p.Template.Gens)
	}
	return p.period()
}

// transient reports whether p is a reaction: a template and no period.
func (p Problem) transient() bool { return p.Template != nil && p.Period == 0 }

// A Motion relates two generations of a pattern: generation t+Gens is
// generation t turned or reflected by Transform about the box's centre,
// then moved by Shift. The turn maps the cells of the box as
// life.Transform.Cell does: onto the box itself, or, for a transform
// that swaps the axes in a box that is not square, onto the Height x
// Width box with the same top-left corner.
//
// A glider moving down and right is Motion{Gens: 4, Shift: image.Pt(1,
// 1)} and also, at half its period, Motion{Gens: 2, Transform:
// life.FlipDiag, Shift: image.Pt(1, 0)} in a 4x4 box (logic-life-search's
// "-s p2 RE\ x1"); an oscillator whose generation 2 is generation 0
// mirrored top to bottom is Motion{Gens: 2, Transform: life.FlipTB}; with
// Gens 0 a motion is a symmetry of every generation.
type Motion struct {
	Gens      int
	Transform life.Transform
	Shift     image.Point
}

// A PopBound bounds the live cells of the box summed over the
// generations Gens (generation 0 when Gens is empty; a generation named
// twice counts twice): at least Min, and Max.
type PopBound struct {
	Gens []int
	Min  int
	Max  Limit
}

// A Limit is an upper bound on a number of cells, or no bound: the zero
// Limit bounds nothing, AtMost(n) admits at most n (none at all when n is
// negative).
type Limit struct {
	n   int
	set bool
}

// A KnownCell is cell (X, Y) of generation Gen, given as alive or dead.
type KnownCell struct {
	Gen, X, Y int
	Alive     bool
}
