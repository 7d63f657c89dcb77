package lifesat

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// rulesUnderTest covers Life and rules whose counts differ in shape: 3-4
// Life (Bosch's Exercise 1), HighLife, Seeds (no survival), Day & Night,
// a rule where the count never matters, and B1 (births next to one cell,
// which reaches the corners of the ring).
var rulesUnderTest = []string{"B3/S23", "B34/S34", "B36/S23", "B2/S", "B3678/S34678", "B/S012345678", "B1/S1", "B12345678/S"}

// stepFormula encodes one step from a w x h generation a to generation b,
// both in the box, with the one-cell ring around the box forced dead at b.
func stepFormula(t *testing.T, e Encoding, r rule.Rule, w, h int) (*logic.CNF, []logic.Lit, []logic.Lit) {
	t.Helper()
	enc, err := newEncoder(e, r)
	if err != nil {
		t.Fatal(err)
	}
	c := &logic.CNF{}
	a0, b0 := c.NewVars(w*h), c.NewVars(w*h)
	a, b := make([]logic.Lit, w*h), make([]logic.Lit, w*h)
	for i := range a {
		a[i], b[i] = (a0 + logic.Var(i)).Pos(), (b0 + logic.Var(i)).Pos()
	}
	at := func(g []logic.Lit) grid {
		return func(x, y int) logic.Lit {
			if x < 0 || y < 0 || x >= w || y >= h {
				return logic.False
			}
			return g[y*w+x]
		}
	}
	enc.step(context.Background(), c, false, at(a), at(b), all(image.Rect(-1, -1, w+1, h+1)))
	return c, a, b
}

// TestEncodingsAgreeWithStep is the differential test of the encodings:
// for every generation-0 board of a 3x3 box (and random ones of 4x5),
// forcing it makes the formula force generation 1 to be Step's answer,
// and UNSAT exactly when Step gives birth outside the box. Flipping any
// cell of the correct successor is UNSAT.
func TestEncodingsAgreeWithStep(t *testing.T) {
	for _, rs := range rulesUnderTest {
		r, err := rule.Parse(rs)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range Encodings() {
			t.Run(fmt.Sprintf("%s/%s", e, rs), func(t *testing.T) { agreeWithStep(t, e, r) })
		}
	}
}

// TestDirectEncodingAgreesWithStepOnAnyRule is the same differential test
// for rules that are not outer-totalistic: random isotropic rules (random
// sets of Hensel classes) and random MAP rules, whose tables are not
// symmetric, so that a neighbour taken from the wrong side, or an edge
// cell's constant-false neighbour put in the wrong place, shows.
func TestDirectEncodingAgreesWithStepOnAnyRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 13))
	var rules []rule.Rule
	for len(rules) < 6 {
		var r rule.Rule
		if len(rules)%2 == 0 {
			// Isotropic: each of the 102 (class, cell state) pairs at
			// random, births from 3 or fewer neighbours rarely, so that
			// most boards stay in the box (ring cells see at most 3). A
			// class is named by its least member.
			class := map[rule.Neighbourhood]bool{}
			r = rule.New(func(n rule.Neighbourhood) bool {
				im := n.Images()
				rep := slices.Min(im[:])
				v, ok := class[rep]
				if !ok {
					v = rng.IntN(2) == 1
					if !n.Alive() && n.Count() <= 3 {
						v = rng.IntN(4) == 0
					}
					class[rep] = v
				}
				return v
			})
		} else {
			r = rule.New(func(n rule.Neighbourhood) bool {
				if !n.Alive() && n.Count() <= 3 {
					return rng.IntN(16) == 0
				}
				return rng.IntN(2) == 1
			})
		}
		if r.BirthOnZero() || r.Totalistic() {
			continue
		}
		rules = append(rules, r)
	}
	for i, r := range rules {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if _, err := newEncoder(Knuth, r); err == nil {
				t.Errorf("Knuth accepted %v, which is not outer-totalistic", r)
			}
			agreeWithStep(t, Direct, r)
		})
	}
}

// agreeWithStep checks encoding e of rule r against Step: for every
// generation-0 board of a 3x3 box (and random ones of 4x5), forcing it
// makes the formula force generation 1 to be Step's answer, and UNSAT
// exactly when Step gives birth outside the box. Flipping any cell of the
// correct successor is UNSAT.
func agreeWithStep(t *testing.T, e Encoding, r rule.Rule) {
	ctx := context.Background()
	for _, size := range []image.Point{{3, 3}, {4, 5}} {
		w, h := size.X, size.Y
		c, a, b := stepFormula(t, e, r, w, h)
		sess, err := logic.Gophersat{}.Start(c)
		if err != nil {
			t.Fatal(err)
		}
		boards := 1 << (w * h)
		rng := rand.New(rand.NewPCG(1, 2))
		trials := min(boards, 512) // every board of the 3x3 box
		for i := range trials {
			bits := i
			if boards > trials {
				bits = rng.IntN(boards)
			}
			g := life.NewBoard(w, h)
			assume := make([]logic.Lit, 0, 2*w*h)
			for j := range w * h {
				alive := bits>>j&1 == 1
				g.Set(j%w, j/w, alive)
				assume = append(assume, a[j].Xor(!alive))
			}
			next := life.Step(g.Pad(1), r, life.Dead)
			escapes := next.Population() != next.Crop(image.Rect(1, 1, w+1, h+1)).Population()
			st, err := sess.Solve(ctx, assume...)
			if err != nil {
				t.Fatal(err)
			}
			if escapes {
				if st != logic.Unsat {
					t.Fatalf("%dx%d board\n%swhose successor leaves the box: %v, want UNSAT", w, h, g, st)
				}
				continue
			}
			if st != logic.Sat {
				t.Fatalf("%dx%d board\n%s: %v, want SAT", w, h, g, st)
			}
			m := sess.Model()
			for j := range w * h {
				if want := next.Alive(j%w+1, j/w+1); b[j].Value(m) != want {
					t.Fatalf("board\n%scell (%d,%d) of the successor: got %v, want %v", g, j%w, j/w, !want, want)
				}
			}
			// Any other successor is refused.
			j := rng.IntN(w * h)
			flipped := append([]logic.Lit{}, assume...)
			for k := range w * h {
				alive := next.Alive(k%w+1, k/w+1)
				if k == j {
					alive = !alive
				}
				flipped = append(flipped, b[k].Xor(!alive))
			}
			if st, _ := sess.Solve(ctx, flipped...); st != logic.Unsat {
				t.Fatalf("board\n%saccepts a wrong successor (cell %d flipped): %v", g, j, st)
			}
		}
	}
}

// TestEncodingSizes records the size of each encoding on a 16x16 still
// life; the Knuth encoding must be the smaller one, and the direct one
// must have no auxiliary variables.
func TestEncodingSizes(t *testing.T) {
	sizes := map[Encoding]*logic.CNF{}
	for _, e := range Encodings() {
		in, err := Encode(StillLife(16, 16), &Settings{Encoding: e, AllowEmpty: true, Diversify: NoFlip})
		if err != nil {
			t.Fatal(err)
		}
		sizes[e] = in.CNF
		t.Logf("%s: %d variables, %d clauses, %d literals", e, in.CNF.NumVars(), in.CNF.NumClauses(), in.CNF.NumLits())
	}
	if got := sizes[Direct].NumVars(); got != 256 {
		t.Errorf("direct encoding has %d variables, want only the 256 cells", got)
	}
	if sizes[Knuth].NumLits() >= sizes[Direct].NumLits() {
		t.Errorf("knuth encoding (%d literals) is not smaller than direct (%d)", sizes[Knuth].NumLits(), sizes[Direct].NumLits())
	}
}

// TestPhasesStartAtCounts checks the starting phases of FlipAll on one
// step: with the cells written flipped so that the all-false assignment
// is a random board and, in the next generation, its successor, and the
// auxiliary variables written in their starting phases, the all-false assignment
// satisfies every clause: each counter starts at its true count. Without
// phasing it does not, for Knuth's counters.
func TestPhasesStartAtCounts(t *testing.T) {
	const w, h = 5, 4
	rng := rand.New(rand.NewPCG(3, 4))
	for _, rs := range rulesUnderTest {
		r, err := rule.Parse(rs)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range Encodings() {
			enc, err := newEncoder(e, r)
			if err != nil {
				t.Fatal(err)
			}
			unphased := 0 // trials where the unphased counters do not start right
			for range 40 {
				g := life.NewBoard(w, h)
				for y := range h {
					for x := range w {
						g.Set(x, y, rng.IntN(3) == 0)
					}
				}
				next := life.Step(g.Pad(1), r, life.Dead)
				if next.Population() != next.Crop(image.Rect(1, 1, w+1, h+1)).Population() {
					continue // the successor leaves the box
				}
				for _, phased := range []bool{true, false} {
					c := &logic.CNF{}
					a0, b0 := c.NewVars(w*h), c.NewVars(w*h)
					// A negative literal is true when all variables are false.
					at := func(v0 logic.Var, alive func(x, y int) bool) grid {
						return func(x, y int) logic.Lit {
							if x < 0 || y < 0 || x >= w || y >= h {
								return logic.False
							}
							return (v0 + logic.Var(y*w+x)).Lit(alive(x, y))
						}
					}
					cur := at(a0, g.Alive)
					succ := at(b0, func(x, y int) bool { return next.Alive(x+1, y+1) })
					enc.step(context.Background(), c, phased, cur, succ, all(image.Rect(-1, -1, w+1, h+1)))
					start := c.Eval(make([]bool, c.NumVars()+1))
					switch {
					case phased && !start:
						t.Fatalf("%s/%s: board\n%swith its successor and counts is not a model", e, rs, g)
					case !phased && !start:
						unphased++
					}
				}
			}
			if e == Knuth && rs == "B3/S23" && unphased == 0 {
				t.Errorf("%s/%s: the counters start right unphased too: the test shows nothing", e, rs)
			}
		}
	}
}

// TestAutoDiversify checks the default's two ways: for an oscillator, a
// solver that takes a seed (gophersat, the default, and cadical) gets the
// formula as built and the seed; gini, which has none, and every solver
// for a still life get a formula flipped at random.
func TestAutoDiversify(t *testing.T) {
	negated := func(s *Settings) int {
		in, err := Encode(Oscillator(3, 8, 8), s)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, l := range in.cells {
			if l < 0 {
				n++
			}
		}
		return n
	}
	if n := negated(&Settings{Seed: 3, Solver: logic.Gini{}}); n < 50 || n > 142 {
		t.Errorf("gini: %d of 192 cell literals negated, want about half", n)
	}
	if n := negated(&Settings{Seed: 3}); n != 0 {
		t.Errorf("gophersat: %d cell literals negated, want none", n)
	}
	for _, s := range []*Settings{{Seed: 3}, {Seed: 3, Solver: logic.Gophersat{}}} {
		if d, solver := s.diversify(Oscillator(3, 8, 8)); d != NoFlip || solver != (logic.Gophersat{Seed: 3, Stable: true}) {
			t.Errorf("gophersat (%#v): diversify %v, solver %#v", s.Solver, d, solver)
		}
	}
	if d, solver := (&Settings{Seed: 3}).diversify(StillLife(8, 8)); d != FlipAll || solver != nil {
		t.Errorf("gophersat, still life: diversify %v, solver %#v", d, solver)
	}
	cadical := &Settings{Seed: 3, Solver: logic.External{Path: "cadical"}}
	if n := negated(cadical); n != 0 {
		t.Errorf("cadical: %d cell literals negated, want none", n)
	}
	d, s := cadical.diversify(Oscillator(3, 8, 8))
	if e, ok := s.(logic.External); d != NoFlip || !ok || strings.Join(e.Args, " ") != "--sat --seed=3" {
		t.Errorf("cadical: diversify %v, solver %#v", d, s)
	}
	if d, s := (&Settings{Solver: logic.External{Path: "minisat"}}).diversify(Oscillator(3, 8, 8)); d != FlipAll || s.(logic.External).Args != nil {
		t.Errorf("minisat: diversify %v, solver %#v", d, s)
	}
	if d, s := cadical.diversify(StillLife(8, 8)); d != FlipAll || s.(logic.External).Args != nil {
		t.Errorf("cadical, still life: diversify %v, solver %#v", d, s)
	}
	var zero Settings
	if zero.Diversify != Auto || Auto.String() != "auto" {
		t.Errorf("the zero Diversify is %v, want auto", zero.Diversify)
	}
}

// TestEncodersStopWithinARow: every encoder looks at its context at the
// start of every row of its area and returns ctx.Err() once it has ended,
// so a deadline or an interrupt is seen while a large formula is being
// written. The context is cancelled from inside the encoder, when it first
// asks for a cell of row 5 of a 40x40 step (no clock involved); after
// that it may finish the cells of row 5 and must ask for nothing below
// row 7 (its neighbours), where the whole step reaches row 40.
func TestEncodersStopWithinARow(t *testing.T) {
	const w, h, stopRow = 40, 40, 5
	rules := append(slices.Clone(rulesUnderTest), "pB3/S23", "B2/S34H", "B2n3/S23-q")
	for _, rs := range rules {
		r, err := rule.Parse(rs)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range Encodings() {
			enc, err := newEncoder(e, r)
			if err != nil {
				continue // knuth takes only outer-totalistic, full rules
			}
			c := &logic.CNF{}
			a0, b0 := c.NewVars(w*h), c.NewVars(w*h)
			ctx, cancel := context.WithCancel(context.Background())
			deepest, cancelled := -1, false
			at := func(base logic.Var) grid {
				return func(x, y int) logic.Lit {
					if cancelled {
						deepest = max(deepest, y)
					} else if y >= stopRow {
						cancel()
						cancelled = true
					}
					if x < 0 || y < 0 || x >= w || y >= h {
						return logic.False
					}
					return (base + logic.Var(y*w+x)).Pos()
				}
			}
			err = enc.step(ctx, c, false, at(a0), at(b0), all(image.Rect(0, 0, w, h)))
			cancel()
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s, %v: step returned %v after its context was cancelled; want context.Canceled", e, r, err)
			}
			if deepest > stopRow+2 {
				t.Errorf("%s, %v: cancelled at row %d, the encoder went on to row %d", e, r, stopRow, deepest)
			}
		}
	}
}
