package tmpl_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// TestLLSCells: each cell as LLS's standard_form_literal and
// variable_from_literal read it (src/literal_manipulation.py,
// src/formatting.py and SearchPattern.prepare_variables).
func TestLLSCells(t *testing.T) {
	dead, alive := tmpl.Spec{Kind: tmpl.Dead}, tmpl.Spec{Kind: tmpl.Alive}
	named := func(n string, not, free bool) tmpl.Spec {
		return tmpl.Spec{Kind: tmpl.Named, Name: n, Not: not, Free: free}
	}
	for _, tc := range []struct {
		cell string
		want tmpl.Spec
	}{
		{"0", dead}, {"1", alive}, {"*", tmpl.Spec{}},
		{"-0", alive}, {"-1", dead}, {"-*", tmpl.Spec{}}, {"--0", dead}, {"---0", alive},
		{"c0", named("c0", false, false)}, {"-c0", named("c0", true, false)},
		{"--c0", named("c0", false, false)}, {"---c0", named("c0", true, false)},
		{"1'", tmpl.Spec{Kind: tmpl.Alive, Free: true}},
		{"-0''", tmpl.Spec{Kind: tmpl.Alive, Free: true}},
		{"-0\u2019", tmpl.Spec{Kind: tmpl.Alive, Free: true}},
		{"*'", tmpl.Spec{Free: true}}, {"-*'", tmpl.Spec{Free: true}},
		{"c0\u2019'\u2019", named("c0", false, true)},
		{"x\u00e2\u0080\u0099", named("x", false, true)}, // mojibake of ’ is replaced by '
		{"a'b", named("a'b", false, false)},
		// Numbered variables: Python's int reads the name.
		{"7", named("7", false, false)}, {"07", named("7", false, false)}, {"+7", named("7", false, false)},
		{"-1_0", named("10", true, false)}, {"01", alive}, {"-+1", dead},
		{"1__0", named("1__0", false, false)}, {"_1", named("_1", false, false)},
	} {
		tpl, err := tmpl.ReadLLS(strings.NewReader(tc.cell))
		if err != nil {
			t.Errorf("%q: %v", tc.cell, err)
			continue
		}
		if got := tpl.At(0, 0, 0); got != tc.want {
			t.Errorf("%q: %+v, want %+v", tc.cell, got, tc.want)
		}
	}
}

// TestLLSLayout: separators, comments, blank lines and line ends, as
// LLS's parse_input_string splits them.
func TestLLSLayout(t *testing.T) {
	for _, tc := range []struct {
		in         string
		w, h, gens int
	}{
		{"0 0\n0 0", 2, 2, 1},
		{"0,0\n0 ,\t0", 2, 2, 1},
		{",, 0,0 ,\n 0  0,,\n\n\n", 2, 2, 1},
		{"0 0\n\n0 0\n \t,\n0 0", 2, 1, 3},
		{"0 0 # two\n0 0\n# a comment alone is a blank line\n0 0\n0 0", 2, 2, 2},
		{"0 0\r\n0 0\r\n\r\n1 1\r\n1 1\r\n", 2, 2, 2},
		{"0 0\r0 0\r\r1 1\r1 1", 2, 2, 2},
		{"\uFEFF0 1", 2, 1, 1},
	} {
		tpl, err := tmpl.ReadLLS(strings.NewReader(tc.in))
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if tpl.Width != tc.w || tpl.Height != tc.h || len(tpl.Gens) != tc.gens || tpl.Open {
			t.Errorf("%q: %dx%d over %d generations (open %v), want %dx%d over %d", tc.in, tpl.Width, tpl.Height, len(tpl.Gens), tpl.Open, tc.w, tc.h, tc.gens)
		}
	}
}

// TestErrors: bad templates give a one-line *SyntaxError with the place.
func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		read func(string) error
		want string
	}{
		{"0 0\n0 0 0", lls, "lls: line 2, column 5: row has 3 cells, the first row has 2"},
		{"0 0 0\n0 0", lls, "lls: line 2, column 3: row has 2 cells, the first row has 3"},
		{"0 0\n0 0\n\n0 0", lls, "lls: line 4: generation 1 has 1 rows, generation 0 has 2"},
		{"", lls, "lls: line 1: no cells"},
		{"# nothing\n, ,", lls, "lls: line 1: no cells"},
		{"0 00", lls, `lls: line 1, column 3: cell "00" names variable number 0, which LLS cannot use`},
		{"0 '", lls, `lls: line 1, column 3: cell "'" has no variable`},
		{"- 0", lls, `lls: line 1, column 1: cell "-" has no variable`},
		{"..\n.#", picture, `picture: line 2, column 2: unexpected '#' (want . O ? = or a letter)`},
		{"..\n.o", picture, `picture: line 2, column 2: unexpected 'o' (alive is 'O'; 'o' is not a variable, as its negation would be 'O')`},
		{"..\n...", picture, "picture: line 2, column 3: row has 3 cells, the first row has 2"},
		{"=.\n..", picture, "picture: line 1, column 1: '=' (the same as generation 0) in generation 0"},
		{"", picture, "picture: line 1: no cells"},
	} {
		err := tc.read(tc.in)
		var se *tmpl.SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, tmpl.ErrFormat) {
			t.Errorf("%q: %v, want a SyntaxError wrapping ErrFormat", tc.in, err)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.in, err, tc.want)
		}
	}
	big := strings.Repeat(strings.Repeat("0 ", 600)+"\n", 600)
	if _, err := tmpl.ReadLLS(strings.NewReader(big)); !errors.Is(err, tmpl.ErrTooLarge) {
		t.Errorf("600x600: %v, want ErrTooLarge", err)
	}
}

func lls(s string) error     { _, err := tmpl.ReadLLS(strings.NewReader(s)); return err }
func picture(s string) error { _, err := tmpl.ReadPicture(strings.NewReader(s)); return err }

// stepsAsLLS re-checks an answer as LLS defines the search, independently
// of Problem.Check: every cell of every generation t >= 1 that the
// template does not prime, and every cell of the ring around the grid, is
// the Life successor of its neighbourhood in generation t-1, cells
// outside the grid dead.
func stepsAsLLS(t *testing.T, tpl *tmpl.Template, pat *lifesat.Pattern) {
	t.Helper()
	for g := 1; g < len(pat.Phases); g++ {
		next := life.Step(pat.Phases[g-1].Pad(1), rule.Life, life.Dead)
		cur := pat.Phases[g].Pad(1)
		for y := -1; y <= tpl.Height; y++ {
			for x := -1; x <= tpl.Width; x++ {
				if !(tpl.At(g, x, y).Free && x >= 0 && y >= 0 && x < tpl.Width && y < tpl.Height) && next.Alive(x+1, y+1) != cur.Alive(x+1, y+1) {
					t.Errorf("generation %d cell (%d,%d) breaks the rule:\n%s\n%s", g, x, y, pat.Phases[g-1], pat.Phases[g])
				}
			}
		}
	}
}

// TestDiagonalLLS runs testdata/diagonal.lls, a search of the kind of
// LLS's example file (a still life symmetric in the main diagonal, a live
// corner held by a primed cell), and checks every answer by simulation.
func TestDiagonalLLS(t *testing.T) {
	tpl := lifetest.ReadFile(t, "testdata/diagonal.lls", tmpl.ReadLLS)
	res, err := lifesat.Search(context.Background(), lifesat.Reaction(tpl), &lifesat.Settings{Solutions: 5})
	if err != nil || res.Status != logic.Sat {
		t.Fatalf("%v %v", res, err)
	}
	for _, pat := range res.Patterns {
		stepsAsLLS(t, tpl, pat)
		b := pat.Board()
		if !b.Equal(pat.Phases[1]) || !b.Equal(b.Transpose()) || !b.Alive(6, 6) || !b.Alive(7, 7) {
			t.Errorf("not a diagonal still life with (6,6) and (7,7) alive:\n%s", b)
		}
	}
}

// TestLLSExample runs LLS's own example file,
// search_patterns/example_search_pattern, when LIFESAT_LLS names a
// checkout of logic-life-search (it is not copied here).
func TestLLSExample(t *testing.T) {
	dir := os.Getenv("LIFESAT_LLS")
	if dir == "" {
		t.Skip("LIFESAT_LLS does not name a logic-life-search checkout")
	}
	tpl := lifetest.ReadFile(t, filepath.Join(dir, "search_patterns", "example_search_pattern"), tmpl.ReadLLS)
	if tpl.Width != 8 || tpl.Height != 8 || len(tpl.Gens) != 2 || !tpl.At(1, 7, 7).Free || tpl.At(1, 7, 7).Kind != tmpl.Alive {
		t.Fatalf("read as %dx%d over %d generations:\n%s", tpl.Width, tpl.Height, len(tpl.Gens), tpl)
	}
	res, err := lifesat.Search(context.Background(), lifesat.Reaction(tpl), &lifesat.Settings{Solutions: 5})
	if err != nil || res.Status != logic.Sat {
		t.Fatalf("%v %v", res, err)
	}
	for _, pat := range res.Patterns {
		stepsAsLLS(t, tpl, pat)
		if b := pat.Board(); !b.Equal(pat.Phases[1]) || !b.Equal(b.Transpose()) {
			t.Errorf("not a diagonal still life:\n%s", b)
		}
	}
}

// TestEaterPicture runs testdata/eater.txt and re-simulates the answer in
// the open plane: glider and eater become the eater alone after 4
// generations, and the eater is a still life.
func TestEaterPicture(t *testing.T) {
	tpl := lifetest.ReadFile(t, "testdata/eater.txt", tmpl.Read)
	p := lifesat.Reaction(tpl)
	p.MinPop, p.MaxPop = 6, 12
	res, err := lifesat.Search(context.Background(), p, nil)
	if err != nil || res.Status != logic.Sat {
		t.Fatalf("%v %v", res, err)
	}
	b := res.Patterns[0].Board()
	eater := b.Clone()
	for y := range 4 {
		for x := range 4 {
			eater.Set(x, y, false)
		}
	}
	end := life.Run(b.Pad(6), rule.Life, life.Dead, 4)[4]
	if !end.Equal(eater.Pad(6)) || !life.Step(eater.Pad(1), rule.Life, life.Dead).Equal(eater.Pad(1)) || eater.Population() != 7 {
		t.Errorf("not a 7-cell eater:\n%s", b)
	}
}

// TestWriteLLS: what WriteLLS writes reads back as the same template,
// and an open template is refused.
func TestWriteLLS(t *testing.T) {
	for _, name := range []string{"testdata/diagonal.lls", "testdata/eater.txt"} {
		tpl := lifetest.ReadFile(t, name, tmpl.Read)
		var buf strings.Builder
		if err := tmpl.WriteLLS(&buf, tpl); err != nil {
			t.Fatal(err)
		}
		back, err := tmpl.ReadLLS(strings.NewReader(buf.String()))
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, buf.String())
		}
		if !same(tpl, back) {
			t.Errorf("%s: read back as\n%s", name, back)
		}
	}
	open := tmpl.New(2, 2, 1)
	open.Open = true
	if err := tmpl.WriteLLS(io.Discard, open); !errors.Is(err, tmpl.ErrFormat) {
		t.Errorf("open template: %v, want ErrFormat", err)
	}
}

// same reports whether a and b are the same template.
func same(a, b *tmpl.Template) bool {
	if b.Width != a.Width || b.Height != a.Height || len(a.Gens) != len(b.Gens) || a.Open != b.Open {
		return false
	}
	for g := range a.Gens {
		for y := range a.Height {
			for x := range a.Width {
				if a.At(g, x, y) != b.At(g, x, y) {
					return false
				}
			}
		}
	}
	return true
}

// TestGliderLLS: LLS's way to ask for a spaceship, P+1 generations the
// last of which is generation 0 moved, read with lifesat's period and
// shift: the answer is a glider (LifeWiki "Glider": 5 cells, period 4,
// moving (1,1)), re-simulated in the open plane.
func TestGliderLLS(t *testing.T) {
	tpl := lifetest.ReadFile(t, "testdata/glider.lls", tmpl.ReadLLS)
	p := lifesat.Spaceship(4, 1, 1, tpl.Width, tpl.Height)
	p.Template, p.MinPop = tpl, 1
	res, err := lifesat.Search(context.Background(), p, nil)
	if err != nil || res.Status != logic.Sat {
		t.Fatalf("%v %v", res, err)
	}
	b := res.Patterns[0].Board()
	start := b.Pad(4)
	if end := life.Run(start, rule.Life, life.Dead, 4)[4]; !end.Equal(start.Translate(1, 1)) || b.Population() != 5 {
		t.Errorf("not a glider:\n%s", b)
	}
}

// TestLLSCounts runs the search patterns of testdata/lls-counts, random
// small files, each with the number of answers logic-life-search itself
// finds for it in its first comment (LLS's HEAD run with cadical and
// "-n 5000", which lists every answer): lifesat must find as many, each
// re-checked as LLS states the search. ring-births.lls is the file that
// showed LLS states the rule on the ring around its grid.
func TestLLSCounts(t *testing.T) {
	files, err := filepath.Glob("testdata/lls-counts/*.lls")
	if err != nil || len(files) == 0 {
		t.Fatal(err, files)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var want int
		if _, err := fmt.Sscanf(strings.SplitN(string(data), "finds ", 2)[1], "%d", &want); err != nil {
			t.Fatalf("%s: no count: %v", name, err)
		}
		tpl, err := tmpl.ReadLLS(strings.NewReader(string(data)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := 0
		err = lifesat.Enumerate(context.Background(), lifesat.Reaction(tpl), nil, func(p *lifesat.Pattern) bool {
			stepsAsLLS(t, tpl, p)
			got++
			return true
		})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got != want {
			t.Errorf("%s: %d answers, LLS finds %d", name, got, want)
		}
	}
}
