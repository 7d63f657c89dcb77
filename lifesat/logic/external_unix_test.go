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
	script := filepath.Join(dir, "solver.sh")
	body := "#!/bin/sh\nsleep 60 &\necho $! > " + pidFile + "\nwait\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	f := &CNF{}
	v := f.NewVar()
	f.Add(v.Pos())
	sess, err := External{Path: script}.Start(f)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
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
	deadline := time.Now().Add(2 * time.Second)
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the solver's child %d survived the cancellation", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
