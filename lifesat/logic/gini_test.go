package logic

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

func TestGiniSessionDifferential(t *testing.T) {
	testSessionDifferential(t, Gini{}, 400, 3, false)
}

// solveCancelled starts a hard Solve (PHP(11, 10) under its selector),
// cancels it after 100 ms and returns how long Solve took to come back.
func solveCancelled(t *testing.T, sess Session, hard Lit) time.Duration {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	st, err := sess.Solve(ctx, hard)
	took := time.Since(start)
	if st != Unknown || !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled hard solve: %v, %v after %v", st, err, took)
	}
	// A bound that only catches a cancellation not seen at all (PHP(11,
	// 10) runs for many minutes), not a speed test: a busy machine may
	// take seconds to get back to the search.
	if took > time.Minute {
		t.Errorf("cancelled after 100 ms, Solve returned after %v", took)
	}
	return took
}

// TestGiniCancel stops a hard search and checks that the session still
// answers afterwards, again and again.
func TestGiniCancel(t *testing.T) {
	f, sel := pigeonhole(11)
	sess, err := Gini{}.Start(f)
	if err != nil {
		t.Fatal(err)
	}
	for round := range 2 {
		took := solveCancelled(t, sess, sel)
		t.Logf("round %d: cancelled after 100 ms, Solve returned after %v", round, took)
		// The easy side: no pigeon has to sit anywhere.
		st, err := sess.Solve(context.Background(), sel.Not())
		if st != Sat || err != nil || !f.Eval(sess.Model()) {
			t.Fatalf("round %d: easy solve after cancellation: %v, %v", round, st, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		st, err = sess.Solve(ctx, sel.Not(), 2)
		cancel()
		if st != Sat || err != nil || !sess.Model()[2] {
			t.Fatalf("round %d: easy solve with a deadline: %v, %v", round, st, err)
		}
	}
	// A deadline stops it too, and an added clause is taken into account.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if st, err := sess.Solve(ctx, sel); st != Unknown || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("deadline: %v, %v", st, err)
	}
	sess.Add(sel)
	if st, err := sess.Solve(context.Background(), sel.Not()); st != Unsat || err != nil {
		t.Fatalf("assuming the negation of an added unit: %v, %v", st, err)
	}
}

// TestGiniConcurrent runs two sessions at once, under -race: a hard search
// that is cancelled and a stream of easy ones checked against brute force.
// Gini keeps no package-level state, so nothing serializes them.
func TestGiniConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	wg.Go(func() {
		f, sel := pigeonhole(11)
		sess, err := Gini{}.Start(f)
		if err != nil {
			t.Error(err)
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		if st, err := sess.Solve(ctx, sel); st != Unknown || err == nil {
			t.Errorf("hard solve: %v, %v", st, err)
		}
	})
	wg.Go(func() {
		testSessionDifferential(t, Gini{}, 100, 7, true)
	})
	// Two searches of one formula in separate sessions agree.
	f, sel := pigeonhole(7)
	results := make([]Status, 4)
	for i := range results {
		wg.Go(func() {
			sess, err := Gini{}.Start(f)
			if err != nil {
				t.Error(err)
				return
			}
			results[i], _ = sess.Solve(context.Background(), sel)
		})
	}
	wg.Wait()
	for i, st := range results {
		if st != Unsat {
			t.Errorf("PHP(7, 6) in session %d: %v", i, st)
		}
	}
}
