package notebook

import (
	"cmp"
	"errors"
	"fmt"
	"image"
	"slices"
	"strconv"
	"strings"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// The kinds of search the explorer offers, named as Problem.Kind names
// them.
const (
	kindStill    = "still life"
	kindOsc      = "oscillator"
	kindShip     = "spaceship"
	kindReaction = "reaction"
)

var kinds = []string{kindStill, kindOsc, kindShip, kindReaction}

// The first values the search gives the unknown cells, as rlifesrc's
// "new state" chooses them: the settings' way (Settings.Diversify, by
// default Auto), dead, alive, or a random board (FlipAll, by the seed).
const (
	unknownAuto   = "auto"
	unknownDead   = "dead"
	unknownAlive  = "alive"
	unknownRandom = "random"
)

var unknowns = []string{unknownAuto, unknownDead, unknownAlive, unknownRandom}

// Limits of what the explorer edits: a board it can draw cell by cell,
// and a template of that many generations.
const (
	maxExploreSide = 64
	maxExploreGens = 64
)

// errExplore is wrapped by the errors of settings the explorer cannot
// edit or search.
var errExplore = errors.New("notebook: explorer")

// A cellState is what the explorer's template says of a cell; a click
// cycles unknown -> alive -> dead -> unknown.
type cellState uint8

const (
	cellUnknown cellState = iota
	cellAlive
	cellDead
)

func (c cellState) next() cellState { return (c + 1) % 3 }

// form is the search the explorer's controls describe.
type form struct {
	kind      string
	w, h      int
	period    int // generations of a reaction
	dx, dy    int
	transform life.Transform // of oscillators and ships
	symmetry  life.Symmetry
	rule      rule.Rule
	ruleText  string
	minPop    int // carried over from the Problem Explore was given
	maxPop    int // the most live cells of generation 0; 0: no bound
	unknown   string
	editedGen int
}

// gens is the number of template generations: 1 for a still life, the
// period otherwise.
func (f form) gens() int {
	if f.kind == kindStill {
		return 1
	}
	return max(f.period, 1)
}

// exploreState is what the explorer edits: the controls' search and the
// template's cells, cells[t][y*w+x] for generation t.
type exploreState struct {
	form  form
	cells [][]cellState
}

// newExploreState is the state of an explorer that opens on p under the
// rule r (the zero Rule is Life). p's template may hold known and unknown
// cells only, and its Cage becomes known dead cells of generation 0.
func newExploreState(p lifesat.Problem, r rule.Rule) (*exploreState, error) {
	if r.IsZero() {
		r = rule.Life
	}
	f := form{
		kind: p.Kind(), w: p.Width, h: p.Height, period: max(p.Period, 1),
		dx: p.Shift.X, dy: p.Shift.Y, transform: p.Transform, symmetry: p.Symmetry, rule: r, ruleText: r.String(),
		minPop: p.MinPop, maxPop: p.MaxPop, unknown: unknownAuto,
	}
	if f.symmetry == "" {
		f.symmetry = life.C1
	}
	if f.kind == kindReaction {
		f.period = len(p.Template.Gens)
	}
	switch {
	case len(p.Blink) > 0:
		return nil, fmt.Errorf("%w: blinking cells are not edited; leave Problem.Blink empty", errExplore)
	case p.Width < 1 || p.Height < 1 || p.Width > maxExploreSide || p.Height > maxExploreSide:
		return nil, fmt.Errorf("%w: box %dx%d: the explorer edits boxes of 1 to %d cells a side", errExplore, p.Width, p.Height, maxExploreSide)
	case f.gens() > maxExploreGens:
		return nil, fmt.Errorf("%w: %d generations: the explorer edits up to %d", errExplore, f.gens(), maxExploreGens)
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	s := &exploreState{form: f}
	s.resize(f.w, f.h, f.gens())
	if t := p.Template; t != nil {
		for g := range min(len(t.Gens), f.gens()) {
			for y := range f.h {
				for x := range f.w {
					switch sp := t.At(g, x, y); sp.Kind {
					case tmpl.Alive:
						s.cells[g][y*f.w+x] = cellAlive
					case tmpl.Dead:
						s.cells[g][y*f.w+x] = cellDead
					case tmpl.Unknown:
					default:
						return nil, fmt.Errorf("%w: template cell (%d,%d) of generation %d is %v: the explorer edits known and unknown cells only", errExplore, x, y, g, sp)
					}
				}
			}
		}
	}
	if c := p.Cage; c != nil {
		for y := range f.h {
			for x := range f.w {
				if !c.Alive(x, y) {
					s.cells[0][y*f.w+x] = cellDead
				}
			}
		}
	}
	return s, nil
}

// resize makes the template w x h with gens generations, keeping the
// cells that are in both boxes and generations.
func (s *exploreState) resize(w, h, gens int) {
	old, ow := s.cells, s.form.w
	oh := 0
	if len(old) > 0 && ow > 0 {
		oh = len(old[0]) / ow
	}
	cells := make([][]cellState, gens)
	for g := range cells {
		cells[g] = make([]cellState, w*h)
		if g >= len(old) {
			continue
		}
		for y := range min(h, oh) {
			for x := range min(w, ow) {
				cells[g][y*w+x] = old[g][y*ow+x]
			}
		}
	}
	s.cells = cells
	s.form.w, s.form.h = w, h
	s.form.editedGen = min(s.form.editedGen, gens-1)
}

// formValues are the controls' values as the page sends them: text, to
// be checked here.
type formValues struct {
	Kind      string `json:"kind"`
	W         string `json:"w"`
	H         string `json:"h"`
	Period    string `json:"p"`
	DX        string `json:"dx"`
	DY        string `json:"dy"`
	Transform string `json:"tr"`
	Symmetry  string `json:"sym"`
	Rule      string `json:"rule"`
	MaxPop    string `json:"max"`
	Unknown   string `json:"unknown"`
}

// values is the form as the controls show it.
func (f form) values() formValues {
	return formValues{
		Kind: f.kind, W: strconv.Itoa(f.w), H: strconv.Itoa(f.h), Period: strconv.Itoa(f.period),
		DX: strconv.Itoa(f.dx), DY: strconv.Itoa(f.dy), Transform: f.transform.String(), Symmetry: string(f.symmetry),
		Rule: f.ruleText, MaxPop: strconv.Itoa(f.maxPop), Unknown: f.unknown,
	}
}

// apply sets the form from the controls' values and resizes the template
// to match; a transform, max cells or unknown cells' start left empty
// stays as it was. On an error nothing changes.
func (s *exploreState) apply(v formValues) error {
	f := s.form
	cur := f.values()
	v.Transform, v.MaxPop, v.Unknown = cmp.Or(v.Transform, cur.Transform), cmp.Or(v.MaxPop, cur.MaxPop), cmp.Or(v.Unknown, cur.Unknown)
	num := func(name, text string, lo, hi int) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(text))
		if err != nil || n < lo || n > hi {
			return 0, fmt.Errorf("%w: %s %q: want a whole number from %d to %d", errExplore, name, text, lo, hi)
		}
		return n, nil
	}
	var err error
	if !slices.Contains(kinds, v.Kind) {
		return fmt.Errorf("%w: unknown kind %q (want %s)", errExplore, v.Kind, strings.Join(kinds, ", "))
	}
	f.kind = v.Kind
	if f.w, err = num("width", v.W, 1, maxExploreSide); err != nil {
		return err
	}
	if f.h, err = num("height", v.H, 1, maxExploreSide); err != nil {
		return err
	}
	if f.period, err = num("period", v.Period, 1, maxExploreGens); err != nil {
		return err
	}
	if f.dx, err = num("shift x", v.DX, -maxExploreSide, maxExploreSide); err != nil {
		return err
	}
	if f.dy, err = num("shift y", v.DY, -maxExploreSide, maxExploreSide); err != nil {
		return err
	}
	if f.transform, err = life.ParseTransform(strings.TrimSpace(v.Transform)); err != nil {
		return err
	}
	if f.symmetry, err = life.ParseSymmetry(strings.TrimSpace(v.Symmetry)); err != nil {
		return err
	}
	if f.maxPop, err = num("max cells", v.MaxPop, 0, maxExploreSide*maxExploreSide); err != nil {
		return err
	}
	if !slices.Contains(unknowns, v.Unknown) {
		return fmt.Errorf("%w: unknown cells start %q: want %s", errExplore, v.Unknown, strings.Join(unknowns, ", "))
	}
	f.unknown = v.Unknown
	f.ruleText = strings.TrimSpace(v.Rule)
	if f.rule, err = rule.Parse(f.ruleText); err != nil {
		return err
	}
	if f.rule.Partial() {
		return fmt.Errorf("%w: rule %s is partial: the explorer steps its answers under one rule", errExplore, f.ruleText)
	}
	w, h := s.form.w, s.form.h
	s.form = f
	s.form.w, s.form.h = w, h
	s.resize(f.w, f.h, f.gens())
	return nil
}

// click cycles cell (x, y) of generation gen; cells outside the template
// are left alone.
func (s *exploreState) click(gen, x, y int) {
	f := s.form
	if gen < 0 || gen >= len(s.cells) || x < 0 || y < 0 || x >= f.w || y >= f.h {
		return
	}
	c := &s.cells[gen][y*f.w+x]
	*c = c.next()
}

// clear makes every cell of every generation unknown.
func (s *exploreState) clear() {
	for _, g := range s.cells {
		clear(g)
	}
}

// setGen chooses the generation that the board shows and the clicks edit.
func (s *exploreState) setGen(gen int) {
	s.form.editedGen = min(max(gen, 0), len(s.cells)-1)
}

// known reports whether any cell of any generation is known.
func (s *exploreState) known() bool {
	for _, g := range s.cells {
		for _, c := range g {
			if c != cellUnknown {
				return true
			}
		}
	}
	return false
}

// counts is the number of known alive, known dead and unknown cells of
// generation gen.
func (s *exploreState) counts(gen int) (alive, dead, unknown int) {
	for _, c := range s.cells[gen] {
		switch c {
		case cellAlive:
			alive++
		case cellDead:
			dead++
		default:
			unknown++
		}
	}
	return alive, dead, unknown
}

// problem is the search the state describes. Known cells become a
// template, but known dead cells of generation 0 alone become a cage:
// a template admits the empty pattern, a cage does not. A template
// without a live cell asks for a population of 1 or more (but in a
// reaction, whose empty answer is admitted as in logic-life-search).
func (s *exploreState) problem() (lifesat.Problem, error) {
	f := s.form
	p := lifesat.Problem{Width: f.w, Height: f.h, Symmetry: f.symmetry, MinPop: f.minPop, MaxPop: f.maxPop}
	switch f.kind {
	case kindStill:
		p.Period = 1
	case kindOsc:
		// A period of 1 under a transform is an oscillator of period 2 or 4
		// that flips or turns: a period of 1 is refused only without one.
		if f.period < 2 && f.transform == life.Id {
			return p, fmt.Errorf("%w: an oscillator needs a period of 2 or more", errExplore)
		}
		p.Period, p.Transform = f.period, f.transform
	case kindShip:
		if f.period < 2 && f.transform == life.Id {
			return p, fmt.Errorf("%w: a spaceship needs a period of 2 or more", errExplore)
		}
		if f.dx == 0 && f.dy == 0 {
			return p, fmt.Errorf("%w: a spaceship needs a shift that is not (0, 0)", errExplore)
		}
		p.Period, p.Shift, p.Transform = f.period, image.Pt(f.dx, f.dy), f.transform
	case kindReaction:
		if f.period < 2 {
			return p, fmt.Errorf("%w: a reaction needs 2 or more generations", errExplore)
		}
	}
	alive, known, laterKnown := false, false, false
	for g, cells := range s.cells {
		for _, c := range cells {
			alive = alive || c == cellAlive
			known = known || c != cellUnknown
			laterKnown = laterKnown || g > 0 && c != cellUnknown
		}
	}
	switch {
	case f.kind == kindReaction || alive || laterKnown:
		t := tmpl.New(f.w, f.h, len(s.cells))
		for g, cells := range s.cells {
			for i, c := range cells {
				switch c {
				case cellAlive:
					t.Set(g, i%f.w, i/f.w, tmpl.Spec{Kind: tmpl.Alive})
				case cellDead:
					t.Set(g, i%f.w, i/f.w, tmpl.Spec{Kind: tmpl.Dead})
				}
			}
		}
		p.Template = t
		if !alive && f.kind != kindReaction && f.kind != kindShip {
			p.MinPop = max(p.MinPop, 1)
		}
	case known:
		cage := life.NewBoard(f.w, f.h)
		for i, c := range s.cells[0] {
			cage.Set(i%f.w, i/f.w, c != cellDead)
		}
		p.Cage = cage
	}
	return p, p.Validate()
}

// describe is the search in a few words: "spaceship p4 (1,1) 6x6 C1,
// B3/S23".
func (f form) describe() string {
	var s string
	switch f.kind {
	case kindStill:
		s = fmt.Sprintf("still life %dx%d", f.w, f.h)
	case kindOsc:
		s = fmt.Sprintf("oscillator p%d %dx%d", f.period, f.w, f.h)
	case kindShip:
		s = fmt.Sprintf("spaceship p%d (%d,%d) %dx%d", f.period, f.dx, f.dy, f.w, f.h)
	default:
		s = fmt.Sprintf("reaction of %d generations %dx%d", f.period, f.w, f.h)
	}
	if f.transform != life.Id && (f.kind == kindOsc || f.kind == kindShip) {
		s += " " + f.transform.String()
	}
	if f.symmetry != "" && f.symmetry != life.C1 {
		s += " " + string(f.symmetry)
	}
	if f.maxPop > 0 {
		s += fmt.Sprintf(" at most %d cells", f.maxPop)
	}
	return s + ", " + f.rule.String()
}
