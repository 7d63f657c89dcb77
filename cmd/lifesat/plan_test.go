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

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/plan"
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

// FuzzPlanAxes: the axis flags (lists of rules, sizes, periods, shifts,
// symmetries and seeds) never panic, fail with one line, and what they
// read is a sweep whose lists are as long as the words given.
func FuzzPlanAxes(f *testing.F) {
	f.Add("B3/S23,B36/S23", "", "8x8,9", "2-4", "1,0 2,0", "C1,D8", "1-3")
	f.Add("", "pB3cekainyqjr/S2", "", "", "", "", "")
	f.Add("x", "pB3/S2", "0x3", "9-2", "1,", "Q", "-1")
	f.Fuzz(func(t *testing.T, rules, rulesIn, sizes, periods, shifts, syms, seeds string) {
		pf := &planFlags{rules: rules, rulesIn: rulesIn, sizes: sizes, periods: periods, shifts: shifts, syms: syms, seeds: seeds}
		var sw plan.Sweep
		err := pf.axes(&sw, nil)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("a message of several lines: %v", err)
			}
			return
		}
		words := func(s, sep string) int {
			n := 0
			for _, w := range strings.Split(s, sep) {
				if strings.TrimSpace(w) != "" {
					n++
				}
			}
			return n
		}
		if rulesIn == "" && len(sw.Rules) != words(rules, ",") {
			t.Errorf("-rules %q: %d rules", rules, len(sw.Rules))
		}
		if len(sw.Sizes) != words(sizes, ",") || len(sw.Shifts) != len(strings.Fields(shifts)) || len(sw.Symmetries) != words(syms, ",") {
			t.Errorf("%q %q %q: %d sizes, %d shifts, %d symmetries", sizes, shifts, syms, len(sw.Sizes), len(sw.Shifts), len(sw.Symmetries))
		}
		for _, p := range sw.Periods {
			if p < 1 || p > lifesat.MaxPeriod {
				t.Errorf("-periods %q: period %d", periods, p)
			}
		}
	})
}
