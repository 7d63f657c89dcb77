package rule

import (
	"errors"
	"math/rand/v2"
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
		r, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
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
	r, err := Parse("pB3aceijknqry/S2aceikn3aceijknqry")
	if err != nil || r.Partial() || !r.Equivalent(Life) {
		t.Errorf("a partial rule with nothing free: %v, %v; want Life", r, err)
	}
}

// TestParseRange: "A .. B" is the partial rule of the rules from A to B:
// A's transitions on, B's other ones free, in A's notation and shape; it
// is how String writes the partial rules of MAP notation and of the
// hexagonal and von Neumann neighbourhoods, which LLS's "p" cannot.
func TestParseRange(t *testing.T) {
	tests := []struct {
		in, canon string
		free      int // neighbourhoods free
	}{
		// B6 free: choose(8, 6) dead neighbourhoods with 6 live neighbours.
		{"B3/S23 .. B36/S23", "pB3aceijknqry6/S2aceikn3aceijknqry", choose(8, 6)},
		{"b3/s23..b3/s23", "B3/S23", 0},
		// A hexagonal count k is C(6, k) cells of the shape, times 4 for
		// the two corners outside it; S2 is that with the centre alive.
		{"B2/S34H .. B2/S234H", "B2/S34H .. B2/S234H", 4 * choose(6, 2)},
		{"B/SV .. B/S4V", "B/SV .. B/S4V", 16}, // the four cells of the shape alive, 2^4 corners
		// MAP: one transition on in the second rule alone: neighbourhood
		// 510 (all alive but SE), the first bit of the last character.
		{lifeMAP + " .. " + lifeMAP[:len(lifeMAP)-1] + "g", lifeMAP + " .. " + lifeMAP[:len(lifeMAP)-1] + "g", 1},
	}
	for _, tt := range tests {
		r, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := r.String(); got != tt.canon {
			t.Errorf("%q: String %q, want %q", tt.in, got, tt.canon)
		}
		if got := countTransitions(r.Free); got != tt.free || r.Partial() != (tt.free > 0) {
			t.Errorf("%q: %d free transitions (partial %v), want %d", tt.in, got, r.Partial(), tt.free)
		}
		if back, err := Parse(r.String()); err != nil || back != r {
			t.Errorf("%q: %v read back as %v, %v", tt.in, r, back, err)
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
			for _, m := range r.Class(n) {
				r.t.set(m, v == 1)
				r.free.set(m, v == 2)
			}
		}
		r = r.made()
		if !strings.HasPrefix(r.String(), "p") {
			t.Fatalf("%v: not written as a partial rule", r)
		}
		back, err := Parse(r.String())
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
		r, err := Parse("p" + s)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("%q: error %v does not wrap ErrInvalid", s, err)
			}
			return
		}
		back, err := Parse(r.String())
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

// inRange reports whether the complete rule c lies in the range of r.
func inRange(c, r Rule) bool {
	for n := range Neighbourhood(512) {
		if !r.Free(n) && c.Transition(n) != r.Transition(n) {
			return false
		}
	}
	return true
}
