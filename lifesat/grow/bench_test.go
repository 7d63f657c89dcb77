package grow_test

import (
	"context"
	"testing"

	"github.com/lifesat/lifesat/lifesat/grow"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// benchNone runs a search that ends with none b.N times; the partials it
// looks at are its work, reported as partials/op.
func benchNone(b *testing.B, p grow.Problem, set grow.Settings) {
	var nodes int64
	for b.Loop() {
		res, err := grow.Search(context.Background(), p, &set)
		if err != nil || res.Status != logic.Unsat {
			b.Fatalf("%v %v", res.Status, err)
		}
		nodes = res.Stats.Nodes
	}
	b.ReportMetric(float64(nodes), "partials/op")
}

// BenchmarkTables: breadth-first searches on the rows' tables alone
// (`lifesat ship -width W`, the default) that end with none, without a
// length.
func BenchmarkTables(b *testing.B) {
	b.Run("c5-w11-odd", func(b *testing.B) {
		benchNone(b, grow.Problem{Period: 5, Shift: 1, Width: 11, Sym: grow.Odd}, grow.Settings{Lookahead: -1})
	})
	b.Run("2c5-w11-odd", func(b *testing.B) {
		benchNone(b, grow.Problem{Period: 5, Shift: 2, Width: 11, Sym: grow.Odd}, grow.Settings{Lookahead: -1})
	})
	b.Run("c10-w8-even", func(b *testing.B) { // the copperhead's speed, two columns short
		benchNone(b, grow.Problem{Period: 10, Shift: 1, Width: 8, Sym: grow.Even}, grow.Settings{Lookahead: -1})
	})
}

// BenchmarkDepthFirst: searches that end with none, depth first on the
// rows' tables (`lifesat ship -dfs`), with and without the table of
// states.
func BenchmarkDepthFirst(b *testing.B) {
	c4 := grow.Problem{Period: 4, Shift: 1, Width: 8, MaxLength: 9}
	b.Run("c4-w8-len9", func(b *testing.B) {
		benchNone(b, c4, grow.Settings{DepthFirst: true, Lookahead: -1})
	})
	b.Run("c4-w8-len9-repeats", func(b *testing.B) {
		benchNone(b, c4, grow.Settings{DepthFirst: true, Lookahead: -1, Repeats: true})
	})
	b.Run("2c5-w7-len7", func(b *testing.B) {
		benchNone(b, grow.Problem{Period: 5, Shift: 2, Width: 7, MaxLength: 7}, grow.Settings{DepthFirst: true, Lookahead: -1})
	})
	b.Run("c10-w8-even", func(b *testing.B) {
		benchNone(b, grow.Problem{Period: 10, Shift: 1, Width: 8, Sym: grow.Even}, grow.Settings{DepthFirst: true, Lookahead: -1})
	})
}
