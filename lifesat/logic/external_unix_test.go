//go:build unix

package logic

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestExternalKillsProcessGroup: a "solver" that is a script starting a
// child (not exec'ing it) must lose the child too on cancellation.
func TestExternalKillsProcessGroup(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "child.pid")
	sess := oneClause(t, fakeSolver(t, "solver.sh", "sleep 300 &\necho $! > "+pidFile+".new\nmv "+pidFile+".new "+pidFile+"\nwait"))
	// Cancel once the child runs (the script has written its pid), however
	// long a busy machine takes to start it.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if _, err := os.Stat(pidFile); err == nil {
				break
			}
		}
		cancel()
	}()
	if st, err := sess.Solve(ctx); st != Unknown || err == nil {
		t.Fatalf("Solve = %v, %v; want Unknown and an error", st, err)
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	// The child is killed with its group when Solve returns; the bound
	// only keeps a survivor (it sleeps 300 s) from passing unseen.
	deadline := time.Now().Add(time.Minute)
	for syscall.Kill(pid, 0) == nil && !zombie(pid) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the solver's child %d survived the cancellation", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// zombie reports whether process pid has ended and waits to be reaped.
func zombie(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// The state follows the command name in parentheses.
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && s[i+2] == 'Z'
}

// TestExternalConflictsWhileRunning: a "solver" prints a report table,
// then waits; the session's count is readable while Solve runs, and the
// final report's count stays after it returns. A solver that prints no
// table leaves the count unknown (-1).
func TestExternalConflictsWhileRunning(t *testing.T) {
	gate := filepath.Join(t.TempDir(), "go-on")
	sess := oneClause(t, fakeSolver(t, "solver.sh", "cat > /dev/null\n"+
		"echo 'c  seconds  conflicts'\necho 'c        MB'\necho 'c'\n"+
		"echo 'c -  0.1 10 500'\n"+
		"while [ ! -e "+gate+" ]; do sleep 0.02; done\n"+
		"echo 'c -  0.2 11 900'\necho 's SATISFIABLE'\necho 'v 1 0'\nexit 10"))
	counter, ok := sess.(ConflictCounter)
	if !ok {
		t.Fatal("an External session is not a ConflictCounter")
	}
	done := make(chan error, 1)
	go func() {
		_, err := sess.Solve(context.Background())
		done <- err
	}()
	deadline := time.Now().Add(10 * time.Second)
	for counter.Conflicts() != 500 {
		if time.Now().After(deadline) {
			t.Fatalf("Conflicts = %d while the solver waits, want 500", counter.Conflicts())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := os.WriteFile(gate, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := counter.Conflicts(); n != 900 {
		t.Fatalf("Conflicts after the run = %d, want 900", n)
	}

	sess = oneClause(t, fakeSolver(t, "quiet.sh", "cat > /dev/null\necho 's SATISFIABLE'\necho 'v 1 0'\nexit 10"))
	if st, err := sess.Solve(context.Background()); st != Sat || err != nil {
		t.Fatalf("Solve = %v, %v", st, err)
	}
	if n := sess.(ConflictCounter).Conflicts(); n != -1 {
		t.Fatalf("Conflicts of a solver with no table = %d, want -1", n)
	}
}

// TestExternalFirstRun: a "solver" whose first argument says which run
// it is, and which logs its runs. A first run that stops without an
// answer (exit status 0, "c UNKNOWN", as cadical at its conflict limit,
// or "s UNKNOWN") leads to the second run, and the conflicts of both are
// counted; a first run that answers is the answer; one that fails is an
// error, with no second run.
func TestExternalFirstRun(t *testing.T) {
	report := "echo 'c  seconds  conflicts'\necho 'c        MB'\necho 'c'\necho 'c - 0.1 10 500'\n"
	for _, tc := range []struct {
		name, first string
		want        Status
		runs        string // the log: one letter a run
		conflicts   int64
		err         string
	}{
		{"limit", "echo 'c UNKNOWN'; exit 0", Sat, "fm", 1500, ""},
		{"unknown", "echo 's UNKNOWN'; exit 0", Sat, "fm", 1500, ""},
		{"sat", "echo 's SATISFIABLE'; echo 'v 1 0'; exit 10", Sat, "f", 500, ""},
		{"unsat", "echo 's UNSATISFIABLE'; exit 20", Unsat, "f", 500, ""},
		{"crash", "echo 'bad option' >&2; exit 3", Unknown, "f", 500, "failed (exit status 3): bad option"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := filepath.Join(t.TempDir(), "runs")
			path := fakeSolver(t, "solver.sh", "cat > /dev/null\n"+report+
				"if [ \"$1\" = first ]; then echo -n f >> "+log+"; "+tc.first+"; fi\n"+
				"echo -n m >> "+log+"\necho 'c - 0.2 1 1000'\necho 's SATISFIABLE'\necho 'v 1 0'\nexit 10")
			f := &CNF{}
			f.Add(f.NewVar().Pos())
			sess, err := External{Path: path, Args: []string{"main"}, First: []string{"first"}}.Start(f)
			if err != nil {
				t.Fatal(err)
			}
			st, err := sess.Solve(context.Background())
			if st != tc.want || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("Solve = %v, %v; want %v and error %q", st, err, tc.want, tc.err)
			}
			if runs, _ := os.ReadFile(log); string(runs) != tc.runs {
				t.Errorf("runs %q, want %q", runs, tc.runs)
			}
			if n := sess.(ConflictCounter).Conflicts(); n != tc.conflicts {
				t.Errorf("Conflicts = %d, want %d", n, tc.conflicts)
			}
		})
	}
}

// oneClause starts the solver at path on a formula of one unit clause.
func oneClause(t *testing.T, path string) Session {
	t.Helper()
	f := &CNF{}
	f.Add(f.NewVar().Pos())
	sess, err := External{Path: path}.Start(f)
	if err != nil {
		t.Fatal(err)
	}
	return sess
}
