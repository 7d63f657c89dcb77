package plan_test

import (
	"bytes"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/plan"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// ruleSweep plans a sweep of 4096 rules (S2 and S3 of B3/S23 free: the
// first 4096 of 2^16) for a c/2 ship in 8x8, and writes it.
func ruleSweep(b *testing.B) []byte {
	rules, err := plan.RulesIn(rule.MustParse("pB3cekainyqjr/S23"), 1<<16)
	if err != nil {
		b.Fatal(err)
	}
	m, err := (&plan.Sweep{Problem: lifesat.Spaceship(4, 2, 0, 8, 8), Rules: rules[:4096]}).Plan()
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	m.Write(&buf)
	return buf.Bytes()
}

// BenchmarkRead reads that sweep whole, as collect does.
func BenchmarkRead(b *testing.B) {
	data := ruleSweep(b)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		if _, err := plan.Read(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadTask reads one task of that sweep, as a task does.
func BenchmarkReadTask(b *testing.B) {
	data := ruleSweep(b)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := plan.ReadTask(bytes.NewReader(data), 2048); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSweepPlan plans that sweep: each task's formula is sized.
func BenchmarkSweepPlan(b *testing.B) {
	for b.Loop() {
		ruleSweep(b)
	}
}
