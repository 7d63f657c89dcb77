package plan_test

import (
	"bytes"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/plan"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// BenchmarkRead reads a sweep of 4096 rules, as every task of it does.
func BenchmarkRead(b *testing.B) {
	rules, err := plan.RulesIn(rule.MustParse("pB3cekainyqjr/S23"), 1<<16) // S2 and S3 free: 2^16
	if err != nil {
		b.Fatal(err)
	}
	m, err := (&plan.Sweep{Problem: lifesat.Spaceship(4, 2, 0, 8, 8), Rules: rules[:4096]}).Plan()
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	m.Write(&buf)
	b.SetBytes(int64(buf.Len()))
	b.ResetTimer()
	for b.Loop() {
		if _, err := plan.Read(bytes.NewReader(buf.Bytes())); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSweepPlan plans that sweep.
func BenchmarkSweepPlan(b *testing.B) {
	rules, err := plan.RulesIn(rule.MustParse("pB3cekainyqjr/S23"), 1<<16)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := (&plan.Sweep{Problem: lifesat.Spaceship(4, 2, 0, 8, 8), Rules: rules[:4096]}).Plan(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadTask reads one task of that sweep, as a task does.
func BenchmarkReadTask(b *testing.B) {
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
	b.SetBytes(int64(buf.Len()))
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := plan.ReadTask(bytes.NewReader(buf.Bytes()), 2048); err != nil {
			b.Fatal(err)
		}
	}
}
