package lifesat_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// The blog's problems. Run with
//
//	go test -run '^$' -bench . -count 5 ./lifesat/
//
// and compare medians with benchstat; the machines are shared.

func BenchmarkEncodeStillLife(b *testing.B) {
	for _, n := range []int{16, 64, 128} {
		for _, e := range lifesat.Encodings() {
			b.Run(fmt.Sprintf("%dx%d/%s", n, n, e), func(b *testing.B) {
				s := &lifesat.Settings{Encoding: e}
				for b.Loop() {
					if _, err := lifesat.Encode(lifesat.StillLife(n, n), s); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkSearch is the whole search: encode, solve, decode, verify.
// Each iteration uses the next seed, so the figure is a mean over seeds.
func BenchmarkSearch(b *testing.B) {
	problems := []lifesat.Problem{
		lifesat.StillLife(16, 16),
		lifesat.StillLife(64, 64),
		lifesat.Oscillator(2, 16, 16),
	}
	for _, p := range problems {
		for _, e := range lifesat.Encodings() {
			b.Run(fmt.Sprintf("%v/%s", p, e), func(b *testing.B) {
				seed := uint64(0)
				for b.Loop() {
					seed++
					res, err := lifesat.Search(context.Background(), p, &lifesat.Settings{Encoding: e, Seed: seed})
					if err != nil || res.Status != logic.Sat {
						b.Fatal(res, err)
					}
				}
			})
		}
	}
}
