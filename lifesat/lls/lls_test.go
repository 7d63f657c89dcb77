package lls_test

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/lls"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// shellWords splits a command line as sh does for the words of these
// tests: spaces separate words, and '...' quotes.
func shellWords(s string) []string {
	var out []string
	var cur strings.Builder
	word, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			cur.WriteByte(c)
		case c == '\'':
			quoted, word = true, true
		case c == ' ':
			if word {
				out = append(out, cur.String())
				cur.Reset()
				word = false
			}
		default:
			cur.WriteByte(c)
			word = true
		}
	}
	if word {
		out = append(out, cur.String())
	}
	return out
}

// noFiles is a read function with no files: LLS's shipped backgrounds
// are then read by name.
func noFiles(name string) ([]byte, error) { return nil, fs.ErrNotExist }

func TestParse(t *testing.T) {
	a, err := lls.Parse(shellWords(`FILE -s p2 'RE\' x1 -s D8 -a C2 -c -c 0 -1 -p '<=5' 0 1 -p --max_c=3 -n -S cadical -r B36/S23 --bg zebra --bgos 1 -2 0 -M1 -v 1 --dry_run`))
	if err != nil {
		t.Fatal(err)
	}
	if a.MaxChange == nil || *a.MaxChange != 3 {
		t.Errorf("--max_c=3: %v", a.MaxChange)
	}
	a.MaxChange = nil
	want := fmt.Sprint(&lls.Args{
		File: "FILE", Symmetry: [][]string{{"p2", `RE\`, "x1"}, {"D8"}}, Asymmetry: [][]string{{"C2"}},
		Change: [][]int{{}, {0, -1}}, Population: [][]string{{"<=5", "0", "1"}, {}},
		Solutions: lls.All, Solver: "cadical", Rule: "B36/S23", Background: "zebra",
		BackgroundOffset: []int{1, -2, 0}, Method: 1, Verbosity: 1, DryRun: true,
	})
	if got := fmt.Sprint(a); got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
	for _, tc := range []struct {
		words, want string
	}{
		{`-s p2 'RE x1'`, ""}, // parses; Build says what is wrong
		{`-n FILE`, `-n: invalid int value "FILE"`},
		{`-b`, `-b expects at least one argument`},
		{`--bgos 1 2`, `--background_offset expects 3 arguments`},
		{`--frobnicate`, `unrecognized argument "--frobnicate"`},
		{`--max 3`, `ambiguous option "--max"`},
		{`A B`, `unrecognized arguments: "B"`},
		{`--dry_run=1`, `--dry_run takes no value`},
		{`-c 1 x`, `-c: invalid int value "x"`},
	} {
		_, err := lls.Parse(shellWords(tc.words))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.words, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, lls.ErrArgs)):
			t.Errorf("%s: %v; want %q", tc.words, err, tc.want)
		}
	}
}

// TestBuild: what the words mean, for the glider's glide reflection of
// LLS's help text, a static symmetry, a background and the constraints.
func TestBuild(t *testing.T) {
	s, err := lls.Command(shellWords(`-b 4 4 3 -s p2 'RE\' x1 -p`), noFiles)
	if err != nil {
		t.Fatal(err)
	}
	p := s.Problem
	if p.Width != 4 || p.Height != 4 || len(p.Template.Gens) != 3 || p.Period != 2 || p.Transform != life.FlipDiag || p.Shift != image.Pt(1, 0) || len(p.PopBounds) != 1 || p.PopBounds[0].Min != 1 {
		t.Errorf("glide: %+v", p)
	}
	s, err = lls.Command(shellWords(`-b 6 -s p2 -s D4+ -s 'D2\' -a 'RE|' -c 0 -1 --max_decay 2 -p '>7' 1 1`), noFiles)
	if err != nil {
		t.Fatal(err)
	}
	p = s.Problem
	if p.Width != 6 || p.Height != 6 || len(p.Template.Gens) != 3 || p.Symmetry != life.D8 || p.Period != 2 ||
		len(p.Asymmetric) != 1 || p.Asymmetric[0].Transform != life.FlipLR || p.Change[0] != [2]int{0, 2} ||
		len(p.PopBounds) != 1 || p.PopBounds[0].Min != 8 || fmt.Sprint(p.PopBounds[0].Gens) != "[1 1]" {
		t.Errorf("constraints: %+v", p)
	}
	if n, ok := p.MaxDecay.Max(); !ok || n != 2 {
		t.Errorf("max decay %v", p.MaxDecay)
	}
	// LLS's RO3 turns about the top-left 3x3 square of a 5x3 grid:
	// lifesat's R270 about the centre, moved by (0, 3-5).
	s, err = lls.Command(shellWords(`-b 5 3 2 -s p1 RO3 x1`), noFiles)
	if err != nil || s.Problem.Transform != life.R270 || s.Problem.Shift != image.Pt(1, -2) {
		t.Errorf("RO3: %+v, %v", s, err)
	}
	s, err = lls.Command(shellWords(`-b 3 3 2 --background chickenwire --background_offset 1 0 3`), noFiles)
	if err != nil || s.Problem.Background == nil || s.Problem.Background.Offset != image.Pt(3, 2) || s.Problem.Background.Phase != 3 {
		t.Errorf("chickenwire: %+v, %v", s, err)
	}
	s, err = lls.Command(shellWords(`-b 3 3 2 --background forced_vacuum`), noFiles)
	if err != nil || s.Problem.Background != nil || !s.Problem.Template.Open {
		t.Errorf("forced_vacuum: %+v, %v", s, err)
	}
}

// TestBuildErrors: each bad command line gets one line that says what
// is wrong, wrapping ErrArgs (or lifesat.ErrProblem).
func TestBuildErrors(t *testing.T) {
	files := map[string]string{
		"ragged":  "1 0 1\n0 1\n",
		"unknown": "0 a\nb 0\n",
		"mixed":   "0' 0\n0 0\n",
		"unstill": "1 1\n1 1\n",
	}
	read := func(name string) ([]byte, error) {
		if s, ok := files[name]; ok {
			return []byte(s), nil
		}
		return nil, fs.ErrNotExist
	}
	for _, tc := range []struct {
		words, want string
	}{
		{`-b 4 -s p2 'RE x1'`, `symmetry "RE x1" not recognized`}, // bash's reading of RE\ x1
		{`-b 4 -s p2 'RE x1'`, `quote it`},
		{`-b 4 -s p2 p3`, `one period at a time`},
		{`-b 4 -s D8 C4`, `one symmetry at a time`},
		{`-b 4 -s RO`, `"RO" needs a number`},
		{`-b 4 -s p`, `"p" needs a number`},
		{`-b 4 -s ZZ9`, `"ZZ9" not recognized`},
		{`-b 4 3 -s C4`, `need a square box`},
		{`-b 4 -s C2 x1`, `about a point other than the grid's centre`},
		{`-b 4 -s D4+ p2`, `-s D4+ p2: generation t+2 would be both RE- of generation t and RE| of it: lifesat takes one motion of one period`},
		{`-b 4 -s D4+ p2 -s D4+ p2`, `-s D4+ p2: generation t+2 would be both RE- of generation t and RE| of it`},
		{`-b 4 -s p2 RE- -s p2 RO2`, `-s p2 RE- and -s p2 RO2: generation t+2 would be both RE- of generation t and RO2 of it`},
		{`-b 4 -p ~5`, `unknown comparison`},
		{`-b 4 -p <=`, `has no number`},
		{`-b 4 -c 0`, `no generations or two`},
		{`-b 4 -c 0 5`, `generation 5 of a search of 1 generations`},
		{`-b 4 -r B3/S2x`, `-r:`},
		{`-b 4 -r {'B3a':'1'}`, `Python dictionaries`},
		{`-b 0`, `want sides`},
		{`-b 5000 5000 5000`, `want sides`},
		{`-b 4 4 2 3`, `1 to 3 numbers`},
		{`FILE -b 4`, `too many search patterns`},
		{``, `no search pattern`},
		{`nofile`, `"nofile"`},
		{`-b 4 --bg ragged`, `row has 2 cells`},
		{`-b 4 --bg unknown`, `unknown cells`},
		{`-b 4 --bg mixed`, `some cells primed`},
		{`-b 4 --bg nothing`, `"nothing"`},
		{`-b 4 -s p2 RO1 -s D2-`, `not carried onto itself`},
		{`ragged`, `row has 2 cells`},
	} {
		_, err := lls.Command(shellWords(tc.words), read)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") ||
			!errors.Is(err, lls.ErrArgs) && !errors.Is(err, lifesat.ErrProblem) {
			t.Errorf("%q: %v; want %q", tc.words, err, tc.want)
		}
	}
	// A tile that does not follow the rule is found when the search is
	// encoded, as a bad problem.
	s, err := lls.Command(shellWords(`-b 3 --bg unstill`), read)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lifesat.Count(context.Background(), s.Problem, &s.Settings); !errors.Is(err, lifesat.ErrProblem) || !strings.Contains(err.Error(), "does not step") {
		t.Errorf("a background that does not follow Life: %v", err)
	}
}

// TestLLSOptionCounts runs the search patterns of testdata/lls-options,
// random files made by writeOptionFiles, each with the LLS options in its
// header and the number of answers that logic-life-search itself found
// (see testdata/lls-options/README): lifesat's count must be LLS's.
func TestLLSOptionCounts(t *testing.T) {
	files, err := filepath.Glob("testdata/lls-options/*.lls")
	if err != nil || len(files) == 0 {
		t.Fatal(err, files)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		args, want := header(t, name, string(data))
		s, err := lls.Command(append([]string{name}, shellWords(args)...), os.ReadFile)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := lifesat.Count(context.Background(), s.Problem, &s.Settings)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got.Int64() != int64(want) {
			t.Errorf("%s (%s): %v answers, LLS finds %d", name, args, got, want)
		}
	}
}

// header reads a test file's options ("# args: ...") and LLS's count
// ("finds N answers").
func header(t *testing.T, name, data string) (string, int) {
	var args string
	want := -1
	for _, l := range strings.Split(data, "\n") {
		if a, ok := strings.CutPrefix(l, "# args: "); ok {
			args = a
		}
		if _, rest, ok := strings.Cut(l, "finds "); ok && strings.HasPrefix(l, "#") {
			n, err := strconv.Atoi(strings.Fields(rest)[0])
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			want = n
		}
	}
	if want < 0 {
		t.Fatalf("%s: no count in its header", name)
	}
	return args, want
}

// An optionCase is a kind of random search pattern: how to draw its
// grid and its options.
type optionCase struct {
	name string
	make func(rng *rand.Rand) (w, h, gens int, args string)
	// sparse draws fewer fixed cells, for options that admit few answers.
	sparse bool
}

// optionCases are the kinds of writeOptionFiles, one or more per option.
var optionCases = []optionCase{
	{"transform", func(rng *rand.Rand) (int, int, int, string) {
		w, h := 3+rng.IntN(2), 3+rng.IntN(2)
		per := 1 + rng.IntN(2)
		tr := []string{"", "RO1", "RO2", "RO3", "RE-", "'RE|'", `'RE\'`, "RE/"}[rng.IntN(8)]
		args := fmt.Sprintf("-s p%d %s", per, tr)
		if rng.IntN(2) == 0 {
			args += fmt.Sprintf(" x%d", rng.IntN(2))
		}
		if rng.IntN(3) == 0 {
			args += fmt.Sprintf(" y%d", rng.IntN(2))
		}
		return w, h, per + 1 + rng.IntN(2), args
	}, false},
	{"symmetry", func(rng *rand.Rand) (int, int, int, string) {
		n := 3 + rng.IntN(2)
		per := 1 + rng.IntN(2)
		sym := []string{"C2", "C4", "D2-", "'D2|'", `'D2\'`, "D2/", "D4+", "D4x", "D8"}[rng.IntN(9)]
		return n, n, per + 1, fmt.Sprintf("-s p%d -s %s", per, sym)
	}, true},
	{"asymmetry", func(rng *rand.Rand) (int, int, int, string) {
		n := 3 + rng.IntN(2)
		per := 1 + rng.IntN(2)
		a := []string{"C2", "C4", "D2-", `'D2\'`, "D4+", "D8", "p1", "p1 RE-", "p1 x1", "RO1", "p2"}[rng.IntN(11)]
		return n, n, per + 1, fmt.Sprintf("-s p%d -a %s", per, a)
	}, false},
	{"change", func(rng *rand.Rand) (int, int, int, string) {
		d := 2 + rng.IntN(3)
		args := "-c"
		if rng.IntN(2) == 0 {
			args = fmt.Sprintf("-c %d %d", rng.IntN(d), rng.IntN(d)-d*rng.IntN(2))
		}
		if rng.IntN(2) == 0 {
			args = fmt.Sprintf("-s p%d ", 1+rng.IntN(d-1)) + args
		}
		return 3 + rng.IntN(2), 3, d, args
	}, false},
	{"population", func(rng *rand.Rand) (int, int, int, string) {
		d := 2 + rng.IntN(2)
		c := []string{"", "=", "'<='", "'<'", "'>='", "'>'"}[rng.IntN(6)] + strconv.Itoa(2+rng.IntN(9))
		args := "-p " + c
		for range rng.IntN(3) {
			args += " " + strconv.Itoa(rng.IntN(d))
		}
		if rng.IntN(3) == 0 {
			args += " -p"
		}
		return 3 + rng.IntN(2), 3, d, fmt.Sprintf("-s p%d %s", 1+rng.IntN(d-1)*rng.IntN(2), args)
	}, true},
	{"limits", func(rng *rand.Rand) (int, int, int, string) {
		d := 2 + rng.IntN(3)
		opt := []string{"--max_change", "--max_decay", "--max_growth"}[rng.IntN(3)]
		return 3 + rng.IntN(2), 3, d, fmt.Sprintf("%s %d -p '>=2'", opt, rng.IntN(4))
	}, false},
	{"background", func(rng *rand.Rand) (int, int, int, string) {
		bg := []string{"zebra", "chickenwire", "forced_vacuum"}[rng.IntN(3)]
		per := 1 + rng.IntN(3)/2
		args := fmt.Sprintf("-s p%d --background %s", per, bg)
		if rng.IntN(2) == 0 {
			args += fmt.Sprintf(" --background_offset %d %d 0", rng.IntN(4), rng.IntN(2))
		}
		if rng.IntN(3) == 0 {
			args += " -p '>=1'"
		}
		if rng.IntN(4) == 0 {
			args += " -c"
		}
		return 3 + rng.IntN(2), 3 + rng.IntN(2), per + 1, args
	}, true},
}

// writeOptionFiles writes the random search patterns of
// testdata/lls-options into dir, each with its options in the header and
// a count to be filled in by a run of LLS (the README says how). Grids
// are 3 or 4 cells a side. In generation 0 one cell in six is fixed (dead
// twice as often as alive) and one in fifteen a named variable, maybe
// negated; in later generations one cell in twenty is dead and one in
// twenty primed (its rule not stated); the rest are unknown.
func writeOptionFiles(dir string) error {
	rng := rand.New(rand.NewPCG(2029, 29))
	for _, c := range optionCases {
		for i := range 8 {
			w, h, d, args := c.make(rng)
			tpl := tmpl.New(w, h, d)
			for g := range d {
				for y := range h {
					for x := range w {
						var s tmpl.Spec
						k := rng.IntN(60)
						if c.sparse {
							k = rng.IntN(180)
						}
						switch {
						case g == 0 && k < 7:
							s.Kind = tmpl.Dead
						case g == 0 && k < 10:
							s.Kind = tmpl.Alive
						case g == 0 && k < 14:
							s = tmpl.Spec{Kind: tmpl.Named, Name: string(rune('a' + rng.IntN(3))), Not: rng.IntN(2) == 0}
						case g > 0 && k < 3:
							s.Kind = tmpl.Dead
						}
						s.Free = g > 0 && rng.IntN(20) == 0
						tpl.Set(g, x, y, s)
					}
				}
			}
			text := fmt.Sprintf("# args: %s\n# logic-life-search finds COUNT answers.\n%s", args, tpl)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.lls", c.name, i)), []byte(text), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestWriteOptionFiles writes the random files again when
// LIFESAT_WRITE_LLS names a folder (they are testdata/lls-options before
// LLS's counts were filled in).
func TestWriteOptionFiles(t *testing.T) {
	dir := os.Getenv("LIFESAT_WRITE_LLS")
	if dir == "" {
		t.Skip("set LIFESAT_WRITE_LLS=DIR to write the random LLS search patterns")
	}
	if err := writeOptionFiles(dir); err != nil {
		t.Fatal(err)
	}
}

func FuzzCommand(f *testing.F) {
	for _, s := range []string{
		`-b 4 4 3 -s p2 'RE\' x1 -p`, `FILE -s D8 -a C2 -c -c 0 -1`, `-b 3 -p '<=5' 0 1 --max_change=3`,
		`-b 3 --bg zebra --bgos 1 2 3 -n`, `-b 5 3 2 -s p1 RO3 x1`, `-b 4 -s ro5 -a p1 x1 -r B36/S23`,
		`-b 3 --background possible_strobing -r B026/S1 -s p2`, `--max_c 2 -b 2 2 2 -- FILE`,
	} {
		f.Add(s)
	}
	files := map[string]string{"FILE": "0 a *\n1 -a b'\n\n* * *\n0 0 1\n", "tile": "1 0\n0 1\n"}
	read := func(name string) ([]byte, error) {
		if s, ok := files[name]; ok {
			return []byte(s), nil
		}
		return nil, fs.ErrNotExist
	}
	f.Fuzz(func(t *testing.T, line string) {
		s, err := lls.Command(shellWords(line), read)
		if err != nil {
			if strings.Contains(err.Error(), "\n") || !errors.Is(err, lls.ErrArgs) && !errors.Is(err, lifesat.ErrProblem) {
				t.Fatalf("%q: %v", line, err)
			}
			return
		}
		if err := s.Problem.Validate(); err != nil {
			t.Fatalf("%q: built a problem that does not validate: %v", line, err)
		}
	})
}

// TestNotes: a -s period at least the search's generations asks nothing,
// of LLS or of lifesat; Build says so in a note, once per group.
func TestNotes(t *testing.T) {
	s, err := lls.Command(strings.Fields("-b 4 4 3 -s p3 -s p5 -s p3"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Notes) != 2 || !strings.HasPrefix(s.Notes[0], "-s p3: period 3 is not less than the search's 3 generations") || !strings.HasPrefix(s.Notes[1], "-s p5: period 5") {
		t.Errorf("notes %q", s.Notes)
	}
	if s.Problem.Period != 0 {
		t.Errorf("period %d, want none", s.Problem.Period)
	}
	s, err = lls.Command(strings.Fields("-b 4 4 3 -s p2"), nil)
	if err != nil || len(s.Notes) != 0 || s.Problem.Period != 2 {
		t.Errorf("-s p2 in 3 generations: %v, notes %q, period %d", err, s.Notes, s.Problem.Period)
	}
}
