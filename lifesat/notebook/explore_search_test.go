package notebook

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
)

// A counter keeps a search's last report: it counts conflicts only while
// the solver runs, and -1 for a solver that does not count them.
func TestCounterReports(t *testing.T) {
	c := new(counter)
	if c.conflicts() != -1 || c.solving() {
		t.Errorf("a counter with no report: conflicts %d, solving %v", c.conflicts(), c.solving())
	}
	c.report(lifesat.Progress{Phase: lifesat.PhaseEncoded, Vars: 10})
	if c.conflicts() != -1 || c.solving() {
		t.Errorf("encoded: conflicts %d, solving %v", c.conflicts(), c.solving())
	}
	c.report(lifesat.Progress{Phase: lifesat.PhaseSearching, Conflicts: 42})
	if c.conflicts() != 42 || !c.solving() {
		t.Errorf("searching: conflicts %d, solving %v", c.conflicts(), c.solving())
	}
	c.report(lifesat.Progress{Phase: lifesat.PhaseSearching, Conflicts: -1})
	if c.conflicts() != -1 || !c.solving() {
		t.Errorf("searching with gini: conflicts %d, solving %v", c.conflicts(), c.solving())
	}
}

// hardProblem is a search that runs for long: a c/5 orthogonal ship in
// 12 x 12 (lifesat ship -period 5 -shift 1,0 -size 12x12 -timeout 15s
// stops at its limit).
func hardProblem() lifesat.Problem { return lifesat.Spaceship(5, 1, 0, 12, 12) }

// A search counts its conflicts as it goes, and Stop ends it with the
// context's error.
func TestSearchStop(t *testing.T) {
	s := startSearch(context.Background(), hardProblem(), lifesat.Settings{})
	deadline := time.Now().Add(time.Minute)
	for s.count.conflicts() <= 0 {
		select {
		case err := <-s.done:
			t.Fatalf("the search ended (%v) before it met a conflict", err)
		case <-s.found:
			t.Fatal("a c/5 ship in 12x12 was found")
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatal("no conflict counted in a minute")
		}
	}
	s.stop()
	select {
	case err := <-s.done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("the stopped search ended with %v, want context.Canceled", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("the search did not end a minute after Stop")
	}
	s.finish()
	if p := progressText(s, stateStopped, "ship"); p.conflicts <= 0 || p.state != stateStopped {
		t.Errorf("progress after Stop: %+v", p)
	}
}

// Next asks the same enumeration for another pattern: a different one.
func TestSearchNext(t *testing.T) {
	s := startSearch(context.Background(), lifesat.StillLife(4, 4), lifesat.Settings{})
	defer s.stop()
	var pats []*lifesat.Pattern
	for len(pats) < 3 {
		select {
		case pat := <-s.found:
			s.pause()
			pats = append(pats, pat)
			if len(pats) < 3 {
				s.next()
			}
		case err := <-s.done:
			t.Fatalf("the search ended (%v) after %d patterns", err, len(pats))
		case <-time.After(time.Minute):
			t.Fatal("no pattern in a minute")
		}
	}
	for i := range pats {
		if err := lifesat.StillLife(4, 4).Check(pats[i], nil); err != nil {
			t.Errorf("pattern %d: %v", i, err)
		}
		for j := range i {
			if pats[i].Board().Equal(pats[j].Board()) {
				t.Errorf("patterns %d and %d are the same:\n%s", j, i, pats[i].Board())
			}
		}
	}
	if s.patterns != 3 {
		t.Errorf("%d patterns counted, want 3", s.patterns)
	}
}
