package life

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/lifesat/lifesat/lifesat/rule"
)

// TestAfterAgreesWithStep: After skips whole periods once a board
// repeats; for random boards on the torus and in a closed world, under
// Life and other rules, it gives what n plain Steps give, for n before,
// at and past the first repeat.
func TestAfterAgreesWithStep(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2, 11))
	for _, rs := range []string{"B3/S23", "B36/S23", "B2/S", "B0/S8"} {
		r := rule.MustParse(rs)
		for _, e := range []Edge{Torus, Dead} {
			for range 8 {
				w, h := 3+rng.IntN(4), 3+rng.IntN(4)
				b := NewBoard(w, h)
				for y := range h {
					for x := range w {
						b.Set(x, y, rng.IntN(3) == 0)
					}
				}
				gens := Run(b, r, e, 300)
				for _, n := range []int{0, 1, 7, 64, 131, 300} {
					got, err := After(ctx, b, r, e, n)
					if err != nil {
						t.Fatal(err)
					}
					if !got.Equal(gens[n]) {
						t.Errorf("%s, edge %v, %d generations of\n%sgives\n%swant\n%s", rs, e, n, b, got, gens[n])
					}
				}
			}
		}
	}
}

// TestAfterLargeN: a glider on a 3x3 torus dies out; on an 8x8 torus it
// comes back every 32 generations, so after a billion (a multiple of 32)
// it is where it started; a blinker after 10^9+1 is in its other phase.
func TestAfterLargeN(t *testing.T) {
	ctx := context.Background()
	const billion = 1_000_000_000
	glider := board(".O.", "..O", "OOO")
	if got, err := After(ctx, glider, rule.Life, Torus, billion); err != nil || got.Population() != 0 {
		t.Errorf("glider on a 3x3 torus after 10^9: %v\n%v", err, got)
	}
	big := NewBoard(8, 8)
	for y := range 3 {
		for x := range 3 {
			big.Set(x, y, glider.Alive(x, y))
		}
	}
	if got, err := After(ctx, big, rule.Life, Torus, billion); err != nil || !got.Equal(big) {
		t.Errorf("glider on an 8x8 torus after 10^9: %v\n%v", err, got)
	}
	blinker := board("...", "OOO", "...")
	if got, err := After(ctx, blinker, rule.Life, Dead, billion+1); err != nil || !got.Equal(board(".O.", ".O.", ".O.")) {
		t.Errorf("blinker after 10^9+1: %v\n%v", err, got)
	}
	ctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := After(ctx, big, rule.Life, Torus, billion); err == nil {
		t.Error("After with a cancelled context: no error")
	}
}
