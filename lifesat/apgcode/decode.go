package apgcode

import (
	"fmt"
	"io"
	"strings"

	"github.com/lifesat/lifesat/lifesat/internal/textio"
	"github.com/lifesat/lifesat/lifesat/life"
)

// Decode returns the pattern an apgcode shows: "xs4_33" is the block. It
// reads a whole code ("xs...", "xp...", "xq...", see Parse) or a bare
// extended Wechsler body ("33"; see Wechsler), told apart by the '_' of a
// code. The board is cropped to the live cells, so the body "0" and the
// code "xs0_0" are the empty 0 x 0 board.
//
// The board is the picture as the body draws it, in the phase and
// orientation the code was written in, whether or not that is canonical:
// "xs4_w33" decodes, and Identify tells its code is "xs4_33". Of the
// promises of the prefix, Decode checks only what needs no simulation: a
// still life's population. "xs5_33" is an error; "xs3_7", a blinker
// claiming to be still, is not (Identify says "xp2_7").
//
// Errors are *SyntaxError values wrapping ErrFormat, or ErrTooLarge for a
// picture with a side above 65536 or more than 1<<24 cells; an oversized
// code such as "ov_p30" shows no picture and is an error too.
func Decode(s string) (*life.Board, error) {
	_, b, err := decode(s)
	return b, err
}

// decode is Decode, which also returns the parsed code (the zero Code for
// a bare body).
func decode(s string) (Code, *life.Board, error) {
	if !strings.Contains(s, "_") {
		b, err := decodeBody(s, 0)
		return Code{}, b, err
	}
	c, err := Parse(s)
	if err != nil {
		return Code{}, nil, err
	}
	if c.Body == "" {
		return Code{}, nil, &SyntaxError{Format: "apgcode", Line: 1, Msg: fmt.Sprintf("%s names an object too large to encode, not a picture", c), Err: ErrFormat}
	}
	off := len(s) - len(c.Body)
	b, err := decodeBody(c.Body, off)
	if err != nil {
		return Code{}, nil, err
	}
	if c.Kind == Still && b.Population() != c.N {
		return Code{}, nil, &SyntaxError{Format: "apgcode", Line: 1, Col: off + 1,
			Msg: fmt.Sprintf("the body of %s has %d live cells, not %d", textio.Quote(s), b.Population(), c.N), Err: ErrFormat}
	}
	return c, b, nil
}

// decodeBody draws the body s, found at byte offset off of the code.
func decodeBody(s string, off int) (*life.Board, error) {
	cols, box, err := scan(s, off)
	if err != nil {
		return nil, err
	}
	b := life.NewBoard(box.Dx(), box.Dy())
	for _, c := range cols {
		for i := range 5 {
			if c.v>>i&1 != 0 {
				b.Set(c.x-box.Min.X, 5*c.strip+i-box.Min.Y, true)
			}
		}
	}
	return b, nil
}

// A File is an apgcode read from a file: the code and the board it shows.
type File struct {
	Code  Code
	Board *life.Board
}

// Read reads a file holding one apgcode ("xs", "xp" or "xq"; see Parse
// and Decode) on a line of its own, with blank lines and spaces around it
// allowed. A bare body is not a file of this format: it could be read as
// other formats' text.
//
// Errors in the input are *SyntaxError values with the line and column,
// wrapping ErrFormat or ErrTooLarge (also for a line longer than 1 MiB);
// errors of r are returned wrapped with an "apgcode: " prefix.
func Read(r io.Reader) (*File, error) {
	br := textio.NewReader(r)
	var f *File
	for n := 1; ; n++ {
		line, err := textio.ReadLine(br)
		if err == io.EOF {
			break
		}
		if err == textio.ErrLineTooLong {
			return nil, &SyntaxError{Format: "apgcode", Line: n, Msg: fmt.Sprintf("line longer than %d bytes", textio.MaxLine), Err: ErrTooLarge}
		}
		if err != nil {
			return nil, fmt.Errorf("apgcode: %w", err)
		}
		code := strings.TrimSpace(line)
		if code == "" {
			continue
		}
		if f != nil {
			return nil, &SyntaxError{Format: "apgcode", Line: n, Msg: "more than one code", Err: ErrFormat}
		}
		lead := strings.Index(line, code)
		if !strings.Contains(code, "_") {
			return nil, &SyntaxError{Format: "apgcode", Line: n, Col: lead + 1,
				Msg: fmt.Sprintf("want a code such as xs4_33, not %s", textio.Quote(code)), Err: ErrFormat}
		}
		c, b, err := decode(code)
		if se, ok := err.(*SyntaxError); ok {
			se.Line = n
			if se.Col > 0 {
				se.Col += lead
			}
			return nil, se
		} else if err != nil {
			return nil, err
		}
		f = &File{Code: c, Board: b}
	}
	if f == nil {
		return nil, &SyntaxError{Format: "apgcode", Line: 1, Msg: "no code", Err: ErrFormat}
	}
	return f, nil
}

// Write writes c on a line of its own, the file Read reads. It writes the
// code of an object too large to encode ("ov_p30") too, which Read refuses:
// it shows no pattern.
func Write(w io.Writer, c Code) error {
	_, err := io.WriteString(w, c.String()+"\n")
	return err
}
