package density_test

import (
	"context"
	"errors"
	"image"
	"math/bits"
	"os"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// bruteOscillator tries every generation 0 of a w x h box and returns the
// most live cells over both generations of a period-2 oscillator (not a
// still life, everything outside the box dead in both), or -1 when there
// is none. It has its own step function: rows are bit masks with one dead
// column and row of margin.
func bruteOscillator(w, h int) int {
	// next[win] for a 3x3 window, bits 0-2 the row above.
	var next [512]bool
	for win := range 512 {
		n := bits.OnesCount(uint(win)) - win>>4&1
		next[win] = n == 3 || n == 2 && win>>4&1 == 1
	}
	// step computes the next generation of rows (bit x+1 is column x;
	// rows 0 and h+1 are the dead margin) into out, reporting whether it
	// stays inside the box.
	step := func(in, out []uint32) bool {
		for y := 0; y <= h+1; y++ {
			var r uint32
			for x := 0; x <= w+1; x++ {
				var win uint32
				for dy := -1; dy <= 1; dy++ {
					if yy := y + dy; yy >= 0 && yy <= h+1 {
						win |= (in[yy] << 1 >> x & 7) << (3 * (dy + 1))
					}
				}
				if next[win] {
					if x == 0 || x == w+1 || y == 0 || y == h+1 {
						return false // born outside the box
					}
					r |= 1 << x
				}
			}
			out[y] = r
		}
		return true
	}
	g0, g1, g2 := make([]uint32, h+2), make([]uint32, h+2), make([]uint32, h+2)
	best := -1
	for board := range uint64(1) << (w * h) {
		pop0 := bits.OnesCount64(board)
		for y := range h {
			g0[y+1] = uint32(board>>(y*w)&(1<<w-1)) << 1
		}
		if !step(g0, g1) || !step(g1, g2) {
			continue
		}
		same, back, pop1 := true, true, 0
		for y := range g0 {
			same = same && g0[y] == g1[y]
			back = back && g0[y] == g2[y]
			pop1 += bits.OnesCount32(g1[y])
		}
		if back && !same {
			best = max(best, pop0+pop1)
		}
	}
	return best
}

// checkOscillator checks a result on its own: both generations step to
// each other, stay in the box, differ, and have the population claimed.
func checkOscillator(t *testing.T, w, h int, res *density.OscillatorResult) {
	t.Helper()
	if !res.Optimal || res.Bound != res.Population {
		t.Fatalf("%dx%d: not optimal: %d live cells, bound %d", w, h, res.Population, res.Bound)
	}
	if !res.Exists {
		if res.Phases[0] != nil || res.Population != 0 {
			t.Fatalf("%dx%d: no oscillator, yet phases or a population", w, h)
		}
		return
	}
	g0, g1 := res.Phases[0], res.Phases[1]
	if g0.Width() != w || g0.Height() != h || g1.Width() != w || g1.Height() != h {
		t.Fatalf("%dx%d: phases of the wrong size", w, h)
	}
	p0, p1 := g0.Pad(1), g1.Pad(1)
	if !life.Step(p0, rule.Life, life.Dead).Equal(p1) || !life.Step(p1, rule.Life, life.Dead).Equal(p0) {
		t.Fatalf("%dx%d: the phases do not step to each other:\n%v\n%v", w, h, g0, g1)
	}
	if g0.Equal(g1) || g0.Population()+g1.Population() != res.Population {
		t.Fatalf("%dx%d: still, or %d+%d live cells for %d", w, h, g0.Population(), g1.Population(), res.Population)
	}
}

// TestMaxOscillatorBrute compares with trying every board, for every box
// of at most 20 cells (25 with LIFESAT_STRESS).
func TestMaxOscillatorBrute(t *testing.T) {
	cells := 20
	if stress() {
		cells = 25
	}
	for h := 1; h <= 6; h++ {
		for w := 1; w*h <= cells && w <= 6; w++ {
			want := bruteOscillator(w, h)
			res, err := density.MaxOscillator(context.Background(), w, h, nil)
			if err != nil {
				t.Fatalf("%dx%d: %v", w, h, err)
			}
			checkOscillator(t, w, h, res)
			got := res.Population
			if !res.Exists {
				got = -1
			}
			if got != want {
				t.Errorf("%dx%d: MaxOscillator %d live cells over both generations, brute force %d", w, h, got, want)
			}
		}
	}
}

// TestMaxOscillatorPasses: the passes, which drop the states that cannot
// be part of an oscillator within their budget of deficit, agree with
// one exact pass that keeps every state, in rectangles both ways round;
// with the budget growing by 1, the first pass that finds an oscillator
// is the one whose budget is its deficit (2wh less its live cells), so
// no pass before it dropped what it needed. A search stopped at a pass
// (by the progress callback, not a clock) keeps the bound the passes
// before proved, which the optimum meets.
func TestMaxOscillatorPasses(t *testing.T) {
	ctx := context.Background()
	cells := 36
	if stress() {
		cells = 49
	}
	for h := 3; h <= 8; h++ {
		for w := 3; w*h <= cells && w <= 8; w++ {
			exact, err := density.MaxOscillatorStep(ctx, w, h, 2*w*h, nil)
			if err != nil || exact.Stats.Passes != 2 { // budget 0, then everything
				t.Fatalf("%dx%d exact: %+v, %v", w, h, exact, err)
			}
			checkOscillator(t, w, h, exact)
			fine, err := density.MaxOscillatorStep(ctx, w, h, 1, nil)
			if err != nil {
				t.Fatalf("%dx%d, step 1: %v", w, h, err)
			}
			checkOscillator(t, w, h, fine)
			if deficit := 2*w*h - exact.Population; fine.Population != exact.Population || fine.Stats.Passes != deficit+1 {
				t.Errorf("%dx%d, step 1: %d live cells after %d passes; the exact pass %d (deficit %d)", w, h, fine.Population, fine.Stats.Passes, exact.Population, deficit)
			}
			res, err := density.MaxOscillator(ctx, w, h, nil)
			if err != nil || res.Population != exact.Population {
				t.Errorf("%dx%d: %+v, %v; the exact pass %d", w, h, res, err, exact.Population)
			}
			if w != 6 || h != 6 {
				continue
			}
			stop, cancel := context.WithCancel(ctx)
			var budget int
			opt := &density.Options{Progress: func(p density.Progress) {
				if p.Pass == 4 {
					cancel()
				} else {
					budget = p.Budget
				}
			}}
			res, err = density.MaxOscillator(stop, w, h, opt)
			cancel()
			if !errors.Is(err, context.Canceled) || res == nil || res.Bound != 2*w*h-budget-1 || res.Bound < exact.Population || res.Population > res.Bound {
				t.Errorf("%dx%d stopped at pass 4: %+v, %v; want the bound of pass 3 (budget %d), at least %d", w, h, res, err, budget, exact.Population)
			}
		}
	}
}

// TestMaxOscillatorSAT compares with the SAT path, Bosch's way: the most
// live cells of a period-2 pattern with one given cell blinking (alive at
// generation 0, dead at 1), over all cells. 5x5 normally, 6x6 with
// LIFESAT_STRESS.
func TestMaxOscillatorSAT(t *testing.T) {
	sizes := []int{5}
	if stress() {
		sizes = append(sizes, 6)
	}
	for _, n := range sizes {
		best := -1
		// The box's symmetries map blinking cells onto each other: one
		// cell of each orbit is enough, those with x <= y <= (n-1)/2.
		for y := 0; 2*y <= n-1; y++ {
			for x := 0; x <= y; x++ {
				p := lifesat.Problem{Width: n, Height: n, Period: 2, Blink: []image.Point{{x, y}}}
				res, err := lifesat.Maximize(context.Background(), p, &lifesat.Settings{Solver: logic.Gophersat{}})
				if err != nil {
					t.Fatalf("%dx%d blinking (%d, %d): %v", n, n, x, y, err)
				}
				if res.Status == logic.Sat {
					if !res.Optimal {
						t.Fatalf("%dx%d blinking (%d, %d): not proved optimal", n, n, x, y)
					}
					best = max(best, res.Population)
				}
			}
		}
		res, err := density.MaxOscillator(context.Background(), n, n, nil)
		if err != nil {
			t.Fatal(err)
		}
		checkOscillator(t, n, n, res)
		if res.Population != best {
			t.Errorf("%dx%d: MaxOscillator %d, SAT %d", n, n, res.Population, best)
		}
	}
}

// TestMaxOscillatorBosch checks the 8x8 box against Bosch's Figure 10
// (data/bosch-figure10.rle, whose phases hold 58 live cells, proved
// optimal there by the SAT ladder): with LIFESAT_STRESS.
func TestMaxOscillatorBosch(t *testing.T) {
	if !stress() {
		t.Skip("8x8 takes seconds; set LIFESAT_STRESS=1")
	}
	g0 := readData(t, "bosch-figure10.rle")
	g1 := life.Step(g0.Pad(1), rule.Life, life.Dead)
	figure := g0.Population() + g1.Population()
	res, err := density.MaxOscillator(context.Background(), 8, 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkOscillator(t, 8, 8, res)
	if res.Population != figure {
		t.Errorf("8x8: MaxOscillator %d live cells over both generations, Bosch's Figure 10 has %d", res.Population, figure)
	}
}

// TestMaxOscillator10 checks the witness of the 10x10 optimum that
// docs/max-density.md quotes (data/p2-10x10.rle): a period-2 oscillator
// of the box, everything outside dead, with 104 live cells over its two
// generations. That none has more, density.MaxOscillator proved
// (BenchmarkMaxOscillator/n=10: 10 minutes and 19 GB, too much for a
// test).
func TestMaxOscillator10(t *testing.T) {
	g0 := readData(t, "p2-10x10.rle")
	p0 := g0.Pad(1)
	p1 := life.Step(p0, rule.Life, life.Dead)
	if g0.Width() != 10 || g0.Height() != 10 || p1.Equal(p0) || !life.Step(p1, rule.Life, life.Dead).Equal(p0) {
		t.Fatalf("not a period-2 oscillator of a 10x10 box:\n%v", g0)
	}
	if p1.Crop(image.Rect(1, 1, 11, 11)).Population() != p1.Population() {
		t.Fatalf("generation 1 leaves the box:\n%v", p1)
	}
	if n := p0.Population() + p1.Population(); n != 104 {
		t.Errorf("%d live cells over both generations, want 104", n)
	}
}

// readData reads the board of an RLE file in data/.
func readData(t *testing.T, name string) *life.Board {
	t.Helper()
	f, err := os.Open("../../data/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pat, err := rle.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return pat.Board
}

func TestMaxOscillatorErrors(t *testing.T) {
	for _, box := range [][2]int{{0, 3}, {3, -1}, {16, 16}, {3, 5000}} {
		if res, err := density.MaxOscillator(context.Background(), box[0], box[1], nil); !errors.Is(err, density.ErrBox) || res != nil {
			t.Errorf("%dx%d: %v, %v; want ErrBox", box[0], box[1], res, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := density.MaxOscillator(ctx, 6, 6, nil)
	if !errors.Is(err, context.Canceled) || res == nil || res.Optimal {
		t.Errorf("cancelled: %+v, %v", res, err)
	}
	res, err = density.MaxOscillator(context.Background(), 7, 7, &density.Options{Memory: 1 << 12})
	if !errors.Is(err, density.ErrMemory) || res == nil || res.Optimal {
		t.Errorf("tiny memory: %+v, %v", res, err)
	}
}

// TestMaxOscillatorCancelledAtOnce: with ctx cancelled before it starts,
// MaxOscillator still returns a period-2 oscillator of the box (a blinker
// among blocks, re-simulated here) and its bound, for every box from 3x3
// to the widest it takes; in 8x8 it stays within Bosch's Figure 10 (58).
func TestMaxOscillatorCancelledAtOnce(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for n := 3; n <= density.MaxOscillatorWidth; n++ {
		for _, box := range [][2]int{{n, n}, {n, n + 2}, {n + 2, n}} {
			w, h := box[0], box[1]
			res, err := density.MaxOscillator(ctx, w, h, nil)
			if !errors.Is(err, context.Canceled) || res == nil || !res.Exists || res.Optimal {
				t.Fatalf("%dx%d: %+v, %v; want an oscillator and context.Canceled", w, h, res, err)
			}
			g0, g1 := res.Phases[0], res.Phases[1]
			p0, p1 := g0.Pad(1), g1.Pad(1)
			if g0.Width() != w || g0.Height() != h || g0.Equal(g1) ||
				!life.Step(p0, rule.Life, life.Dead).Equal(p1) || !life.Step(p1, rule.Life, life.Dead).Equal(p0) {
				t.Fatalf("%dx%d: not a period-2 oscillator of the box:\n%v\n%v", w, h, g0, g1)
			}
			if g0.Population()+g1.Population() != res.Population || res.Bound != 2*w*h {
				t.Fatalf("%dx%d: population %d (boards %d), bound %d", w, h, res.Population, g0.Population()+g1.Population(), res.Bound)
			}
		}
	}
	res, _ := density.MaxOscillator(ctx, 8, 8, nil)
	if res.Population > 58 {
		t.Errorf("8x8: %d live cells, more than Bosch's optimum of 58", res.Population)
	}
}
