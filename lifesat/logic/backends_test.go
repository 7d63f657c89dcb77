package logic

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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

// bruteCount is the number of assignments of vars that extend to a model
// of f, by trying all assignments of all variables.
func bruteCount(f *CNF, vars []Var) int {
	n := f.NumVars()
	m := make([]bool, n+1)
	seen := map[string]bool{}
	key := make([]byte, len(vars))
	for bits := range 1 << n {
		for v := 1; v <= n; v++ {
			m[v] = bits>>(v-1)&1 == 1
		}
		if !f.Eval(m) {
			continue
		}
		for i, v := range vars {
			key[i] = '0'
			if m[v] {
				key[i] = '1'
			}
		}
		seen[string(key)] = true
	}
	return len(seen)
}

func randomClause(rng *rand.Rand, nvars, maxLen int) []Lit {
	cl := make([]Lit, 1+rng.IntN(maxLen))
	for i := range cl {
		cl[i] = Var(1 + rng.IntN(nvars)).Lit(rng.IntN(2) == 1)
	}
	return cl
}

// testSessionDifferential drives sessions of s through random sequences
// of solves (with and without assumptions, including clashing ones) and
// added clauses (units, repeated literals and tautologies among them),
// and checks every answer against brute force and every model against
// the clauses. With constants, clauses and assumptions also hold True and
// False now and then (the empty clause among them).
func testSessionDifferential(t *testing.T, s Solver, trials int, seed uint64, constants bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 4))
	ctx := context.Background()
	sprinkle := func(cl []Lit) []Lit {
		if constants && rng.IntN(10) == 0 {
			cl = append(cl, Const(rng.IntN(3) == 0))
		}
		return cl
	}
	for trial := range trials {
		nvars := 1 + rng.IntN(7)
		var clauses [][]Lit
		f := &CNF{}
		f.NewVars(nvars)
		for range rng.IntN(3 * nvars) {
			cl := randomClause(rng, nvars, 3)
			if rng.IntN(5) == 0 {
				cl = cl[:1] // plenty of units
			}
			cl = sprinkle(cl)
			f.Add(cl...)
			clauses = append(clauses, cl)
		}
		sess, err := s.Start(f)
		if err != nil {
			t.Fatal(err)
		}
		for step := range 12 {
			if rng.IntN(3) == 0 {
				cl := sprinkle(randomClause(rng, nvars, 3))
				if constants && rng.IntN(40) == 0 {
					cl = []Lit{False}
				}
				sess.Add(cl...)
				clauses = append(clauses, cl)
				continue
			}
			var assume []Lit
			if rng.IntN(2) == 0 {
				for range rng.IntN(4) {
					assume = append(assume, Var(1+rng.IntN(nvars)).Lit(rng.IntN(2) == 1))
				}
				assume = sprinkle(assume)
			}
			st, err := sess.Solve(ctx, assume...)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteSat(nvars, clauses, assume)
			if (st == Sat) != want || st == Unknown {
				t.Fatalf("trial %d step %d: %d vars, clauses %v, assume %v: got %v, want sat=%v", trial, step, nvars, clauses, assume, st, want)
			}
			if st == Sat {
				m := sess.Model()
				if len(m) != nvars+1 {
					t.Fatalf("trial %d: model of length %d for %d variables", trial, len(m), nvars)
				}
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

// pigeonhole is PHP(n, n-1) guarded by a selector: the clauses "pigeon i
// sits in some hole" hold only under the selector's positive literal, the
// first Lit returned. Under it the formula is unsatisfiable and, for n
// around 11, takes CDCL solvers (gophersat, gini, cadical) minutes or
// more; under its negation it is satisfiable at once.
func pigeonhole(n int) (*CNF, Lit) {
	f := &CNF{}
	sel := f.NewVar()
	holes := n - 1
	first := f.NewVars(n * holes)
	p := func(i, j int) Lit { return Lit(int(first) + i*holes + j) }
	for i := range n {
		cl := []Lit{sel.Neg()}
		for j := range holes {
			cl = append(cl, p(i, j))
		}
		f.Add(cl...)
	}
	for j := range holes {
		for i := range n {
			for k := i + 1; k < n; k++ {
				f.Add(-p(i, j), -p(k, j))
			}
		}
	}
	return f, sel.Pos()
}

// backend is a solver to test, with a name for subtests.
type backend struct {
	name string
	s    Solver
}

// backends is every solver this machine can run: the embedded ones, and
// cadical and minisat when they are installed.
func backends() []backend {
	bs := []backend{{"gophersat", Gophersat{}}, {"gophersat-seeded", Gophersat{Seed: 7}}, {"gophersat-stable", Gophersat{Seed: 7, Stable: true}}, {"gini", Gini{}}}
	for _, name := range []string{"cadical", "minisat"} {
		if _, err := exec.LookPath(name); err == nil {
			bs = append(bs, backend{name, External{Path: name}})
		}
	}
	return bs
}

// needSolver skips the test unless the named external solver is on PATH.
func needSolver(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Skipf("%s is not installed (.ci/run installs cadical; apt-get install %s)", name, name)
	}
}

// TestBackendsInstancesCount checks Count and Instances through every
// backend against brute force on random formulas with auxiliary
// variables (the last three of eight, not counted).
func TestBackendsInstancesCount(t *testing.T) {
	for _, b := range backends() {
		t.Run(b.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, 12))
			ctx := context.Background()
			vars := []Var{1, 2, 3, 4, 5}
			for trial := range 8 {
				f := &CNF{}
				f.NewVars(8)
				for range 3 + rng.IntN(10) {
					f.Add(randomClause(rng, 8, 3)...)
				}
				want := bruteCount(f, vars)
				n, err := Count(ctx, f, vars, b.s)
				if err != nil || n != want {
					t.Fatalf("trial %d: Count = %d, %v; brute force %d", trial, n, err, want)
				}
				inst, err := Instances(ctx, f, vars, want+2, b.s)
				if err != nil || len(inst) != want {
					t.Fatalf("trial %d: %d instances, %v; brute force %d", trial, len(inst), err, want)
				}
				seen := map[[5]bool]bool{}
				for _, in := range inst {
					k := [5]bool(in)
					g := f.Clone()
					for i, v := range vars {
						g.Add(v.Lit(!in[i]))
					}
					if seen[k] || bruteCount(g, nil) != 1 {
						t.Fatalf("trial %d: instance %v repeated or not a model", trial, in)
					}
					seen[k] = true
				}
				if want > 1 {
					inst, err := Instances(ctx, f, vars, 1, b.s)
					if err != nil || len(inst) != 1 {
						t.Fatalf("trial %d: Instances(n=1): %d, %v", trial, len(inst), err)
					}
				}
			}
		})
	}
}

// TestBackendsEdgeCases: the empty clause, no variables, variables in no
// clause, constant assumptions.
func TestBackendsEdgeCases(t *testing.T) {
	ctx := context.Background()
	for _, b := range backends() {
		t.Run(b.name, func(t *testing.T) {
			// The empty clause (Trivial): Unsat under any assumptions.
			f := &CNF{}
			x := f.NewVar()
			f.Add(x.Pos())
			f.Add()
			sess, err := b.s.Start(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, as := range [][]Lit{nil, {x.Pos()}, {True}} {
				if st, err := sess.Solve(ctx, as...); st != Unsat || err != nil {
					t.Errorf("trivial CNF under %v: %v, %v", as, st, err)
				}
			}

			// No variables, no clauses: the empty model.
			sess, err = b.s.Start(&CNF{})
			if err != nil {
				t.Fatal(err)
			}
			if st, err := sess.Solve(ctx); st != Sat || err != nil || len(sess.Model()) != 1 {
				t.Errorf("empty CNF: %v, %v, model %v", st, err, sess.Model())
			}
			if st, err := sess.Solve(ctx, False); st != Unsat || err != nil {
				t.Errorf("empty CNF assuming False: %v, %v", st, err)
			}

			// Variables 2..5 appear in no clause; assumptions fix them.
			f = &CNF{}
			f.NewVars(5)
			f.Add(-1)
			sess, err = b.s.Start(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, as := range [][]Lit{nil, {5, -4, True}, {-5, 4, 2}} {
				st, err := sess.Solve(ctx, as...)
				m := sess.Model()
				if st != Sat || err != nil || len(m) != 6 || m[1] {
					t.Fatalf("unused variables under %v: %v, %v, model %v", as, st, err, m)
				}
				for _, l := range as {
					if !l.Value(m) {
						t.Errorf("model %v breaks assumption %v", m, l)
					}
				}
			}
			if st, err := sess.Solve(ctx, 3, False); st != Unsat || err != nil {
				t.Errorf("assuming False: %v, %v", st, err)
			}
			if st, err := sess.Solve(ctx, 3, -3); st != Unsat || err != nil {
				t.Errorf("assuming x3 and !x3: %v, %v", st, err)
			}
			sess.Add(1, True) // dropped
			sess.Add(2, False, 2, 3, -3)
			if st, err := sess.Solve(ctx, -2); st != Sat || err != nil {
				t.Errorf("after adding a tautology: %v, %v", st, err)
			}
			sess.Add(2, False)
			if st, err := sess.Solve(ctx, -2); st != Unsat || err != nil {
				t.Errorf("after adding x2: %v, %v", st, err)
			}
			sess.Add(False)
			if st, err := sess.Solve(ctx); st != Unsat || err != nil {
				t.Errorf("after adding the empty clause: %v, %v", st, err)
			}

			// An already cancelled context.
			cctx, cancel := context.WithCancel(ctx)
			cancel()
			sess, _ = b.s.Start(f)
			if st, err := sess.Solve(cctx); st != Unknown || !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled context: %v, %v", st, err)
			}
			if st, err := sess.Solve(ctx); st != Sat || err != nil {
				t.Errorf("after a cancelled context: %v, %v", st, err)
			}
		})
	}
}

func TestParseSolver(t *testing.T) {
	for _, tc := range []struct {
		name string
		want Solver
	}{
		{"", Gophersat{}},
		{"gophersat", Gophersat{}},
		{"gini", Gini{}},
	} {
		s, err := ParseSolver(tc.name)
		if err != nil || s != tc.want {
			t.Errorf("ParseSolver(%q) = %#v, %v; want %#v", tc.name, s, err, tc.want)
		}
	}
	if names := Names(); strings.Join(names, " ") != "gophersat gini" {
		t.Errorf("Names() = %v", names)
	}

	_, err := ParseSolver("no-such-solver-lifesat")
	var nf *NotFoundError
	if !errors.As(err, &nf) || !errors.Is(err, exec.ErrNotFound) ||
		!strings.Contains(err.Error(), `solver "no-such-solver-lifesat" not found on PATH`) ||
		!strings.Contains(err.Error(), "gophersat, gini") {
		t.Errorf("unknown solver: %v", err)
	}
	// A file that is not executable is not a solver.
	plain := filepath.Join(t.TempDir(), "plain")
	if err := os.WriteFile(plain, []byte("not a solver\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ParseSolver(plain); !errors.As(err, &nf) || !strings.Contains(err.Error(), "not executable") {
		t.Errorf("ParseSolver(non-executable file): %v", err)
	}

	// Cadical and kissat take a seed ("--seed=0..2e9 random seed" in
	// their --help); the others are left alone.
	for name, want := range map[string]string{
		"cadical": "-q --seed=7", "/usr/bin/kissat": "-q --seed=7", "minisat": "", "cryptominisat5": "",
	} {
		s, ok := External{Path: name, Args: []string{"-q"}}.WithSeed(7)
		if got := strings.Join(s.(External).Args, " "); ok != (want != "") || ok && got != want || !ok && got != "-q" {
			t.Errorf("WithSeed(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}

	// cadical has a configuration for satisfiable formulas ("--sat ...
	// target satisfiable instances" in its --help), after a first look
	// in its default one ("-c <limit> limit the number of conflicts");
	// gophersat's is its stable mode; the others have none that lifesat
	// passes. A seed goes to both runs.
	for name, want := range map[string]string{
		"cadical": "-q --sat | -q -c 3000", "/usr/bin/cadical": "-q --sat | -q -c 3000", "/usr/bin/kissat": "", "minisat": "",
	} {
		s, ok := External{Path: name, Args: []string{"-q"}}.ForSat()
		e := s.(External)
		got := strings.Join(e.Args, " ") + " | " + strings.Join(e.First, " ")
		if ok != (want != "") || ok && got != want || !ok && got != "-q | " {
			t.Errorf("ForSat(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	tuned, _ := External{Path: "cadical"}.ForSat()
	seeded, _ := tuned.(External).WithSeed(5)
	if e := seeded.(External); strings.Join(e.Args, " ") != "--sat --seed=5" || strings.Join(e.First, " ") != "-c 3000 --seed=5" {
		t.Errorf("ForSat, then WithSeed: %q and first %q", e.Args, e.First)
	}
	if g, ok := (Gophersat{Seed: 3}).ForSat(); !ok || g != (Gophersat{Seed: 3, Stable: true}) {
		t.Errorf("Gophersat.ForSat() = %#v, %v", g, ok)
	}

	needSolver(t, "cadical")
	path, _ := exec.LookPath("cadical")
	for _, name := range []string{"cadical", path} {
		s, err := ParseSolver(name)
		if err != nil || s.(External).Path != name {
			t.Errorf("ParseSolver(%q) = %#v, %v", name, s, err)
		}
	}
}

// TestEmbeddedDifferentialConstants runs the differential test of
// sessions with constants in clauses and assumptions on both embedded
// solvers.
func TestEmbeddedDifferentialConstants(t *testing.T) {
	for _, b := range []backend{{"gophersat", Gophersat{}}, {"gini", Gini{}}} {
		t.Run(b.name, func(t *testing.T) {
			testSessionDifferential(t, b.s, 200, 21, true)
		})
	}
}
