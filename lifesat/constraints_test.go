package lifesat_test

import (
	"context"
	"errors"
	"image"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// randomTemplate is a template of gens generations of a w x h box whose
// cells are unknown, but for a few fixed ones.
func randomTemplate(rng *rand.Rand, w, h, gens int) *tmpl.Template {
	t := tmpl.New(w, h, gens)
	for g := range gens {
		for y := range h {
			for x := range w {
				switch rng.IntN(24) {
				case 0:
					t.Set(g, x, y, tmpl.Spec{Kind: tmpl.Dead})
				case 1:
					t.Set(g, x, y, tmpl.Spec{Kind: tmpl.Alive})
				}
			}
		}
	}
	return t
}

// TestConstraintsBruteForce: the constraints of logic-life-search's
// command line (changes, asymmetries, population sums, the most cells
// changed, lost and gained), alone and together, on random small problems
// with and without templates, against the brute force.
func TestConstraintsBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 1))
	motions := []lifesat.Motion{
		{Transform: life.R180}, {Transform: life.FlipTB}, {Transform: life.FlipDiag}, {Transform: life.FlipLR, Shift: image.Pt(1, 0)},
		{Gens: 1}, {Gens: 2}, {Gens: 1, Transform: life.FlipLR}, {Gens: 1, Shift: image.Pt(0, 1)},
	}
	for i := range 36 {
		w, h := 4, 3
		if i%3 == 0 {
			w = 3
		}
		per := 1 + rng.IntN(2)
		p := lifesat.Problem{Width: w, Height: h, Period: per}
		if i%4 == 3 { // a flipping oscillator
			p.Transform = []life.Transform{life.FlipTB, life.FlipLR, life.R180}[rng.IntN(3)]
		}
		if i%2 == 0 {
			p.Template = randomTemplate(rng, w, h, per+rng.IntN(2))
		}
		span := per + 1
		if p.Template != nil {
			span = max(span, len(p.Template.Gens))
		}
		gen := func() int { return rng.IntN(span) }
		switch i % 6 {
		case 0:
			p.Change = [][2]int{{gen(), gen()}}
		case 1:
			p.Asymmetric = []lifesat.Motion{motions[rng.IntN(len(motions))]}
		case 2:
			b := lifesat.PopBound{Gens: []int{gen(), gen()}, Min: rng.IntN(6)}
			if rng.IntN(2) == 0 {
				b.Max = lifesat.AtMost(b.Min + rng.IntN(8))
			}
			p.PopBounds = []lifesat.PopBound{b, {Min: 1}}
		case 3:
			p.MaxChange = lifesat.AtMost(2 + rng.IntN(5))
		case 4:
			p.MaxDecay = lifesat.AtMost(rng.IntN(4))
			p.MaxGrowth = lifesat.AtMost(rng.IntN(4))
		case 5:
			p.Change = [][2]int{{0, span - 1}}
			p.Asymmetric = []lifesat.Motion{motions[rng.IntN(len(motions))]}
			p.MaxChange = lifesat.AtMost(4 + rng.IntN(6))
		}
		all, exact := bruteCycles(bruteCase{p: p, rule: rule.Life, empty: true})
		countBoth(t, "constraint", p, rule.Life, false, true, all)
		countBoth(t, "constraint", p, rule.Life, true, true, exact)
	}
}

// TestBackgroundsBruteForce: searches on the strobing plane of B0 rules,
// which rlifesrc's test "b0" also searches (B026/S1, 3x3, period 2), and
// on still agars of Life, against the brute force.
func TestBackgroundsBruteForce(t *testing.T) {
	zebra := &life.Background{Tile: []*life.Board{lifetestBoard("O\n.")}}
	cases := []struct {
		rule string
		bg   *life.Background
		p    lifesat.Problem
	}{
		{"B026/S1", nil, lifesat.Oscillator(2, 3, 3)},
		{"B026/S1", nil, lifesat.Oscillator(2, 4, 3)},
		{"B0/S", nil, lifesat.Oscillator(2, 3, 3)},
		{"B01245/S0123", nil, lifesat.Oscillator(2, 3, 3)},
		{"B0236/S1257", nil, lifesat.Oscillator(4, 3, 3)},
		{"B026/S1", nil, lifesat.Problem{Width: 3, Height: 3, Period: 2, Transform: life.FlipTB}},
		{"B3/S23", zebra, lifesat.StillLife(3, 3)},
		{"B3/S23", zebra, lifesat.StillLife(4, 3)},
		{"B3/S23", zebra, lifesat.Oscillator(2, 3, 3)},
		{"B3/S23", zebra, lifesat.Problem{Width: 3, Height: 4, Period: 1, Transform: life.FlipLR}},
		{"B3/S23", &life.Background{Tile: zebra.Tile, Offset: image.Pt(0, 1)}, lifesat.StillLife(3, 3)},
		{"B3/S23", &life.Background{Tile: []*life.Board{lifetestBoard("OO..\n..OO")}}, lifesat.StillLife(3, 3)},
	}
	for _, c := range cases {
		r := rule.MustParse(c.rule)
		p := c.p
		p.Background = c.bg
		bg := c.bg
		if bg == nil {
			var err error
			if bg, err = life.Vacuum(r); err != nil {
				t.Fatal(err)
			}
		}
		for _, empty := range []bool{false, true} {
			all, exact := bruteCycles(bruteCase{p: p, rule: r, bg: bg, empty: empty})
			countBoth(t, c.rule+" background", p, r, false, empty, all)
			countBoth(t, c.rule+" background", p, r, true, empty, exact)
		}
		q := p
		q.Template = randomTemplate(rand.New(rand.NewPCG(uint64(p.Width), 7)), p.Width, p.Height, max(p.Period, 1)+1)
		all, exact := bruteCycles(bruteCase{p: q, rule: r, bg: bg, empty: true})
		countBoth(t, c.rule+" background template", q, r, false, true, all)
		countBoth(t, c.rule+" background template", q, r, true, true, exact)
	}
}

// TestB0Found: under the B0 rule B026/S1 (rlifesrc's test "b0") a search
// of period 2 in 3x3 finds a pattern, which the plain Step on the strobing
// plane takes back to itself; an odd period finds none, as the plane
// itself does not come back; B0 with S8 needs a background; and the
// Vacuum's message reaches the caller.
func TestB0Found(t *testing.T) {
	ctx := context.Background()
	r := rule.MustParse("B026/S1")
	res, err := lifesat.Search(ctx, lifesat.Oscillator(2, 3, 3), &lifesat.Settings{Rule: r})
	if err != nil || len(res.Patterns) != 1 {
		t.Fatalf("%+v, %v", res, err)
	}
	plane, _ := life.Vacuum(r)
	b := res.Patterns[0].Board()
	win := plane.Window(b, 0, image.Rect(-3, -3, 6, 6))
	at := plane.Moved(image.Pt(-3, -3), 0)
	g2 := life.StepOn(life.StepOn(win, r, at, 0), r, at, 1)
	if !g2.Equal(win) {
		t.Errorf("the answer does not come back on the strobing plane:\n%s", b)
	}
	for _, per := range []int{1, 3} {
		res, err := lifesat.Search(ctx, lifesat.Oscillator(per, 3, 3), &lifesat.Settings{Rule: r})
		if err != nil || res.Status.String() != "UNSAT" {
			t.Errorf("period %d under B0: %v, %v; want none", per, res.Status, err)
		}
	}
	_, err = lifesat.Search(ctx, lifesat.Oscillator(2, 3, 3), &lifesat.Settings{Rule: rule.MustParse("B0/S8")})
	if !errors.Is(err, lifesat.ErrProblem) || !strings.Contains(err.Error(), "fills") {
		t.Errorf("B0/S8 without a background: %v", err)
	}
	p := lifesat.Oscillator(2, 3, 3)
	p.Background = life.Uniform(true)
	if _, err := lifesat.Search(ctx, p, &lifesat.Settings{Rule: rule.MustParse("B0/S8")}); err != nil {
		t.Errorf("B0/S8 on a live plane: %v", err)
	}
}

// TestBackgroundRefusals: a tile that does not tile, or does not follow
// the rule, is a bad problem with a one-line message.
func TestBackgroundRefusals(t *testing.T) {
	for _, tc := range []struct {
		bg   *life.Background
		want string
	}{
		{&life.Background{Tile: []*life.Board{life.NewBoard(2, 1), life.NewBoard(1, 2)}}, "do not tile"},
		{&life.Background{}, "no generations"},
		{life.Uniform(true), "does not step"},
	} {
		p := lifesat.StillLife(3, 3)
		p.Background = tc.bg
		_, err := lifesat.Search(context.Background(), p, nil)
		if !errors.Is(err, lifesat.ErrProblem) || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%+v: %v; want %q", tc.bg, err, tc.want)
		}
	}
}

// TestLimitAndPopBound: Limit's zero value bounds nothing and AtMost(n)
// at most n; a negative bound admits nothing, and a population bound with
// a bad generation is a bad problem.
func TestLimitAndPopBound(t *testing.T) {
	if _, ok := (lifesat.Limit{}).Max(); ok {
		t.Error("the zero Limit bounds")
	}
	if n, ok := lifesat.AtMost(0).Max(); !ok || n != 0 {
		t.Errorf("AtMost(0): %d %v", n, ok)
	}
	p := lifesat.StillLife(3, 3)
	p.MaxGrowth = lifesat.AtMost(-1)
	if res, err := lifesat.Search(context.Background(), p, nil); err != nil || res.Status.String() != "UNSAT" {
		t.Errorf("at most -1: %v, %v", res.Status, err)
	}
	p = lifesat.StillLife(3, 3)
	p.PopBounds = []lifesat.PopBound{{Gens: []int{2}}}
	if err := p.Validate(); !errors.Is(err, lifesat.ErrProblem) {
		t.Errorf("generation 2 of a still life: %v", err)
	}
}
