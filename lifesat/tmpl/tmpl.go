package tmpl

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/lifesat/lifesat/lifesat/internal/textio"
)

// MaxCells is the most cells, width times height times generations, of a
// template the readers accept: the most cell variables a search takes
// (lifesat.MaxCells, which a test of package lifesat checks against it).
const MaxCells = 1 << 18

var (
	// ErrFormat is wrapped by every error the readers return for input
	// that is not a valid template.
	ErrFormat = errors.New("tmpl: invalid format")

	// ErrTooLarge is wrapped by the errors for input longer than MaxInput
	// bytes or a template of more than MaxCells cells (width times height
	// times generations), which no search could take.
	ErrTooLarge = errors.New("tmpl: template too large")
)

// MaxInput is the longest input the readers take, in bytes.
const MaxInput = 1 << 24

// A SyntaxError reports where and why the input is not a valid template:
// the Line, the byte column Col (0 when the whole line is meant), the Msg
// and the Err it wraps, ErrFormat or ErrTooLarge. Its Format is "lls" or
// "picture", and it formats as "lls: line 3, column 7: ...".
//
// It is the one syntax error type of the format packages (rle.SyntaxError
// and the others are the same type).
type SyntaxError = textio.SyntaxError

// A token is one cell of the input, with its place.
type token struct {
	text      string
	line, col int
}

// readAll reads r whole, up to MaxInput bytes, without a leading byte
// order mark.
func readAll(r io.Reader, format string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return nil, fmt.Errorf("tmpl: %w", err)
	}
	if len(data) > MaxInput {
		return nil, &SyntaxError{Format: format, Line: 1, Msg: fmt.Sprintf("input longer than %d bytes", MaxInput), Err: ErrTooLarge}
	}
	return bytes.TrimPrefix(data, []byte("\uFEFF")), nil
}

// lines splits data into lines as LLS does: when it holds '\r' but no
// '\n', each '\r' ends a line; otherwise every '\r' is dropped.
func lines(data []byte) []string {
	s := string(data)
	if strings.Contains(s, "\r") {
		if strings.Contains(s, "\n") {
			s = strings.ReplaceAll(s, "\r", "")
		} else {
			s = strings.ReplaceAll(s, "\r", "\n")
		}
	}
	return strings.Split(s, "\n")
}

// skip is what a split function returns for a line that is not there (a
// comment line of a picture), as opposed to nil for a blank line.
var skip = []token{}

// generations groups the lines' tokens into generations of rows: rows
// are lines with a token, and one or more blank lines (no token) end a
// generation. split cuts a line into its tokens, or returns skip.
func generations(ls []string, split func(line string, n int) ([]token, error)) ([][][]token, error) {
	var gens [][][]token
	var cur [][]token
	for i, l := range ls {
		toks, err := split(l, i+1)
		if err != nil {
			return nil, err
		}
		if toks != nil && len(toks) == 0 {
			continue // skip: a line that is not there
		}
		if len(toks) == 0 {
			if cur != nil {
				gens, cur = append(gens, cur), nil
			}
			continue
		}
		cur = append(cur, toks)
	}
	if cur != nil {
		gens = append(gens, cur)
	}
	return gens, nil
}

// build makes the template of gens, checking that it is a cuboid and not
// too large; spec reads one token.
func build(format string, gens [][][]token, spec func(token) (Spec, error)) (*Template, error) {
	if len(gens) == 0 {
		return nil, &SyntaxError{Format: format, Line: 1, Msg: "no cells", Err: ErrFormat}
	}
	first := gens[0]
	w, h := len(first[0]), len(first)
	if textio.TooManyCells(w, h) || textio.TooManyCells(w*h, len(gens)) || w*h*len(gens) > MaxCells {
		return nil, &SyntaxError{Format: format, Line: first[0][0].line,
			Msg: fmt.Sprintf("%dx%d over %d generations is more than %d cells", w, h, len(gens), MaxCells), Err: ErrTooLarge}
	}
	t := New(w, h, len(gens))
	for g, rows := range gens {
		if len(rows) != h {
			return nil, &SyntaxError{Format: format, Line: rows[0][0].line,
				Msg: fmt.Sprintf("generation %d has %d rows, generation 0 has %d", g, len(rows), h), Err: ErrFormat}
		}
		for y, row := range rows {
			if len(row) != w {
				tok := row[min(len(row), w)-1]
				if len(row) > w {
					tok = row[w]
				}
				return nil, &SyntaxError{Format: format, Line: tok.line, Col: tok.col,
					Msg: fmt.Sprintf("row has %d cells, the first row has %d", len(row), w), Err: ErrFormat}
			}
			for x, tok := range row {
				s, err := spec(tok)
				if err != nil {
					return nil, err
				}
				t.Set(g, x, y, s)
			}
		}
	}
	return t, nil
}

// Read reads a template in either format, telling them apart by the
// first row: a picture when it is one run of picture characters ('.',
// 'O', '?', '=', letters), LLS otherwise. Use ReadLLS or ReadPicture when
// the format is known: a one-column LLS file of letters is read by Read
// as a picture (with the same meaning, letters being variables in both).
func Read(r io.Reader) (*Template, error) {
	data, err := readAll(r, "tmpl")
	if err != nil {
		return nil, err
	}
	if isPicture(data) {
		return readPicture(data)
	}
	return readLLS(data)
}

// isPicture reports whether the first line that is neither blank nor a
// comment ('!' for pictures, '#' for LLS) is made of picture characters,
// as a person reads it: leading indentation does not count. A file of
// '!' comments alone is a picture (with no cells).
func isPicture(data []byte) bool {
	comments := false
	for _, l := range lines(data) {
		t := strings.TrimSpace(l)
		if t == "" || strings.Trim(t, " ,\t") == "" {
			continue
		}
		switch t[0] {
		case '!':
			comments = true
			continue
		case '#':
			return false
		}
		for _, c := range t {
			if !isPictureChar(c) {
				return false
			}
		}
		return true
	}
	return comments
}

// quote is textio.Quote, for messages.
func quote(s string) string { return textio.Quote(s) }

// runeAt is the rune at the start of s, for messages.
func runeAt(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}
