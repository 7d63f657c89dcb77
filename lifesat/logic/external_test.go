package logic

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestExternalCadicalDifferential starts cadical for every solve: 40
// random sessions, and 150 with LIFESAT_STRESS=1 (as .ci/run does).
func TestExternalCadicalDifferential(t *testing.T) {
	needSolver(t, "cadical")
	trials := 40
	if os.Getenv("LIFESAT_STRESS") != "" {
		trials = 150
	}
	testSessionDifferential(t, External{Path: "cadical", Args: []string{"-q"}}, trials, 5, true)
}

// TestExternalMinisatDifferential covers minisat's result file. Debian's
// minisat is not installed by .ci/run; the test skips without it.
func TestExternalMinisatDifferential(t *testing.T) {
	needSolver(t, "minisat")
	testSessionDifferential(t, External{Path: "minisat", Args: []string{"-verb=0"}}, 30, 6, true)
}

// TestExternalCancel kills cadical in the middle of PHP(11, 10) (more than
// 20 s for cadical 1.5.3) and checks that it is gone and that the session
// still answers.
func TestExternalCancel(t *testing.T) {
	needSolver(t, "cadical")
	f, sel := pigeonhole(11)
	sess, err := External{Path: "cadical"}.Start(f)
	if err != nil {
		t.Fatal(err)
	}
	took := solveCancelled(t, sess, sel)
	t.Logf("cancelled after 100 ms, Solve returned after %v", took)
	pid := sess.(*externalSession).pid
	if p, err := os.FindProcess(pid); err == nil {
		if err := p.Signal(syscall.Signal(0)); err == nil {
			t.Errorf("cadical (pid %d) still runs after cancellation", pid)
		}
	}
	if runtime.GOOS == "linux" {
		if _, err := os.Stat(filepath.Join("/proc", strconv.Itoa(pid))); err == nil {
			t.Errorf("/proc/%d still exists after cancellation", pid)
		}
	}
	st, err := sess.Solve(context.Background(), sel.Not())
	if st != Sat || err != nil || !f.Eval(sess.Model()) {
		t.Fatalf("easy solve after cancellation: %v, %v", st, err)
	}
}

func TestExternalNotFound(t *testing.T) {
	f := &CNF{}
	f.NewVar()
	_, err := External{Path: "no-such-solver-lifesat"}.Start(f)
	var nf *NotFoundError
	if !errors.As(err, &nf) || err.Error() != `logic: solver "no-such-solver-lifesat" not found on PATH` {
		t.Errorf("missing solver: %v", err)
	}
	missing := filepath.Join(t.TempDir(), "kissat")
	if _, err := (External{Path: missing}).Start(f); !errors.As(err, &nf) || !strings.Contains(err.Error(), missing) {
		t.Errorf("missing path: %v", err)
	}
	if _, err := (External{}).Start(f); err == nil {
		t.Error("External{}: no error")
	}
}

// fakeSolver writes a shell script that plays a solver.
func fakeSolver(t *testing.T, name, script string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("needs /bin/sh")
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestExternalBadOutput feeds the session's parser with broken solvers.
// The formula is large enough (200000 clauses) to fill the pipe to a
// solver that does not read its input.
func TestExternalBadOutput(t *testing.T) {
	f := &CNF{}
	first := f.NewVars(1000)
	f.Add(first.Pos())
	for i := range 200000 {
		f.Add(Lit(2+i%999), -Lit(2+(i+1)%999), Lit(2+(i+7)%999))
	}
	for _, tc := range []struct {
		name, script, want string
	}{
		{"junk", "echo hello world", "no answer"},
		{"reads-junk", "cat >/dev/null; echo junk; exit 10", "no answer"},
		{"badstatus", "echo 's MAYBE'", `unknown status "MAYBE"`},
		{"badlit", "echo 's SATISFIABLE'; echo 'v 1 x 0'; exit 10", "unexpected 'x'"},
		{"range", "echo 's SATISFIABLE'; echo 'v 1 5000 0'; exit 10", "out of range"},
		{"nomodel", "echo 's SATISFIABLE'; exit 10", "no model"},
		{"wrongmodel", "cat >/dev/null; echo 's SATISFIABLE'; echo 'v -1 0'; exit 10", "breaks the clause [1]"},
		{"contradiction", "echo 's UNSATISFIABLE'; exit 10", "contradicts"},
		{"unknown", "echo 's UNKNOWN'; exit 0", "no answer (s UNKNOWN)"},
		{"crash", "echo 'bad input' >&2; exit 3", "failed (exit status 3): bad input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := fakeSolver(t, tc.name, tc.script)
			sess, err := External{Path: path}.Start(f)
			if err != nil {
				t.Fatal(err)
			}
			done := make(chan struct{})
			var st Status
			go func() {
				st, err = sess.Solve(context.Background())
				close(done)
			}()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				t.Fatal("Solve hangs")
			}
			if st != Unknown || err == nil || !strings.Contains(err.Error(), tc.want) ||
				!strings.Contains(err.Error(), `logic: solver "`+path+`"`) {
				t.Errorf("got %v, %v; want an error naming the solver and saying %q", st, err, tc.want)
			}
		})
	}
}

// TestExternalFormat checks what a solver receives: the formula, the
// clauses added since, the assumptions as units; and that a solver
// following the format (here a script) is believed.
func TestExternalFormat(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "input.cnf")
	path := fakeSolver(t, "echo-solver", "cat > "+input+"; echo 'c a comment'; echo 's SATISFIABLE'; echo 'v 1 -2'; echo 'v 3 0'; exit 10")
	f := &CNF{}
	f.NewVars(4)
	f.Comment("not sent")
	f.Add(1, 2)
	f.Add(-2, 3)
	sess, err := External{Path: path}.Start(f)
	if err != nil {
		t.Fatal(err)
	}
	f.Add(-1) // after Start: not seen
	sess.Add(3, False)
	st, err := sess.Solve(context.Background(), 1, True, 1)
	if st != Sat || err != nil {
		t.Fatalf("Solve: %v, %v", st, err)
	}
	if m := sess.Model(); len(m) != 5 || !m[1] || m[2] || !m[3] || m[4] {
		t.Errorf("model %v", m)
	}
	got, err := os.ReadFile(input)
	if err != nil {
		t.Fatal(err)
	}
	const want = "p cnf 4 4\n1 2 0\n-2 3 0\n3 0\n1 0\n"
	if string(got) != want {
		t.Errorf("the solver read\n%s\nwant\n%s", got, want)
	}
}

// TestExternalLarge streams a formula of a million clauses to cadical.
func TestExternalLarge(t *testing.T) {
	needSolver(t, "cadical")
	if testing.Short() {
		t.Skip("-short")
	}
	// x1 <-> x2 <-> ... <-> xn as a chain of implications, 2 clauses a link.
	const n = 500000
	f := &CNF{}
	f.NewVars(n)
	for v := Lit(1); v < n; v++ {
		f.Add(-v, v+1)
		f.Add(v, -(v + 1))
	}
	sess, err := External{Path: "cadical"}.Start(f)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	st, err := sess.Solve(context.Background(), n)
	if st != Sat || err != nil || !sess.Model()[1] {
		t.Fatalf("%v, %v", st, err)
	}
	t.Logf("%d clauses: %v", f.NumClauses(), time.Since(start))
}

// TestExternalCancelRemovesProof: cadical stopped in the middle of
// PHP(11, 10) while writing a proof returns at once; its temporary proof
// is removed in the background, and gone once WaitRemovals returns.
func TestExternalCancelRemovesProof(t *testing.T) {
	needSolver(t, "cadical")
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	f, sel := pigeonhole(11)
	f.Add(sel)
	sess, err := StartProof(context.Background(), External{Path: "cadical"}, f, DRAT, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	if st, err := sess.Solve(ctx); st != Unknown || !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled hard solve: %v, %v", st, err)
	}
	WaitRemovals()
	if left, err := os.ReadDir(tmp); err != nil || len(left) != 0 {
		t.Errorf("left in TMPDIR after WaitRemovals: %v %v", left, err)
	}
}
