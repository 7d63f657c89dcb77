package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// numbers reads the axes -periods and -seeds: lists and ranges.
func TestNumbers(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []uint64
		err  string
	}{
		{"", nil, ""},
		{"3", []uint64{3}, ""},
		{"2,3,4", []uint64{2, 3, 4}, ""},
		{"2-5", []uint64{2, 3, 4, 5}, ""},
		{"1, 3-4 ,7", []uint64{1, 3, 4, 7}, ""},
		{"5-5", []uint64{5}, ""},
		{"5-4", nil, "an empty range"},
		{"0", nil, "want numbers from 1 to 100"},
		{"99-101", nil, "want numbers from 1 to 100"},
		{"x", nil, "want numbers and ranges"},
		{"1-", nil, "want numbers and ranges"},
		{"-3", nil, "want numbers and ranges"},
		{"1-2-3", nil, "want numbers and ranges"},
	} {
		got, err := numbers("-periods", c.in, 1, 100)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("numbers(%q): error %v, want one saying %q", c.in, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("numbers(%q): %v", c.in, err)
		case c.err == "" && !reflect.DeepEqual(got, c.want):
			t.Errorf("numbers(%q) = %v, want %v", c.in, got, c.want)
		}
	}
	// A range as large as a plan may be is refused before it is listed.
	if _, err := numbers("-seeds", "0-18446744073709551615", 0, 1<<63); err == nil {
		t.Error("numbers took 2^64 seeds")
	}
}

// FuzzNumbers: numbers never panics; what it returns lies in its bounds,
// is at most a plan's tasks long, and written back as a list reads the
// same.
func FuzzNumbers(f *testing.F) {
	for _, s := range []string{"", "2,3", "2-8", "1, 3-4 ,7", "5-4", "0-1048576", "x", ",,", "9-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := numbers("-seeds", s, 1, 1<<40)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("numbers(%q): a message of several lines: %v", s, err)
			}
			return
		}
		if len(got) > 1<<20 {
			t.Fatalf("numbers(%q): %d values", s, len(got))
		}
		words := make([]string, len(got))
		for i, n := range got {
			if n < 1 || n > 1<<40 {
				t.Fatalf("numbers(%q): %d out of bounds", s, n)
			}
			words[i] = strconv.FormatUint(n, 10)
		}
		again, err := numbers("-seeds", strings.Join(words, ","), 1, 1<<40)
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Fatalf("numbers(%q) = %v, which reads back as %v, %v", s, got, again, err)
		}
	})
}

// TestTaskStoppedBySignal: a task that SIGTERM stops (as scancel sends
// it) in the middle of its search exits 3 and writes no result file, nor
// leaves a temporary one, so that it runs again on resume. The signal is
// sent once the task reports its formula (-v), not after a delay.
func TestTaskStoppedBySignal(t *testing.T) {
	dir := t.TempDir()
	manifest := filepath.Join(dir, "hard.jsonl")
	lifesat := func(args ...string) *exec.Cmd {
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), "LIFESAT_TEST_WORKER=1")
		return cmd
	}
	// Minutes of search: an oscillator of period 3 in 40x40.
	if out, err := lifesat("plan", "osc", "-period", "3", "-size", "40x40", "-o", manifest).CombinedOutput(); err != nil {
		t.Fatalf("plan: %v\n%s", err, out)
	}
	cmd := lifesat("task", "-v", manifest, "0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	if !lines.Scan() {
		t.Fatal("the task reported nothing")
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var rest strings.Builder
	for lines.Scan() {
		rest.WriteString(lines.Text() + "\n")
	}
	_ = cmd.Wait()
	if got := cmd.ProcessState.ExitCode(); got != exitStopped {
		t.Fatalf("exit %d, want %d (stopped)\n%s", got, exitStopped, rest.String())
	}
	if !strings.Contains(rest.String(), "no result written") {
		t.Errorf("stderr does not say that nothing was written:\n%s", rest.String())
	}
	if stdout.Len() > 0 {
		t.Errorf("stdout: %q, want nothing", stdout.String())
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "hard.results"))
	for _, e := range entries {
		t.Errorf("the stopped task left %s in its results folder", e.Name())
	}
}
