package cells

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/lifesat/lifesat/lifesat/internal/textio"
	"github.com/lifesat/lifesat/lifesat/life"
)

var (
	// ErrFormat is wrapped by every error Read returns for input that is
	// not a valid plaintext pattern.
	ErrFormat = errors.New("cells: invalid format")

	// ErrTooLarge is wrapped by the errors Read returns for a pattern with
	// a side above 65536 or more than 1<<24 cells, and for a line longer
	// than 1 MiB.
	ErrTooLarge = errors.New("cells: pattern too large")
)

// A File is a board with the comments of its file.
type File struct {
	// Board is as wide as the longest row and as high as the rows.
	Board *life.Board

	// Comments are the '!' lines, verbatim but without the '!' and the
	// line ending: "!Name: Glider" is "Name: Glider".
	Comments []string
}

// A SyntaxError reports where and why the input is not a valid plaintext
// pattern: the Line, the byte column Col (0 when the whole line is meant),
// the Msg and the Err it wraps, ErrFormat or ErrTooLarge. Its Format is
// "cells", and it formats as "cells: line 3, column 7: unexpected 'x'".
//
// It is the one syntax error type of the format packages, so
// *rle.SyntaxError and *matrix.SyntaxError are the same type: tell them
// apart by Format, or by errors.Is(err, ErrFormat).
type SyntaxError = textio.SyntaxError

// Read reads a plaintext pattern: comment lines starting with '!', and rows
// of '.' (dead) and 'O' or '*' (alive). Rows shorter than the longest are
// padded with dead cells; blank lines before the first row and after the
// last are ignored, blank lines between rows are dead rows. Trailing spaces
// and tabs on a row are ignored, and so is the indentation (spaces and
// tabs) that all rows share: an indented picture, as in a document or an
// e-mail, is the same picture (lifesat's search templates read alike).
//
// Errors in the input are *SyntaxError values wrapping ErrFormat or
// ErrTooLarge; errors of r are returned wrapped with a "cells: " prefix.
func Read(r io.Reader) (*File, error) {
	br := textio.NewReader(r)
	fail := func(line, col int, err error, format string, args ...any) error {
		return &SyntaxError{Format: "cells", Line: line, Col: col, Msg: fmt.Sprintf(format, args...), Err: err}
	}
	p := &File{}
	// The lines of cells, right-trimmed, with their line numbers; the
	// indentation they share is removed once all are read.
	type line struct {
		n    int
		text string
	}
	var lines []line
	stored, indent := 0, -1
	for n := 1; ; n++ {
		l, err := textio.ReadLine(br)
		if err == io.EOF {
			break
		}
		if err == textio.ErrLineTooLong {
			return nil, fail(n, 0, ErrTooLarge, "line longer than %d bytes", textio.MaxLine)
		}
		if err != nil {
			return nil, fmt.Errorf("cells: %w", err)
		}
		t := strings.TrimLeft(l, " \t")
		if t != "" && t[0] == '!' {
			p.Comments = append(p.Comments, t[1:])
			continue
		}
		l = strings.TrimRight(l, " \t")
		if t != "" {
			if k := len(l) - len(strings.TrimLeft(l, " \t")); indent < 0 || k < indent {
				indent = k
			}
			if stored += len(l); stored > 2*textio.MaxCells {
				return nil, fail(n, 0, ErrTooLarge, "more than %d cells", textio.MaxCells)
			}
		}
		lines = append(lines, line{n, l})
		if len(lines) > 2*textio.MaxSide {
			return nil, fail(n, 0, ErrTooLarge, "more than %d rows", textio.MaxSide)
		}
	}
	var rows []string
	w, blank := 0, 0 // widest row; blank lines not yet known to be rows
	for _, l := range lines {
		n, row := l.n, l.text
		if row != "" {
			row = row[indent:]
		}
		if i := strings.IndexFunc(row, func(c rune) bool { return c != '.' && c != 'O' && c != '*' }); i >= 0 {
			c, _ := utf8.DecodeRuneInString(row[i:])
			return nil, fail(n, max(indent, 0)+i+1, ErrFormat, "unexpected %q", c)
		}
		if row == "" {
			if len(rows) > 0 {
				blank++
			}
			continue
		}
		h := len(rows) + blank + 1
		switch {
		case len(row) > textio.MaxSide:
			return nil, fail(n, 0, ErrTooLarge, "row of %d cells: more than %d", len(row), textio.MaxSide)
		case h > textio.MaxSide:
			return nil, fail(n, 0, ErrTooLarge, "more than %d rows", textio.MaxSide)
		case textio.TooManyCells(max(w, len(row)), h):
			return nil, fail(n, 0, ErrTooLarge, "%d x %d is more than %d cells", max(w, len(row)), h, textio.MaxCells)
		}
		for ; blank > 0; blank-- {
			rows = append(rows, "")
		}
		rows = append(rows, row)
		w = max(w, len(row))
	}
	p.Board = life.NewBoard(w, len(rows))
	for y, row := range rows {
		for x := range len(row) {
			if row[x] != '.' {
				p.Board.Set(x, y, true)
			}
		}
	}
	return p, nil
}

// Write writes p as plaintext: the comments as '!' lines, then every row of
// the board at full width, '.' for dead and 'O' for live cells, so the
// board's box is kept. An empty 0 x 0 board writes only the comments.
//
// Write fails if p or p.Board is nil, if a comment holds a line break, or
// if the board has no columns but some rows or the other way round, which
// plaintext cannot show.
func Write(w io.Writer, p *File) error {
	if p == nil || p.Board == nil {
		return errors.New("cells: Write: nil pattern or board")
	}
	b := p.Board
	if (b.Width() == 0) != (b.Height() == 0) {
		return fmt.Errorf("cells: Write: a %d x %d board cannot be written as plaintext", b.Width(), b.Height())
	}
	for _, c := range p.Comments {
		if !textio.IsLine(c) {
			return fmt.Errorf("cells: Write: comment %q holds a line break", c)
		}
	}
	bw := bufio.NewWriter(w)
	for _, c := range p.Comments {
		bw.WriteString("!" + c + "\n")
	}
	bw.WriteString(b.String())
	return bw.Flush()
}
