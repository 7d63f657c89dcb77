package logic

import (
	"context"
	"testing"
	"time"
)

// TestGophersatPeek peeks at a search that runs until it is cancelled
// (the pigeonhole formula PHP(11, 10), minutes for gophersat), from
// another goroutine, and checks each snapshot as one assignment the
// search held at a decision: no clause has every literal false, and none
// has all but one false and that one unassigned (propagation was done).
// Run with -race, it also checks that peeking shares no memory unlocked
// with the search.
func TestGophersatPeek(t *testing.T) {
	f, sel := pigeonhole(11)
	sess, err := Gophersat{}.Start(f)
	if err != nil {
		t.Fatal(err)
	}
	p := sess.(Peeker)
	vars := make([]Var, f.NumVars()+2) // and two outside the formula: 0 and one past the end
	for i := range vars {
		vars[i] = Var(i)
	}
	vals := make([]int8, len(vars))
	if p.Peek(vars, vals) {
		t.Fatal("Peek answered before any Solve")
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := sess.Solve(ctx, sel)
		done <- err
	}()
	const want = 20
	answered, assigned := 0, 0
	deadline := time.Now().Add(time.Minute) // a hang detector only
	for answered < want {
		if time.Now().After(deadline) {
			t.Fatalf("%d snapshots in a minute, want %d", answered, want)
		}
		for i := range vals {
			vals[i] = 9
		}
		if !p.Peek(vars, vals) {
			for _, v := range vals {
				if v != 9 {
					t.Fatal("Peek reported false but wrote values")
				}
			}
			time.Sleep(time.Millisecond) // Solve has not started yet
			continue
		}
		answered++
		if vals[0] != 0 || vals[len(vals)-1] != 0 {
			t.Fatalf("variables outside the formula: %d and %d, want 0", vals[0], vals[len(vals)-1])
		}
		if vals[sel.Var()] != 1 {
			t.Fatalf("the assumption %v has value %d in a snapshot, want 1", sel, vals[sel.Var()])
		}
		for cl := range f.Clauses {
			falsified, free := 0, 0
			for _, l := range cl {
				switch v := vals[l.Var()]; {
				case v != 0 && v != 1 && v != -1:
					t.Fatalf("value %d of %v", v, l.Var())
				case v == 0:
					free++
				case (v > 0) == l.Negative():
					falsified++
				}
			}
			if falsified == len(cl) {
				t.Fatalf("snapshot %d falsifies %v", answered, cl)
			}
			if free == 1 && falsified == len(cl)-1 {
				t.Fatalf("snapshot %d leaves %v unit: not propagated", answered, cl)
			}
		}
		for _, v := range vals {
			if v != 0 {
				assigned++
			}
		}
	}
	cancel()
	if err := <-done; err == nil {
		t.Fatal("the pigeonhole search ended by itself")
	}
	if assigned <= answered {
		t.Errorf("%d values assigned in %d snapshots: the search assigns more than the assumption", assigned, answered)
	}

	// After a Solve that returned, Peek answers false at once.
	g := &CNF{}
	a, b := g.NewVar(), g.NewVar()
	g.Add(a.Pos(), b.Pos())
	s2, err := Gophersat{}.Start(g)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := s2.Solve(context.Background()); st != Sat || err != nil {
		t.Fatalf("Solve: %v, %v", st, err)
	}
	if s2.(Peeker).Peek([]Var{a, b}, make([]int8, 2)) {
		t.Error("Peek answered after Solve returned")
	}
}
