package logic_test

import (
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// BenchmarkCopyVsUpstream measures what lifesat's copy of gophersat is
// worth: the hard suite's searches (lifesat/bench, "hard"), in boxes
// upstream finishes, solved by
//
//   - upstream: github.com/crillab/gophersat v1.4.0 on the formula
//     lifesat gave it before the copy had a seed (every variable
//     flipped at random, Diversify FlipAll);
//   - copy: the copy in upstream's single mode on the same formula;
//   - copy-lifesat: the copy as lifesat's Search runs it now, seeded, in
//     its stable mode, on the unflipped formula.
//
// Iteration i takes seed 1 + i%5, so -benchtime 5x averages five seeds;
// conflicts/op is the mean number of conflicts, cpu-ns/op the mean CPU
// time of the process during the solve (the solver's, with the garbage
// collector's), which a busy machine inflates less than ns/op. Each iteration solves
// one formula, and benchmarks run one after the other, so no two
// upstream solvers ever run at once (they would share its buffer).
func BenchmarkCopyVsUpstream(b *testing.B) {
	c4 := lifesat.Oscillator(3, 12, 12)
	c4.Symmetry = life.C4
	d8 := lifesat.Oscillator(3, 16, 16)
	d8.Symmetry = life.D8
	for _, c := range []struct {
		name string
		p    lifesat.Problem
	}{
		{"p3-8x8", lifesat.Oscillator(3, 8, 8)},           // exact p3 16x16 and 12x12, in 8x8
		{"p3-C4-12x12", c4},                               // p3 16x16 with C4, in 12x12
		{"p3-D8-16x16", d8},                               // the hard suite's own
		{"p4-6x6", lifesat.Oscillator(4, 6, 6)},           // exact p4 8x8, in 6x6
		{"c2-ship-9x9", lifesat.Spaceship(4, 0, 2, 9, 9)}, // the hard suite's own
	} {
		formula := func(b *testing.B, seed uint64, d lifesat.Diversify) *logic.CNF {
			in, err := lifesat.Encode(c.p, &lifesat.Settings{Seed: seed, Diversify: d})
			if err != nil {
				b.Fatal(err)
			}
			return in.CNF
		}
		b.Run(c.name+"/upstream", func(b *testing.B) {
			var conflicts, i int
			var cpu time.Duration
			for b.Loop() {
				b.StopTimer()
				f := formula(b, uint64(1+i%5), lifesat.FlipAll)
				i++
				b.StartTimer()
				start := cpuTime()
				st, m, n := upstreamSolve(f)
				cpu += cpuTime() - start
				if st != logic.Sat || !f.Eval(m) {
					b.Fatalf("upstream: %v", st)
				}
				conflicts += n
			}
			b.ReportMetric(float64(conflicts)/float64(b.N), "conflicts/op")
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
		for _, lifesatWay := range []bool{false, true} {
			name := c.name + "/copy"
			if lifesatWay {
				name += "-lifesat"
			}
			b.Run(name, func(b *testing.B) {
				var conflicts int64
				var cpu time.Duration
				i := 0
				for b.Loop() {
					b.StopTimer()
					seed := uint64(1 + i%5)
					i++
					g, d := logic.Gophersat{}, lifesat.FlipAll
					if lifesatWay {
						g, d = logic.Gophersat{Seed: seed, Stable: true}, lifesat.NoFlip
					}
					f := formula(b, seed, d)
					b.StartTimer()
					start := cpuTime()
					st, m, n := copySolve(b, f, g)
					cpu += cpuTime() - start
					if st != logic.Sat || !f.Eval(m) {
						b.Fatalf("copy: %v", st)
					}
					conflicts += n
				}
				b.ReportMetric(float64(conflicts)/float64(b.N), "conflicts/op")
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			})
		}
	}
}
