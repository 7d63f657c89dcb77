package lifesat

import (
	"context"
	"errors"
	"image"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// TestPartialRefusals: the consumers of one rule refuse partial rules
// with an error, and Step panics.
func TestPartialRefusals(t *testing.T) {
	r := rule.MustParse("pB3/S23")
	ctx := context.Background()
	if _, err := Search(ctx, StillLife(3, 3), &Settings{Rule: r, Encoding: Knuth}); !errors.Is(err, ErrProblem) || !strings.Contains(err.Error(), "partial") {
		t.Errorf("knuth: %v", err)
	}
	if _, err := Maximize(ctx, StillLife(3, 3), &Settings{Rule: r}); !errors.Is(err, ErrProblem) {
		t.Errorf("Maximize: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("Step on a partial rule did not panic")
		}
	}()
	life.Step(life.NewBoard(2, 2), r, life.Dead)
}

// completions lists every rule of r's range (r has few free classes).
func completions(t *testing.T, r rule.Rule) []rule.Rule {
	var classes []rule.Neighbourhood // one member of each free class
	seen := make(map[rule.Neighbourhood]bool)
	for n := range rule.Neighbourhood(512) {
		if r.Free(n) && !seen[n] {
			for _, m := range r.Class(n) {
				seen[m] = true
			}
			classes = append(classes, n)
		}
	}
	if len(classes) > 8 {
		t.Fatalf("%v: %d free classes", r, len(classes))
	}
	var out []rule.Rule
	for mask := range 1 << len(classes) {
		c := r
		for i, n := range classes {
			c = c.Fix(n, mask>>i&1 == 1)
		}
		out = append(out, c)
	}
	return out
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
				b := life.NewBoard(w, h)
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
func cycles(b *life.Board, c rule.Rule, period int) (key string, ok bool) {
	pad := b.Pad(1)
	ring := func(g *life.Board) bool {
		return g.Crop(image.Rect(1, 1, g.Width()-1, g.Height()-1)).Pad(1).Equal(g)
	}
	gens := []*life.Board{pad}
	for range period {
		g := life.Step(gens[len(gens)-1], c, life.Dead)
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
func inRange(c, r rule.Rule) bool {
	for n := range rule.Neighbourhood(512) {
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
	glider := lifetest.Board(".O...\n..O..\nOOO..\n.....\n.....")
	lifePhases := life.Run(glider, rule.Life, life.Dead, 3)
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
		r := rule.MustParse(tt.spec)
		p := Spaceship(4, 1, 1, 5, 5)
		tm := tmpl.New(5, 5, tt.phases)
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
		flies := func(c rule.Rule) bool {
			g := life.Run(glider.Pad(2), c, life.Dead, 4)
			return g[4].Equal(glider.Pad(2).Translate(1, 1))
		}
		for _, named := range tt.inRange {
			if c := rule.MustParse(named); !inRange(c, rng) || !flies(c) {
				t.Errorf("%s: %s in range %v: %v, flies %v", tt.spec, named, rng, inRange(c, rng), flies(c))
			}
		}
		prng := rand.New(rand.NewPCG(5, 6))
		for range 20 {
			c := rng
			for n := range rule.Neighbourhood(512) {
				if c.Free(n) {
					c = c.Fix(n, n != 0 && prng.IntN(2) == 0)
				}
			}
			if !flies(c) {
				t.Errorf("%s: the glider does not fly in %v, of the range %v", tt.spec, c, rng)
			}
		}
		// Each transition the answer forces matters: flipping its class
		// changes some step of the answer's evolution.
		for n := range rule.Neighbourhood(512) {
			if rng.Free(n) || !r.Free(n) {
				continue
			}
			c := rng.Min().Unfix(n).Fix(n, !rng.Transition(n))
			same := true
			for g, b := range pat.Phases {
				next := pat.Board().Translate(1, 1)
				if g+1 < len(pat.Phases) {
					next = pat.Phases[g+1]
				}
				same = same && life.Step(b.Pad(1), c, life.Dead).Equal(next.Pad(1))
			}
			if same {
				t.Errorf("%s: transition %d is forced in %v, but flipping it changes nothing", tt.spec, n, rng)
			}
		}
	}
}

// TestSettingsKeepTheEmptyRule: "B/S" is a rule, not the zero Rule that
// the settings read as Life.
func TestSettingsKeepTheEmptyRule(t *testing.T) {
	r := rule.MustParse("B/S")
	if d := (&Settings{Rule: r}).orDefaults(); d.Rule != r {
		t.Errorf("Settings{Rule: %v} searches under %v", r, d.Rule)
	}
	if d := (&Settings{}).orDefaults(); d.Rule != rule.Life {
		t.Errorf("the zero Rule in Settings means %v, want Life", d.Rule)
	}
}

// randomPartial is Life (or HighLife) with k random isotropic classes
// freed, never B0.
func randomPartial(rng *rand.Rand, k int) rule.Rule {
	r := rule.Life
	if rng.IntN(2) == 0 {
		r = rule.MustParse("B36/S23")
	}
	for range k {
		r = r.Unfix(rule.Neighbourhood(1 + rng.IntN(511)))
	}
	return r
}

// TestFullBoxUnderAnyRule: a 2x2 box full of live cells under the
// partial rule p (every transition free) is a still life in the rules
// that keep it; no cell of it or its ring sees an empty neighbourhood, so
// B0 is unused, but on the dead plane the range must leave it off (with
// B0 and S8 the plane would fill, and the answer would fail its check).
func TestFullBoxUnderAnyRule(t *testing.T) {
	p := StillLife(2, 2)
	p.MinPop = 4
	res, err := Search(context.Background(), p, &Settings{Rule: rule.MustParse("p")})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != logic.Sat || len(res.Patterns) != 1 {
		t.Fatalf("status %v, %d patterns", res.Status, len(res.Patterns))
	}
	rng := res.Patterns[0].Rule
	if rng.Free(0) || rng.Max().BirthOnZero() {
		t.Errorf("range %v leaves B0 possible on the dead plane", rng)
	}
	if got := life.Step(res.Patterns[0].Phases[0].Pad(1), rng.Max(), life.Dead); !got.Equal(res.Patterns[0].Phases[0].Pad(1)) {
		t.Errorf("the full box is not still under the range's most rule %v", rng.Max())
	}
}
