package density_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// maxStill runs MaxStillLifeRule and checks what every answer must satisfy.
func maxStill(t testing.TB, w, h int, r rule.Rule) int {
	t.Helper()
	res, err := density.MaxStillLifeRule(context.Background(), w, h, r)
	if err != nil {
		t.Fatalf("%v %dx%d: %v", r, w, h, err)
	}
	if res.Status != logic.Sat || !res.Optimal || res.Pattern.Board().Population() != res.Population {
		t.Fatalf("%v %dx%d: status %v, optimal %v, population %d of a board of %d",
			r, w, h, res.Status, res.Optimal, res.Population, res.Pattern.Board().Population())
	}
	if err := lifesat.StillLife(w, h).Check(res.Pattern, &lifesat.Settings{Rule: r, AllowEmpty: true}); err != nil {
		t.Fatalf("%v %dx%d: %v", r, w, h, err)
	}
	return res.Population
}

// TestMaxStillLifeRuleOEIS checks OEIS A055397 (Bosch's Table 1 has n = 4..9;
// n = 10 and 11 are from the OEIS entry, after Larrosa, Morancho and
// Niso, JAIR 2005). 11x11 runs with LIFESAT_STRESS=1.
func TestMaxStillLifeRuleOEIS(t *testing.T) {
	want := []int{0, 4, 6, 8, 16, 18, 28, 36, 43, 54, 64}
	top := 10
	if lifetest.Stress() {
		top = 11 // 5-20 s and 1 GB
	}
	for n := 1; n <= top; n++ {
		if got := maxStill(t, n, n, rule.Life); got != want[n-1] {
			t.Errorf("%dx%d: %d live cells, OEIS A055397 says %d", n, n, got, want[n-1])
		}
	}
}

// TestMaxStillLifeRuleSAT compares with the solver's Maximize on boxes too
// large to try every board.
func TestMaxStillLifeRuleSAT(t *testing.T) {
	cases := []struct {
		rule string
		w, h int
	}{
		{"B3/S23", 7, 5}, {"B3/S23", 5, 7}, {"B3/S23", 9, 3}, {"B3/S23", 6, 6},
		{"B36/S23", 6, 5}, {"B34/S34", 5, 6}, {"B3678/S34678", 6, 6}, {"B2/S", 6, 6},
	}
	for _, c := range cases {
		r := lifetest.Rule(t, c.rule)
		res, err := lifesat.Maximize(context.Background(), lifesat.StillLife(c.w, c.h),
			&lifesat.Settings{Rule: r, Solver: logic.Gophersat{}})
		if err != nil || !res.Optimal {
			t.Fatalf("%v %dx%d: Maximize: %v, %v", r, c.w, c.h, res, err)
		}
		if got := maxStill(t, c.w, c.h, r); got != res.Population {
			t.Errorf("%v %dx%d: MaxStillLifeRule %d, Maximize with gophersat %d", r, c.w, c.h, got, res.Population)
		}
	}
}

func TestMaxStillLifeRuleErrors(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		w, h int
		rule string
	}{
		{0, 3, "B3/S23"}, {3, 0, "B3/S23"}, {-1, 4, "B3/S23"},
		{13, 13, "B3/S23"}, {12, 40, "B3/S23"}, {400, 10, "B3/S23"},
		{3, 3, "B03/S23"},
	} {
		res, err := density.MaxStillLifeRule(ctx, c.w, c.h, lifetest.Rule(t, c.rule))
		if !errors.Is(err, lifesat.ErrProblem) || res != nil {
			t.Errorf("%dx%d %s: got %v, %v; want an ErrProblem", c.w, c.h, c.rule, res, err)
		}
	}
	// A long thin box: blocks one row apart, 4 cells every 3 rows.
	if got := maxStill(t, 2, 300, rule.Life); got != 4*((300+1)/3) {
		t.Errorf("Life 2x300: %d live cells", got)
	}
}

func TestMaxStillLifeRuleCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := density.MaxStillLifeRule(ctx, 12, 12, rule.Life)
	if !errors.Is(err, context.Canceled) || res != nil {
		t.Errorf("cancelled: got %v, %v; want context.Canceled", res, err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	res, err = density.MaxStillLifeRule(ctx, 12, 12, rule.Life)
	if !errors.Is(err, context.DeadlineExceeded) || res != nil {
		t.Errorf("deadline: got %v, %v; want context.DeadlineExceeded", res, err)
	}
}

func ExampleMaxStillLifeRule() {
	// Bosch's 1999 CPLEX run took 500 s for the 8x8 box.
	res, err := density.MaxStillLifeRule(context.Background(), 8, 8, rule.Life)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Population, "live cells, optimal:", res.Optimal)
	// Output:
	// 36 live cells, optimal: true
}

func BenchmarkMaxStillLifeRule(b *testing.B) {
	for _, n := range []int{8, 9, 10} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			for b.Loop() {
				maxStill(b, n, n, rule.Life)
			}
		})
	}
}
