package lifesat_test

import (
	"context"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// OEIS A055397: maximal number of live cells in a still life in an n x n
// box: 0, 4, 6, 8, 16, 18, 28, 36, 43, 54, 64, 76, ... (n = 1..12). Bosch's
// Table 1 solved n = 4..9 (and his Figure 7 shows the optima). n = 1..4
// are also checked by brute force below.
var a055397 = []int{0, 4, 6, 8, 16, 18, 28}

// TestMaxDensityStillLife runs the SAT path (a named solver asks for it;
// with none, plain still lifes go to MaxStillLife, tested on its own) and
// the default path.
func TestMaxDensityStillLife(t *testing.T) {
	for _, s := range []*lifesat.Settings{{Solver: logic.Gophersat{}}, nil} {
		for n := 1; n <= len(a055397); n++ {
			res, err := lifesat.Maximize(context.Background(), lifesat.StillLife(n, n), s)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Optimal || res.Population != a055397[n-1] {
				t.Errorf("%dx%d: population %d optimal=%v, OEIS A055397 says %d", n, n, res.Population, res.Optimal, a055397[n-1])
			}
			if s != nil && res.Stats.Solves == 0 {
				t.Errorf("%dx%d: the solver was named but not called", n, n)
			}
		}
	}
	for n := 1; n <= 4; n++ {
		if got := bruteStill(n, n, rule.Life).max; got != a055397[n-1] {
			t.Errorf("brute force %dx%d: %d", n, n, got)
		}
	}
}

// Bosch's variants: 3-4 Life still lifes, and a period-2 oscillator with a
// forced blinking cell; each optimum is cross-checked by brute force over
// every board of the box.
func TestMaxDensityVariants(t *testing.T) {
	r34, _ := rule.Parse("B34/S34")
	res, err := lifesat.Maximize(context.Background(), lifesat.StillLife(4, 4), &lifesat.Settings{Rule: r34, Encoding: lifesat.Knuth})
	if err != nil || !res.Optimal {
		t.Fatal(res, err)
	}
	best := bruteStill(4, 4, r34).max
	if res.Population != best {
		t.Errorf("3-4 Life 4x4: %d, brute force %d", res.Population, best)
	}

	p := lifesat.Oscillator(2, 4, 4)
	p.Blink = append(p.Blink, imagePt(1, 1))
	res, err = lifesat.Maximize(context.Background(), p, nil)
	if err != nil || res.Status != logic.Sat || !res.Optimal {
		t.Fatal(res, err)
	}
	// Brute force: the best sum of both phases over all 4x4 boards whose
	// successor stays in the box, returns in 2 steps, and blinks at (1,1).
	best = 0
	for bits := range 1 << 16 {
		b := boardOf(4, 4, bits)
		g := life.Run(b.Pad(1), rule.Life, life.Dead, 2)
		if g[2].Equal(g[0]) && !g[1].Equal(g[0]) && g[0].Alive(2, 2) && !g[1].Alive(2, 2) && g[1].Population() == g[1].Crop(imageRect(1, 1, 5, 5)).Population() {
			best = max(best, g[0].Population()+g[1].Population())
		}
	}
	if res.Population != best {
		t.Errorf("p2 4x4 blinking at (1,1): %d, brute force %d", res.Population, best)
	}
}
