package lifesat_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

func TestStillLifeSearch(t *testing.T) {
	ctx := context.Background()
	for _, e := range lifesat.Encodings() {
		seen := map[string]bool{}
		for seed := range uint64(4) {
			res, err := lifesat.Search(ctx, lifesat.StillLife(12, 12), &lifesat.Settings{Encoding: e, Seed: seed})
			if err != nil {
				t.Fatalf("%s seed %d: %v", e, seed, err)
			}
			if res.Status != logic.Sat || len(res.Patterns) != 1 {
				t.Fatalf("%s seed %d: %v with %d patterns", e, seed, res.Status, len(res.Patterns))
			}
			b := res.Patterns[0].Board()
			// Re-check here too, independently of Search's own check.
			if !life.Step(b.Pad(1), rule.Life, life.Dead).Equal(b.Pad(1)) || b.Population() == 0 {
				t.Fatalf("%s seed %d: not a non-empty still life:\n%s", e, seed, b)
			}
			seen[b.String()] = true
		}
		if len(seen) < 3 {
			t.Errorf("%s: 4 seeds gave only %d distinct still lifes", e, len(seen))
		}
	}
}

func TestSeveralSolutionsAreDistinct(t *testing.T) {
	res, err := lifesat.Search(context.Background(), lifesat.StillLife(8, 8), &lifesat.Settings{Solutions: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Patterns) != 5 {
		t.Fatalf("%d patterns, want 5", len(res.Patterns))
	}
	seen := map[string]bool{}
	for _, p := range res.Patterns {
		seen[p.Board().String()] = true
	}
	if len(seen) != 5 {
		t.Errorf("only %d distinct patterns among 5", len(seen))
	}
}

func TestOscillatorSearch(t *testing.T) {
	ctx := context.Background()
	for _, e := range lifesat.Encodings() {
		cases := []struct{ p, w, h int }{{2, 6, 6}, {3, 7, 7}}
		if e != lifesat.Direct && !lifetest.Stress() {
			// Knuth's encoding in 7x7 takes 3-7 s; both encodings are
			// compared with Step on every 3x3 board (encoding_test.go).
			cases = cases[:1]
		}
		for _, tc := range cases {
			res, err := lifesat.Search(ctx, lifesat.Oscillator(tc.p, tc.w, tc.h), &lifesat.Settings{Encoding: e, Seed: 7})
			if err != nil {
				t.Fatalf("%s p%d: %v", e, tc.p, err)
			}
			if res.Status != logic.Sat {
				t.Fatalf("%s p%d %dx%d: %v", e, tc.p, tc.w, tc.h, res.Status)
			}
			phases := res.Patterns[0].Phases
			gens := life.Run(phases[0].Pad(tc.p), rule.Life, life.Dead, tc.p)
			if !gens[tc.p].Equal(gens[0]) {
				t.Fatalf("%s: not periodic with period %d", e, tc.p)
			}
			for d := 1; d < tc.p; d++ {
				if gens[d].Equal(gens[0]) {
					t.Fatalf("%s: period %d, not %d", e, d, tc.p)
				}
			}
		}
	}
}

// TestNoOscillatorInTinyBoxes: no period-2 oscillator fits in 2x2 or 3x2
// (the smallest, the blinker, needs 3x1 phases that alternate with 1x3,
// so a 3x3 box), while AnyPeriod admits the block in 2x2.
func TestNoOscillatorInTinyBoxes(t *testing.T) {
	ctx := context.Background()
	for _, sz := range [][2]int{{2, 2}, {3, 2}, {2, 5}} {
		res, err := lifesat.Search(ctx, lifesat.Oscillator(2, sz[0], sz[1]), nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != logic.Unsat {
			t.Errorf("p2 in %dx%d: %v, want UNSAT", sz[0], sz[1], res.Status)
		}
	}
	res, err := lifesat.Search(ctx, lifesat.Oscillator(2, 3, 3), nil)
	if err != nil || res.Status != logic.Sat {
		t.Fatalf("p2 in 3x3: %v %v, want the blinker", res.Status, err)
	}
	res, err = lifesat.Search(ctx, lifesat.Oscillator(2, 2, 2), &lifesat.Settings{AnyPeriod: true})
	if err != nil || res.Status != logic.Sat || res.Patterns[0].Board().Population() != 4 {
		t.Fatalf("period dividing 2 in 2x2: want the block")
	}
}

// TestStillLifeCounts counts the still lifes of an n x n box, the empty
// one included, and compares with OEIS A136278 ("Number of still lifes
// in an n x n box"): 1, 2, 12, 83, 417 for n = 1..5. The small boxes are
// also checked by brute force over every board.
func TestStillLifeCounts(t *testing.T) {
	a136278 := []int{1, 2, 12, 83, 417}
	for n := 1; n <= len(a136278); n++ {
		for _, e := range lifesat.Encodings() {
			in, err := lifesat.Encode(lifesat.StillLife(n, n), &lifesat.Settings{Encoding: e, AllowEmpty: true})
			if err != nil {
				t.Fatal(err)
			}
			var cells []logic.Var
			for y := range n {
				for x := range n {
					cells = append(cells, in.Cell(0, x, y).Var())
				}
			}
			got, err := logic.Count(context.Background(), in.CNF, cells, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got != a136278[n-1] {
				t.Errorf("%s: %d still lifes in %dx%d, OEIS A136278 says %d", e, got, n, n, a136278[n-1])
			}
		}
		if n <= 4 {
			if got := int(bruteStill(n, n, rule.Life).count); got != a136278[n-1] {
				t.Errorf("brute force: %d still lifes in %dx%d, OEIS says %d", got, n, n, a136278[n-1])
			}
		}
	}
}

func TestOtherRules(t *testing.T) {
	// HighLife and 3-4 Life still lifes and a Day & Night oscillator,
	// each verified by Step inside Search and again here.
	for _, tc := range []struct {
		rule string
		p    lifesat.Problem
	}{
		{"B36/S23", lifesat.StillLife(8, 8)},
		{"B34/S34", lifesat.StillLife(8, 8)},
		{"B3678/S34678", lifesat.Oscillator(2, 8, 8)},
	} {
		r, _ := rule.Parse(tc.rule)
		res, err := lifesat.Search(context.Background(), tc.p, &lifesat.Settings{Rule: r})
		if err != nil || res.Status != logic.Sat {
			t.Fatalf("%s %v: %v %v", tc.rule, tc.p, res, err)
		}
		if err := tc.p.Check(res.Patterns[0], &lifesat.Settings{Rule: r}); err != nil {
			t.Errorf("%s: %v", tc.rule, err)
		}
	}
}

func TestBadProblems(t *testing.T) {
	b0, _ := rule.Parse("B0/S8")
	for _, tc := range []struct {
		p lifesat.Problem
		s *lifesat.Settings
	}{
		{lifesat.StillLife(0, 5), nil},
		{lifesat.StillLife(-3, 5), nil},
		{lifesat.StillLife(100000, 100000), nil},
		{lifesat.StillLife(1000, 1000), nil}, // over MaxCells
		{lifesat.Oscillator(-2, 5, 5), nil},
		{lifesat.StillLife(5, 5), &lifesat.Settings{Rule: b0}},
		{lifesat.StillLife(5, 5), &lifesat.Settings{Encoding: "magic"}},
	} {
		_, err := lifesat.Search(context.Background(), tc.p, tc.s)
		if err == nil {
			t.Errorf("%+v: no error", tc.p)
		}
		if tc.s == nil && !errors.Is(err, lifesat.ErrProblem) {
			t.Errorf("%+v: %v is not ErrProblem", tc.p, err)
		}
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := lifesat.Search(ctx, lifesat.StillLife(8, 8), nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func ExampleFindStillLife() {
	// The smallest non-empty still life fits in 2x2: the block.
	b, err := lifesat.FindStillLife(2, 2, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(b)
	// Output:
	// OO
	// OO
}

func ExampleSearch() {
	// No period-2 oscillator fits in a 2x2 box: an answer, not an error.
	res, err := lifesat.Search(context.Background(), lifesat.Oscillator(2, 2, 2), nil)
	fmt.Println(res.Status, err)
	// The blinker, the smallest one, needs 3x3.
	res, _ = lifesat.Search(context.Background(), lifesat.Oscillator(2, 3, 3), nil)
	for _, phase := range res.Patterns[0].Phases {
		fmt.Println(phase.Population(), "cells")
	}
	// Output:
	// UNSAT <nil>
	// 3 cells
	// 3 cells
}

// TestCountAgrees: the transfer matrix and the solver's enumeration give
// the same counts (A136278 for squares), for Life and other rules, and
// symmetric counts agree with brute force over symmetric boards.
func TestCountAgrees(t *testing.T) {
	ctx := context.Background()
	for _, rs := range []string{"B3/S23", "B36/S23", "B34/S34"} {
		r, _ := rule.Parse(rs)
		for _, sz := range [][2]int{{4, 4}, {5, 3}, {5, 5}} {
			p := lifesat.StillLife(sz[0], sz[1])
			fast, err := lifesat.Count(ctx, p, &lifesat.Settings{Rule: r, AllowEmpty: true})
			if err != nil {
				t.Fatal(err)
			}
			// Force the enumeration with a population bound that keeps all.
			p.MaxPop = sz[0] * sz[1]
			slow, err := lifesat.Count(ctx, p, &lifesat.Settings{Rule: r, AllowEmpty: true})
			if err != nil {
				t.Fatal(err)
			}
			if fast.Cmp(slow) != 0 {
				t.Errorf("%s %dx%d: transfer matrix %v, enumeration %v", rs, sz[0], sz[1], fast, slow)
			}
		}
	}
	// C2-symmetric still lifes in 4x4, by brute force over all boards.
	p := lifesat.StillLife(4, 4)
	p.Symmetry = life.C2
	got, err := lifesat.Count(ctx, p, &lifesat.Settings{AllowEmpty: true})
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for bits := range 1 << 16 {
		b := boardOf(4, 4, bits)
		if pb := b.Pad(1); b.Equal(b.Rotate180()) && life.Step(pb, rule.Life, life.Dead).Equal(pb) {
			want++
		}
	}
	if got.Int64() != int64(want) {
		t.Errorf("C2 still lifes in 4x4: %v, brute force %d", got, want)
	}
	// Period-2 oscillators in 4x4, up to phase, by brute force: boards
	// whose successor differs, stays in the box and comes back; each
	// oscillator shows up as two boards, one per phase.
	osc, err := lifesat.Count(ctx, lifesat.Oscillator(2, 4, 4), nil)
	if err != nil {
		t.Fatal(err)
	}
	boards := 0
	for bits := range 1 << 16 {
		b := boardOf(4, 4, bits)
		g := life.Run(b.Pad(1), rule.Life, life.Dead, 2)
		inBox := g[1].Population() == g[1].Crop(imageRect(1, 1, 5, 5)).Population()
		if inBox && !g[1].Equal(g[0]) && g[2].Equal(g[0]) {
			boards++
		}
	}
	if osc.Int64()*2 != int64(boards) {
		t.Errorf("period-2 oscillators in 4x4: %v, brute force %d boards (%d oscillators)", osc, boards, boards/2)
	}
}

// boardOf is the w x h board whose cell (x, y) is bit y*w+x of bits: the
// brute-force tests run through every board of a box this way.
func boardOf(w, h, bits int) *life.Board {
	b := life.NewBoard(w, h)
	for j := range w * h {
		b.Set(j%w, j/w, bits>>j&1 == 1)
	}
	return b
}

// TestCancelledGophersatSearchDoesNotHoldUpTheNext is issue 13's point 6:
// a gophersat search cancelled by its context must not make the next
// search of the process wait for the abandoned one (it used to hold a
// process-wide gophersat lock until it ended by itself, minutes later).
func TestCancelledGophersatSearchDoesNotHoldUpTheNext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// An exact period-3 oscillator in 20x20 takes gophersat minutes. It is
	// cancelled 100 ms after gophersat has loaded it, while it solves.
	hard := &lifesat.Settings{Solver: startedSolver{logic.Gophersat{}, func() {
		time.AfterFunc(100*time.Millisecond, cancel)
	}}}
	if _, err := lifesat.Search(ctx, lifesat.Oscillator(3, 20, 20), hard); err == nil {
		t.Skip("the hard search answered within 100 ms")
	}
	// A still life in 8x8 takes tens of milliseconds; the deadline is
	// generous, far below the abandoned search's own time.
	ctx2, cancel2 := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel2()
	res, err := lifesat.Search(ctx2, lifesat.StillLife(8, 8), &lifesat.Settings{Solver: logic.Gophersat{}})
	if err != nil {
		t.Fatalf("the next search: %v", err)
	}
	if len(res.Patterns) != 1 {
		t.Fatalf("the next search: %v with %d patterns", res.Status, len(res.Patterns))
	}
	b := res.Patterns[0].Board().Pad(1)
	if !life.Step(b, rule.Life, life.Dead).Equal(b) || b.Population() == 0 {
		t.Fatalf("the next search: not a non-empty still life:\n%s", b)
	}
}

// startedSolver is a solver that calls started once a session is loaded.
type startedSolver struct {
	logic.Solver
	started func()
}

func (s startedSolver) Start(f *logic.CNF) (logic.Session, error) {
	sess, err := s.Solver.Start(f)
	s.started()
	return sess, err
}
