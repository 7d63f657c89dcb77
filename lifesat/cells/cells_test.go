package cells_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/cells"
	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

func readFile(t *testing.T, name string) *cells.File {
	return lifetest.ReadFile(t, name, cells.Read)
}

func TestRead(t *testing.T) {
	glider := ".O.\n..O\nOOO\n"
	tests := []struct {
		name     string
		in       string
		want     string // the board in Board.String notation
		w, h     int
		comments []string
	}{
		{
			name: "glider, LifeWiki Glider page (rows trimmed)",
			in:   "!Name: Glider\n!Author: Richard K. Guy\n.O\n..O\nOOO\n",
			want: glider, w: 3, h: 3, comments: []string{"Name: Glider", "Author: Richard K. Guy"},
		},
		{
			name: "R-pentomino with * as Knuth's programs write it (LifeWiki R-pentomino)",
			in:   ".**\n**.\n.*.\n",
			want: ".OO\nOO.\n.O.\n", w: 3, h: 3,
		},
		{
			name: "an indented picture, as the docs show one and search templates read it",
			in:   "!Glider\n    .O.\n    ..O\n\n\t\n    OOO\n",
			want: ".O.\n..O\n...\n...\nOOO\n", w: 3, h: 5, comments: []string{"Glider"},
		},
		{
			name: "full-width rows and a dead frame",
			in:   "....\n.O..\n....\n",
			want: "....\n.O..\n....\n", w: 4, h: 3,
		},
		{
			name: "blank lines between rows are dead rows, before and after are ignored",
			in:   "!c\n\n\nO\n\n\n.O\n\n\n",
			want: "O.\n..\n..\n.O\n", w: 2, h: 4, comments: []string{"c"},
		},
		{
			name: "CRLF, byte order mark, trailing spaces, no final newline",
			in:   "\uFEFF!Name: Glider\r\n.O  \r\n..O\t\r\nOOO",
			want: glider, w: 3, h: 3, comments: []string{"Name: Glider"},
		},
		{
			name: "comments anywhere, kept verbatim",
			in:   "!\n! spaced \nO\n!after\n",
			want: "O\n", w: 1, h: 1, comments: []string{"", " spaced ", "after"},
		},
		{
			name: "only comments: the empty board",
			in:   "!Name: nothing\n\n",
			want: "", w: 0, h: 0, comments: []string{"Name: nothing"},
		},
		{name: "empty input", in: "", want: "", w: 0, h: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := cells.Read(strings.NewReader(tt.in))
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
			if !slices.Equal(p.Comments, tt.comments) {
				t.Errorf("comments %q, want %q", p.Comments, tt.comments)
			}
		})
	}
}

// TestFixtures checks the patterns in testdata by simulating them with the
// plain life.Step.
func TestFixtures(t *testing.T) {
	run := func(b *life.Board, n int) *life.Board {
		for range n {
			b = life.Step(b, rule.Life, life.Dead)
		}
		return b
	}

	// LifeWiki: a glider has period 4 and moves one cell diagonally.
	g := readFile(t, "testdata/glider.cells")
	b := g.Board.Pad(4)
	if got, want := run(b, 4), b.Translate(1, 1); !got.Equal(want) || len(g.Comments) != 4 {
		t.Errorf("glider after 4 generations:\n%s want\n%s", got, want)
	}

	// The R-pentomino (LifeWiki's R-pentomino page), drawn with '*': its
	// next generation, worked out by hand, has 6 cells.
	r := readFile(t, "testdata/rpentomino-knuth.txt")
	if got, want := life.Step(r.Board, rule.Life, life.Dead).String(), "OOO\nO..\nOO.\n"; got != want {
		t.Errorf("R-pentomino generation 1:\n%s want\n%s", got, want)
	}

	// LifeWiki "Gosper glider gun": period 30, a glider a period.
	lifetest.GosperGun(t, readFile(t, "testdata/gosperglidergun.cells").Board)
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		in        string
		line, col int
		msg       string
		err       error
	}{
		{".O\n.o\n", 2, 2, "unexpected 'o'", cells.ErrFormat},
		{"!c\n..O.!\n", 2, 5, "unexpected '!'", cells.ErrFormat},
		{".O\n .O\n", 2, 1, "unexpected ' '", cells.ErrFormat},
		{"    .O.\n   ..O\n", 1, 4, "unexpected ' '", cells.ErrFormat},
		{".O\n.\u00e9\n", 2, 2, "unexpected 'é'", cells.ErrFormat},
		{"x = 3, y = 3\nbo$2bo$3o!", 1, 1, "unexpected 'x'", cells.ErrFormat},
		{"O\r.\n", 1, 2, `unexpected '\r'`, cells.ErrFormat},
		{strings.Repeat(".", 1<<16+1), 1, 0, "row of 65537 cells: more than 65536", cells.ErrTooLarge},
		{strings.Repeat(".\n", 1<<16+1), 65537, 0, "more than 65536 rows", cells.ErrTooLarge},
		{"O" + strings.Repeat("\n", 1<<16+1) + "O", 65538, 0, "more than 65536 rows", cells.ErrTooLarge},
		{strings.Repeat(strings.Repeat(".", 1<<10)+"\n", 1<<14+1), 1<<14 + 1, 0, "1024 x 16385 is more than 16777216 cells", cells.ErrTooLarge},
		{"!" + strings.Repeat("a", 1<<20), 1, 0, "line longer than", cells.ErrTooLarge},
	}
	for _, tt := range tests {
		_, err := cells.Read(strings.NewReader(tt.in))
		var se *cells.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%.20q: error %v, want a *SyntaxError", tt.in, err)
			continue
		}
		if se.Line != tt.line || se.Col != tt.col || !strings.Contains(se.Msg, tt.msg) || !errors.Is(err, tt.err) {
			t.Errorf("%.20q:\n got %v (%v)\nwant line %d, column %d: %s (%v)", tt.in, err, se.Err, tt.line, tt.col, tt.msg, tt.err)
		}
	}
	_, err := cells.Read(strings.NewReader("!N\n.O\n.o\n"))
	if got, want := err.Error(), "cells: line 3, column 2: unexpected 'o'"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestWrite(t *testing.T) {
	glider := readFile(t, "testdata/glider.cells")
	tests := []struct {
		name string
		p    *cells.File
		want string
	}{
		{"glider at full width", &cells.File{Board: glider.Board, Comments: glider.Comments[:1]}, "!Name: Glider\n.O.\n..O\nOOO\n"},
		{"box kept", &cells.File{Board: glider.Board.Pad(1)}, ".....\n..O..\n...O.\n.OOO.\n.....\n"},
		{"empty", &cells.File{Board: life.NewBoard(0, 0), Comments: []string{"Name: nothing"}}, "!Name: nothing\n"},
		{"dead", &cells.File{Board: life.NewBoard(2, 1)}, "..\n"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := cells.Write(&buf, tt.p); err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := buf.String(); got != tt.want {
			t.Errorf("%s:\n%s\nwant\n%s", tt.name, got, tt.want)
		}
		back, err := cells.Read(&buf)
		if err != nil || !back.Board.Equal(tt.p.Board) || !slices.Equal(back.Comments, tt.p.Comments) {
			t.Errorf("%s: read back %v, %v", tt.name, back, err)
		}
	}
}

func TestWriteErrors(t *testing.T) {
	for _, p := range []*cells.File{
		nil,
		{},
		{Board: life.NewBoard(0, 3)},
		{Board: life.NewBoard(3, 0)},
		{Board: life.NewBoard(1, 1), Comments: []string{"two\nlines"}},
		{Board: life.NewBoard(1, 1), Comments: []string{"ends in CR\r"}},
	} {
		if err := cells.Write(&bytes.Buffer{}, p); err == nil {
			t.Errorf("Write(%+v) succeeded", p)
		}
	}
}
