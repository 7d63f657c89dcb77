package rle_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
)

func readFile(t *testing.T, name string) *rle.File {
	return lifetest.ReadFile(t, name, rle.Read)
}

// The drawings below are the LifeWiki plaintext (.cells) of each pattern,
// or worked out by hand from the RLE where the test is about syntax.
func TestRead(t *testing.T) {
	glider := ".O.\n..O\nOOO\n"
	tests := []struct {
		name     string
		in       string
		want     string // the board as .cells text
		w, h     int
		rule     rule.Rule
		hasRule  bool
		comments []string
	}{
		{
			name: "glider, LifeWiki Glider page",
			in:   "#N Glider\n#O Richard K. Guy\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n",
			want: glider, w: 3, h: 3, rule: rule.Life, hasRule: true,
			comments: []string{"N Glider", "O Richard K. Guy"},
		},
		{
			name: "LWSS, LifeWiki Lightweight spaceship page",
			in:   "x = 5, y = 4, rule = B3/S23\nbo2bo$o4b$o3bo$4o!",
			want: ".O..O\nO....\nO...O\nOOOO.\n", w: 5, h: 4, rule: rule.Life, hasRule: true,
		},
		{
			name: "no rule means Life",
			in:   "x = 3, y = 3\nbo$2bo$3o!",
			want: glider, w: 3, h: 3, rule: rule.Life,
		},
		{
			name: "no spaces, S/B rule form",
			in:   "x=3,y=3,rule=23/3\nbo$2bo$3o!",
			want: glider, w: 3, h: 3, rule: rule.Life, hasRule: true,
		},
		{
			name: "lower-case HighLife rule",
			in:   "x = 3, y = 3, rule = b36/s23\nbo$2bo$3o!",
			want: glider, w: 3, h: 3, rule: highLife, hasRule: true,
		},
		{
			name: "wrapped lines, whitespace between runs and inside a run",
			in:   "x = 3, y = 3\n  b o $\n2\nbo\r\n$3\t o\n  !",
			want: glider, w: 3, h: 3, rule: rule.Life,
		},
		{
			name: "count before $ makes blank rows",
			in:   "x = 2, y = 4\no3$bo!",
			want: "O.\n..\n..\n.O\n", w: 2, h: 4, rule: rule.Life,
		},
		{
			name: "missing trailing rows and cells are dead",
			in:   "x = 4, y = 5\nbo$o!",
			want: ".O..\nO...\n....\n....\n....\n", w: 4, h: 5, rule: rule.Life,
		},
		{
			name: "blank rows at the top",
			in:   "x = 1, y = 3\n2$o!",
			want: ".\n.\nO\n", w: 1, h: 3, rule: rule.Life,
		},
		{
			name: "explicit trailing dead cells and row ends",
			in:   "x = 3, y = 2\n3b$obo$$!",
			want: "...\nO.O\n", w: 3, h: 2, rule: rule.Life,
		},
		{
			name: "multistate spellings . and A",
			in:   "x = 3, y = 3\n.A$2.A$3A!",
			want: glider, w: 3, h: 3, rule: rule.Life,
		},
		{
			name: "text after ! is ignored",
			in:   "x = 3, y = 3\nbo$2bo$3o! trailing junk z\n#C and more",
			want: glider, w: 3, h: 3, rule: rule.Life,
		},
		{
			name: "CRLF line endings, byte order mark, blank lines before the header",
			in:   "\uFEFF#N Glider\r\n\r\n  x = 3, y = 3\r\nbo$2bo$\r\n3o!\r\n",
			want: glider, w: 3, h: 3, rule: rule.Life, comments: []string{"N Glider"},
		},
		{
			name: "comments kept verbatim",
			in:   "#C  two spaces\n#\n#CXRLE Pos=-1,-1\nx = 1, y = 1\no!",
			want: "O\n", w: 1, h: 1, rule: rule.Life,
			comments: []string{"C  two spaces", "", "CXRLE Pos=-1,-1"},
		},
		{
			name: "empty pattern",
			in:   "x = 0, y = 0\n!",
			want: "", w: 0, h: 0, rule: rule.Life,
		},
		{
			name: "empty box with rows but no columns",
			in:   "x = 0, y = 2\n$$!",
			want: "\n\n", w: 0, h: 2, rule: rule.Life,
		},
		{
			name: "dead box",
			in:   "x = 2, y = 1, rule = B3/S23\n!",
			want: "..\n", w: 2, h: 1, rule: rule.Life, hasRule: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := rle.Read(strings.NewReader(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			b := p.Board
			if b.Width() != tt.w || b.Height() != tt.h {
				t.Errorf("size %dx%d, want %dx%d", b.Width(), b.Height(), tt.w, tt.h)
			}
			if got := b.String(); got != tt.want {
				t.Errorf("board\n%s want\n%s", got, tt.want)
			}
			if p.Rule != tt.rule || p.HasRule != tt.hasRule {
				t.Errorf("rule %v (%v), want %v (%v)", p.Rule, p.HasRule, tt.rule, tt.hasRule)
			}
			if !slices.Equal(p.Comments, tt.comments) {
				t.Errorf("comments %q, want %q", p.Comments, tt.comments)
			}
		})
	}
}

// TestFixtures checks the LifeWiki patterns in testdata by simulating them
// with the plain life.Step, so a wrong cell in a fixture cannot go
// unnoticed.
func TestFixtures(t *testing.T) {
	run := func(b *life.Board, n int) *life.Board {
		for range n {
			b = life.Step(b, rule.Life, life.Dead)
		}
		return b
	}

	// A glider returns to its shape after 4 generations, moved one cell
	// right and one down (LifeWiki: period 4, speed c/4 diagonal).
	g := readFile(t, "testdata/glider.rle")
	if g.Board.Population() != 5 || len(g.Comments) != 4 || !g.HasRule || g.Rule != rule.Life {
		t.Errorf("glider: population %d, %d comments, rule %v", g.Board.Population(), len(g.Comments), g.Rule)
	}
	b := g.Board.Pad(4)
	if got, want := run(b, 4), b.Translate(1, 1); !got.Equal(want) {
		t.Errorf("glider after 4 generations:\n%s want\n%s", got, want)
	}

	// The LWSS moves 2 cells in 4 generations, orthogonally (LifeWiki:
	// period 4, speed c/2); this one flies left.
	l := readFile(t, "testdata/lwss.rle")
	b = l.Board.Pad(4)
	if got, want := run(b, 4), b.Translate(-2, 0); !got.Equal(want) {
		t.Errorf("LWSS after 4 generations:\n%s want\n%s", got, want)
	}

	// LifeWiki "Gosper glider gun": period 30, a glider a period.
	lifetest.GosperGun(t, readFile(t, "testdata/gosperglidergun.rle").Board)
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		in        string
		line, col int
		msg       string
		err       error
	}{
		{"", 1, 0, "missing header", rle.ErrFormat},
		{"#N only comments\n", 2, 0, "missing header", rle.ErrFormat},
		{"bo$2bo$3o!", 1, 0, `want the header "x = W, y = H", got "bo$2bo$3o!"`, rle.ErrFormat},
		{"x = 3\nbo!", 1, 6, `header ends early: want ","`, rle.ErrFormat},
		{"x = 3; y = 3\n!", 1, 5, `x = "3;": want a number of columns`, rle.ErrFormat},
		{"x = 3 y = 3\n!", 1, 7, `unexpected 'y' in header: want ","`, rle.ErrFormat},
		{"x = 3, z = 3\n!", 1, 8, `unexpected 'z' in header: want "y"`, rle.ErrFormat},
		{"x = three, y = 3\n!", 1, 5, `x = "three": want a number`, rle.ErrFormat},
		{"x = -3, y = 3\n!", 1, 5, `x = "-3": want a number of columns, 0 or more`, rle.ErrFormat},
		{"x = 3, y = 3x\n!", 1, 12, `y = "3x"`, rle.ErrFormat},
		{"x = 3, y = 3, rule = B9/S23\n!", 1, 22, `bad rule "B9/S23": a cell has at most 8 neighbours`, rle.ErrFormat},
		{"x = 3, y = 3, rule = HighLife\n!", 1, 22, `bad rule "HighLife"`, rle.ErrFormat},
		{"x = 3, y = 3, rule =\n!", 1, 21, `bad rule "": empty`, rle.ErrFormat},
		{"x = 3, y = 3, rules = B3/S23\n!", 1, 19, `unexpected 's' in header: want "="`, rle.ErrFormat},
		{"x = " + strings.Repeat("a", 1000) + ", y = 1\n!", 1, 5, `x = "aaaaaaaaaaaaaaaaaaaa"...: want`, rle.ErrFormat},
		{"x = 1, y = 1, rule = B3/S23" + strings.Repeat("3", 1000) + "\n!", 1, 22, `bad rule "B3/S2333333333333333"...`, rle.ErrFormat},
		{"x = 100000000, y = 100000000\n!", 1, 5, "x = 100000000: more than 65536 columns", rle.ErrTooLarge},
		{"x = 65536, y = 65536\n!", 1, 0, "x = 65536, y = 65536 is more than 16777216 cells", rle.ErrTooLarge},
		{"x = 3, y = 3\nbo$2bz$3o!", 2, 6, "unexpected 'z'", rle.ErrFormat},
		{"x = 3, y = 3\nbo$\n2b\u00e9!", 3, 3, "unexpected 'é'", rle.ErrFormat},
		{"x = 3, y = 3\n#C late comment\nbo!", 2, 1, "unexpected '#'", rle.ErrFormat},
		{"x = 3, y = 3\n99999999999o!", 2, 1, "run count above 65536", rle.ErrFormat},
		{"x = 3, y = 3\nbo$0bo!", 2, 4, "run count 0", rle.ErrFormat},
		{"x = 3, y = 3\nbo$2bo$3o3!", 2, 10, "run count before '!'", rle.ErrFormat},
		{"x = 3, y = 3\nbo$2bo$4o!", 2, 8, "row 3 has more than x = 3 cells", rle.ErrFormat},
		{"x = 3, y = 3\nbo$2bo$obob!", 2, 11, "row 3 has more than x = 3 cells", rle.ErrFormat},
		{"x = 3, y = 2\nbo$2bo$3o!", 2, 8, "row 3 is beyond y = 2", rle.ErrFormat},
		{"x = 0, y = 0\no!", 2, 1, "row 1 is beyond y = 0", rle.ErrFormat},
		{"x = 3, y = 3\nbo$2bo$3o", 2, 10, "missing '!'", rle.ErrFormat},
		{"x = 3, y = 3", 2, 1, "missing '!'", rle.ErrFormat},
	}
	for _, tt := range tests {
		_, err := rle.Read(strings.NewReader(tt.in))
		var se *rle.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: error %v, want a *SyntaxError", tt.in, err)
			continue
		}
		if se.Line != tt.line || se.Col != tt.col || !strings.Contains(se.Msg, tt.msg) || !errors.Is(err, tt.err) {
			t.Errorf("%q:\n got %v (%v)\nwant line %d, column %d: %s (%v)", tt.in, err, se.Err, tt.line, tt.col, tt.msg, tt.err)
		}
	}
}

func TestSyntaxErrorText(t *testing.T) {
	_, err := rle.Read(strings.NewReader("#N bad\nx = 3, y = 3\nbo$2bz!"))
	if got, want := err.Error(), "rle: line 3, column 6: unexpected 'z'"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	_, err = rle.Read(strings.NewReader(""))
	if got, want := err.Error(), `rle: line 1: missing header "x = W, y = H"`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A header claiming a huge box must be refused before a board is made.
func TestHugeHeaderDoesNotAllocate(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for _, in := range []string{
		"x = 100000000, y = 100000000\n!",
		"x = 65536, y = 65536\n!",
		"x = 18446744073709551617, y = 1\n!",
	} {
		if _, err := rle.Read(strings.NewReader(in)); !errors.Is(err, rle.ErrTooLarge) {
			t.Errorf("%q: %v, want ErrTooLarge", in, err)
		}
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("refusing huge headers allocated %d bytes", n)
	}
	// The largest box allowed is read.
	p, err := rle.Read(strings.NewReader("x = 65536, y = 256\n65536o!"))
	if err != nil || p.Board.Population() != 65536 {
		t.Errorf("65536 x 256: %v", err)
	}
}

func TestLongLine(t *testing.T) {
	in := "#C " + strings.Repeat("a", 1<<20) + "\nx = 1, y = 1\no!"
	if _, err := rle.Read(strings.NewReader(in)); !errors.Is(err, rle.ErrTooLarge) {
		t.Errorf("2 MiB comment: %v, want ErrTooLarge", err)
	}
	// A body is not a line: one long body line is fine.
	var sb strings.Builder
	sb.WriteString("x = 2, y = 50000\n")
	for range 50000 {
		sb.WriteString("bo$")
	}
	sb.WriteString("!")
	p, err := rle.Read(strings.NewReader(sb.String()))
	if err != nil || p.Board.Population() != 50000 {
		t.Errorf("long body line: %v", err)
	}
}

func TestWrite(t *testing.T) {
	glider := readFile(t, "testdata/glider.rle")
	glider.Comments = glider.Comments[:1]
	tests := []struct {
		name string
		p    *rle.File
		want string
	}{
		{"glider", glider, "#N Glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n"},
		{"no rule", &rle.File{Board: glider.Board}, "x = 3, y = 3\nbo$2bo$3o!\n"},
		{"HighLife", &rle.File{Board: glider.Board, Rule: highLife, HasRule: true},
			"x = 3, y = 3, rule = B36/S23\nbo$2bo$3o!\n"},
		{"empty", &rle.File{Board: life.NewBoard(0, 0)}, "x = 0, y = 0\n!\n"},
		{"dead box kept", &rle.File{Board: life.NewBoard(5, 3)}, "x = 5, y = 3\n!\n"},
		{"box kept around the glider", &rle.File{Board: glider.Board.Pad(2)}, "x = 7, y = 7\n2$3bo$4bo$2b3o!\n"},
		// The Gosper gun without LifeWiki's trailing dead runs, wrapped at
		// 70 characters.
		{"Gosper glider gun", &rle.File{Board: readFile(t, "testdata/gosperglidergun.rle").Board, Rule: rule.Life, HasRule: true},
			"x = 36, y = 9, rule = B3/S23\n" +
				"24bo$22bobo$12b2o6b2o12b2o$11bo3bo4b2o12b2o$2o8bo5bo3b2o$2o8bo3bob2o4b\n" +
				"obo$10bo5bo7bo$11bo3bo$12b2o!\n"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := rle.Write(&buf, tt.p); err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := buf.String(); got != tt.want {
			t.Errorf("%s:\n%s\nwant\n%s", tt.name, got, tt.want)
		}
		back, err := rle.Read(&buf)
		if err != nil {
			t.Errorf("%s: reading back: %v", tt.name, err)
			continue
		}
		if !back.Board.Equal(tt.p.Board) {
			t.Errorf("%s: read back\n%s want\n%s", tt.name, back.Board, tt.p.Board)
		}
	}
}

// TestWriteWraps writes random boards and checks the line width and the
// round trip.
func TestWriteWraps(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range [][2]int{{1, 1}, {7, 3}, {70, 2}, {200, 40}, {1000, 5}} {
		b := life.NewBoard(size[0], size[1])
		for y := range b.Height() {
			for x := range b.Width() {
				b.Set(x, y, rng.IntN(3) == 0)
			}
		}
		var buf bytes.Buffer
		if err := rle.Write(&buf, &rle.File{Board: b, Rule: rule.Life, HasRule: true}); err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
			if len(line) > 70 {
				t.Errorf("%dx%d: line %d has %d characters", b.Width(), b.Height(), i+1, len(line))
			}
		}
		back, err := rle.Read(&buf)
		if err != nil || !back.Board.Equal(b) {
			t.Errorf("%dx%d: round trip failed: %v", b.Width(), b.Height(), err)
		}
	}
}

func TestWriteErrors(t *testing.T) {
	for _, p := range []*rle.File{
		nil,
		{},
		{Board: life.NewBoard(1, 1), Comments: []string{"two\nlines"}},
		{Board: life.NewBoard(1, 1), Comments: []string{"ends in CR\r"}},
	} {
		if err := rle.Write(&bytes.Buffer{}, p); err == nil {
			t.Errorf("Write(%+v) succeeded", p)
		}
	}
}

// highLife is B36/S23 (LifeWiki "HighLife").
var highLife, _ = rule.Parse("B36/S23")

// TestReadRuleLine: Life 1.05's "#r" line names the rule (survival/birth)
// when the header does not; the header wins; the line stays a comment.
func TestReadRuleLine(t *testing.T) {
	tests := []struct {
		in, rule string
	}{
		{"#r 23/36\nx = 3, y = 3\nbo$2bo$3o!", "B36/S23"},
		{"#N HighLife?\n#r 23/36\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!", "B3/S23"},
		{"#r B2n3/S23-q\nx = 3, y = 3\nbo$2bo$3o!", "B2n3/S23-q"},
		{"#r\nx = 3, y = 3\nbo$2bo$3o!", "B3/S23"}, // no rule on the line: a comment
	}
	for _, tt := range tests {
		p, err := rle.Read(strings.NewReader(tt.in))
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if p.Rule.String() != tt.rule || !p.HasRule && tt.rule != "B3/S23" {
			t.Errorf("%q: rule %v (HasRule %v), want %s", tt.in, p.Rule, p.HasRule, tt.rule)
		}
		if !strings.HasPrefix(p.Comments[len(p.Comments)-1], "r") {
			t.Errorf("%q: comments %q", tt.in, p.Comments)
		}
	}
	for _, in := range []string{"#r 23/3/3\nx = 1, y = 1\no!", "#r B3/S23:T20,20\nx = 1, y = 1\no!", "#r garbage\nx = 1, y = 1\no!"} {
		if _, err := rle.Read(strings.NewReader(in)); !errors.Is(err, rle.ErrFormat) || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%q: %v, want ErrFormat on line 1", in, err)
		}
	}
}

// TestReadRuleMessages: the rule families lifesat does not take are
// named in the message.
func TestReadRuleMessages(t *testing.T) {
	for _, tt := range []struct{ rule, msg string }{
		{"B3/S23:T20,20", "bounded grids"},
		{"B3/S23/", "more than one '/'"},
		{"23/3/3", "Generations"},
		{"B3/S23/C3", "Generations"},
		{"LifeHistory", "want B/S notation"},
	} {
		_, err := rle.Read(strings.NewReader("x = 1, y = 1, rule = " + tt.rule + "\no!"))
		if !errors.Is(err, rle.ErrFormat) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("rule = %s: %v, want %q", tt.rule, err, tt.msg)
		}
	}
}
