package lifesat_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// allocated is the number of bytes f allocates: the least of three runs,
// as the count is the whole process's, and a solver that an earlier test
// abandoned may still be loading in the background.
func allocated(f func()) uint64 {
	least := uint64(1<<64 - 1)
	for range 3 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// The cases of issue 13 (point 4) whose formula does not fit in
// MaxMemory: each is refused with ErrProblem, naming the estimate, before
// the formula is built (they used to be killed by the kernel at 24 GB, or
// to peak at 6 to 12 GB). "Before it is built" is checked by the memory
// allocated: the refusal takes a few MB at most.
func TestOversizedProblemsAreRefused(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		run  func() error
	}{
		{"max -size 4096x12", func() error {
			_, err := lifesat.Maximize(ctx, lifesat.StillLife(4096, 12), nil)
			return err
		}},
		{"max -size 10x4096", func() error {
			_, err := lifesat.Maximize(ctx, lifesat.StillLife(10, 4096), nil)
			return err
		}},
		{"max -size 12x1000", func() error {
			_, err := lifesat.Maximize(ctx, lifesat.StillLife(12, 1000), nil)
			return err
		}},
		{"still -size 4096x64", func() error {
			_, err := lifesat.Search(ctx, lifesat.StillLife(4096, 64), nil)
			return err
		}},
		{"still -size 512x512", func() error {
			_, err := lifesat.Search(ctx, lifesat.StillLife(512, 512), nil)
			return err
		}},
		{"still -size 512x512 -solver gini", func() error {
			_, err := lifesat.Search(ctx, lifesat.StillLife(512, 512), &lifesat.Settings{Solver: logic.Gini{}})
			return err
		}},
		{"osc -period 256 -size 32x32", func() error {
			_, err := lifesat.Search(ctx, lifesat.Oscillator(256, 32, 32), nil)
			return err
		}},
		{"count osc -period 2 -size 362x362", func() error {
			_, err := lifesat.Count(ctx, lifesat.Oscillator(2, 362, 362), nil)
			return err
		}},
		{"still -size 64x64 -max-pop 4000", func() error {
			// A population bound counts up to it: 4096 cells x 4001.
			p := lifesat.StillLife(64, 64)
			p.MaxPop = 4000
			_, err := lifesat.Search(ctx, p, nil)
			return err
		}},
		{"pred 512x512", func() error {
			_, err := lifesat.Predecessor(ctx, lifesat.PredProblem{Target: life.NewBoard(512, 512)}, nil)
			return err
		}},
	}
	for _, c := range cases {
		var err error
		bytes := allocated(func() { err = c.run() })
		if !errors.Is(err, lifesat.ErrProblem) || !strings.Contains(err.Error(), "GB") {
			t.Errorf("%s: %v; want an ErrProblem naming the memory it would need", c.name, err)
		}
		if bytes > 64<<20 {
			t.Errorf("%s: allocated %d MB before refusing", c.name, bytes>>20)
		}
	}
}

// The cases of issue 13 (point 3): a deadline, or an interrupt (which the
// command turns into a cancelled context), is seen while the formula is
// encoded and loaded, not after (a 10 ms deadline was once seen after 38 s
// with gini on a 512x512 still life). Two checks, neither timed:
//
//   - a deadline that has passed builds no formula: each case returns
//     context.DeadlineExceeded having allocated a few MB at most, where
//     its formula takes hundreds;
//   - a deadline that passes during the work ends it: each case, given
//     10 ms, returns context.DeadlineExceeded. The minute's bound only
//     catches a hang; that the encoders look at the context every row is
//     TestEncodersStopWithinARow's, without a clock.
func TestDeadlineSeenWhileEncodingAndLoading(t *testing.T) {
	cases := []struct {
		name string
		run  func(ctx context.Context) error
	}{
		{"still -size 256x256", func(ctx context.Context) error {
			_, err := lifesat.Search(ctx, lifesat.StillLife(256, 256), nil)
			return err
		}},
		{"still -size 300x300 -solver gini", func(ctx context.Context) error {
			_, err := lifesat.Search(ctx, lifesat.StillLife(300, 300), &lifesat.Settings{Solver: logic.Gini{}})
			return err
		}},
		{"osc -period 2 -size 160x160 -encoding knuth", func(ctx context.Context) error {
			_, err := lifesat.Search(ctx, lifesat.Oscillator(2, 160, 160), &lifesat.Settings{Encoding: lifesat.Knuth})
			return err
		}},
		{"max -size 40x40 -encoding direct", func(ctx context.Context) error {
			_, err := lifesat.Maximize(ctx, lifesat.StillLife(40, 40), &lifesat.Settings{Encoding: lifesat.Direct})
			return err
		}},
		{"cnf still -size 300x300", func(ctx context.Context) error {
			_, err := lifesat.EncodeContext(ctx, lifesat.StillLife(300, 300), nil)
			return err
		}},
		{"pred 300x300", func(ctx context.Context) error {
			rng := rand.New(rand.NewPCG(1, 2))
			b := life.NewBoard(300, 300)
			for y := range 300 {
				for x := range 300 {
					b.Set(x, y, rng.IntN(2) == 0)
				}
			}
			_, err := lifesat.Predecessor(ctx, lifesat.PredProblem{Target: b}, nil)
			return err
		}},
	}
	for _, c := range cases {
		passed, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
		var err error
		bytes := allocated(func() { err = c.run(passed) })
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s with a deadline passed: %v; want context.DeadlineExceeded", c.name, err)
		}
		if bytes > 64<<20 {
			t.Errorf("%s with a deadline passed: allocated %d MB before returning", c.name, bytes>>20)
		}

		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
		done := make(chan error, 1)
		go func() { done <- c.run(ctx) }()
		select {
		case err := <-done:
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("%s with a 10 ms deadline: %v; want context.DeadlineExceeded", c.name, err)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%s with a 10 ms deadline: no answer after a minute", c.name)
		}
		cancel()
	}
}

// Memory is the estimate Search checks: a budget one byte below it is
// refused with ErrProblem, a budget equal to it is searched. Searches run
// side by side (the command's -jobs) share the machine's memory this way.
func TestMemoryIsWhatSearchChecks(t *testing.T) {
	for _, p := range []lifesat.Problem{
		lifesat.StillLife(16, 16),
		lifesat.Oscillator(2, 8, 8),
		{Width: 6, Height: 6, Period: 1, MaxPop: 8},
	} {
		for _, solver := range []logic.Solver{nil, logic.Gini{}} {
			need, err := lifesat.Memory(p, &lifesat.Settings{Solver: solver})
			if err != nil || need <= 0 {
				t.Fatalf("Memory(%v) = %d, %v", p, need, err)
			}
			_, err = lifesat.Search(context.Background(), p, &lifesat.Settings{Solver: solver, MaxMemory: need - 1})
			if !errors.Is(err, lifesat.ErrProblem) {
				t.Errorf("%v with a budget of Memory-1: err %v, want ErrProblem", p, err)
			}
			res, err := lifesat.Search(context.Background(), p, &lifesat.Settings{Solver: solver, MaxMemory: need})
			if err != nil || res.Status != logic.Sat {
				t.Errorf("%v with a budget of Memory: %v, %v", p, res, err)
			}
		}
	}
	big := lifesat.StillLife(512, 512)
	need, err := lifesat.Memory(big, nil)
	if err != nil || need <= lifesat.MaxMemory {
		t.Errorf("Memory(%v) = %d, %v; want more than MaxMemory", big, need, err)
	}
	if _, err := lifesat.Memory(lifesat.StillLife(0, 4), nil); !errors.Is(err, lifesat.ErrProblem) {
		t.Errorf("Memory of a 0x4 box: %v, want ErrProblem", err)
	}
}

// TestTemplateLimitIsTheSearchLimit: the template readers refuse exactly
// the templates that are too large to search.
func TestTemplateLimitIsTheSearchLimit(t *testing.T) {
	if tmpl.MaxCells != lifesat.MaxCells {
		t.Errorf("tmpl.MaxCells %d, lifesat.MaxCells %d", tmpl.MaxCells, lifesat.MaxCells)
	}
}
