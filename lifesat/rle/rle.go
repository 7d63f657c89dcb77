package rle

import (
	"errors"

	"github.com/lifesat/lifesat/lifesat/internal/textio"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
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

// A File is a board in its RLE box, with the rule and the comments of
// its file.
type File struct {
	// Board is exactly the box of the header: x columns by y rows.
	Board *life.Board

	// Rule is the header's rule, else the rule of a "#r" comment line,
	// else rule.Life (HasRule false). Write writes the rule only when
	// HasRule is set, and always in the header.
	Rule    rule.Rule
	HasRule bool

	// Comments are the '#' lines before the header, verbatim but without
	// the '#' and the line ending: "#N Glider" is "N Glider".
	Comments []string
}

// A SyntaxError reports where and why the input is not valid RLE: the
// Line, the byte column Col (0 when the whole line is meant), the Msg and
// the Err it wraps, ErrFormat or ErrTooLarge. Its Format is "rle", and it
// formats as "rle: line 3, column 7: unexpected 'z'".
//
// It is the one syntax error type of the format packages, so
// *cells.SyntaxError and *matrix.SyntaxError are the same type: tell them
// apart by Format, or by errors.Is(err, ErrFormat).
type SyntaxError = textio.SyntaxError
