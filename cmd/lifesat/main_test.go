package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/member"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// lifesatCmd runs the command in-process.
func lifesatCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}, args)
	return code, out.String(), errb.String()
}

// readPatterns splits the output into patterns (blank-line separated).
func readPatterns(t *testing.T, out string) []*pattern.File {
	t.Helper()
	var pats []*pattern.File
	for _, chunk := range strings.Split(strings.TrimSpace(out), "\n\n") {
		p, err := pattern.Read(strings.NewReader(chunk))
		if err != nil {
			t.Fatalf("output does not read back: %v\n%s", err, chunk)
		}
		pats = append(pats, p)
	}
	return pats
}

func isStillLife(b *life.Board) bool {
	p := b.Pad(1)
	return life.Step(p, rule.Life, life.Dead).Equal(p)
}

func TestStill(t *testing.T) {
	seen := map[string]bool{}
	for seed := 1; seed <= 3; seed++ {
		code, out, errs := lifesatCmd(t, "", "still", "-size", "16x16", "-seed", strconv.Itoa(seed))
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if !strings.HasPrefix(out, "x = 16, y = 16, rule = B3/S23\n") {
			t.Errorf("header is not the box frame:\n%s", out)
		}
		b := readPatterns(t, out)[0].Board
		if b.Population() == 0 || !isStillLife(b) {
			t.Fatalf("seed %d: not a non-empty still life:\n%s", seed, b)
		}
		seen[b.String()] = true
	}
	if len(seen) != 3 {
		t.Errorf("3 seeds gave %d distinct still lifes", len(seen))
	}
}

func TestStillSeveral(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "still", "-size", "10x10", "-n", "5", "-format", "cells", "-encoding", "knuth")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	pats := readPatterns(t, out)
	if len(pats) != 5 {
		t.Fatalf("%d patterns, want 5", len(pats))
	}
	seen := map[string]bool{}
	for _, p := range pats {
		if p.Format != pattern.Cells || !isStillLife(p.Board) || p.Board.Width() != 10 {
			t.Fatalf("bad pattern:\n%s", p.Board)
		}
		seen[p.Board.String()] = true
	}
	if len(seen) != 5 {
		t.Errorf("only %d distinct", len(seen))
	}
}

func TestOsc(t *testing.T) {
	for _, tc := range []struct {
		period int
		size   string
	}{{2, "8x8"}, {3, "7x7"}} {
		code, out, errs := lifesatCmd(t, "", "osc", "-period", strconv.Itoa(tc.period), "-size", tc.size, "-seed", "7", "-phases", "-format", "matrix")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		pats := readPatterns(t, out)
		if len(pats) != tc.period {
			t.Fatalf("%d phases printed, want %d", len(pats), tc.period)
		}
		b := pats[0].Board.Pad(tc.period)
		gens := life.Run(b, rule.Life, life.Dead, tc.period)
		if !gens[tc.period].Equal(b) {
			t.Fatalf("p%d: not periodic", tc.period)
		}
		for d := 1; d < tc.period; d++ {
			if gens[d].Equal(b) {
				t.Fatalf("p%d: period %d", tc.period, d)
			}
		}
		for i, p := range pats {
			if !p.Board.Pad(tc.period).Equal(gens[i]) {
				t.Errorf("phase %d printed wrongly", i)
			}
		}
	}
}

func TestNoSuchPattern(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "osc", "-period", "2", "-size", "2x2")
	if code != 1 || out != "" || !strings.Contains(errs, "no non-empty oscillator of period 2 in a 2x2 box") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// Period dividing 2 admits the block.
	if code, _, _ := lifesatCmd(t, "", "osc", "-period", "2", "-size", "2x2", "-any-period"); code != 0 {
		t.Errorf("-any-period: exit %d", code)
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		stdin string
		args  []string
		msg   string
	}{
		{"", nil, "Usage"},
		{"", []string{"frobnicate"}, "unknown command"},
		{"", []string{"still"}, "-size WxH is required"},
		{"", []string{"still", "-size", "0x5"}, "positive"},
		{"", []string{"still", "-size", "-3x3"}, "positive"},
		{"", []string{"still", "-size", "abc"}, "want WxH"},
		{"", []string{"still", "-size", "100000x100000"}, "limited"},
		{"", []string{"still", "-size", "1000x1000"}, "limit"},
		{"", []string{"osc", "-period", "3", "-size", "300x300"}, "limit"},
		{"", []string{"still", "-size", "8x8", "-rule", "B9/S23"}, "at most 8 neighbours"},
		{"", []string{"still", "-size", "8x8", "-rule", "B0/S8"}, "B0"},
		{"", []string{"still", "-size", "8x8", "-rule", "B2x3/S23"}, "no such neighbourhood"},
		{"", []string{"still", "-size", "8x8", "-rule", "B2n3/S23", "-encoding", "knuth"}, "outer-totalistic"},
		{"", []string{"still", "-size", "8x8", "-rule", "garbage"}, "want B/S notation"},
		{"", []string{"still", "-size", "8x8", "-rule", "B3/S23:T20,20"}, "bounded grids"},
		{"", []string{"still", "-size", "8x8", "-rule", "23/3/3"}, "Generations"},
		{"", []string{"still", "-size", "8x8", "-rule", "B3/S23/"}, "more than one '/'"},
		{"x = 2, y = 2, rule = B3/S23:T20,20\n2o$2o!\n", []string{"step"}, "bounded grids"},
		{"x = 2, y = 2, rule = B3/S23/\n2o$2o!\n", []string{"step"}, "more than one '/'"},
		{"#r 23/3/3\nx = 2, y = 2\n2o$2o!\n", []string{"step"}, "Generations"},
		{"", []string{"still", "-size", "8x8", "-encoding", "magic"}, "unknown encoding"},
		{"", []string{"still", "-size", "8x8", "-format", "png"}, "format"},
		{"", []string{"still", "-size", "8x8", "-n", "0"}, `invalid value "0" for flag -n`},
		{"", []string{"still", "-size", "8x8", "-diversify", "some"}, "diversify"},
		{"", []string{"still", "-size", "8x8", "-bogus"}, "bogus"},
		{"", []string{"still", "-size", "8x8", "extra"}, "unexpected argument"},
		{"", []string{"osc", "-size", "8x8"}, "period"},
		{"", []string{"osc", "-period", "1", "-size", "8x8"}, "period"},
		{"", []string{"cnf"}, "cnf needs a kind of search"},
		{"", []string{"cnf", "spaceship"}, "cnf needs a kind of search"},
		{"x = 3, y = 3\nbo$2bo$3oz!\n", []string{"step"}, "line 2"},
		{"x = 3, y = 3\nbo$2bo$3o\n", []string{"step"}, "rle"},
		{"x = 2, y = 2\n5o!\n", []string{"step"}, "rle"},
		{".O.\n..O\nOOX\n", []string{"step"}, "cells"},
		{"2 3\n0 1 0\n1 1\n", []string{"step"}, "matrix"},
		{"2 3\n0 1 0\n", []string{"step"}, "matrix"},
		{"", []string{"step", "-n", "-1"}, "-n -1"},
		{"", []string{"step", "/nonexistent/file.rle"}, "no such file"},
		{"OO\nOO\n", []string{"step", "-rule", "B0/S8"}, "B0"},
	}
	for _, tt := range tests {
		code, out, errs := lifesatCmd(t, tt.stdin, tt.args...)
		if code != 2 {
			t.Errorf("%q: exit %d, want 2 (stderr %q)", tt.args, code, errs)
			continue
		}
		if out != "" {
			t.Errorf("%q: printed %q on stdout", tt.args, out)
		}
		if strings.Contains(errs, "lifesat: lifesat:") {
			t.Errorf("%q: doubled prefix in %q", tt.args, errs)
		}
		if !strings.Contains(errs, tt.msg) {
			t.Errorf("%q: stderr %q does not mention %q", tt.args, errs, tt.msg)
		}
		if strings.Count(strings.TrimSpace(errs), "\n") > 0 && tt.args != nil {
			t.Errorf("%q: message is not one line: %q", tt.args, errs)
		}
	}
}

func TestTimeout(t *testing.T) {
	code, _, errs := lifesatCmd(t, "", "still", "-size", "100x100", "-timeout", "1ns")
	if code != 3 || !strings.Contains(errs, "timeout") {
		t.Errorf("exit %d, stderr %q; want 3", code, errs)
	}
}

// TestLastWords: a limit that ends the process before the command has
// returned says so, with exit status 3; one that comes after (as the
// command removes a stopped solver's large proof) keeps the command's
// status and adds no line to the answer already written (a 65x65 max
// stopped by -timeout 25m printed its best board, then "stopped by
// -timeout before an answer").
func TestLastWords(t *testing.T) {
	var a exitAfter
	if code, words := a.lastWords("stopped by -timeout before an answer"); code != exitStopped || words != "lifesat: stopped by -timeout before an answer" {
		t.Errorf("before the command returned: %d %q", code, words)
	}
	for _, c := range []int{exitFound, exitNone, exitUsage, exitStopped} {
		a.set(c)
		if code, words := a.lastWords("stopped by -timeout before an answer"); code != c || words != "" {
			t.Errorf("after it returned %d: %d %q, want %d and no line", c, code, words, c)
		}
	}
}

func TestStep(t *testing.T) {
	glider := "#N Glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n"
	code, out, errs := lifesatCmd(t, glider, "step", "-n", "4", "-format", "cells")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// After 4 generations the glider has moved (1, 1) (LifeWiki "Glider");
	// the frame grows from 3x3 to 4x4 to hold both it and the old box.
	if want := "....\n..O.\n...O\n.OOO\n"; out != want {
		t.Errorf("after 4 steps:\n%s\nwant\n%s", out, want)
	}
	// The format follows the input: a matrix in, a matrix out; a blinker
	// on its own 3x3 frame flips.
	code, out, _ = lifesatCmd(t, "3 3\n0 1 0\n0 1 0\n0 1 0\n", "step", "-")
	if code != 0 || out != "3 3\n0 0 0\n1 1 1\n0 0 0\n" {
		t.Errorf("blinker step: exit %d\n%s", code, out)
	}
	// On a torus the frame never changes.
	code, out, _ = lifesatCmd(t, "x = 4, y = 4\nbo$2bo$3o!\n", "step", "-torus", "-n", "16")
	if code != 0 || !strings.HasPrefix(out, "x = 4, y = 4") {
		t.Errorf("torus: exit %d\n%s", code, out)
	}
}

// dimacs is a parsed "lifesat cnf" output.
type dimacs struct {
	nvars   int
	clauses [][]int
	cells   map[[3]int]int // (t, x, y) -> literal
}

func parseDIMACS(t *testing.T, text string) *dimacs {
	t.Helper()
	d := &dimacs{cells: map[[3]int]int{}}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 0:
		case f[0] == "c":
			if len(f) == 6 && f[1] == "cell" {
				var v [4]int
				for i := range v {
					v[i], _ = strconv.Atoi(f[2+i])
				}
				d.cells[[3]int{v[0], v[1], v[2]}] = v[3]
			}
		case f[0] == "p":
			d.nvars, _ = strconv.Atoi(f[2])
		default:
			var cl []int
			for _, s := range f {
				n, err := strconv.Atoi(s)
				if err != nil {
					t.Fatalf("bad DIMACS line %q", sc.Text())
				}
				if n != 0 {
					cl = append(cl, n)
				}
			}
			d.clauses = append(d.clauses, cl)
		}
	}
	return d
}

// withUnits returns the DIMACS text of d plus unit clauses.
func (d *dimacs) withUnits(units []int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "p cnf %d %d\n", d.nvars, len(d.clauses)+len(units))
	for _, cl := range d.clauses {
		for _, l := range cl {
			fmt.Fprintf(&sb, "%d ", l)
		}
		sb.WriteString("0\n")
	}
	for _, u := range units {
		fmt.Fprintf(&sb, "%d 0\n", u)
	}
	return sb.String()
}

// force returns unit clauses that make generation 0 equal b.
func (d *dimacs) force(b *life.Board) []int {
	var units []int
	for y := range b.Height() {
		for x := range b.Width() {
			l := d.cells[[3]int{0, x, y}]
			if !b.Alive(x, y) {
				l = -l
			}
			units = append(units, l)
		}
	}
	return units
}

// solvers decide a DIMACS text: the embedded gophersat, and cadical when
// it is installed (CI installs it).
func solvers(t *testing.T) map[string]func(string) (bool, map[int]bool) {
	m := map[string]func(string) (bool, map[int]bool){
		"gophersat": func(text string) (bool, map[int]bool) {
			d := parseDIMACS(t, text)
			f := &logic.CNF{}
			f.NewVars(d.nvars)
			for _, cl := range d.clauses {
				lits := make([]logic.Lit, len(cl))
				for i, l := range cl {
					lits[i] = logic.Lit(l)
				}
				f.Add(lits...)
			}
			sess, _ := logic.Gophersat{}.Start(f)
			st, err := sess.Solve(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			model := map[int]bool{}
			if st == logic.Sat {
				for v, b := range sess.Model() {
					model[v] = b
				}
			}
			return st == logic.Sat, model
		},
	}
	if path, err := exec.LookPath("cadical"); err == nil {
		m["cadical"] = func(text string) (bool, map[int]bool) {
			cmd := exec.Command(path, "-q")
			cmd.Stdin = strings.NewReader(text)
			out, _ := cmd.Output() // exit 10 SAT, 20 UNSAT
			model := map[int]bool{}
			sat := false
			for _, line := range strings.Split(string(out), "\n") {
				f := strings.Fields(line)
				switch {
				case len(f) > 1 && f[0] == "s":
					sat = f[1] == "SATISFIABLE"
				case len(f) > 0 && f[0] == "v":
					for _, s := range f[1:] {
						n, _ := strconv.Atoi(s)
						if n > 0 {
							model[n] = true
						} else if n < 0 {
							model[-n] = false
						}
					}
				}
			}
			return sat, model
		}
	} else {
		t.Log("cadical not installed: checking with gophersat only")
	}
	return m
}

// TestCNFSoundAndComplete checks the DIMACS of "lifesat cnf" with solvers
// of their own: a model decodes (through the "c cell" lines) to a still
// life or oscillator, a known still life forced onto it is satisfiable, and
// a pattern that is not a still life is not.
func TestCNFSoundAndComplete(t *testing.T) {
	for _, enc := range lifesat.Encodings() {
		code, text, errs := lifesatCmd(t, "", "cnf", "still", "-size", "6x6", "-encoding", string(enc), "-seed", "5")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		d := parseDIMACS(t, text)
		if len(d.cells) != 36 {
			t.Fatalf("%d cell comments, want 36", len(d.cells))
		}
		// The beehive (LifeWiki "Beehive"), placed in the box.
		beehive := life.NewBoard(6, 6)
		for _, c := range [][2]int{{2, 1}, {3, 1}, {1, 2}, {4, 2}, {2, 3}, {3, 3}} {
			beehive.Set(c[0], c[1], true)
		}
		// A blinker phase is not still.
		blinker := life.NewBoard(6, 6)
		for _, c := range [][2]int{{1, 2}, {2, 2}, {3, 2}} {
			blinker.Set(c[0], c[1], true)
		}
		for name, solve := range solvers(t) {
			sat, model := solve(d.withUnits(nil))
			if !sat {
				t.Fatalf("%s/%s: the still-life CNF is unsatisfiable", enc, name)
			}
			b := life.NewBoard(6, 6)
			for k, l := range d.cells {
				v := l
				if v < 0 {
					v = -v
				}
				b.Set(k[1], k[2], model[v] == (l > 0))
			}
			if b.Population() == 0 || !isStillLife(b) {
				t.Errorf("%s/%s: decoded model is not a non-empty still life:\n%s", enc, name, b)
			}
			if sat, _ := solve(d.withUnits(d.force(beehive))); !sat {
				t.Errorf("%s/%s: the beehive is refused", enc, name)
			}
			if sat, _ := solve(d.withUnits(d.force(blinker))); sat {
				t.Errorf("%s/%s: a blinker phase is accepted as a still life", enc, name)
			}
		}
	}
}

// TestCNFOscillator: the DIMACS of a period-2 search in 5x5 admits the
// blinker and decodes the external model into a real oscillator.
func TestCNFOscillator(t *testing.T) {
	for _, enc := range lifesat.Encodings() {
		code, text, _ := lifesatCmd(t, "", "cnf", "osc", "-period", "2", "-size", "5x5", "-encoding", string(enc))
		if code != 0 {
			t.Fatal(code)
		}
		d := parseDIMACS(t, text)
		blinker := life.NewBoard(5, 5)
		for x := 1; x <= 3; x++ {
			blinker.Set(x, 2, true)
		}
		block := life.NewBoard(5, 5)
		for _, c := range [][2]int{{1, 1}, {2, 1}, {1, 2}, {2, 2}} {
			block.Set(c[0], c[1], true)
		}
		for name, solve := range solvers(t) {
			if sat, _ := solve(d.withUnits(d.force(blinker))); !sat {
				t.Errorf("%s/%s: the blinker is refused", enc, name)
			}
			if sat, _ := solve(d.withUnits(d.force(block))); sat {
				t.Errorf("%s/%s: the block is accepted as an exact period-2 oscillator", enc, name)
			}
			sat, model := solve(d.withUnits(nil))
			if !sat {
				t.Fatalf("%s/%s: unsatisfiable", enc, name)
			}
			b := life.NewBoard(5, 5)
			for k, l := range d.cells {
				if k[0] != 0 {
					continue
				}
				v := max(l, -l)
				b.Set(k[1], k[2], model[v] == (l > 0))
			}
			g := life.Run(b.Pad(2), rule.Life, life.Dead, 2)
			if !g[2].Equal(g[0]) || g[1].Equal(g[0]) {
				t.Errorf("%s/%s: decoded pattern is not a period-2 oscillator:\n%s", enc, name, b)
			}
		}
	}
}

func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"16x16", "5", "0x3", "-1x2", "4096x1", "x", "3X4", " 7x8 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, h, err := parseSize(s)
		if err != nil {
			return
		}
		if w <= 0 || h <= 0 || w > lifesat.MaxSide || h > lifesat.MaxSide {
			t.Fatalf("%q -> %dx%d accepted", s, w, h)
		}
	})
}

func FuzzParsePart(f *testing.F) {
	for _, s := range []string{"1/4", "4/4", "0/4", "5/4", "1/", "/2", "+1/2", "1/2/3", " 1/2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k, n, err := parsePart(s)
		if err != nil {
			return
		}
		if k < 1 || k > n {
			t.Fatalf("%q -> part %d of %d accepted", s, k, n)
		}
	})
}

// TestMain doubles as the command, as main is: a race's members are this
// test binary run again (member.Command), which serves first; tests that
// need the command as a process of its own start this test binary with
// LIFESAT_TEST_WORKER=1.
func TestMain(m *testing.M) {
	member.Serve()
	if os.Getenv("LIFESAT_TEST_WORKER") == "1" {
		os.Exit(mainCode(os.Args[1:]))
	}
	os.Exit(m.Run())
}

func writeFile(path, text string) error { return os.WriteFile(path, []byte(text), 0o644) }

func itoa(n int) string { return strconv.Itoa(n) }

// readPatternsAllowEmpty splits plaintext output into boards, blank
// patterns (all dots) included.
func readPatternsAllowEmpty(out string) []string {
	var pats []string
	for _, chunk := range strings.Split(strings.TrimRight(out, "\n"), "\n\n") {
		if chunk != "" {
			pats = append(pats, chunk)
		}
	}
	return pats
}
