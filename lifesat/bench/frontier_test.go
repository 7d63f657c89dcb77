package bench

import (
	"context"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/grow"
)

// TestFrontierTargets: each target's pattern is a ship of the speed its
// name says (the pentadecathlon name PpHhV0: period p, h cells), in the
// strip and box the suite searches; the loafer's apgcode is LifeWiki's
// (page "Loafer": xq7_3nw17862z6952). Every target is known to the
// test, so that none is added without its speed and strip checked.
func TestFrontierTargets(t *testing.T) {
	want := map[string]struct{ period, k, width int }{
		"30P5H2V0": {5, 2, 13}, "37P4H1V0": {4, 1, 19}, "loafer": {7, 1, 10}, "56P6H1V0": {6, 1, 26}, "copperhead": {10, 1, 10},
	}
	for _, tg := range FrontierTargets() {
		ts, err := tg.Ship()
		if err != nil {
			t.Fatal(err)
		}
		k := max(ts.Shift.X, -ts.Shift.X, ts.Shift.Y, -ts.Shift.Y)
		w, ok := want[tg.Name]
		if !ok {
			t.Errorf("%s: not in the test's table", tg.Name)
		}
		if ts.Period != w.period || k != w.k || ts.Width != w.width || !strings.HasPrefix(ts.Code, "xq") {
			t.Errorf("%s: %+v, want period %d, %d cells, width %d", tg.Name, ts, w.period, w.k, w.width)
		}
		if tg.Name == "loafer" && ts.Code != "xq7_3nw17862z6952" {
			t.Errorf("loafer: %s, LifeWiki's xq7_3nw17862z6952", ts.Code)
		}
	}
}

// TestWidthCase runs Width cases, breadth first and depth first: the
// LWSS in a strip 5 wide, verified by its apgcode; and a proof of
// absence, verified as such.
func TestWidthCase(t *testing.T) {
	s := Suite{Name: "w", Cases: []Case{
		{Kind: Width, Grow: &grow.Problem{Period: 4, Shift: 2, Width: 5}, Want: "xq4_6frc", Label: "LWSS"},
		{Kind: Width, Grow: &grow.Problem{Period: 4, Shift: 1, Width: 6, MaxLength: 6}, Label: "c/4 6x6"},
		{Kind: Width, Grow: &grow.Problem{Period: 4, Shift: 2, Width: 5}, GrowLookahead: -1, GrowDepthFirst: true, Want: "xq4_6frc", Label: "LWSS"},
		{Kind: Width, Grow: &grow.Problem{Period: 4, Shift: 1, Width: 6, MaxLength: 6}, GrowLookahead: -1, GrowDepthFirst: true, Label: "c/4 6x6"},
	}}
	rows, err := Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || rows[0].Status != "SAT" || !rows[0].Verified || !strings.HasPrefix(rows[0].Value, "xq4_6frc; depth ") ||
		rows[0].Problem != "LWSS: 2c/4 ship, width 5" || rows[1].Status != "UNSAT" || !rows[1].Verified {
		t.Errorf("rows %+v", rows)
	}
	// depth first
	if rows[2].Status != "SAT" || !rows[2].Verified || rows[2].Problem != "LWSS: 2c/4 ship, width 5, depth first" ||
		rows[2].Encoding != "rows, tables only, depth first" || rows[3].Status != "UNSAT" || !rows[3].Verified {
		t.Errorf("depth-first rows %+v", rows[2:])
	}
}

// TestGrowthStrip: the partials of the LWSS grow to the ship.
func TestGrowthStrip(t *testing.T) {
	boards, sh, err := GrowthStrip(context.Background(), grow.Problem{Period: 4, Shift: 2, Width: 5}, 4)
	if err != nil {
		t.Fatal(err)
	}
	last := boards[len(boards)-1]
	if sh.Code != "xq4_6frc" || len(boards) < 3 || !last.Crop(last.BoundingBox()).Equal(sh.Board) {
		t.Errorf("%s, %d boards, last\n%v", sh.Code, len(boards), last)
	}
	for i := 1; i < len(boards); i++ {
		if boards[i].Population() < boards[i-1].Population() {
			t.Errorf("partial %d has fewer cells than the one before", i)
		}
	}
}
