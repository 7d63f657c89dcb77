package matrix

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/lifesat/lifesat/lifesat/internal/textio"
	"github.com/lifesat/lifesat/lifesat/life"
)

var (
	// ErrFormat is wrapped by every error Read returns for input that is
	// not a valid 0/1 matrix.
	ErrFormat = errors.New("matrix: invalid format")

	// ErrTooLarge is wrapped by the errors Read returns for a matrix with
	// a side above 65536 or more than 1<<24 cells, and for a line longer
	// than 1 MiB.
	ErrTooLarge = errors.New("matrix: pattern too large")
)

// A SyntaxError reports where and why the input is not a valid 0/1 matrix:
// the Line, the byte column Col (0 when the whole line is meant), the Msg
// and the Err it wraps, ErrFormat or ErrTooLarge. Its Format is "matrix",
// and it formats as `matrix: line 3, column 7: unexpected "2": want 0 or 1`.
//
// It is the one syntax error type of the format packages, so
// *rle.SyntaxError and *cells.SyntaxError are the same type: tell them
// apart by Format, or by errors.Is(err, ErrFormat).
type SyntaxError = textio.SyntaxError

// Read reads a 0/1 matrix: a line "rows cols" of two positive integers,
// then rows lines of cols values 0 (dead) or 1 (alive) separated by spaces
// or tabs. Row i is y = i and column j is x = j. Blank lines before the
// first line and after the last row are ignored.
//
// Errors in the input are *SyntaxError values wrapping ErrFormat or
// ErrTooLarge; errors of r are returned wrapped with a "matrix: " prefix.
func Read(r io.Reader) (*life.Board, error) {
	br := textio.NewReader(r)
	n := 0 // the line number
	fail := func(col int, err error, format string, args ...any) error {
		return &SyntaxError{Format: "matrix", Line: n, Col: col, Msg: fmt.Sprintf(format, args...), Err: err}
	}
	next := func() (string, error) {
		n++
		line, err := textio.ReadLine(br)
		switch {
		case err == textio.ErrLineTooLong:
			return "", fail(0, ErrTooLarge, "line longer than %d bytes", textio.MaxLine)
		case err != nil && err != io.EOF:
			return "", fmt.Errorf("matrix: %w", err)
		}
		return line, err
	}

	// The first line: rows and columns.
	var head []field
	for len(head) == 0 {
		line, err := next()
		if err == io.EOF {
			return nil, fail(0, ErrFormat, `missing the first line "rows cols"`)
		}
		if err != nil {
			return nil, err
		}
		head = fields(line)
	}
	if len(head) != 2 {
		return nil, fail(0, ErrFormat, `want "rows cols", two positive integers, got %d values`, len(head))
	}
	var size [2]int
	for i, f := range head {
		name := [2]string{"rows", "cols"}[i]
		if strings.Trim(f.s, "0123456789") != "" {
			return nil, fail(f.col, ErrFormat, "%s = %s: want a positive integer", name, textio.Quote(f.s))
		}
		v, err := strconv.Atoi(f.s)
		switch {
		case err != nil || v > textio.MaxSide: // err is strconv.ErrRange
			return nil, fail(f.col, ErrTooLarge, "%s = %s: more than %d", name, textio.Quote(f.s), textio.MaxSide)
		case v == 0:
			return nil, fail(f.col, ErrFormat, "%s = 0: want a positive integer", name)
		}
		size[i] = v
	}
	h, w := size[0], size[1]
	if textio.TooManyCells(w, h) {
		return nil, fail(0, ErrTooLarge, "%d x %d is more than %d cells", h, w, textio.MaxCells)
	}

	// The rows. The cells are gathered as they come and the board is made
	// at the end, so a short input claiming a large matrix allocates little.
	alive := make([]bool, 0, min(w*h, 1<<12))
	for y := range h {
		line, err := next()
		if err == io.EOF {
			return nil, fail(0, ErrFormat, "missing row %d of %d", y+1, h)
		}
		if err != nil {
			return nil, err
		}
		row := fields(line)
		alive = append(alive, make([]bool, w)...)
		for x, f := range row {
			if x == w {
				return nil, fail(f.col, ErrFormat, "row %d has more than %d values", y+1, w)
			}
			switch f.s {
			case "0":
			case "1":
				alive[y*w+x] = true
			default:
				return nil, fail(f.col, ErrFormat, "unexpected %s: want 0 or 1", textio.Quote(f.s))
			}
		}
		if len(row) < w {
			return nil, fail(0, ErrFormat, "row %d has %d values, want %d", y+1, len(row), w)
		}
	}

	// Nothing but blank lines may follow.
	for {
		line, err := next()
		if err == io.EOF {
			b := life.NewBoard(w, h)
			for i, a := range alive {
				if a {
					b.Set(i%w, i/w, true)
				}
			}
			return b, nil
		}
		if err != nil {
			return nil, err
		}
		if f := fields(line); len(f) > 0 {
			return nil, fail(f[0].col, ErrFormat, "more than %d rows", h)
		}
	}
}

// A field is a value on a line and its 1-based byte column.
type field struct {
	s   string
	col int
}

// fields splits a line at spaces and tabs.
func fields(line string) []field {
	var fs []field
	for i := 0; i < len(line); {
		if line[i] == ' ' || line[i] == '\t' {
			i++
			continue
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		fs = append(fs, field{line[i:j], i + 1})
		i = j
	}
	return fs
}

// Write writes b as a 0/1 matrix: the line "rows cols", then each row as
// values 0 and 1 separated by single spaces. Write fails if b is nil or has
// no cells, which the format cannot show.
func Write(w io.Writer, b *life.Board) error {
	if b == nil {
		return errors.New("matrix: Write: nil board")
	}
	if b.Width() == 0 || b.Height() == 0 {
		return fmt.Errorf("matrix: Write: a %d x %d board cannot be written: rows and columns must be positive", b.Height(), b.Width())
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d %d\n", b.Height(), b.Width())
	line := make([]byte, 2*b.Width())
	for y := range b.Height() {
		for x := range b.Width() {
			line[2*x], line[2*x+1] = '0', ' '
			if b.Alive(x, y) {
				line[2*x] = '1'
			}
		}
		line[len(line)-1] = '\n'
		bw.Write(line)
	}
	return bw.Flush()
}
