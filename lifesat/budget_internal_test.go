package lifesat

import (
	"context"
	"testing"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// recorder is a Session that only counts what is added.
type recorder struct{ clauses, lits int64 }

func (r *recorder) Solve(context.Context, ...logic.Lit) (logic.Status, error) {
	return logic.Unknown, nil
}
func (r *recorder) Model() []bool { return nil }
func (r *recorder) Add(lits ...logic.Lit) {
	r.clauses++
	r.lits += int64(len(lits))
}

// TestBlockSize: the size enumerate budgets for blocking a pattern is what
// block adds, for a ship (every place in the box) and an oscillator.
func TestBlockSize(t *testing.T) {
	ctx := context.Background()
	for _, p := range []Problem{Spaceship(4, 1, 1, 9, 7), Oscillator(2, 6, 6)} {
		res, err := Search(ctx, p, nil)
		if err != nil || len(res.Patterns) == 0 {
			t.Fatalf("%v: %v", p, err)
		}
		in, err := Encode(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		var r recorder
		if err := in.block(ctx, &r, res.Patterns[0]); err != nil {
			t.Fatal(err)
		}
		if sz := in.blockSize(res.Patterns[0]); sz.clauses != r.clauses || sz.lits != r.lits {
			t.Errorf("%v: blockSize says %d clauses of %d literals; block added %d, %d", p, sz.clauses, sz.lits, r.clauses, r.lits)
		}
	}
}
