package logic

import (
	"context"
	"errors"
	"testing"
)

// TestTotalizerSize compares the computed size with the totalizers
// NewTotalizer builds.
func TestTotalizerSize(t *testing.T) {
	for n := 1; n <= 70; n++ {
		for _, limit := range []int{0, 1, 2, 3, 5, n / 2, n - 1, n, n + 3} {
			c := &CNF{}
			lits := make([]Lit, n)
			for i := range lits {
				lits[i] = c.NewVar().Pos()
			}
			NewTotalizer(c, lits, limit)
			vars, clauses, nlits := TotalizerSize(n, limit)
			if int(vars) != c.NumVars()-n || int(clauses) != c.NumClauses() || int(nlits) != c.NumLits() {
				t.Fatalf("n %d limit %d: TotalizerSize gives %d vars, %d clauses, %d literals; NewTotalizer built %d, %d, %d",
					n, limit, vars, clauses, nlits, c.NumVars()-n, c.NumClauses(), c.NumLits())
			}
		}
	}
	// The full totalizer is quadratic: n*(n-1) + 2*n*p clauses for n = 2^p
	// inputs (the sizes in cardinality.go).
	if _, clauses, _ := TotalizerSize(1<<16, 1<<16); clauses != 1<<16*(1<<16-1)+2*(1<<16)*16 {
		t.Errorf("full totalizer over 2^16 inputs: %d clauses, want %d", clauses, 1<<16*(1<<16-1)+2*(1<<16)*16)
	}
}

// TestStartContextStops checks that every backend's loading returns
// ctx.Err() for an ended context, and loads normally otherwise.
func TestStartContextStops(t *testing.T) {
	c := &CNF{}
	for range 100 {
		a, b := c.NewVar(), c.NewVar()
		c.Add(a.Pos(), b.Neg())
		c.Add(a.Neg(), b.Pos())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, s := range []Solver{Gophersat{}, Gini{}, nil} {
		if _, err := StartContext(ctx, s, c); !errors.Is(err, context.Canceled) {
			t.Errorf("%T: StartContext with a cancelled context: %v, want context.Canceled", s, err)
		}
		sess, err := StartContext(context.Background(), s, c)
		if err != nil {
			t.Fatalf("%T: %v", s, err)
		}
		if st, err := sess.Solve(context.Background()); st != Sat || err != nil {
			t.Errorf("%T: Solve after StartContext: %v %v", s, st, err)
		}
	}
}

// countdown is a context that ends at its k-th look: cancellation in the
// middle of a load, without timing.
type countdown struct {
	context.Context
	k    int
	done chan struct{}
}

func newCountdown(k int) *countdown {
	return &countdown{Context: context.Background(), k: k, done: make(chan struct{})}
}

func (c *countdown) Err() error {
	if c.k > 0 {
		if c.k--; c.k == 0 {
			close(c.done)
		}
	}
	if c.k == 0 {
		return context.Canceled
	}
	return nil
}

func (c *countdown) Done() <-chan struct{} { return c.done }

// TestStartContextStopsMidway ends the context at the loaders' second and
// later looks: inside the loading loops.
func TestStartContextStopsMidway(t *testing.T) {
	c := &CNF{}
	for range 4 * checkEvery {
		a, b := c.NewVar(), c.NewVar()
		c.Add(a.Pos(), b.Neg())
		c.Add(a.Neg(), b.Pos())
	}
	for _, s := range []Solver{Gophersat{}, Gini{}} {
		for k := 2; k <= 3; k++ {
			if _, err := StartContext(newCountdown(k), s, c); !errors.Is(err, context.Canceled) {
				t.Errorf("%T: context ended at look %d: %v, want context.Canceled", s, k, err)
			}
		}
	}
}

// TestNewTotalizerContext: the same totalizer as NewTotalizer, and
// ctx.Err() when the context ends midway.
func TestNewTotalizerContext(t *testing.T) {
	build := func(ctx context.Context) (*CNF, error) {
		c := &CNF{}
		lits := make([]Lit, 600)
		for i := range lits {
			lits[i] = c.NewVar().Pos()
		}
		_, err := NewTotalizerContext(ctx, c, lits, 300)
		return c, err
	}
	c, err := build(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	vars, clauses, lits := TotalizerSize(600, 300)
	if int(vars) != c.NumVars()-600 || int(clauses) != c.NumClauses() || int(lits) != c.NumLits() {
		t.Errorf("NewTotalizerContext built %d vars, %d clauses, %d literals; TotalizerSize says %d, %d, %d",
			c.NumVars()-600, c.NumClauses(), c.NumLits(), vars, clauses, lits)
	}
	for _, k := range []int{1, 2, 5, 20} {
		if _, err := build(newCountdown(k)); !errors.Is(err, context.Canceled) {
			t.Errorf("context ended at look %d: %v, want context.Canceled", k, err)
		}
	}
}
