package logic

import (
	"context"
	"math/rand/v2"
	"testing"
)

// bruteSat reports whether some assignment satisfies every clause and
// every assumption.
func bruteSat(nvars int, clauses [][]Lit, assume []Lit) bool {
	m := make([]bool, nvars+1)
	for bits := range 1 << nvars {
		for v := 1; v <= nvars; v++ {
			m[v] = bits>>(v-1)&1 == 1
		}
		ok := true
		for _, l := range assume {
			ok = ok && l.Value(m)
		}
		for _, cl := range clauses {
			if !ok {
				break
			}
			sat := false
			for _, l := range cl {
				sat = sat || l.Value(m)
			}
			ok = sat
		}
		if ok {
			return true
		}
	}
	return false
}

func randomClause(rng *rand.Rand, nvars, maxLen int) []Lit {
	cl := make([]Lit, 1+rng.IntN(maxLen))
	for i := range cl {
		cl[i] = Var(1 + rng.IntN(nvars)).Lit(rng.IntN(2) == 1)
	}
	return cl
}

// TestGophersatSessionDifferential drives sessions through random
// sequences of solves (with and without assumptions, including clashing
// ones) and added clauses (units among them), and checks every answer
// against brute force and every model against the clauses. It guards the
// adapter's workarounds for gophersat's Assume and AppendClause.
func TestGophersatSessionDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ctx := context.Background()
	for trial := range 400 {
		nvars := 1 + rng.IntN(7)
		var clauses [][]Lit
		f := &CNF{}
		f.NewVars(nvars)
		for range rng.IntN(3 * nvars) {
			cl := randomClause(rng, nvars, 3)
			if rng.IntN(5) == 0 {
				cl = cl[:1] // plenty of units
			}
			f.Add(cl...)
			clauses = append(clauses, cl)
		}
		sess, err := Gophersat{}.Start(f)
		if err != nil {
			t.Fatal(err)
		}
		for step := range 12 {
			if rng.IntN(3) == 0 {
				cl := randomClause(rng, nvars, 3)
				sess.Add(cl...)
				clauses = append(clauses, cl)
				continue
			}
			var assume []Lit
			if rng.IntN(2) == 0 {
				for range rng.IntN(4) {
					assume = append(assume, Var(1+rng.IntN(nvars)).Lit(rng.IntN(2) == 1))
				}
			}
			st, err := sess.Solve(ctx, assume...)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteSat(nvars, clauses, assume)
			if (st == Sat) != want {
				t.Fatalf("trial %d step %d: %d vars, clauses %v, assume %v: got %v, want sat=%v", trial, step, nvars, clauses, assume, st, want)
			}
			if st == Sat {
				m := sess.Model()
				for _, l := range assume {
					if !l.Value(m) {
						t.Fatalf("trial %d: model breaks assumption %v", trial, l)
					}
				}
				for _, cl := range clauses {
					sat := false
					for _, l := range cl {
						sat = sat || l.Value(m)
					}
					if !sat {
						t.Fatalf("trial %d: model breaks clause %v", trial, cl)
					}
				}
			}
		}
	}
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
