package density_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// BenchmarkMaxStillLife proves n x n boxes optimal. The strip tables are
// built once per process and shared, so the first size pays for them:
// run one size at a time for its own cost, e.g.
//
//	go test -run '^$' -bench 'MaxStillLife/n=24$' -benchtime 3x ./lifesat/density
func BenchmarkMaxStillLife(b *testing.B) {
	for n := 8; n <= 29; n++ {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var res *density.Result
			for b.Loop() {
				var err error
				res, err = density.MaxStillLife(context.Background(), n, n, nil)
				if err != nil {
					b.Fatal(err)
				}
				if !res.Optimal {
					b.Fatalf("%dx%d: not optimal", n, n)
				}
			}
			b.ReportMetric(float64(res.Population), "cells")
			b.ReportMetric(float64(res.Stats.States), "states")
		})
	}
}

// BenchmarkMaxOscillator proves n x n boxes optimal for period-2
// oscillators. 9x9 and 10x10 need more than the default memory budget
// (their last passes peak at 13 and 77 million states;
// docs/max-density.md) and get 8 and 20 GB: run each alone,
//
//	go test -run '^$' -bench 'MaxOscillator/n=10$' -benchtime 1x -timeout 1h ./lifesat/density
func BenchmarkMaxOscillator(b *testing.B) {
	for _, n := range []int{5, 6, 7, 8, 9, 10} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var opt *density.Options
			switch n {
			case 9:
				opt = &density.Options{Memory: 8 << 30}
			case 10:
				opt = &density.Options{Memory: 20 << 30}
			}
			var res *density.OscillatorResult
			for b.Loop() {
				var err error
				res, err = density.MaxOscillator(context.Background(), n, n, opt)
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(res.Population), "cells")
			b.ReportMetric(float64(res.Stats.States), "states")
		})
	}
}

// BenchmarkWasteCNF builds the wastage CNF of n x n boxes at the waste of
// their densest known boards (about 40n/27 + 8, as the ladder's first
// question asks), the formula MaxStillLifeSAT builds for each question:
//
//	go test -run '^$' -bench WasteCNF -benchmem ./lifesat/density
func BenchmarkWasteCNF(b *testing.B) {
	for _, n := range []int{16, 33, 60} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			budget := (2*n*n+4*n)%4 + (40*n/27+8)/4*4
			var f *logic.CNF
			for b.Loop() {
				var err error
				if f, err = density.WasteCNF(context.Background(), n, n, budget); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(f.NumClauses()), "clauses")
			b.ReportMetric(float64(f.NumLits()), "lits")
		})
	}
}
