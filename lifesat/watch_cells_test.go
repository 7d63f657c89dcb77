package lifesat_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// cellsProblem is a search of about a second for gophersat (seed 1): a
// period-3 oscillator in 14 x 12, mirrored left to right (D2|: cell
// (x, y) is cell (13-x, y)), with the cells of the two top rows caged
// out (dead).
func cellsProblem() lifesat.Problem {
	p := lifesat.Oscillator(3, 14, 12)
	p.Symmetry = life.D2V
	p.Cage = life.NewBoard(14, 12)
	for y := 2; y < 12; y++ {
		for x := range 14 {
			p.Cage.Set(x, y, true)
		}
	}
	return p
}

// searchReports runs the search of cellsProblem and returns its answer
// and the reports of its running solver.
func searchReports(t *testing.T, cells bool) (*lifesat.Result, []lifesat.Progress) {
	t.Helper()
	var mu sync.Mutex
	var reports []lifesat.Progress
	set := &lifesat.Settings{Seed: 1, ProgressEvery: 10 * time.Millisecond, ProgressCells: cells, Progress: func(p lifesat.Progress) {
		if p.Phase == lifesat.PhaseSearching {
			mu.Lock()
			reports = append(reports, p)
			mu.Unlock()
		}
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // a hang detector only
	defer cancel()
	res, err := lifesat.Search(ctx, cellsProblem(), set)
	if err != nil || res.Status != logic.Sat {
		t.Fatalf("Search: %v, %v", res, err)
	}
	mu.Lock()
	defer mu.Unlock()
	return res, reports
}

// TestProgressCells: with Settings.ProgressCells, the reports of a
// running search show generation 0 as the solver sees it: boards of the
// box's size, the caged-out cells known dead, the others decided or not,
// and every snapshot as mirror-symmetric as the problem (the mirrored
// cells share a variable, so a cell mapped to the wrong variable would
// show). The answer is the one the same search finds without looking
// (peeking changes nothing in the search), and without ProgressCells no
// report carries cells.
func TestProgressCells(t *testing.T) {
	res, reports := searchReports(t, true)
	p := cellsProblem()
	partial, decided, unknown := 0, 0, 0
	for _, r := range reports {
		if r.Cells == nil && r.Known == nil {
			continue // between two solves
		}
		if r.Cells == nil || r.Known == nil {
			t.Fatalf("a report with Cells %v and Known %v", r.Cells, r.Known)
		}
		for _, b := range []*life.Board{r.Cells, r.Known} {
			if b.Width() != p.Width || b.Height() != p.Height {
				t.Fatalf("a board of %d x %d in a report on %d x %d", b.Width(), b.Height(), p.Width, p.Height)
			}
		}
		partial++
		free := 0
		for y := range p.Height {
			for x := range p.Width {
				known, alive := r.Known.Alive(x, y), r.Cells.Alive(x, y)
				if alive && !known {
					t.Fatalf("cell (%d, %d) alive and unknown", x, y)
				}
				if y < 2 && (!known || alive) {
					t.Fatalf("caged-out cell (%d, %d): known %v, alive %v; want known dead", x, y, known, alive)
				}
				m := 13 - x
				if known != r.Known.Alive(m, y) || alive != r.Cells.Alive(m, y) {
					t.Fatalf("cell (%d, %d) and its mirror (%d, %d) differ in a snapshot", x, y, m, y)
				}
				switch {
				case !known:
					free++
				case y >= 2:
					decided++
				}
			}
		}
		if free > 0 {
			unknown++
		}
	}
	if partial == 0 {
		t.Fatalf("none of %d reports of the running search shows the cells", len(reports))
	}
	if decided == 0 || unknown == 0 {
		t.Errorf("%d snapshots: %d decided cells not caged out, %d snapshots with an unknown cell; want both above 0", partial, decided, unknown)
	}
	plain, without := searchReports(t, false)
	if len(res.Patterns) != 1 || len(plain.Patterns) != 1 || !res.Patterns[0].Board().Equal(plain.Patterns[0].Board()) {
		t.Errorf("the search found another pattern while shown")
	}
	for _, r := range without {
		if r.Cells != nil || r.Known != nil {
			t.Fatal("a report carries cells without ProgressCells")
		}
	}
	t.Logf("%d reports, %d with the cells (%d partial); %d without ProgressCells", len(reports), partial, unknown, len(without))
}

// BenchmarkProgressCells is one search (an oscillator of period 3 in
// 12 x 10, mirrored, seed 1: the same search every time) without
// reports, with reports every 200 ms, and with the cells in them
// (Settings.ProgressCells). Without ProgressCells the solver's only work
// for Peek is one atomic load at each decision.
func BenchmarkProgressCells(b *testing.B) {
	p := lifesat.Oscillator(3, 12, 10)
	p.Symmetry = life.D2V
	for _, bc := range []struct {
		name     string
		progress bool
		cells    bool
	}{{"none", false, false}, {"progress", true, false}, {"cells", true, true}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				set := &lifesat.Settings{Seed: 1, ProgressEvery: 200 * time.Millisecond, ProgressCells: bc.cells}
				if bc.progress {
					set.Progress = func(lifesat.Progress) {}
				}
				res, err := lifesat.Search(context.Background(), p, set)
				if err != nil || res.Status != logic.Sat {
					b.Fatal(res, err)
				}
			}
		})
	}
}
