package plan_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/plan"
)

// writeManifest writes m to dir/name and returns its path.
func writeManifest(t *testing.T, m *plan.Manifest, dir, name string) string {
	t.Helper()
	var buf bytes.Buffer
	if err := m.Write(&buf); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// driverCmd is the test binary as the stand-in command (see TestMain).
func driverCmd(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), driverEnv+"=1")
	return cmd
}

// waitFor waits until path exists or the process ends.
func waitFor(t *testing.T, path string, done <-chan error) {
	t.Helper()
	for {
		if _, err := os.Stat(path); err == nil {
			return
		}
		select {
		case err := <-done:
			t.Fatalf("the task ended before %s appeared: %v", filepath.Base(path), err)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// startSleepingTask runs task 1 of a small sweep, whose solver sleeps
// until its context ends, in the background, and returns once its search
// has started: the manifest, the results folder, the task's cancel and
// the channel of its error.
func startSleepingTask(t *testing.T) (*plan.Manifest, string, context.CancelFunc, chan error) {
	t.Helper()
	started := filepath.Join(t.TempDir(), "started")
	m := smallSweep(t)
	m.Tasks[1].Spec.Solver = sleeper(t, started)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, _, err := plan.RunTask(ctx, &m.Header, &m.Tasks[1], dir, nil)
		done <- err
	}()
	waitFor(t, started, done)
	return m, dir, cancel, done
}

// TestKilledWhileWriting: a task killed with SIGKILL between writing its
// result to a temporary file and renaming it leaves no result file, only
// the temporary one and its claim, whose process is gone; Collect
// reports the task missing, and run again the task takes the claim over
// at once and writes a valid result.
func TestKilledWhileWriting(t *testing.T) {
	dir := t.TempDir()
	m := smallSweep(t)
	path := writeManifest(t, m, dir, "sweep.jsonl")
	results := plan.ResultsDir(path)
	mark := filepath.Join(dir, "renaming")
	cmd := driverCmd("task", path, "2")
	cmd.Env = append(cmd.Env, pauseEnv+"="+mark)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	waitFor(t, mark, done)
	cmd.Process.Signal(syscall.SIGKILL)
	<-done
	entries, _ := os.ReadDir(results)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 2 || !strings.HasPrefix(names[0], "."+plan.ResultFile(2)+".tmp-") || names[1] != m.Tasks[2].ClaimFile() {
		t.Fatalf("after the kill the results folder holds %q; want one temporary file and the claim", names)
	}
	tab, err := plan.Collect(m, results)
	if err != nil || tab.Rows[2].Status != plan.Missing {
		t.Fatalf("Collect after the kill: %v; row %+v", err, tab.Rows[2])
	}
	out, err := driverCmd("task", path, "2").CombinedOutput()
	if err != nil {
		t.Fatalf("rerun: %v\n%s", err, out)
	}
	if rec, err := plan.ReadRecord(&m.Header, &m.Tasks[2], results); err != nil || rec == nil || rec.Result.Status != job.Found {
		t.Errorf("after the rerun: %+v, %v", rec, err)
	}
}

// sleeper writes a fake solver that says it started and then sleeps
// until killed: a search that never ends by itself.
func sleeper(t *testing.T, started string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sleeper")
	script := "#!/bin/sh\ntouch '" + started + "'\nexec sleep 1000\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestStoppedTaskWritesNothing: a task whose context ends (a signal,
// scancel) while it searches writes no result file, so that it runs
// again on resume.
func TestStoppedTaskWritesNothing(t *testing.T) {
	m, dir, cancel, done := startSleepingTask(t)
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("RunTask: %v, want context.Canceled", err)
	}
	if rec, err := plan.ReadRecord(&m.Header, &m.Tasks[1], dir); rec != nil || err != nil {
		t.Errorf("a stopped task wrote %+v, %v", rec, err)
	}
}

// TestSupersededWhileRunning: a task of a split stops searching when
// another task finds the answer while it runs, and writes a record that
// says so, with the time it spent; Collect counts that time.
func TestSupersededWhileRunning(t *testing.T) {
	p := lifesat.Oscillator(2, 6, 6)
	m := splitManifest(t, p, 4)
	// Which cube has an answer, found first where it does not matter.
	found := -1
	for i := range m.Tasks {
		rec, _, err := plan.RunTask(context.Background(), &m.Header, &m.Tasks[i], t.TempDir(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Result.Status == job.Found {
			found = i
			break
		}
	}
	if found < 0 {
		t.Fatal("no cube has an oscillator")
	}
	other := (found + 1) % len(m.Tasks)
	started := filepath.Join(t.TempDir(), "started")
	m.Tasks[other].Spec.Solver = sleeper(t, started)
	dir := t.TempDir()
	done := make(chan error, 1)
	var out plan.Outcome
	go func() {
		var err error
		_, out, err = plan.RunTask(context.Background(), &m.Header, &m.Tasks[other], dir, &plan.TaskOptions{Poll: 10 * time.Millisecond})
		done <- err
	}()
	waitFor(t, started, done)
	if rec, _, err := plan.RunTask(context.Background(), &m.Header, &m.Tasks[found], dir, nil); err != nil || rec.Result.Status != job.Found {
		t.Fatalf("task %d: %+v, %v", found, rec, err)
	}
	if err := <-done; err != nil || out != plan.Superseded {
		t.Errorf("the running task: %v, %v; want superseded", out, err)
	}
	rec, err := plan.ReadRecord(&m.Header, &m.Tasks[other], dir)
	if err != nil || rec == nil || rec.Status() != plan.StatusSuperseded || rec.WallSeconds <= 0 {
		t.Errorf("the superseded task wrote %+v, %v", rec, err)
	}
	tab, err := plan.Collect(m, dir)
	if err != nil {
		t.Fatal(err)
	}
	if row := tab.Rows[other]; row.Status != plan.StatusSuperseded || row.CPUSeconds != rec.CPUSeconds {
		t.Errorf("the superseded task's row: %+v", row)
	}
	if i, ok := plan.FoundBy(&m.Header, dir); !ok || i != strconv.Itoa(found) {
		t.Errorf("FoundBy: %s, %v; want %d", i, ok, found)
	}
}
