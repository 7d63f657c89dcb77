package lifesat

import (
	"context"
	"errors"
	"os/exec"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// reports records what a search tells Settings.Progress, and fails the
// test when two calls overlap. It calls cancel once enough says so of a
// report of the watch (a PhaseSearching report; seen: how many it has
// made so far).
type reports struct {
	t      *testing.T
	enough func(p Progress, seen int) bool
	cancel func()
	busy   atomic.Bool
	mu     sync.Mutex
	all    []Progress
	seen   int
}

// newReports returns reports that cancel the context they return when
// enough says so (or after a minute, on a machine far too slow).
func newReports(t *testing.T, enough func(p Progress, seen int) bool) (*reports, context.Context) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return &reports{t: t, enough: enough, cancel: cancel}, ctx
}

func (r *reports) progress(p Progress) {
	if !r.busy.CompareAndSwap(false, true) {
		r.t.Error("two Progress calls at once")
	}
	time.Sleep(100 * time.Microsecond) // a window for an overlap to show
	r.mu.Lock()
	r.all = append(r.all, p)
	if p.Phase == PhaseSearching {
		r.seen++
		if r.enough != nil && r.enough(p, r.seen) {
			r.cancel()
		}
	}
	r.mu.Unlock()
	r.busy.Store(false)
}

// watched are the reports of the watch while the solver runs.
func (r *reports) watched() []Progress {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Progress
	for _, p := range r.all {
		if p.Phase == PhaseSearching {
			out = append(out, p)
		}
	}
	return out
}

func (r *reports) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.all)
}

// after is an enough: n reports of the watch, the last counting
// conflicts when counted is true.
func after(n int, counted bool) func(Progress, int) bool {
	return func(p Progress, seen int) bool {
		return seen >= n && (!counted || p.Conflicts > 0)
	}
}

// TestProgressOfALongSearch: while gophersat runs, the search reports
// for how long and how many conflicts, a count that only grows; the
// reports never overlap the search's own and stop when Search returns.
// The first report is the formula's size.
func TestProgressOfALongSearch(t *testing.T) {
	r, ctx := newReports(t, after(3, true))
	p := Oscillator(3, 16, 16) // seconds or more for one search
	_, err := Search(ctx, p, &Settings{Seed: 3, Progress: r.progress, ProgressEvery: 10 * time.Millisecond})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Search: %v, want it cancelled after 3 reports and some conflicts", err)
	}
	n := r.count()
	if first := r.all[0]; first.Phase != PhaseEncoded || first.What != p.String() || first.Vars == 0 || first.Clauses == 0 {
		t.Errorf("the first report is %+v, want the formula's size", first)
	}
	watched := r.watched()
	if len(watched) < 3 {
		t.Fatalf("%d reports of the running search, want 3 or more: %+v", len(watched), r.all)
	}
	last, lastElapsed := int64(-1), time.Duration(0)
	for _, w := range watched {
		if w.What != p.String() || w.Raced {
			t.Errorf("report %+v does not name the problem %q alone", w, p)
		}
		if w.Conflicts < 0 {
			t.Fatalf("report %+v gives no conflicts (gophersat counts them)", w)
		}
		if w.Conflicts < last || w.Elapsed < lastElapsed {
			t.Errorf("conflicts or time went down: %d then %d, %v then %v", last, w.Conflicts, lastElapsed, w.Elapsed)
		}
		last, lastElapsed = w.Conflicts, w.Elapsed
	}
	if last <= 0 {
		t.Errorf("no conflicts counted: %+v", watched)
	}
	time.Sleep(50 * time.Millisecond)
	if after := r.count(); after != n {
		t.Errorf("%d reports after Search returned", after-n)
	}
}

// TestProgressCountsPatternsFound: an enumeration reports how many
// patterns it has found so far.
func TestProgressCountsPatternsFound(t *testing.T) {
	r, _ := newReports(t, nil)
	got := 0
	err := Enumerate(context.Background(), StillLife(6, 6), &Settings{Progress: r.progress, ProgressEvery: 5 * time.Millisecond}, func(*Pattern) bool {
		got++
		// Hold the pattern until a report counts it (the watch goes on
		// while the caller holds it), or a minute on a machine far too slow.
		for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			if slices.ContainsFunc(r.watched(), func(p Progress) bool { return p.Found == got }) {
				break
			}
		}
		return got < 2
	})
	if err != nil {
		t.Fatal(err)
	}
	for want := 1; want <= 2; want++ {
		if !slices.ContainsFunc(r.watched(), func(p Progress) bool { return p.Found == want }) {
			t.Errorf("no report counts %d patterns found: %+v", want, r.watched())
		}
	}
}

// TestProgressWithoutConflicts: a solver whose sessions do not count
// conflicts (gini) gets reports of the time alone (Conflicts -1);
// Maximize's SAT ladder and Predecessor report too.
func TestProgressWithoutConflicts(t *testing.T) {
	r, ctx := newReports(t, after(3, false))
	if _, err := Search(ctx, Oscillator(3, 16, 16), &Settings{Solver: logic.Gini{}, Progress: r.progress, ProgressEvery: time.Millisecond}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Search with gini: %v, want it cancelled after 3 reports", err)
	}
	for _, p := range r.watched() {
		if p.Conflicts != -1 {
			t.Errorf("gini does not count conflicts, yet the report says %+v", p)
		}
	}

	r, ctx = newReports(t, after(3, true))
	if _, err := Maximize(ctx, StillLife(12, 12), &Settings{Solver: logic.Gophersat{}, Progress: r.progress, ProgressEvery: time.Millisecond}); !errors.Is(err, context.Canceled) {
		t.Errorf("Maximize's ladder: %v, want it cancelled after 3 reports and some conflicts; reports %+v", err, r.all)
	}

	// Predecessor reports its formula before it solves (its watch may
	// never tick: the search can end within the first millisecond).
	r, ctx = newReports(t, after(1, false))
	target := life.NewBoard(12, 12)
	for i := range 12 {
		target.Set(i, i, true)
		target.Set(11-i, i, true)
	}
	Predecessor(ctx, PredProblem{Target: target, Steps: 2, Minimize: true}, &Settings{Progress: r.progress, ProgressEvery: time.Millisecond})
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.all) == 0 || r.all[0].Phase != PhaseEncoded || r.all[0].What != "2-step predecessor of a 12x12 pattern" {
		t.Errorf("Predecessor: reports %+v", r.all)
	}
}

// TestProgressOfCadical: an external cadical's conflicts reach the
// reports, read from its own progress table; with "-q" it prints none,
// and the reports give the time alone.
func TestProgressOfCadical(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed")
	}
	p := Oscillator(3, 16, 16) // seconds or more for cadical
	r, ctx := newReports(t, after(3, true))
	if _, err := Search(ctx, p, &Settings{Seed: 3, Solver: logic.External{Path: "cadical"}, Progress: r.progress, ProgressEvery: 10 * time.Millisecond}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Search with cadical: %v, want it cancelled after 3 reports and some conflicts; reports %+v", err, r.watched())
	}

	r, ctx = newReports(t, after(20, false))
	if _, err := Search(ctx, p, &Settings{Seed: 3, Solver: logic.External{Path: "cadical", Args: []string{"-q"}}, Progress: r.progress, ProgressEvery: 10 * time.Millisecond}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Search with cadical -q: %v, want it cancelled after 20 reports", err)
	}
	for _, w := range r.watched() {
		if w.Conflicts != -1 {
			t.Errorf("cadical -q prints no table, yet the report says %+v", w)
		}
	}
}

// TestProgressString: each phase's report reads as the command's -v
// prints it.
func TestProgressString(t *testing.T) {
	for _, c := range []struct {
		p    Progress
		want string
	}{
		{Progress{Phase: PhaseEncoded, What: "still life 8x8", Vars: 64, Clauses: 8600, Elapsed: 1234567 * time.Nanosecond}, "still life 8x8: 64 variables, 8600 clauses, encoded in 1ms"},
		{Progress{Phase: PhaseLoading, What: "still life 8x8", Elapsed: 2 * time.Second}, "still life 8x8: loading the formula into the solver for 2s"},
		{Progress{Phase: PhaseSearching, What: "oscillator p3 16x16", Elapsed: 20 * time.Second, Conflicts: 523114, Found: 2}, "oscillator p3 16x16: searching for 20s, 523114 conflicts (26156 a second), 2 found"},
		{Progress{Phase: PhaseSearching, What: "x", Elapsed: time.Second, Conflicts: -1}, "x: searching for 1s"},
		{Progress{Phase: PhaseImproved, What: "still life 9x9", Best: 43, Elapsed: 5 * time.Millisecond, Raced: true, Member: 2}, "member 2: still life 9x9: found 43 live cells after 5ms"},
		{Progress{Phase: PhaseRows, What: "still life 8x8", Row: 3, Rows: 8, States: 1000}, "still life 8x8: row 3 of 8: 1000 pairs of rows"},
		{Progress{Phase: PhasePass, What: "still life 23x23", Detail: "beam pass 2, waste budget 40 (population 270)", Best: 270, Bound: 278}, "still life 23x23: beam pass 2, waste budget 40 (population 270): best 270, bound 278"},
	} {
		if got := c.p.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.p, got, c.want)
		}
	}
	for ph := PhaseEncoded; ph <= PhasePass; ph++ {
		b, err := ph.MarshalText()
		var back Phase
		if err != nil || back.UnmarshalText(b) != nil || back != ph {
			t.Errorf("phase %v: marshalled %q, %v; read back %v", ph, b, err, back)
		}
	}
}
