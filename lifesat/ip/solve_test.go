package ip_test

import (
	"context"
	"errors"
	"testing"

	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/ip"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// TestSolveOEIS solves IP1 and IP2 with gophersat's PB engine and checks
// the optimum against OEIS A055397 (0, 4, 6, 8, 16, 18, 28, ...): n <= 5
// normally, n <= 7 with LIFESAT_STRESS. Solve itself re-simulates the
// board.
func TestSolveOEIS(t *testing.T) {
	a055397 := []int{0, 4, 6, 8, 16, 18, 28}
	top := 5
	if lifetest.Stress() {
		top = 7
	}
	for _, f := range []ip.Formulation{ip.IP1, ip.IP2} {
		for n := 1; n <= top; n++ {
			m, err := ip.New(n, n, f)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := m.Solve(context.Background(), logic.Gophersat{})
			if err != nil {
				t.Fatalf("%v %dx%d: %v", f, n, n, err)
			}
			if sol.Status != ip.Optimal || int(sol.Objective) != a055397[n-1] || m.Board(sol.Point).Population() != a055397[n-1] {
				t.Errorf("%v %dx%d: %v, objective %v; OEIS A055397 says %d", f, n, n, sol.Status, sol.Objective, a055397[n-1])
			}
		}
	}
}

// TestSolveCancelled: a cancelled context gives no proof and the
// context's error.
func TestSolveCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m, err := ip.New(6, 6, ip.IP2)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := m.Solve(ctx, logic.Gophersat{})
	if !errors.Is(err, context.Canceled) || sol == nil || sol.Status == ip.Optimal {
		t.Fatalf("%+v, %v", sol, err)
	}
}
