package lifesat

import (
	"context"
	"errors"
	"image"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// countTransitions counts the neighbourhoods (of 512) for which f holds.
func countTransitions(f func(n Neighbourhood) bool) int {
	k := 0
	for n := range Neighbourhood(512) {
		if f(n) {
			k++
		}
	}
	return k
}

// choose is the binomial coefficient n over k.
func choose(n, k int) int {
	c := 1
	for i := range k {
		c = c * (n - i) / (i + 1)
	}
	return c
}

// TestParsePartial: LLS's reading of "p" rules (src/rules.py,
// rule_from_rulestring): a count not written is off, a digit alone is
// free, letters before '-' on, after it off, the others free. The
// numbers of neighbourhoods are binomial coefficients, counted apart from
// the code: C(8,k) neighbourhoods of a dead (B) or live (S) cell have k
// live neighbours.
func TestParsePartial(t *testing.T) {
	tests := []struct {
		in, canon string
		free, on  int // neighbourhoods free, on
		min, max  string
	}{
		{"pB3/S23", "pB3/S23", choose(8, 3) + choose(8, 2) + choose(8, 3), 0, "B/S", "B3/S23"},
		{"Pb3/s23", "pB3/S23", choose(8, 3) + choose(8, 2) + choose(8, 3), 0, "B/S", "B3/S23"},
		{"pS23/B3", "pB3/S23", choose(8, 3) + choose(8, 2) + choose(8, 3), 0, "B/S", "B3/S23"},
		{"p", "pB012345678/S012345678", 512, 0, "B/S", "B012345678/S012345678"},
		// 3a has 4 neighbourhoods, 3c 4 (LifeWiki's class sizes).
		{"pB3a-c/S23", "pB3a-c/S23", choose(8, 3) - 8 + choose(8, 2) + choose(8, 3), 4, "B3a/S", "B3-c/S23"},
		{"pB3-c/S", "pB3-c/S", choose(8, 3) - 4, 0, "B/S", "B3-c/S"},
		{"pB2aceikn3/S23", "pB2aceikn3/S23", choose(8, 3) + choose(8, 2) + choose(8, 3), choose(8, 2), "B2/S", "B23/S23"},
		{"pB3/S0c8-c", "pB3/S0c", choose(8, 3), 1, "B/S0", "B3/S0"},
	}
	for _, tt := range tests {
		r, err := ParseRule(tt.in)
		if err != nil {
			t.Errorf("ParseRule(%q): %v", tt.in, err)
			continue
		}
		if !r.Partial() {
			t.Errorf("%q: not partial", tt.in)
		}
		if got := r.String(); got != tt.canon {
			t.Errorf("%q: String %q, want %q", tt.in, got, tt.canon)
		}
		if got := countTransitions(r.Free); got != tt.free {
			t.Errorf("%q: %d free transitions, want %d", tt.in, got, tt.free)
		}
		if got := countTransitions(r.Transition); got != tt.on {
			t.Errorf("%q: %d transitions on, want %d", tt.in, got, tt.on)
		}
		if got := r.Min().String(); got != tt.min {
			t.Errorf("%q: Min %s, want %s", tt.in, got, tt.min)
		}
		if got := r.Max().String(); got != tt.max {
			t.Errorf("%q: Max %s, want %s", tt.in, got, tt.max)
		}
		if r.Min().Partial() || r.Max().Partial() || r.Totalistic() {
			t.Errorf("%q: Min or Max partial, or the partial rule totalistic", tt.in)
		}
	}
	// With nothing free, "p" reads the plain rule: LLS writes no "p".
	r, err := ParseRule("pB3aceijknqry/S2aceikn3aceijknqry")
	if err != nil || r.Partial() || !r.Equivalent(Life) {
		t.Errorf("a partial rule with nothing free: %v, %v; want Life", r, err)
	}
}

// TestPartialRefusals: the consumers of one rule refuse partial rules
// with an error, and Step panics.
func TestPartialRefusals(t *testing.T) {
	r := mustParseRule("pB3/S23")
	ctx := context.Background()
	if _, err := Search(ctx, StillLife(3, 3), &Settings{Rule: r, Encoding: Knuth}); !errors.Is(err, ErrProblem) || !strings.Contains(err.Error(), "partial") {
		t.Errorf("knuth: %v", err)
	}
	if _, err := Maximize(ctx, StillLife(3, 3), &Settings{Rule: r}); !errors.Is(err, ErrProblem) {
		t.Errorf("Maximize: %v", err)
	}
	if _, err := CountStillLifes(ctx, 3, 3, r); !errors.Is(err, ErrProblem) {
		t.Errorf("CountStillLifes: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("Step on a partial rule did not panic")
		}
	}()
	Step(NewBoard(2, 2), r, Dead)
}

// completions lists every rule of r's range (r has few free classes).
func completions(t *testing.T, r Rule) []Rule {
	var classes [][]Neighbourhood
	var seen table
	for n := range Neighbourhood(512) {
		if r.Free(n) && !seen.get(n) {
			cl := r.classOf(n)
			for _, m := range cl {
				seen.set(m, true)
			}
			classes = append(classes, cl)
		}
	}
	if len(classes) > 8 {
		t.Fatalf("%v: %d free classes", r, len(classes))
	}
	var out []Rule
	for mask := range 1 << len(classes) {
		c := r.Min()
		for i, cl := range classes {
			for _, m := range cl {
				c.t.set(m, mask>>i&1 == 1)
			}
		}
		out = append(out, c.made())
	}
	return out
}

// randomPartial is Life (or HighLife) with k random isotropic classes
// freed, never B0.
func randomPartial(rng *rand.Rand, k int) Rule {
	r := Life
	if rng.IntN(2) == 0 {
		r = mustParseRule("B36/S23")
	}
	for range k {
		n := Neighbourhood(1 + rng.IntN(511))
		for _, m := range r.classOf(n) {
			r.free.set(m, true)
			r.t.set(m, false)
		}
	}
	return r.made()
}

// TestPartialUnion: on tiny boxes, the patterns found under a partial
// rule are exactly the union of those, brute-forced with Step, of its
// completions: still lifes and period-2 oscillators (up to phase), with
// the ring around the box dead. Each answer's Pattern.Rule contains the
// completion rules it works in and no other (checked on every
// completion). Count agrees.
func TestPartialUnion(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const w, h = 4, 3
	for trial := range 4 {
		r := randomPartial(rng, 3)
		rules := completions(t, r)
		for _, period := range []int{1, 2} {
			// Brute force: every board, every completion.
			want := map[string]bool{}
			for bits := 1; bits < 1<<(w*h); bits++ {
				b := NewBoard(w, h)
				for i := range w * h {
					b.Set(i%w, i/w, bits>>i&1 == 1)
				}
				for _, c := range rules {
					if key, ok := cycles(b, c, period); ok {
						want[key] = true
					}
				}
			}
			p := Oscillator(period, w, h)
			got := map[string]bool{}
			err := Enumerate(context.Background(), p, &Settings{Rule: r}, func(pat *Pattern) bool {
				key, _ := cycles(pat.Board(), pat.Rule.Min(), period)
				got[key] = true
				for _, c := range rules {
					_, ok := cycles(pat.Board(), c, period)
					if in := inRange(c, pat.Rule); in != ok {
						t.Errorf("%v p%d: answer\n%v range %v: completion %v in range %v, works %v", r, period, pat.Board(), pat.Rule, c, in, ok)
					}
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			// Count takes the same path (the row program takes one rule).
			if n, err := Count(context.Background(), p, &Settings{Rule: r}); err != nil || n.Int64() != int64(len(want)) {
				t.Errorf("trial %d, %v, period %d: Count %v, %v; brute force %d", trial, r, period, n, err, len(want))
			}
			if len(got) != len(want) {
				t.Errorf("trial %d, %v, period %d: %d patterns, brute force %d", trial, r, period, len(got), len(want))
			}
			for k := range want {
				if !got[k] {
					t.Errorf("trial %d, %v, period %d: missed\n%s", trial, r, period, k)
					break
				}
			}
		}
	}
}

// cycles reports whether b (padded with a dead ring) has exact period
// period under c, keeping the ring dead; key names it up to phase.
func cycles(b *Board, c Rule, period int) (key string, ok bool) {
	pad := b.Pad(1)
	ring := func(g *Board) bool {
		return g.Crop(image.Rect(1, 1, g.Width()-1, g.Height()-1)).Pad(1).Equal(g)
	}
	gens := []*Board{pad}
	for range period {
		g := Step(gens[len(gens)-1], c, Dead)
		if !ring(g) {
			return "", false
		}
		gens = append(gens, g)
	}
	if !gens[period].Equal(pad) {
		return "", false
	}
	for d := 1; d < period; d++ {
		if period%d == 0 && gens[d].Equal(pad) {
			return "", false
		}
	}
	keys := make([]string, period)
	for i := range period {
		keys[i] = gens[i].String()
	}
	slices.Sort(keys)
	return keys[0], true
}

// inRange reports whether the complete rule c lies in the range of the
// partial rule r.
func inRange(c, r Rule) bool {
	for n := range Neighbourhood(512) {
		if !r.Free(n) && c.Transition(n) != r.Transition(n) {
			return false
		}
	}
	return true
}

// TestGliderRange: "in which isotropic rules is the glider a c/4
// diagonal ship?" With generation 0 fixed to the glider, under "p" (every
// transition free) and "pB3/S23", the answer's range is checked by
// simulation: the glider is a c/4 ship under random completions of the
// range, and flipping any transition the answer forces changes its
// evolution. With all four phases fixed to Life's, the range holds Life,
// HighLife (B36/S23) and B38/S23, in which the glider flies too
// (LifeWiki, "HighLife"; "Glider").
func TestGliderRange(t *testing.T) {
	glider := board(".O...", "..O..", "OOO..", ".....", ".....")
	lifePhases := Run(glider, Life, Dead, 3)
	for _, tt := range []struct {
		spec    string
		phases  int
		inRange []string
	}{
		{"p", 1, nil},
		{"pB3/S23", 1, nil},
		{"p", 4, []string{"B3/S23", "B36/S23", "B38/S23"}},
		{"pB3/S23", 4, []string{"B3/S23"}},
	} {
		r := mustParseRule(tt.spec)
		p := Spaceship(4, 1, 1, 5, 5)
		tm := NewTemplate(5, 5, tt.phases)
		for g := range tt.phases {
			tm.Fix(g, lifePhases[g])
		}
		p.Template = tm
		res, err := Search(context.Background(), p, &Settings{Rule: r})
		if err != nil || len(res.Patterns) != 1 {
			t.Fatalf("%s: %v, %v", tt.spec, res, err)
		}
		pat := res.Patterns[0]
		rng := pat.Rule
		t.Logf("%s, %d phases fixed: the glider flies in %v", tt.spec, tt.phases, rng)
		if !rng.Partial() || !inRange(rng.Min(), r) || !inRange(rng.Max(), r) {
			t.Errorf("%s: range %v not within the rule", tt.spec, rng)
		}
		flies := func(c Rule) bool {
			g := Run(glider.Pad(2), c, Dead, 4)
			return g[4].Equal(glider.Pad(2).Translate(1, 1))
		}
		for _, named := range tt.inRange {
			if c := mustParseRule(named); !inRange(c, rng) || !flies(c) {
				t.Errorf("%s: %s in range %v: %v, flies %v", tt.spec, named, rng, inRange(c, rng), flies(c))
			}
		}
		prng := rand.New(rand.NewPCG(5, 6))
		for range 20 {
			c := rng.Min()
			for n := range Neighbourhood(512) {
				if rng.Free(n) && n != 0 {
					for _, m := range rng.classOf(n) {
						c.t.set(m, prng.IntN(2) == 0)
					}
				}
			}
			c = c.made()
			if !flies(c) {
				t.Errorf("%s: the glider does not fly in %v, of the range %v", tt.spec, c, rng)
			}
		}
		// Each transition the answer forces matters: flipping its class
		// changes some step of the answer's evolution.
		for n := range Neighbourhood(512) {
			if rng.Free(n) || !r.Free(n) {
				continue
			}
			c := rng.Min()
			for _, m := range c.classOf(n) {
				c.t.set(m, !c.t.get(m))
			}
			c = c.made()
			same := true
			for g, b := range pat.Phases {
				next := pat.Board().Translate(1, 1)
				if g+1 < len(pat.Phases) {
					next = pat.Phases[g+1]
				}
				same = same && Step(b.Pad(1), c, Dead).Equal(next.Pad(1))
			}
			if same {
				t.Errorf("%s: transition %d is forced in %v, but flipping it changes nothing", tt.spec, n, rng)
			}
		}
	}
}

// TestPartialRoundTrip: random partial rules, each isotropic class on,
// off or free at random (a class left off may be drawn again from a
// later member: each draw sets the whole class), read back from String.
func TestPartialRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		r := Rule{form: bsRule}
		for n := range Neighbourhood(512) {
			if r.t.get(n) || r.free.get(n) {
				continue
			}
			v := rng.IntN(3)
			for _, m := range r.classOf(n) {
				r.t.set(m, v == 1)
				r.free.set(m, v == 2)
			}
		}
		r = r.made()
		if !strings.HasPrefix(r.String(), "p") {
			t.Fatalf("%v: not written as a partial rule", r)
		}
		back, err := ParseRule(r.String())
		if err != nil || back != r {
			t.Fatalf("%v -> %v, %v", r, back, err)
		}
	}
}

// FuzzParsePartialRule: a partial rule reads back from its String, and
// its Min and Max lie in its range, Min below Max.
func FuzzParsePartialRule(f *testing.F) {
	// Each seed follows the "p" the fuzz function puts first.
	for _, s := range []string{"", "B3/S23", "B3a-c/S23", "b2-a3ae-k/s", "S23/B3", "B3S23",
		"B012345678/S012345678", "23/3", "B3a-c-e/S", "B0c/S8", "B3-/S", "B9/S", "B3aceijknqry/S23", "B3/S23/3", "B3/S23H"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRule("p" + s)
		if err != nil {
			if !errors.Is(err, ErrRule) {
				t.Fatalf("%q: error %v does not wrap ErrRule", s, err)
			}
			return
		}
		back, err := ParseRule(r.String())
		if err != nil || back != r {
			t.Fatalf("p%q -> %v -> %v, %v", s, r, back, err)
		}
		lo, hi := r.Min(), r.Max()
		if !inRange(lo, r) || !inRange(hi, r) {
			t.Fatalf("p%q: Min %v or Max %v outside %v", s, lo, hi, r)
		}
		for n := range Neighbourhood(512) {
			if lo.Transition(n) && !hi.Transition(n) || r.Free(n) && lo.Transition(n) == hi.Transition(n) {
				t.Fatalf("p%q: Min %v, Max %v at %d", s, lo, hi, n)
			}
		}
	})
}
