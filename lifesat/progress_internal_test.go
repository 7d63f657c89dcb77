package lifesat

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// reports records what a search tells Settings.Progress, and fails the
// test when two calls overlap. It calls cancel once enough says so of a
// report of the watch (seen: how many it has made so far).
type reports struct {
	t      *testing.T
	enough func(line string, seen int) bool
	cancel func()
	busy   atomic.Bool
	mu     sync.Mutex
	lines  []string
	seen   int
}

// newReports returns reports that cancel the context they return when
// enough says so (or after a minute, on a machine far too slow).
func newReports(t *testing.T, enough func(line string, seen int) bool) (*reports, context.Context) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return &reports{t: t, enough: enough, cancel: cancel}, ctx
}

func (r *reports) progress(format string, args ...any) {
	if !r.busy.CompareAndSwap(false, true) {
		r.t.Error("two Progress calls at once")
	}
	time.Sleep(100 * time.Microsecond) // a window for an overlap to show
	line := fmt.Sprintf(format, args...)
	r.mu.Lock()
	r.lines = append(r.lines, line)
	if strings.Contains(line, ": searching for ") {
		r.seen++
		if r.enough != nil && r.enough(line, r.seen) {
			r.cancel()
		}
	}
	r.mu.Unlock()
	r.busy.Store(false)
}

// watchLines are the reports of the watch ("...: searching for ...").
func (r *reports) watchLines() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, l := range r.lines {
		if strings.Contains(l, ": searching for ") {
			out = append(out, l)
		}
	}
	return out
}

func (r *reports) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.lines)
}

// fastReports makes the watch report every d for the rest of the test.
// The tests that call it do not run in parallel, so no other search reads
// progressEvery meanwhile.
func fastReports(t *testing.T, d time.Duration) {
	old := progressEvery
	progressEvery = d
	t.Cleanup(func() { progressEvery = old })
}

var conflictsRe = regexp.MustCompile(`, (\d+) conflicts \(\d+ a second\)`)

// after is an enough: n reports of the watch, the last counting
// conflicts when counted is true.
func after(n int, counted bool) func(string, int) bool {
	return func(line string, seen int) bool {
		if !counted {
			return seen >= n
		}
		m := conflictsRe.FindStringSubmatch(line)
		return seen >= n && m != nil && m[1] != "0"
	}
}

// TestProgressOfALongSearch: while gophersat runs, the search reports
// for how long and how many conflicts, a count that only grows; the
// reports never overlap the search's own and stop when Search returns.
func TestProgressOfALongSearch(t *testing.T) {
	fastReports(t, 10*time.Millisecond)
	r, ctx := newReports(t, after(3, true))
	p := Oscillator(3, 16, 16) // seconds or more for one search
	_, err := Search(ctx, p, &Settings{Seed: 3, Progress: r.progress})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Search: %v, want it cancelled after 3 reports and some conflicts", err)
	}
	n := r.count()
	lines := r.watchLines()
	if len(lines) < 3 {
		t.Fatalf("%d reports of the running search, want 3 or more: %q", len(lines), r.lines)
	}
	last := int64(-1)
	for _, l := range lines {
		if !strings.HasPrefix(l, p.String()+": searching for ") {
			t.Errorf("report %q does not name the problem %q", l, p)
		}
		m := conflictsRe.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("report %q gives no conflicts (gophersat counts them)", l)
		}
		c, _ := strconv.ParseInt(m[1], 10, 64)
		if c < last {
			t.Errorf("conflicts went down: %d then %d (%q)", last, c, l)
		}
		last = c
	}
	if last <= 0 {
		t.Errorf("no conflicts counted: %q", lines)
	}
	time.Sleep(50 * time.Millisecond)
	if after := r.count(); after != n {
		t.Errorf("%d reports after Search returned", after-n)
	}
}

// TestProgressCountsPatternsFound: an enumeration reports how many
// patterns it has found so far.
func TestProgressCountsPatternsFound(t *testing.T) {
	fastReports(t, 5*time.Millisecond)
	r, _ := newReports(t, nil)
	got := 0
	err := Enumerate(context.Background(), StillLife(6, 6), &Settings{Progress: r.progress}, func(*Pattern) bool {
		got++
		// Hold the pattern until a report counts it (the watch goes on
		// while the caller holds it), or a minute on a machine far too slow.
		want := fmt.Sprintf(", %d found", got)
		for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			if slices.ContainsFunc(r.watchLines(), func(l string) bool { return strings.HasSuffix(l, want) }) {
				break
			}
		}
		return got < 2
	})
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, l := range r.watchLines() {
		if strings.HasSuffix(l, ", 1 found") || strings.HasSuffix(l, ", 2 found") {
			found = append(found, l)
		}
	}
	if len(found) == 0 {
		t.Errorf("no report counts the patterns found: %q", r.watchLines())
	}
}

// TestProgressWithoutConflicts: a solver whose sessions do not count
// conflicts (gini) gets reports of the time alone; Maximize's SAT ladder
// and Predecessor report too.
func TestProgressWithoutConflicts(t *testing.T) {
	fastReports(t, time.Millisecond)
	r, ctx := newReports(t, after(3, false))
	if _, err := Search(ctx, Oscillator(3, 16, 16), &Settings{Solver: logic.Gini{}, Progress: r.progress}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Search with gini: %v, want it cancelled after 3 reports", err)
	}
	for _, l := range r.watchLines() {
		if strings.Contains(l, "conflicts") {
			t.Errorf("gini does not count conflicts, yet the report says %q", l)
		}
	}

	r, ctx = newReports(t, after(3, true))
	if _, err := Maximize(ctx, StillLife(12, 12), &Settings{Solver: logic.Gophersat{}, Progress: r.progress}); !errors.Is(err, context.Canceled) {
		t.Errorf("Maximize's ladder: %v, want it cancelled after 3 reports and some conflicts; reports %q", err, r.lines)
	}

	// Predecessor reports its formula before it solves (its watch may
	// never tick: the search can end within the first millisecond).
	r, ctx = newReports(t, after(1, false))
	target := life.NewBoard(12, 12)
	for i := range 12 {
		target.Set(i, i, true)
		target.Set(11-i, i, true)
	}
	Predecessor(ctx, PredProblem{Target: target, Steps: 2, Minimize: true}, &Settings{Progress: r.progress})
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.lines) == 0 || !strings.HasPrefix(r.lines[0], "2-step predecessor of a 12x12 pattern: ") {
		t.Errorf("Predecessor: reports %q", r.lines)
	}
}

// TestProgressOfCadical: an external cadical's conflicts reach the
// reports, read from its own progress table; with "-q" it prints none,
// and the reports give the time alone.
func TestProgressOfCadical(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed")
	}
	fastReports(t, 10*time.Millisecond)
	p := Oscillator(3, 16, 16) // seconds or more for cadical
	r, ctx := newReports(t, after(3, true))
	if _, err := Search(ctx, p, &Settings{Seed: 3, Solver: logic.External{Path: "cadical"}, Progress: r.progress}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Search with cadical: %v, want it cancelled after 3 reports and some conflicts; reports %q", err, r.watchLines())
	}

	r, ctx = newReports(t, after(20, false))
	if _, err := Search(ctx, p, &Settings{Seed: 3, Solver: logic.External{Path: "cadical", Args: []string{"-q"}}, Progress: r.progress}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Search with cadical -q: %v, want it cancelled after 20 reports", err)
	}
	for _, l := range r.watchLines() {
		if strings.Contains(l, "conflicts") {
			t.Errorf("cadical -q prints no table, yet the report says %q", l)
		}
	}
}
