package lifesat_test

import (
	"context"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// TestAliveFirst: the alive-first flips change where the solver starts,
// not the models: every still life of 4x4, the empty one included, is
// found as often as the row program counts them (83, OEIS A136278 with
// the empty board), each checked; and where the unflipped formula's first
// still life is the empty board (gophersat guesses false first), the
// alive-first one is not.
func TestAliveFirst(t *testing.T) {
	ctx := context.Background()
	p := lifesat.StillLife(4, 4)
	want, err := density.CountStillLifes(ctx, 4, 4, rule.Life)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	set := &lifesat.Settings{AllowEmpty: true, Diversify: lifesat.AliveFirst, Solutions: 1000}
	err = lifesat.Enumerate(ctx, p, set, func(pat *lifesat.Pattern) bool {
		if err := p.Check(pat, set); err != nil {
			t.Error(err)
		}
		n++
		return true
	})
	if err != nil || int64(n) != want.Int64() {
		t.Errorf("alive first: %d still lifes in 4x4 (%v), want %v", n, err, want)
	}
	first := func(d lifesat.Diversify) int {
		res, err := lifesat.Search(ctx, p, &lifesat.Settings{AllowEmpty: true, Diversify: d})
		if err != nil || len(res.Patterns) == 0 {
			t.Fatalf("%v: %v", d, err)
		}
		return res.Patterns[0].Board().Population()
	}
	if n := first(lifesat.NoFlip); n != 0 {
		t.Errorf("no flips: the first still life has %d live cells, want the empty board", n)
	}
	if n := first(lifesat.AliveFirst); n == 0 {
		t.Errorf("alive first: the empty board")
	}
	if d, err := lifesat.ParseDiversify("alive"); err != nil || d != lifesat.AliveFirst {
		t.Errorf(`ParseDiversify("alive") = %v, %v`, d, err)
	}
}
