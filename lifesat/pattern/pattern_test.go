package pattern_test

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/lifesat/lifesat/lifesat/apgcode"
	"github.com/lifesat/lifesat/lifesat/cells"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/matrix"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// The glider in each format: RLE and plaintext as on LifeWiki's Glider
// page, the matrix in the layout of the reverse-Life README.
const (
	gliderRLE    = "#N Glider\n#O Richard K. Guy\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n"
	gliderCells  = "!Name: Glider\n!Author: Richard K. Guy\n.O\n..O\nOOO\n"
	gliderMatrix = "3 3\n0 1 0\n0 0 1\n1 1 1\n"
	glider       = ".O.\n..O\nOOO\n"
)

func TestFormat(t *testing.T) {
	for _, tt := range []struct {
		name string
		f    pattern.Format
	}{
		{"rle", pattern.RLE}, {"RLE", pattern.RLE}, {".rle", pattern.RLE},
		{"cells", pattern.Cells}, {"Plaintext", pattern.Cells}, {".cells", pattern.Cells},
		{"matrix", pattern.Matrix}, {" MATRIX ", pattern.Matrix},
		{"apgcode", pattern.Apgcode}, {"APGCODE", pattern.Apgcode},
	} {
		f, err := pattern.ParseFormat(tt.name)
		if err != nil || f != tt.f {
			t.Errorf("ParseFormat(%q) = %v, %v; want %v", tt.name, f, err, tt.f)
		}
	}
	for _, name := range []string{"", "png", "rle2", "mc"} {
		if _, err := pattern.ParseFormat(name); !errors.Is(err, pattern.ErrFormat) {
			t.Errorf("ParseFormat(%q): %v, want ErrFormat", name, err)
		}
	}
	for f, want := range map[pattern.Format]string{pattern.RLE: "rle", pattern.Cells: "cells", pattern.Matrix: "matrix", pattern.Apgcode: "apgcode", 0: "Format(0)"} {
		if got := f.String(); got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
		if f != 0 {
			if g, _ := pattern.ParseFormat(f.String()); g != f {
				t.Errorf("ParseFormat(%q) = %v", f, g)
			}
		}
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		in   string
		want pattern.Format
	}{
		{gliderRLE, pattern.RLE},
		{"x = 0, y = 0\n!", pattern.RLE},
		{"\n  x=3,y=3\nbo$2bo$3o!", pattern.RLE},
		{"#C only comments\n", pattern.RLE}, // rle.Read tells what is missing
		{"\uFEFFx = 1, y = 1\no!", pattern.RLE},
		{gliderCells, pattern.Cells},
		{".**\n**.\n.*.\n", pattern.Cells},
		{"\r\n\r\nOO\r\nOO\r\n", pattern.Cells},
		{"!Name: nothing\n", pattern.Cells},
		{"", pattern.Cells},
		{"\n \n", pattern.Cells},
		{gliderMatrix, pattern.Matrix},
		{"\n4 6\n0 0 0 0 0 0\n", pattern.Matrix},
		{"0 0\n", pattern.Matrix}, // matrix.Read says why it is wrong
		{"xq4_153\n", pattern.Apgcode},
		{"\n  xp2_7  \n", pattern.Apgcode},
		{"xs4_3A", pattern.Apgcode}, // apgcode.Read says why it is wrong
	}
	for _, tt := range tests {
		if got, err := pattern.Detect([]byte(tt.in)); got != tt.want || err != nil {
			t.Errorf("Detect(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, tt := range []struct {
		in   string
		line int
	}{
		{"hello\n", 1},
		{"\n\nbo$2bo$3o!\n", 3},
		{"#N Glider\n.O\n..O\nOOO\n", 2},          // '#' comments are RLE's
		{"!Name: Glider\nx = 3, y = 3\nbo!\n", 2}, // '!' comments are plaintext's
		{"#N\n!Name\n", 2},
		{"!Name\n3 3\n0 1 0\n", 2}, // the matrix format has no comments
		{"4 6 8\n", 1},
		{"y = 3, x = 3\n", 1},
		{"xs_33\n", 1},
		{"#N Block\nxs4_33\n", 2}, // an apgcode file has no comments
		{"\x00\x01", 1},
	} {
		_, err := pattern.Detect([]byte(tt.in))
		var se *pattern.SyntaxError
		if !errors.As(err, &se) || se.Line != tt.line || !errors.Is(err, pattern.ErrFormat) {
			t.Errorf("Detect(%q): %v, want a *SyntaxError on line %d", tt.in, err, tt.line)
		}
	}
	_, err := pattern.Detect([]byte("\nhello, world\n"))
	if got, want := err.Error(), `pattern: line 2: none of the formats rle, cells, matrix, apgcode matches "hello, world"`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestRead(t *testing.T) {
	tests := []struct {
		in       string
		format   pattern.Format
		hasRule  bool
		comments []string
	}{
		{gliderRLE, pattern.RLE, true, []string{"N Glider", "O Richard K. Guy"}},
		{gliderCells, pattern.Cells, false, []string{"Name: Glider", "Author: Richard K. Guy"}},
		{gliderMatrix, pattern.Matrix, false, nil},
	}
	for _, tt := range tests {
		// OneByteReader: Read must not rely on one Read call filling the
		// buffer.
		p, err := pattern.Read(iotest.OneByteReader(strings.NewReader(tt.in)))
		if err != nil {
			t.Errorf("%v: %v", tt.format, err)
			continue
		}
		if p.Format != tt.format || p.Board.String() != glider || p.Rule != rule.Life || p.HasRule != tt.hasRule || !slices.Equal(p.Comments, tt.comments) {
			t.Errorf("%v: got %v, board\n%s rule %v (%v), comments %q", tt.format, p.Format, p.Board, p.Rule, p.HasRule, p.Comments)
		}
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		in     string
		format string // the SyntaxError's Format: the reader that failed
		is     error
	}{
		{"x = 3, y = 3\nbo$2bz$3o!", "rle", rle.ErrFormat},
		{"x = 100000000, y = 100000000\n!", "rle", rle.ErrTooLarge},
		{"#C no header\n", "rle", rle.ErrFormat},
		{".O\n.o\n", "cells", cells.ErrFormat},
		{"2 3\n0 2 0\n0 0 0\n", "matrix", matrix.ErrFormat},
		{"65536 65536\n", "matrix", matrix.ErrTooLarge},
		{"hello\n", "pattern", pattern.ErrFormat},
		{"xs5_33\n", "apgcode", apgcode.ErrFormat},
		{"xq4_153\nxs4_33\n", "apgcode", apgcode.ErrFormat},
	}
	for _, tt := range tests {
		_, err := pattern.Read(strings.NewReader(tt.in))
		// rle.SyntaxError, cells.SyntaxError, matrix.SyntaxError and
		// pattern.SyntaxError are one type; Format tells the reader.
		var se *rle.SyntaxError
		if !errors.As(err, &se) || se.Format != tt.format || !errors.Is(err, tt.is) {
			t.Errorf("%q: %v (%T), want a %s error", tt.in, err, err, tt.format)
		}
	}
	if _, err := pattern.Read(iotest.ErrReader(io.ErrUnexpectedEOF)); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("failing reader: %v", err)
	}
}

// Comments longer than Read's look-ahead still leave the format clear.
func TestReadLongComments(t *testing.T) {
	long := strings.Repeat("#C "+strings.Repeat("a", 1000)+"\n", 100) + gliderRLE
	p, err := pattern.Read(strings.NewReader(long))
	if err != nil || p.Format != pattern.RLE || len(p.Comments) != 102 {
		t.Fatalf("long RLE comments: %v", err)
	}
	long = strings.Repeat("!"+strings.Repeat("a", 1000)+"\n", 100) + gliderCells
	p, err = pattern.Read(strings.NewReader(long))
	if err != nil || p.Format != pattern.Cells || p.Board.String() != glider {
		t.Fatalf("long plaintext comments: %v", err)
	}
}

func TestWrite(t *testing.T) {
	b, err := pattern.Read(strings.NewReader(gliderRLE))
	if err != nil {
		t.Fatal(err)
	}
	highLife, err := rule.Parse("B36/S23")
	if err != nil {
		t.Fatal(err)
	}
	empty, err := rule.Parse("B/S") // not the zero Rule: written as it is
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		f    pattern.Format
		rule rule.Rule
		want string
	}{
		{pattern.RLE, rule.Life, "x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n"},
		{pattern.RLE, rule.Rule{}, "x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n"},
		{pattern.RLE, highLife, "x = 3, y = 3, rule = B36/S23\nbo$2bo$3o!\n"},
		{pattern.RLE, empty, "x = 3, y = 3, rule = B/S\nbo$2bo$3o!\n"},
		{pattern.Cells, highLife, glider},
		{pattern.Matrix, highLife, gliderMatrix},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := pattern.Write(&buf, b.Board, tt.f, tt.rule); err != nil {
			t.Errorf("%v: %v", tt.f, err)
			continue
		}
		if got := buf.String(); got != tt.want {
			t.Errorf("%v, %v:\n%s\nwant\n%s", tt.f, tt.rule, got, tt.want)
		}
		p, err := pattern.Read(&buf)
		if err != nil || p.Format != tt.f || !p.Board.Equal(b.Board) {
			t.Errorf("%v: read back %v, %v", tt.f, p, err)
		}
	}
	if err := pattern.Write(io.Discard, b.Board, 0, rule.Life); !errors.Is(err, pattern.ErrFormat) {
		t.Errorf("Write in Format(0): %v", err)
	}
}

// TestApgcode reads and writes Catagolue's names: the glider is xq4_153
// (LifeWiki, "Apgcode"), drawn in the phase and orientation of the code,
// under Life and under HighLife, where it flies too; a board that is no
// object cannot be written.
func TestApgcode(t *testing.T) {
	p, err := pattern.Read(strings.NewReader("xq4_153\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Format != pattern.Apgcode || p.Board.String() != "OOO\n..O\n.O.\n" || p.Rule != rule.Life || p.HasRule || p.Comments != nil {
		t.Fatalf("read %v, board\n%s rule %v (%v), comments %q", p.Format, p.Board, p.Rule, p.HasRule, p.Comments)
	}
	g, err := pattern.Read(strings.NewReader(gliderRLE))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []rule.Rule{rule.Life, {}, rule.MustParse("B36/S23")} {
		var buf bytes.Buffer
		if err := pattern.Write(&buf, g.Board, pattern.Apgcode, r); err != nil || buf.String() != "xq4_153\n" {
			t.Errorf("Write under %v: %q, %v", r, buf.String(), err)
		}
	}
	one := life.NewBoard(1, 1)
	one.Set(0, 0, true)
	if err := pattern.Write(io.Discard, one, pattern.Apgcode, rule.Life); !errors.Is(err, apgcode.ErrNotPeriodic) {
		t.Errorf("Write of a dying cell: %v", err)
	}
}

// TestHeaderlessRLE: an RLE body without its header line is refused with
// a message that names what is missing; a line that is no RLE body gets
// the general message.
func TestHeaderlessRLE(t *testing.T) {
	for _, in := range []string{"bo$2bo$3o!\n", "#N Glider\nbo$2bo$3o!\n", "3o!\n", "2b3o$o2bo\n"} {
		_, err := pattern.Read(strings.NewReader(in))
		if !errors.Is(err, pattern.ErrFormat) || !strings.Contains(err.Error(), `without its header line: add "x = W, y = H"`) {
			t.Errorf("%q: %v", in, err)
		}
	}
	for _, in := range []string{"hello\n", "boo\n"} {
		_, err := pattern.Read(strings.NewReader(in))
		if err == nil || strings.Contains(err.Error(), "header") {
			t.Errorf("%q: %v", in, err)
		}
	}
}
