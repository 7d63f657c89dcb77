package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lifesat/lifesat/internal/statusline"
	"github.com/lifesat/lifesat/lifesat/bench"
)

func TestHelpExitsZero(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"-help"}, {"--help"}} {
		var out, errOut bytes.Buffer
		if code := run(context.Background(), args, &out, &errOut); code != 0 {
			t.Errorf("%v: exit %d, want 0", args, code)
		}
		if !strings.Contains(out.String(), "-suite") || !strings.Contains(out.String(), "-plots") {
			t.Errorf("%v: help on stdout %q lacks the flags", args, out.String())
		}
	}
}

func TestBadUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-suite", "nope"}, `unknown suite "nope"`},
		{[]string{"-seeds", "0"}, "-seeds 0"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-only", "max (still"}, "-only: error parsing regexp"},
		{[]string{"-suite", "max", "-replot", "../../README.md"}, "README.md: bench: record on line"},
		{[]string{"-suite", "all", "-replot", "../../data/bench-max.csv"}, "-replot: name the suite"},
		{[]string{"-no-such-flag"}, "-no-such-flag"},
		{[]string{"-suite", "hard", "-lls", "/no/such/folder"}, "no lls program in that folder"},
		{[]string{"-project", "../../README.md"}, "README.md: bench: record on line"},
		{[]string{"-project", "../../data/bench-max.csv"}, "no cube rows of the split suite"},
	} {
		var out, errOut bytes.Buffer
		code := run(context.Background(), tc.args, &out, &errOut)
		msg := errOut.String()
		if code != 2 || !strings.Contains(msg, tc.want) || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "lifesat-bench: ") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line with %q", tc.args, code, msg, tc.want)
		}
	}
}

// Without -data and -plots nothing lands in the working folder (a clone's
// data/ and plots/): the files go to a new temporary folder.
func TestOutputDirs(t *testing.T) {
	data, plots, err := outputDirs("", "")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(data)
	if data != plots || !strings.HasPrefix(data, os.TempDir()) || !strings.Contains(filepath.Base(data), "lifesat-bench-") {
		t.Errorf("defaults %q, %q: want one new folder under %s", data, plots, os.TempDir())
	}
	if d, p, _ := outputDirs("data", "plots"); d != "data" || p != "plots" {
		t.Errorf("named folders became %q, %q", d, p)
	}
	d, p, err := outputDirs("data", "")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(p)
	if d != "data" || !strings.HasPrefix(p, os.TempDir()) {
		t.Errorf("-data data alone: %q, %q; want the figures in a temporary folder", d, p)
	}
}

// TestHelpListsSuites: -h lists every suite with its description.
func TestHelpListsSuites(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"-h"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d", code)
	}
	help := strings.Join(strings.Fields(out.String()), " ")
	for _, s := range bench.Suites() {
		if !strings.Contains(help, " "+s.Name+" "+strings.Join(strings.Fields(s.Doc), " ")) {
			t.Errorf("-h does not list suite %s with its description", s.Name)
		}
	}
}

// TestClosingLine runs the counts suite (a fraction of a second) and
// checks the last line: how many files, and where, with the flags that
// keep them when they went to a temporary folder.
func TestClosingLine(t *testing.T) {
	d1, d2 := t.TempDir(), t.TempDir()
	for _, tc := range []struct {
		flags []string
		where func(files []string) string
	}{
		{nil, func(files []string) string {
			return filepath.Dir(files[0]) + " (-data/-plots keep them)"
		}},
		{[]string{"-data", d1, "-plots", d1}, func([]string) string { return d1 }},
		{[]string{"-data", d1, "-plots", d2}, func([]string) string { return d1 + " and " + d2 }},
	} {
		var out, errOut bytes.Buffer
		args := append([]string{"-suite", "counts", "-seeds", "1"}, tc.flags...)
		if code := run(context.Background(), args, &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		files := strings.Fields(out.String())
		if len(files) != 2 {
			t.Fatalf("%v: wrote %q, want the CSV and one figure", args, files)
		}
		for _, f := range files {
			if _, err := os.Stat(f); err != nil {
				t.Error(err)
			}
		}
		if tc.flags == nil {
			defer os.RemoveAll(filepath.Dir(files[0]))
		}
		lines := strings.Split(strings.TrimSuffix(errOut.String(), "\n"), "\n")
		want := "lifesat-bench: wrote 2 files to " + tc.where(files)
		if last := lines[len(lines)-1]; last != want {
			t.Errorf("%v: last line %q, want %q", args, last, want)
		}
		if strings.Contains(errOut.String(), "\r") {
			t.Errorf("%v: a status line on a standard error that is no terminal: %q", args, errOut.String())
		}
	}
	if got := closing(1, "d", "d", false); got != "wrote 1 file to d" {
		t.Errorf("closing of one file: %q", got)
	}
}

// TestStatusLine runs the counts suite as if standard error were an
// 80-column terminal: the rows are printed as lines, the status line
// shows the run under way and the count of the suite's runs, and it is
// cleared before the closing line.
func TestStatusLine(t *testing.T) {
	var out, errOut bytes.Buffer
	dir := t.TempDir()
	if code := runOn(context.Background(), []string{"-suite", "counts", "-seeds", "1", "-data", dir, "-plots", dir}, &out, &errOut, 80); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	text := errOut.String()
	counts, _ := bench.Find("counts")
	for _, want := range []string{
		" counts: count still life 3x3, ",        // the first run's status
		fmt.Sprintf("(0/%d)", len(counts.Cases)), // none done of them all
	} {
		if !strings.Contains(text, want) {
			t.Errorf("standard error lacks %q:\n%q", want, text)
		}
	}
	if !regexp.MustCompile(`[\r\n]  count still life 8x8 +transfer matrix +none +seed 1 .* SAT verified=true`).MatchString(text) {
		t.Errorf("no line for the row of 8x8:\n%q", text)
	}
	// Each drawing of the status line (the text between carriage returns
	// that is no printed line) fits the terminal.
	for _, part := range strings.Split(text, "\r") {
		if !strings.Contains(part, "\n") && utf8.RuneCountInString(part) > 80 {
			t.Errorf("a status line wider than the terminal: %q", part)
		}
	}
	// What a terminal shows on the last line: the closing line alone,
	// however often the status was drawn and cleared there before it.
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	last := lines[len(lines)-1]
	if shown := statusline.Visible(last); shown != "lifesat-bench: wrote 2 files to "+dir {
		t.Errorf("the last line shows %q (written %q): the status line was not cleared before the closing line", shown, last)
	}
}

// TestReplot draws the cuts suite's figure again from its committed CSV,
// and writes nothing else.
func TestReplot(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"-suite", "cuts", "-replot", "../../data/bench-cuts.csv", "-plots", dir}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	want := filepath.Join(dir, "bench-cuts-balance.png")
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if out.String() != want+"\n" || len(files) != 1 || files[0] != want {
		t.Errorf("printed %q, wrote %q; want %s alone", out.String(), files, want)
	}
}

func TestOnScreen(t *testing.T) {
	for in, want := range map[string]string{
		"done":                         "done",
		"status 1/9\r          \rdone": "done",
		"status 1/9\rdone":             "doneus 1/9",
		"\r\rstatus\r      \r\r\rok":   "ok",
	} {
		if got := statusline.Visible(in); got != want {
			t.Errorf("statusline.Visible(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestProject: -project prints, for each split of the committed split
// suite's data, the projection for 1, 2, 4, ... 64 workers: from the
// total of the cube times on one worker (or the time to the cube with a
// pattern) down, never rising with more workers.
func TestProject(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"-project", "../../data/bench-split.csv"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	re := regexp.MustCompile(`^cubes of .*\(projected wall time, s\): 1: (\S+) 2: (\S+) 4: (\S+) 8: (\S+) 16: (\S+) 32: (\S+) 64: (\S+)$`)
	for _, l := range lines {
		m := re.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("line %q", l)
			continue
		}
		prev := 0.0
		for i, v := range m[1:] {
			var x float64
			fmt.Sscan(v, &x)
			if x <= 0 || i > 0 && x > prev {
				t.Errorf("%q: %v workers' time %v after %v", l, 1<<i, x, prev)
			}
			prev = x
		}
	}
	if len(lines) != 3 {
		t.Errorf("%d lines, want one per split problem of the suite:\n%s", len(lines), out.String())
	}
}
