package grow_test

import (
	"context"
	"testing"

	"github.com/lifesat/lifesat/lifesat/grow"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// BenchmarkTables: breadth-first searches on the rows' tables alone
// (`lifesat ship -lookahead -1`) that end with none, without a length.
func BenchmarkTables(b *testing.B) {
	for _, bc := range []struct {
		name string
		p    grow.Problem
	}{
		{"c5-w11-odd", grow.Problem{Period: 5, Shift: 1, Width: 11, Sym: grow.Odd}},
		{"2c5-w11-odd", grow.Problem{Period: 5, Shift: 2, Width: 11, Sym: grow.Odd}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				res, err := grow.Search(context.Background(), bc.p, &grow.Settings{Lookahead: -1})
				if err != nil || res.Status != logic.Unsat {
					b.Fatalf("%v %v", res.Status, err)
				}
				nodes = res.Stats.Nodes
			}
			b.ReportMetric(float64(nodes), "partials/op")
		})
	}
}

// BenchmarkDepthFirst: searches that end with none, depth first on the
// rows' tables alone (`lifesat ship -dfs -lookahead -1`), with and
// without the table of states; the partials a search looks at are its
// work, reported as partials/op.
func BenchmarkDepthFirst(b *testing.B) {
	for _, bc := range []struct {
		name    string
		p       grow.Problem
		repeats bool
	}{
		{"c4-w8-len9", grow.Problem{Period: 4, Shift: 1, Width: 8, MaxLength: 9}, false},
		{"c4-w8-len9-repeats", grow.Problem{Period: 4, Shift: 1, Width: 8, MaxLength: 9}, true},
		{"2c5-w7-len7", grow.Problem{Period: 5, Shift: 2, Width: 7, MaxLength: 7}, false},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				res, err := grow.Search(context.Background(), bc.p, &grow.Settings{DepthFirst: true, Lookahead: -1, Repeats: bc.repeats})
				if err != nil || res.Status != logic.Unsat {
					b.Fatalf("%v %v", res.Status, err)
				}
				nodes = res.Stats.Nodes
			}
			b.ReportMetric(float64(nodes), "partials/op")
		})
	}
}
