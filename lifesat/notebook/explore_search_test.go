package notebook

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// The counting solver is the solver it wraps in every respect a search
// asks about: the seed and the configuration for satisfiable formulas
// reach the wrapped solver, and a solver without them says so.
func TestCountingSolverPassesThrough(t *testing.T) {
	c := new(counter)
	s := countingSolver{logic.Gophersat{}, c}
	seeded, ok := s.WithSeed(7)
	if !ok || seeded.(countingSolver).inner != (logic.Gophersat{Seed: 7}) {
		t.Errorf("WithSeed(7) = %#v, %v; want the wrapped Gophersat{Seed: 7}", seeded, ok)
	}
	tuned, ok := s.ForSat()
	if !ok || tuned.(countingSolver).inner != (logic.Gophersat{Stable: true}) {
		t.Errorf("ForSat() = %#v, %v; want the wrapped Gophersat{Stable: true}", tuned, ok)
	}
	g := countingSolver{logic.Gini{}, c}
	if _, ok := g.WithSeed(7); ok {
		t.Error("gini has no seed, but WithSeed says it set one")
	}
	if _, ok := g.ForSat(); ok {
		t.Error("gini has no configuration for satisfiable formulas, but ForSat says it has")
	}
	if c.conflicts() != -1 || c.solving() {
		t.Errorf("a counter with no session: conflicts %d, solving %v", c.conflicts(), c.solving())
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
