package lifesat_test

import (
	"context"
	"fmt"
	"math/big"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	_ "github.com/lifesat/lifesat/lifesat/density" // registers the row programs for Count and Maximize, as the command has them
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// fakeSolverFree takes every problem, answering 7 and an empty result,
// and counts the questions.
type fakeSolverFree struct{ counts, maxes int }

func (f *fakeSolverFree) CountPlain(context.Context, lifesat.Problem, lifesat.Settings) (*big.Int, bool, error) {
	f.counts++
	return big.NewInt(7), true, nil
}

func (f *fakeSolverFree) MaximizePlain(context.Context, lifesat.Problem, lifesat.Settings) (*lifesat.MaxResult, bool, error) {
	f.maxes++
	return &lifesat.MaxResult{Status: logic.Unknown}, true, nil
}

// TestRegisterSolverFree: Count and Maximize ask the registered
// SolverFree first, and only it; Maximize does not when a Solver or an
// Encoding is named. The tests of this package run one at a time, so the
// registration can be swapped here; density's is put back.
func TestRegisterSolverFree(t *testing.T) {
	var f fakeSolverFree
	density := lifesat.RegisterSolverFree(&f)
	defer lifesat.RegisterSolverFree(density)
	if density == nil {
		t.Error("package density registered no SolverFree")
	}
	ctx := context.Background()
	p := lifesat.StillLife(3, 3)
	if n, err := lifesat.Count(ctx, p, nil); err != nil || n.Int64() != 7 || f.counts != 1 {
		t.Errorf("Count: %v, %v after %d questions; want the fake's 7 after 1", n, err, f.counts)
	}
	if res, err := lifesat.Maximize(ctx, p, nil); err != nil || res.Status != logic.Unknown || f.maxes != 1 {
		t.Errorf("Maximize: %+v, %v after %d questions; want the fake's answer after 1", res, err, f.maxes)
	}
	for _, s := range []*lifesat.Settings{{Solver: logic.Gophersat{}}, {Encoding: lifesat.Knuth}} {
		if res, err := lifesat.Maximize(ctx, p, s); err != nil || res.Population != 6 || f.maxes != 1 {
			t.Errorf("Maximize with %+v: %+v, %v after %d questions; want the SAT ladder's 6 (OEIS A055397) and no question", s, res, err, f.maxes)
		}
	}
	// With none registered the solver answers: 12 still lifes in 3x3,
	// the empty one included (OEIS A136278).
	lifesat.RegisterSolverFree(nil)
	if n, err := lifesat.Count(ctx, p, &lifesat.Settings{AllowEmpty: true}); err != nil || n.Int64() != 12 {
		t.Errorf("Count with none registered: %v, %v; want 12", n, err)
	}
}

// Package density, linked by the import above as by the lifesat command,
// registers its row programs: Count hands them the plain still lifes of
// an 8x8 box, 4782725 with the empty one (OEIS A136278), counted by a
// transfer matrix in a moment; the solver would enumerate them one by one.
func ExampleSolverFree() {
	n, err := lifesat.Count(context.Background(), lifesat.StillLife(8, 8), &lifesat.Settings{AllowEmpty: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(n)
	// Output:
	// 4782725
}

func ExampleProblem_Plain() {
	p := lifesat.StillLife(8, 8)
	fmt.Println(p.Plain(), lifesat.Oscillator(2, 8, 8).Plain())
	p.Symmetry = life.C2
	fmt.Println(p.Plain())
	// Output:
	// true true
	// false
}
