package textio

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits on what the format readers accept: a board with a side above
// MaxSide or more than MaxCells cells, or a line longer than MaxLine bytes,
// is refused. The readers check a board's size before they allocate it, so
// input claiming a huge box is refused at once.
const (
	MaxSide  = 1 << 16 // longest side of a board
	MaxCells = 1 << 24 // most cells (width times height) of a board
	MaxLine  = 1 << 20 // longest line, in bytes
)

// A SyntaxError reports where and why the input of a format reader is not
// valid. The format packages export it as their own SyntaxError, a type
// alias, and set Format to their name.
type SyntaxError struct {
	Format string // the format package's name, which prefixes the message: "rle", "cells", ...
	Line   int    // 1-based line number
	Col    int    // 1-based byte column, or 0 when the whole line is meant
	Msg    string // what is wrong
	Err    error  // the format package's ErrFormat or ErrTooLarge
}

// Error formats e as "rle: line 3, column 7: unexpected 'z'", or as
// "rle: line 3: ..." when Col is 0.
func (e *SyntaxError) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("%s: line %d, column %d: %s", e.Format, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s: line %d: %s", e.Format, e.Line, e.Msg)
}

// Unwrap returns e.Err, so errors.Is(err, rle.ErrFormat) works.
func (e *SyntaxError) Unwrap() error { return e.Err }

// Quote quotes s for an error message, cut short after 20 bytes, at the
// start of a rune, and marked with "..." if it is longer.
func Quote(s string) string {
	const n = 20
	if len(s) <= n {
		return strconv.Quote(s)
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "..."
}

// TooManyCells reports whether a w x h box, w and h at least 0, has more
// than MaxCells cells. It divides rather than multiplies, so it cannot
// overflow.
func TooManyCells(w, h int) bool {
	return h > 0 && w > MaxCells/h
}

// NewReader returns a buffered reader of r past a leading UTF-8 byte order
// mark, if r starts with one.
func NewReader(r io.Reader) *bufio.Reader {
	br := bufio.NewReader(r)
	if bom, _ := br.Peek(3); string(bom) == "\uFEFF" {
		br.Discard(3)
	}
	return br
}

// ErrLineTooLong is returned by ReadLine for a line longer than MaxLine
// bytes. The readers report it as a SyntaxError wrapping their
// ErrTooLarge.
var ErrLineTooLong = errors.New("textio: line too long")

// ReadLine returns the next line of r without its line ending ("\n",
// "\r\n"), or io.EOF when there is none. A last line without a line ending
// is a line. ReadLine returns ErrLineTooLong as soon as the line, its line
// ending included, is longer than MaxLine bytes, and other errors of r as
// they are.
func ReadLine(r *bufio.Reader) (string, error) {
	var buf []byte
	for {
		frag, err := r.ReadSlice('\n')
		buf = append(buf, frag...)
		if len(buf) > MaxLine {
			return "", ErrLineTooLong
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && len(buf) > 0 {
			break
		}
		if err != nil {
			return "", err
		}
		break
	}
	return strings.TrimRight(strings.TrimSuffix(string(buf), "\n"), "\r"), nil
}

// IsLine reports whether s, written with a line ending, reads back
// unchanged with ReadLine (length aside): s holds no '\n' and does not end
// in '\r'. The writers check comments with it.
func IsLine(s string) bool {
	return !strings.Contains(s, "\n") && !strings.HasSuffix(s, "\r")
}
