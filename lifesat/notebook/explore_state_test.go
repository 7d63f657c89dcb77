package notebook

import (
	"context"
	"errors"
	"fmt"
	"image"
	"strconv"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// state is an explorer state on p, or a failed test.
func state(t *testing.T, p lifesat.Problem) *exploreState {
	t.Helper()
	s, err := newExploreState(p, rule.Rule{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestExploreClickCycles(t *testing.T) {
	s := state(t, lifesat.StillLife(3, 2))
	// A click cycles unknown -> alive -> dead -> unknown.
	for i, want := range []cellState{cellAlive, cellDead, cellUnknown, cellAlive} {
		s.click(0, 2, 1)
		if got := s.cells[0][1*3+2]; got != want {
			t.Fatalf("after %d clicks cell (2,1) is %d, want %d", i+1, got, want)
		}
	}
	if a, d, u := s.counts(0); a != 1 || d != 0 || u != 5 {
		t.Errorf("counts %d %d %d, want 1 alive, 0 dead, 5 unknown", a, d, u)
	}
	// Clicks outside the box or the generations change nothing.
	for _, c := range [][3]int{{0, -1, 0}, {0, 3, 0}, {0, 0, 2}, {1, 0, 0}, {-1, 0, 0}} {
		s.click(c[0], c[1], c[2])
	}
	if a, d, _ := s.counts(0); a != 1 || d != 0 {
		t.Errorf("a click outside changed the board: %d alive, %d dead", a, d)
	}
	s.clear()
	if a, d, _ := s.counts(0); a != 0 || d != 0 {
		t.Errorf("after clear: %d alive, %d dead", a, d)
	}
}

func TestExploreStateFromProblem(t *testing.T) {
	p := lifesat.Oscillator(2, 4, 3)
	p.Template = tmpl.New(4, 3, 2)
	p.Template.Set(0, 1, 1, tmpl.Spec{Kind: tmpl.Alive})
	p.Template.Set(1, 3, 2, tmpl.Spec{Kind: tmpl.Dead})
	s := state(t, p)
	if s.form.kind != kindOsc || s.form.period != 2 || len(s.cells) != 2 {
		t.Fatalf("form %+v with %d generations, want an oscillator of period 2", s.form, len(s.cells))
	}
	if s.cells[0][1*4+1] != cellAlive || s.cells[1][2*4+3] != cellDead {
		t.Errorf("the template's cells were not read: %v", s.cells)
	}
	if s.form.rule.String() != rule.Life.String() {
		t.Errorf("rule %v, want Life for the zero Rule", s.form.rule)
	}

	// A cage's dead cells become known dead cells of generation 0.
	q := lifesat.StillLife(2, 2)
	q.Cage = life.NewBoard(2, 2)
	q.Cage.Set(0, 0, true)
	s = state(t, q)
	if got := s.cells[0]; got[0] != cellUnknown || got[1] != cellDead || got[2] != cellDead || got[3] != cellDead {
		t.Errorf("cage read as %v, want unknown then three dead", got)
	}

	// What the explorer cannot edit is refused with a one-line error.
	named := lifesat.StillLife(2, 2)
	named.Template = tmpl.New(2, 2, 1)
	named.Template.Set(0, 0, 0, tmpl.Spec{Kind: tmpl.Named, Name: "c0"})
	blink := lifesat.Oscillator(2, 3, 3)
	blink.Blink = []image.Point{{1, 1}}
	for name, bad := range map[string]lifesat.Problem{
		"named cell": named,
		"blink":      blink,
		"too wide":   lifesat.StillLife(65, 3),
		"empty box":  lifesat.StillLife(0, 3),
		"ship p1":    lifesat.Spaceship(1, 1, 0, 5, 5),
		"long":       lifesat.Oscillator(65, 3, 3),
	} {
		_, err := newExploreState(bad, rule.Rule{})
		if err == nil {
			t.Errorf("%s: no error", name)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: a multi-line error: %v", name, err)
		}
	}
}

func TestExploreApply(t *testing.T) {
	s := state(t, lifesat.StillLife(3, 3))
	s.click(0, 2, 2) // alive
	s.click(0, 0, 0) // alive
	v := s.form.values()
	v.Kind, v.W, v.H, v.Period = kindOsc, "2", "5", "3"
	if err := s.apply(v); err != nil {
		t.Fatal(err)
	}
	if s.form.w != 2 || s.form.h != 5 || len(s.cells) != 3 || len(s.cells[0]) != 10 {
		t.Fatalf("form %+v, %d generations of %d cells, want 2x5 and 3 generations", s.form, len(s.cells), len(s.cells[0]))
	}
	// Cell (0,0) is kept; (2,2) is outside the new box.
	if a, _, _ := s.counts(0); a != 1 || s.cells[0][0] != cellAlive {
		t.Errorf("after the resize: %d alive, cell (0,0) %d; want 1 and alive", a, s.cells[0][0])
	}
	// Growing back does not bring (2,2) back.
	v.W, v.H = "3", "3"
	if err := s.apply(v); err != nil {
		t.Fatal(err)
	}
	if a, _, _ := s.counts(0); a != 1 {
		t.Errorf("after growing back: %d alive, want 1", a)
	}

	good := s.form.values()
	for name, edit := range map[string]func(*formValues){
		"kind":       func(v *formValues) { v.Kind = "glider gun" },
		"width":      func(v *formValues) { v.W = "x" },
		"height":     func(v *formValues) { v.H = "0" },
		"wide":       func(v *formValues) { v.W = "65" },
		"period":     func(v *formValues) { v.Period = "-2" },
		"shift":      func(v *formValues) { v.DX = "1.5" },
		"symmetry":   func(v *formValues) { v.Symmetry = "D5" },
		"rule":       func(v *formValues) { v.Rule = "B3/S2x" },
		"partial":    func(v *formValues) { v.Rule = "pB3/S23" },
		"rule empty": func(v *formValues) { v.Rule = "" },
	} {
		v := good
		edit(&v)
		before := *s
		if err := s.apply(v); err == nil {
			t.Errorf("%s: %+v applied without an error", name, v)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: a multi-line error: %v", name, err)
		}
		if s.form != before.form || len(s.cells) != len(before.cells) {
			t.Errorf("%s: a refused form changed the state", name)
		}
	}
}

func TestExploreProblem(t *testing.T) {
	known := func(kind string, period int, cells map[[3]int]cellState) *exploreState {
		t.Helper()
		s := state(t, lifesat.StillLife(4, 4))
		v := s.form.values()
		v.Kind, v.Period, v.DX, v.DY = kind, strconv.Itoa(period), "1", "0"
		if err := s.apply(v); err != nil {
			t.Fatal(err)
		}
		for c, st := range cells {
			s.cells[c[0]][c[2]*4+c[1]] = st
		}
		return s
	}
	tests := []struct {
		name                string
		s                   *exploreState
		template, cage      bool
		minPop, period, gen int
		shift               image.Point
	}{
		{"nothing known", known(kindStill, 1, nil), false, false, 0, 1, 1, image.Point{}},
		{"dead in generation 0", known(kindOsc, 2, map[[3]int]cellState{{0, 1, 1}: cellDead}), false, true, 0, 2, 2, image.Point{}},
		{"alive", known(kindOsc, 2, map[[3]int]cellState{{1, 1, 1}: cellAlive}), true, false, 0, 2, 2, image.Point{}},
		{"dead in generation 1", known(kindOsc, 2, map[[3]int]cellState{{1, 1, 1}: cellDead}), true, false, 1, 2, 2, image.Point{}},
		{"ship, dead only", known(kindShip, 4, map[[3]int]cellState{{2, 0, 0}: cellDead}), true, false, 0, 4, 4, image.Pt(1, 0)},
		{"reaction", known(kindReaction, 3, nil), true, false, 0, 0, 3, image.Point{}},
	}
	for _, tc := range tests {
		p, err := tc.s.problem()
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if (p.Template != nil) != tc.template || (p.Cage != nil) != tc.cage || p.MinPop != tc.minPop || p.Period != tc.period || p.Shift != tc.shift {
			t.Errorf("%s: problem %v (template %v, cage %v, MinPop %d), want template %v, cage %v, MinPop %d, period %d, shift %v",
				tc.name, p, p.Template != nil, p.Cage != nil, p.MinPop, tc.template, tc.cage, tc.minPop, tc.period, tc.shift)
		}
		if p.Template != nil && len(p.Template.Gens) != tc.gen {
			t.Errorf("%s: %d template generations, want %d", tc.name, len(p.Template.Gens), tc.gen)
		}
	}
	for name, s := range map[string]*exploreState{
		"oscillator p1": known(kindOsc, 1, nil),
		"ship p1":       known(kindShip, 1, nil),
		"reaction of 1": known(kindReaction, 1, nil),
	} {
		if _, err := s.problem(); !errors.Is(err, errExplore) {
			t.Errorf("%s: error %v, want one of the explorer's", name, err)
		}
	}
	still := known(kindShip, 2, nil)
	still.form.dx, still.form.dy = 0, 0
	if _, err := still.problem(); !errors.Is(err, errExplore) {
		t.Errorf("a ship without a shift: error %v, want one of the explorer's", err)
	}
}

// TestExploreSearches runs the problems the explorer builds and checks
// every answer with the plain Step, and against the known cells.
func TestExploreSearches(t *testing.T) {
	glider := state(t, lifesat.Spaceship(4, 1, 1, 5, 5))
	for _, c := range []image.Point{{1, 3}, {2, 3}, {3, 3}} {
		glider.click(0, c.X, c.Y)
	}
	// A p2 oscillator in 5x5 with its centre known dead in generation 0
	// (a cage), and one with a corner known dead in generation 1 (a
	// template that needs MinPop to rule out the empty answer).
	cage := state(t, lifesat.Oscillator(2, 5, 5))
	cage.click(0, 2, 2)
	cage.click(0, 2, 2)
	later := state(t, lifesat.Oscillator(2, 5, 5))
	later.click(1, 0, 0)
	later.click(1, 0, 0)
	// A reaction of 2 generations: a blinker, known in generation 0.
	react := state(t, lifesat.StillLife(5, 5))
	v := react.form.values()
	v.Kind, v.Period = kindReaction, "2"
	if err := react.apply(v); err != nil {
		t.Fatal(err)
	}
	for y := range 5 {
		for x := range 5 {
			react.click(0, x, y) // alive
			if x != 2 || y < 1 || y > 3 {
				react.click(0, x, y) // dead
			}
		}
	}
	for name, s := range map[string]*exploreState{"glider": glider, "cage": cage, "later": later, "reaction": react} {
		p, err := s.problem()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		pat, _, err := firstPattern(context.Background(), p, lifesat.Settings{Rule: rule.Life})
		if err != nil || pat == nil {
			t.Fatalf("%s: no pattern (%v)", name, err)
		}
		if err := resimulate(p, pat); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		for g := range pat.Phases {
			if g >= len(s.cells) {
				break
			}
			for i, c := range s.cells[g] {
				alive := pat.Phases[g].Alive(i%p.Width, i/p.Width)
				if c == cellAlive && !alive || c == cellDead && alive {
					t.Errorf("%s: cell (%d,%d) of generation %d disagrees with the board", name, i%p.Width, i/p.Width, g)
				}
			}
		}
		if pat.Board().Population() == 0 && s.form.kind != kindReaction {
			t.Errorf("%s: an empty answer", name)
		}
	}
}

// resimulate checks pat with the plain Step in the empty plane: each
// generation steps to the next, and (but for a reaction) the last one to
// the first moved by the shift.
func resimulate(p lifesat.Problem, pat *lifesat.Pattern) error {
	const pad = 2
	for t, b := range pat.Phases {
		got := life.Step(b.Pad(pad), rule.Life, life.Dead)
		var want *life.Board
		switch {
		case t+1 < len(pat.Phases):
			want = pat.Phases[t+1].Pad(pad)
		case p.Period == 0:
			return nil
		default:
			want = pat.Phases[0].Pad(pad).Translate(p.Shift.X, p.Shift.Y)
		}
		if !got.Equal(want) {
			return fmt.Errorf("generation %d does not step to the next", t)
		}
	}
	return nil
}

func TestExploreNoPattern(t *testing.T) {
	s := state(t, lifesat.StillLife(1, 1))
	p, err := s.problem()
	if err != nil {
		t.Fatal(err)
	}
	pat, srch, err := firstPattern(context.Background(), p, lifesat.Settings{})
	if pat != nil || err != nil {
		t.Fatalf("a still life in 1x1: pattern %v, error %v; want none and no error", pat, err)
	}
	if got := progressText(srch, stateNone, "still life 1x1").text; !strings.HasPrefix(got, "no such pattern exists") {
		t.Errorf("progress %q", got)
	}
}

// TestExploreTransformMaxUnknown: the controls' transform makes a
// glide-symmetric ship of half the period (the LWSS, period 2 under F-),
// max cells bounds generation 0, and each start of the unknown cells
// finds answers that the plain Step confirms (lifesat's Problem.Check).
func TestExploreTransformMaxUnknown(t *testing.T) {
	s := state(t, lifesat.StillLife(7, 5))
	v := s.form.values()
	v.Kind, v.Period, v.DX, v.DY, v.Transform = kindShip, "2", "1", "0", "F-"
	if err := s.apply(v); err != nil {
		t.Fatal(err)
	}
	if got := s.form.describe(); got != "spaceship p2 (1,0) 7x5 F-, B3/S23" {
		t.Errorf("describe: %q", got)
	}
	for _, unknown := range unknowns {
		v.Unknown = unknown
		v.MaxPop = "0"
		if unknown == unknownDead {
			v.MaxPop = "9" // the LWSS has 9 and 12 cells: the phase of 9 first
		}
		if err := s.apply(v); err != nil {
			t.Fatal(err)
		}
		p, err := s.problem()
		if err != nil {
			t.Fatal(err)
		}
		if p.Transform != life.FlipTB || p.MaxPop != s.form.maxPop {
			t.Fatalf("%s: problem %+v", unknown, p)
		}
		pat, _, err := firstPattern(context.Background(), p, s.form.settings(lifesat.Settings{Seed: 1}))
		if err != nil || pat == nil {
			t.Fatalf("%s: no glide-symmetric ship of period 2 in 7x5 (%v)", unknown, err)
		}
		if err := p.Check(pat, nil); err != nil {
			t.Errorf("%s: %v", unknown, err)
		}
		if n := pat.Board().Population(); p.MaxPop > 0 && n > p.MaxPop {
			t.Errorf("%s: %d live cells, more than max cells %d", unknown, n, p.MaxPop)
		}
	}
}
