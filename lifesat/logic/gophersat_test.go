package logic

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

// TestGophersatSessionDifferential drives sessions through random
// sequences of solves (with and without assumptions, including clashing
// ones) and added clauses (units among them), and checks every answer
// against brute force and every model against the clauses. It guards the
// copy's Assume (assumptions are decisions, the top-level facts stay) and
// AppendClause between solves, in one solver that is never reloaded.
func TestGophersatSessionDifferential(t *testing.T) {
	testSessionDifferential(t, Gophersat{}, 400, 3, false)
}

func TestGophersatCancelled(t *testing.T) {
	f := &CNF{}
	v := f.NewVar()
	f.Add(v.Pos())
	sess, _ := Gophersat{}.Start(f)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if st, err := sess.Solve(ctx); st != Unknown || err == nil {
		t.Errorf("cancelled solve: %v, %v", st, err)
	}
	// The session was not abandoned (the solver never started).
	if st, err := sess.Solve(context.Background()); st != Sat || err != nil {
		t.Errorf("solve after a cancelled call: %v, %v", st, err)
	}
}

func TestInstancesAndCount(t *testing.T) {
	// x1 OR x2 OR x3 with an auxiliary x4 <-> x1: seven models over x1..x3,
	// 7 again counted on x1..x3 only, whatever x4 does.
	f := &CNF{}
	f.NewVars(4)
	f.Add(1, 2, 3)
	f.Add(-4, 1)
	f.Add(4, -1)
	vars := []Var{1, 2, 3}
	n, err := Count(context.Background(), f, vars, nil)
	if err != nil || n != 7 {
		t.Fatalf("Count = %d, %v; want 7", n, err)
	}
	inst, err := Instances(context.Background(), f, vars, 3, nil)
	if err != nil || len(inst) != 3 {
		t.Fatalf("Instances: %d, %v", len(inst), err)
	}
	seen := map[[3]bool]bool{}
	for _, in := range inst {
		k := [3]bool{in[0], in[1], in[2]}
		if seen[k] || !(in[0] || in[1] || in[2]) {
			t.Errorf("instance %v repeated or not a model", in)
		}
		seen[k] = true
	}
	if inst, _ := Instances(context.Background(), f, vars, 0, nil); len(inst) != 0 {
		t.Errorf("Instances(n=0) = %v", inst)
	}
	f.Add(-1)
	f.Add(-2)
	f.Add(-3)
	if ok, err := Satisfiable(context.Background(), f, nil); ok || err != nil {
		t.Errorf("Satisfiable = %v, %v; want false", ok, err)
	}
	if _, err := Count(context.Background(), f, []Var{9}, nil); err == nil {
		t.Error("Count with an unknown variable: no error")
	}
}

// TestGophersatSearchesRunInParallel runs gophersat searches at the same
// time, with no lock between them (upstream's package-level learning
// buffer, which they would corrupt, is a field of each solver in
// lifesat's copy), on random 3-SAT formulas at the threshold ratio, where
// solvers learn many clauses: every model must satisfy its formula and
// every answer must agree with gini's.
func TestGophersatSearchesRunInParallel(t *testing.T) {
	const workers, formulas, nvars = 4, 8, 70
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 13))
			for range formulas {
				f := &CNF{}
				f.NewVars(nvars)
				for range nvars * 426 / 100 {
					var cl []Lit
					for range 3 {
						l := Lit(1 + rng.IntN(nvars))
						if rng.IntN(2) == 0 {
							l = -l
						}
						cl = append(cl, l)
					}
					f.Add(cl...)
				}
				want, err := Satisfiable(context.Background(), f, Gini{})
				if err != nil {
					t.Error(err)
					return
				}
				sess, _ := Gophersat{}.Start(f)
				st, err := sess.Solve(context.Background())
				if err != nil || (st == Sat) != want {
					t.Errorf("gophersat: %v, %v; gini: satisfiable %v", st, err, want)
					return
				}
				if st == Sat && !satisfies(f, sess.Model()) {
					t.Errorf("gophersat's model breaks a clause")
				}
			}
		}()
	}
	wg.Wait()
}

// satisfies reports whether model satisfies every clause of f.
func satisfies(f *CNF, model []bool) bool {
	ok := true
	f.Clauses(func(cl []Lit) bool {
		for _, l := range cl {
			if l.Value(model) {
				return true
			}
		}
		ok = false
		return false
	})
	return ok
}

// TestGophersatCountsConflicts reads a session's conflicts while it
// solves (run with -race, this is also the check that the read is safe)
// and checks that the session keeps its solver, count and learned
// clauses after a clause is added: the second proof under the same
// assumption costs fewer conflicts than the first. (Before the copy's
// Assume kept the top-level facts, the adapter reloaded every clause
// into a fresh solver here and the second proof started from scratch.)
func TestGophersatCountsConflicts(t *testing.T) {
	f, sel := pigeonhole(8) // under sel: unsatisfiable, thousands of conflicts
	sess, err := Gophersat{}.Start(f)
	if err != nil {
		t.Fatal(err)
	}
	c, ok := sess.(ConflictCounter)
	if !ok {
		t.Fatalf("a gophersat session (%T) is not a ConflictCounter", sess)
	}
	if n := c.Conflicts(); n != 0 {
		t.Fatalf("Conflicts() = %d before any Solve", n)
	}
	done := make(chan Status)
	go func() {
		st, err := sess.Solve(context.Background(), sel)
		if err != nil {
			t.Error(err)
		}
		done <- st
	}()
	var seen int64 // the largest count read while Solve ran
	var st Status
	for waiting := true; waiting; {
		select {
		case st = <-done:
			waiting = false
		default:
			if n := c.Conflicts(); n < seen {
				t.Fatalf("Conflicts() went from %d down to %d during Solve", seen, n)
			} else {
				seen = n
			}
			time.Sleep(time.Millisecond)
		}
	}
	if st != Unsat {
		t.Fatalf("PHP(8, 7) under its selector: %v, want UNSAT", st)
	}
	first := c.Conflicts()
	if first == 0 || first < seen {
		t.Fatalf("Conflicts() = %d after Solve (read during it: %d), want a positive count", first, seen)
	}
	// A clause added after a solve under assumptions: the same solver
	// goes on, its count and what it learned with it.
	sess.Add(-sel, 2, 3) // pigeon 0 in hole 0 or 1: still none under sel
	if st, err := sess.Solve(context.Background(), sel); err != nil || st != Unsat {
		t.Fatalf("second Solve: %v, %v; want UNSAT", st, err)
	}
	second := c.Conflicts() - first
	t.Logf("conflicts: %d for the first proof, %d for the second", first, second)
	if second < 0 || second >= first {
		t.Errorf("the second proof took %d conflicts after the first's %d: the session should keep its count and reuse what it learned", second, first)
	}
}
