package logic

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// cadicalReport is part of the output of cadical 1.5.3 (sc2021) on a
// lifesat formula, with --sat: a header, reports, the header again.
const cadicalReport = `c
c time measured in process time since initialization
c
c  seconds  reductions  redundant  irredundant
c         MB    restarts       trail      variables
c          level   conflicts       glue        remaining
c
c *  0.07 16  0 0   0    0    0  0% 0 119242 1024 100%
c -  0.13 25 38 1   0  303  288 31% 7 119242 1024 100%
c I  0.18 31 57 2   0 1003  858 45% 9 119242 1024 100%
c 
c  seconds   reductions    redundant   irredundant
c         MB      restarts        trail       variables
c           level     conflicts       glue         remaining
c
c -  0.84 42 188 10  11 17734 5565 53% 15 118622 1024 100%
c conflicts:                  17734     40600.28    per second
`

func TestReportReaderReadsCadical(t *testing.T) {
	r := newReportReader()
	var got []int64
	for _, l := range strings.Split(cadicalReport, "\n") {
		text, ok := strings.CutPrefix(l, "c")
		if !ok {
			continue
		}
		if n, ok := r.line(text); ok {
			got = append(got, n)
		}
	}
	want := []int64{0, 303, 1003, 17734}
	if len(got) != len(want) {
		t.Fatalf("conflicts %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("conflicts %v, want %v", got, want)
		}
	}
}

func TestReportReaderIgnoresWhatDoesNotFit(t *testing.T) {
	for _, tc := range []struct {
		name, text string
	}{
		{"no header", "c -  0.13 25 38 1   0  303  288 31% 7 119242 1024 100%\n"},
		{"no conflicts column", "c  seconds  restarts\nc\nc -  0.1 7\n"},
		{"rows not dealt in turn", "c  seconds\nc  MB  level  conflicts\nc\nc - 1 2 3 4\n"},
		{"too few values", "c  seconds  conflicts\nc\nc - 0.1\n"},
		{"too many values", "c  seconds  conflicts\nc\nc - 0.1 5 6\n"},
		{"not a number", "c  seconds  conflicts\nc\nc - 0.1 5%\n"},
		{"negative", "c  seconds  conflicts\nc\nc - 0.1 -5\n"},
		{"a two-letter mark", "c  seconds  conflicts\nc\nc -- 0.1 5\n"},
	} {
		r := newReportReader()
		for _, l := range strings.Split(tc.text, "\n") {
			if n, ok := r.line(strings.TrimPrefix(l, "c")); ok {
				t.Errorf("%s: %q read as %d conflicts", tc.name, l, n)
			}
		}
	}
}

// TestExternalCountsCadicalConflicts: the session's count after a run is
// the total cadical itself prints at its end ("c conflicts: N"), for the
// same input, and the counts of two runs add up.
func TestExternalCountsCadicalConflicts(t *testing.T) {
	needSolver(t, "cadical")
	f, sel := pigeonhole(8)
	sess, err := External{Path: "cadical"}.Start(f)
	if err != nil {
		t.Fatal(err)
	}
	s := sess.(*externalSession)
	if n := s.Conflicts(); n != -1 {
		t.Fatalf("Conflicts before any run = %d, want -1", n)
	}
	if st, err := sess.Solve(context.Background(), sel); st != Unsat || err != nil {
		t.Fatalf("PHP(8, 7): %v, %v", st, err)
	}
	first := s.Conflicts()
	var in bytes.Buffer
	if err := s.writeDIMACS(&in, []Lit{sel}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "php.cnf")
	if err := os.WriteFile(path, in.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := exec.Command("cadical", path).Output() // exit status 20
	m := regexp.MustCompile(`(?m)^c conflicts:\s+(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("no %q line in cadical's output", "c conflicts:")
	}
	want, _ := strconv.ParseInt(string(m[1]), 10, 64)
	if first != want || want < 100 {
		t.Fatalf("Conflicts = %d, cadical says %d (want the same, at least 100)", first, want)
	}
	if st, err := sess.Solve(context.Background(), sel); st != Unsat || err != nil {
		t.Fatalf("PHP(8, 7) again: %v, %v", st, err)
	}
	if n := s.Conflicts(); n != 2*first {
		t.Fatalf("Conflicts after two runs = %d, want %d", n, 2*first)
	}
}

// TestCadicalForSatLooksFirst: PHP(8, 7) takes cadical more conflicts
// than the first look of ForSat allows, so it ends without an answer
// and the "--sat" run proves the formula empty; the session counts the
// conflicts of both runs.
func TestCadicalForSatLooksFirst(t *testing.T) {
	needSolver(t, "cadical")
	f, sel := pigeonhole(8)
	tuned, _ := External{Path: "cadical"}.ForSat()
	sess, err := tuned.Start(f)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := sess.Solve(context.Background(), sel); st != Unsat || err != nil {
		t.Fatalf("PHP(8, 7): %v, %v", st, err)
	}
	if n := sess.(ConflictCounter).Conflicts(); n <= SatFirstLook {
		t.Fatalf("Conflicts = %d, want more than the first look's %d", n, SatFirstLook)
	}
	// The easy side (no pigeon has to sit) is answered in the first look.
	if st, err := sess.Solve(context.Background()); st != Sat || err != nil {
		t.Fatalf("without the selector: %v, %v", st, err)
	}
}

// FuzzReportReader: any comment lines, no panic, no negative count.
func FuzzReportReader(f *testing.F) {
	f.Add(cadicalReport)
	f.Add("c  seconds  conflicts\nc\nc - 0.1 5\n")
	f.Fuzz(func(t *testing.T, text string) {
		r := newReportReader()
		for _, l := range strings.Split(text, "\n") {
			if n, ok := r.line(l); ok && n < 0 {
				t.Fatalf("%q read as %d conflicts", l, n)
			}
		}
	})
}

// FuzzParseAnswer: any solver output, no panic; a model, when there is
// one, has a value for every variable.
func FuzzParseAnswer(f *testing.F) {
	f.Add(cadicalReport + "s SATISFIABLE\nv 1 -2 3 0\n")
	f.Add("s UNSATISFIABLE\n")
	f.Add("c banner\ns UNKNOWN\n")
	f.Fuzz(func(t *testing.T, out string) {
		a := parseAnswer(strings.NewReader(out), 3, func(n int64) {
			if n < 0 {
				t.Fatalf("%d conflicts", n)
			}
		})
		if a.model != nil && len(a.model) != 4 {
			t.Fatalf("model of %d values for 3 variables", len(a.model))
		}
	})
}
