package lifesat_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/lifesat/lifesat/lifesat/internal/lifetest"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// symmetricUnder reports whether b is unchanged by every map of sym,
// written with the Board's own transforms, independently of the
// encoder's orbits.
func symmetricUnder(b *life.Board, sym life.Symmetry) bool {
	anti := func(b *life.Board) *life.Board { return b.Transpose().Rotate180() }
	maps := map[life.Symmetry][]func(*life.Board) *life.Board{
		life.C2:     {(*life.Board).Rotate180},
		life.C4:     {(*life.Board).Rotate90},
		life.D2H:    {(*life.Board).FlipY},
		life.D2V:    {(*life.Board).FlipX},
		life.D2Diag: {(*life.Board).Transpose},
		life.D2Anti: {anti},
		life.D4Plus: {(*life.Board).FlipX, (*life.Board).FlipY},
		life.D4Diag: {(*life.Board).Transpose, anti},
		life.D8:     {(*life.Board).Rotate90, (*life.Board).FlipX},
	}
	for _, m := range maps[sym] {
		if !m(b).Equal(b) {
			return false
		}
	}
	return true
}

// mirrorOnlyRule is a random rule that is unchanged by the left-right
// mirror and by nothing else: a MAP rule, not isotropic.
func mirrorOnlyRule(seed uint64) rule.Rule {
	rng := rand.New(rand.NewPCG(seed, 7))
	mirror := func(n rule.Neighbourhood) rule.Neighbourhood {
		var m rule.Neighbourhood
		for p := range 9 { // bit 8-(3 row+col) moves to column 2-col
			if n>>(8-p)&1 == 1 {
				m |= 1 << (8 - (3*(p/3) + 2 - p%3))
			}
		}
		return m
	}
	var bits [512]bool
	for n := range rule.Neighbourhood(512) {
		if m := mirror(n); m < n {
			bits[n] = bits[m]
		} else {
			bits[n] = n != 0 && rng.IntN(3) == 0
		}
	}
	return rule.New(func(n rule.Neighbourhood) bool { return bits[n] })
}

// TestSymmetricCountsAgreeWithBruteForce: a symmetric search states one
// cell's transition per orbit when the rule is unchanged by the
// symmetry, and every cell's otherwise. Either way, the still lifes and
// period-2 oscillators it counts are the symmetric ones that brute force
// finds over every board of the box, for every symmetry, for totalistic,
// isotropic and mirror-only rules, in boxes with a centre cell and
// without.
func TestSymmetricCountsAgreeWithBruteForce(t *testing.T) {
	ctx := context.Background()
	rules := []rule.Rule{rule.Life, lifetest.Rule(t, "B36/S23"), lifetest.Rule(t, "B2n3/S23-q"), mirrorOnlyRule(1)}
	for _, sz := range [][2]int{{3, 3}, {4, 4}, {4, 3}} {
		w, h := sz[0], sz[1]
		for _, r := range rules {
			// Brute force: every board, each symmetric still life and
			// period-2 phase once.
			still := map[life.Symmetry]int{}
			osc := map[life.Symmetry]int{}
			for bits := range 1 << (w * h) {
				b := boardOf(w, h, bits)
				g := life.Run(b.Pad(1), r, life.Dead, 2)
				inBox := g[1].Population() == g[1].Crop(imageRect(1, 1, w+1, h+1)).Population()
				isStill, isOsc := inBox && g[1].Equal(g[0]), inBox && !g[1].Equal(g[0]) && g[2].Equal(g[0])
				if !isStill && !isOsc {
					continue
				}
				next := g[1].Crop(imageRect(1, 1, w+1, h+1))
				for _, sym := range life.Symmetries()[1:] {
					switch {
					case isStill && symmetricUnder(b, sym):
						still[sym]++
					case isOsc && symmetricUnder(b, sym) && symmetricUnder(next, sym):
						osc[sym]++
					}
				}
			}
			for _, sym := range life.Symmetries()[1:] {
				for _, period := range []int{1, 2} {
					p := lifesat.Oscillator(period, w, h)
					if period == 1 {
						p = lifesat.StillLife(w, h)
					}
					p.Symmetry, p.MaxPop = sym, w*h
					if p.Validate() != nil {
						continue // a square symmetry in a 4x3 box
					}
					got, err := lifesat.Count(ctx, p, &lifesat.Settings{Rule: r, AllowEmpty: true})
					if err != nil {
						t.Fatal(err)
					}
					want := still[sym]
					if period == 2 {
						want = osc[sym] / 2 // one oscillator, two phases
					}
					if got.Int64() != int64(want) {
						t.Errorf("%v, %v under %v: counted %v, brute force %d", p, sym, r, got, want)
					}
				}
			}
		}
	}
}

// TestSymmetricSearchStatesOneCellPerOrbit: the formula of a D8 search
// under Life has about an eighth of the clauses of the plain one, and a
// rule that only the mirror leaves unchanged keeps every cell's
// transition under the other reflections.
func TestSymmetricSearchStatesOneCellPerOrbit(t *testing.T) {
	clauses := func(sym life.Symmetry, r rule.Rule) int {
		p := lifesat.Oscillator(3, 16, 16)
		p.Symmetry = sym
		in, err := lifesat.Encode(p, &lifesat.Settings{Rule: r})
		if err != nil {
			t.Fatal(err)
		}
		return in.CNF.NumClauses()
	}
	plain, d8 := clauses(life.C1, rule.Life), clauses(life.D8, rule.Life)
	if d8*7 > plain {
		t.Errorf("D8 formula has %d clauses, the plain one %d: want about an eighth", d8, plain)
	}
	r := mirrorOnlyRule(2)
	lr, tb := clauses(life.D2V, r), clauses(life.D2H, r)
	if lr*3 > tb*2 {
		t.Errorf("under a rule unchanged by the left-right mirror, D2| has %d clauses and D2- %d: want D2| to state half the cells", lr, tb)
	}
}
