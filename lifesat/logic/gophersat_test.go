package logic

import (
	"context"
	"testing"
)

// TestGophersatSessionDifferential drives sessions through random
// sequences of solves (with and without assumptions, including clashing
// ones) and added clauses (units among them), and checks every answer
// against brute force and every model against the clauses. It guards the
// adapter's workarounds for gophersat's Assume and AppendClause.
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
