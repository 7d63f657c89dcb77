package rle

import (
	"errors"
	"fmt"

	"github.com/lifesat/lifesat/lifesat"
)

// Limits on what Read accepts. They are checked against the header before
// anything is allocated, so a header claiming a huge box is refused at once.
const (
	maxSide  = 1 << 16 // longest side of a board
	maxCells = 1 << 24 // most cells (width times height) of a board
	maxLine  = 1 << 20 // longest comment or header line, in bytes
)

var (
	// ErrFormat is wrapped by every error Read returns for input that is
	// not valid RLE.
	ErrFormat = errors.New("rle: invalid format")

	// ErrTooLarge is wrapped by the errors Read returns for a pattern
	// whose box has a side above 65536 or more than 1<<24 cells, and
	// for a comment or header line longer than 1 MiB.
	ErrTooLarge = errors.New("rle: pattern too large")
)

// A Pattern is a board in its RLE box, with the rule and the comments of
// its file.
type Pattern struct {
	// Board is exactly the box of the header: x columns by y rows.
	Board *lifesat.Board

	// Rule is the header's rule, or lifesat.Life when it names none
	// (HasRule false). Write writes the rule only when HasRule is set.
	Rule    lifesat.Rule
	HasRule bool

	// Comments are the '#' lines before the header, verbatim but without
	// the '#' and the line ending: "#N Glider" is "N Glider".
	Comments []string
}

// A SyntaxError reports where and why the input is not valid RLE.
type SyntaxError struct {
	Line int    // 1-based line number
	Col  int    // 1-based byte column, or 0 when the whole line is meant
	Msg  string // what is wrong
	Err  error  // ErrFormat or ErrTooLarge
}

// Error formats e as "rle: line 3, column 7: unexpected 'z'".
func (e *SyntaxError) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("rle: line %d, column %d: %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("rle: line %d: %s", e.Line, e.Msg)
}

// Unwrap returns e.Err, so errors.Is(err, ErrFormat) works.
func (e *SyntaxError) Unwrap() error { return e.Err }
