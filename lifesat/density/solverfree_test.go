package density_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// oeisA055397 is OEIS A055397 (https://oeis.org/A055397), the most live
// cells of a still life in an n x n box, n = 1..20 (Bosch 1999 to n = 9,
// Larrosa, Morancho and Niso 2005 to 20); a(11)-a(20) were added by N.
// Johnston, May 15 2011, from the table of Chu et al.
var oeisA055397 = []int{0, 4, 6, 8, 16, 18, 28, 36, 43, 54, 64, 76, 90, 104, 119, 136,
	152, 171, 190, 210}

// checkMax checks what every optimal answer of Maximize must satisfy.
func checkMax(t *testing.T, p lifesat.Problem, res *lifesat.MaxResult) {
	t.Helper()
	if res.Status != logic.Sat || !res.Optimal || res.Bound != res.Population {
		t.Fatalf("%v: status %v, optimal %v, population %d, bound %d", p, res.Status, res.Optimal, res.Population, res.Bound)
	}
	if err := p.Check(res.Pattern, &lifesat.Settings{AllowEmpty: true}); err != nil {
		t.Fatalf("%v: %v", p, err)
	}
	pop := 0
	for _, b := range res.Pattern.Phases {
		pop += b.Population()
	}
	if pop != res.Population {
		t.Fatalf("%v: population %d, pattern %d", p, res.Population, pop)
	}
}

// TestMaximizeDensityOEIS checks Maximize on n x n still lifes, which
// MaxStillLife answers under Life from n = 10 on (smaller boxes go to
// the row program MaxStillLifeRule), against OEIS A055397: n <= 14 normally,
// n <= 16 with LIFESAT_STRESS.
func TestMaximizeDensityOEIS(t *testing.T) {
	top := 14
	if lifetest.Stress() {
		top = 16
	}
	for n := 1; n <= top; n++ {
		p := lifesat.StillLife(n, n)
		res, err := lifesat.Maximize(context.Background(), p, nil)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		checkMax(t, p, res)
		if res.Population != oeisA055397[n-1] {
			t.Errorf("%dx%d: %d live cells, OEIS A055397 says %d", n, n, res.Population, oeisA055397[n-1])
		}
		program := density.ProgramDensity
		if n < 10 {
			program = density.ProgramRows
		}
		if res.Program != program {
			t.Errorf("%dx%d: answered by %q, want %q", n, n, res.Program, program)
		}
	}
}

// TestMaximizeDensityRectangles compares rectangles that Maximize hands
// to MaxStillLife with MaxStillLifeRule, the row program without bounds.
func TestMaximizeDensityRectangles(t *testing.T) {
	boxes := [][2]int{{9, 17}, {17, 9}}
	if lifetest.Stress() {
		boxes = append(boxes, [2]int{9, 20}, [2]int{10, 12}, [2]int{11, 11})
	}
	for _, box := range boxes {
		w, h := box[0], box[1]
		want, err := density.MaxStillLifeRule(context.Background(), w, h, rule.Life)
		if err != nil {
			t.Fatal(err)
		}
		p := lifesat.StillLife(w, h)
		res, err := lifesat.Maximize(context.Background(), p, nil)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		checkMax(t, p, res)
		if res.Population != want.Population {
			t.Errorf("%dx%d: Maximize %d live cells, MaxStillLifeRule %d", w, h, res.Population, want.Population)
		}
	}
}

// TestMaximizeDensityCancelled: a cancelled context gives, without
// waiting, the best still life so far (verified) and a proved bound no
// smaller than A055397's value, with the context's error.
func TestMaximizeDensityCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := lifesat.StillLife(20, 20)
	res, err := lifesat.Maximize(ctx, p, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if res == nil || res.Optimal || res.Bound < oeisA055397[19] || res.Population > oeisA055397[19] {
		t.Fatalf("result %+v", res)
	}
	if res.Pattern != nil {
		if err := p.Check(res.Pattern, &lifesat.Settings{AllowEmpty: true}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMaximizeDensityOscillator compares Maximize on period-2
// oscillators, which MaxOscillator answers under Life, with the SAT
// ladder (asked for by naming a solver): 5x5, and 6x6 with
// LIFESAT_STRESS. Bosch's Figure 10 (8x8) is checked by
// TestMaxOscillatorBosch.
func TestMaximizeDensityOscillator(t *testing.T) {
	sizes := []int{4, 5}
	if lifetest.Stress() {
		sizes = append(sizes, 6)
	}
	for _, n := range sizes {
		p := lifesat.Problem{Width: n, Height: n, Period: 2}
		want, err := lifesat.Maximize(context.Background(), p, &lifesat.Settings{Solver: logic.Gophersat{}})
		if err != nil {
			t.Fatal(err)
		}
		res, err := lifesat.Maximize(context.Background(), p, nil)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		checkMax(t, p, res)
		if !want.Optimal || res.Population != want.Population {
			t.Errorf("%v: density %d live cells, SAT ladder %d (optimal %v)", p, res.Population, want.Population, want.Optimal)
		}
		if res.Program != density.ProgramDensity || want.Program != "" {
			t.Errorf("%v: answered by %q and, with the solver named, %q; want %q and the SAT ladder's \"\"", p, res.Program, want.Program, density.ProgramDensity)
		}
	}
}

// TestMaximizeAnyPeriodOscillator: with AnyPeriod a "period-2 oscillator"
// may be a still life, counted once per phase. The densest 6x6 still life
// has 18 cells (OEIS A055397), so the best in 6x6 over two phases is at
// least 36, more than any exact period-2 oscillator there; the answer is
// not the exact-period program's.
func TestMaximizeAnyPeriodOscillator(t *testing.T) {
	res, err := lifesat.Maximize(context.Background(), lifesat.Oscillator(2, 6, 6), &lifesat.Settings{AnyPeriod: true})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Optimal || res.Population < 36 {
		t.Errorf("any period, 6x6: %d live cells over 2 phases (optimal %v), want at least 2 x 18", res.Population, res.Optimal)
	}
}

// TestMaximizeRowsBesideLadder: with a deadline, Maximize runs the row
// program MaxStillLifeRule and, beside it, the SAT ladder (lifesat.Maximize
// with the solver named); whichever proves the optimum first answers, and
// the answer is the row program's optimum. The deadline is far away: only
// a hang detector.
func TestMaximizeRowsBesideLadder(t *testing.T) {
	for _, r := range []rule.Rule{rule.Life, rule.MustParse("B36/S23")} {
		p := lifesat.StillLife(6, 5)
		want, err := density.MaxStillLifeRule(context.Background(), 6, 5, r)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		res, err := lifesat.Maximize(ctx, p, &lifesat.Settings{Rule: r})
		cancel()
		if err != nil {
			t.Fatalf("%v %v: %v", r, p, err)
		}
		if res.Status != logic.Sat || !res.Optimal || res.Bound != res.Population || res.Population != want.Population {
			t.Errorf("%v %v: %d live cells (%v, optimal %v, bound %d), the row program %d", r, p, res.Population, res.Status, res.Optimal, res.Bound, want.Population)
		}
		if err := p.Check(res.Pattern, &lifesat.Settings{Rule: r, AllowEmpty: true}); err != nil {
			t.Errorf("%v %v: %v", r, p, err)
		}
	}
}

// TestMaximizeBeyondRows: a plain still life of Life in a box too large
// for the row programs (40x40) goes to the wastage ladder, which has the
// grid of blocks (13 x 13 blocks of 4) and the bound of no waste ((2 x
// 1600 + 4 x 40) / 4 = 840 by the identity of doc.go) before its first
// solver call: cancelled at once, Maximize returns both with ctx.Err().
func TestMaximizeBeyondRows(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := lifesat.StillLife(40, 40)
	res, err := lifesat.Maximize(ctx, p, nil)
	if !errors.Is(err, context.Canceled) || res == nil || res.Pattern == nil {
		t.Fatalf("cancelled 40x40: %+v, %v; want the grid of blocks and context.Canceled", res, err)
	}
	if res.Population != 13*13*4 || res.Bound != 840 || res.Optimal || res.Program != density.ProgramWaste {
		t.Errorf("cancelled 40x40: population %d, bound %d, optimal %v, by %q; want 676, 840, false, %q", res.Population, res.Bound, res.Optimal, res.Program, density.ProgramWaste)
	}
	if err := p.Check(res.Pattern, &lifesat.Settings{AllowEmpty: true}); err != nil {
		t.Error(err)
	}
}

// TestMaximizeRowsStopped: the row program stopped before it has an
// answer (here cancelled at once, with and without a deadline, which
// runs the SAT ladder beside it) returns no pattern, no bound, and names
// itself as the program that ran.
func TestMaximizeRowsStopped(t *testing.T) {
	r, err := rule.Parse("B36/S23") // HighLife: the row program, not the density program's Life
	if err != nil {
		t.Fatal(err)
	}
	for _, deadline := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		if deadline {
			ctx, cancel = context.WithDeadline(context.Background(), time.Now())
		}
		cancel()
		res, err := lifesat.Maximize(ctx, lifesat.StillLife(12, 12), &lifesat.Settings{Rule: r})
		if err == nil || ctx.Err() == nil || !errors.Is(err, ctx.Err()) || res == nil {
			t.Fatalf("deadline %v: %+v, %v; want a result and %v", deadline, res, err, ctx.Err())
		}
		if res.Pattern != nil || res.Optimal || res.Program != density.ProgramRows {
			t.Errorf("deadline %v: pattern %v, optimal %v, by %q; want none, false, %q", deadline, res.Pattern != nil, res.Optimal, res.Program, density.ProgramRows)
		}
	}
}
