package pattern

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/lifesat/lifesat/lifesat/apgcode"
	"github.com/lifesat/lifesat/lifesat/cells"
	"github.com/lifesat/lifesat/lifesat/internal/textio"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/matrix"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// A Format is a pattern file format. The zero Format is none of them.
type Format int

const (
	// RLE is the Run Length Encoded format of package rle.
	RLE Format = iota + 1
	// Cells is the plaintext .cells format of package cells.
	Cells
	// Matrix is the 0/1 matrix format of package matrix.
	Matrix
	// Apgcode is Catagolue's name of an object, such as "xq4_153", on a
	// line of its own: package apgcode.
	Apgcode
)

// String is the format's name as ParseFormat reads it: "rle", "cells",
// "matrix" or "apgcode".
func (f Format) String() string {
	switch f {
	case RLE:
		return "rle"
	case Cells:
		return "cells"
	case Matrix:
		return "matrix"
	case Apgcode:
		return "apgcode"
	}
	return "Format(" + strconv.Itoa(int(f)) + ")"
}

// ErrFormat is wrapped by the errors of ParseFormat, Detect and Write for
// a format that is unknown or cannot be told.
var ErrFormat = errors.New("pattern: unknown format")

// A SyntaxError reports where and why a pattern file cannot be read: the
// Line, the byte column Col (0 when the whole line is meant), the Msg and
// the Err it wraps. Detect returns one with Format "pattern", wrapping
// ErrFormat, when no format matches a line:
// "pattern: line 1: none of the formats rle, cells, matrix, apgcode matches ...".
//
// It is the one syntax error type of the format packages, so
// *rle.SyntaxError, *cells.SyntaxError and *matrix.SyntaxError are the same
// type: tell them apart by Format, or by errors.Is with a package's ErrFormat.
type SyntaxError = textio.SyntaxError

// ParseFormat returns the format named "rle", "cells" (or "plaintext"),
// "matrix" or "apgcode", in any case. A leading dot is ignored, so a file name's
// extension works too: ParseFormat(filepath.Ext("gun.rle")) is RLE.
func ParseFormat(name string) (Format, error) {
	switch strings.ToLower(strings.TrimPrefix(strings.TrimSpace(name), ".")) {
	case "rle":
		return RLE, nil
	case "cells", "plaintext":
		return Cells, nil
	case "matrix":
		return Matrix, nil
	case "apgcode":
		return Apgcode, nil
	}
	return 0, fmt.Errorf("%w %q: want rle, cells (or plaintext), matrix or apgcode", ErrFormat, name)
}

// Detect tells the format of a pattern file from its first lines, skipping
// blank lines:
//   - RLE: after any '#' comment lines, a line starting with 'x' and
//     holding '=' (the header "x = W, y = H");
//   - Matrix: a first line of two integers ("rows cols");
//   - Cells: after any '!' comment lines, a row of '.', 'O' and '*', or
//     nothing at all (an empty file is the empty plaintext pattern);
//   - Apgcode: a line starting with "xs", "xp" or "xq", digits and '_'
//     ("xq4_153").
//
// Only the first line that is neither blank nor a comment is looked at; the
// reader of the format checks the rest. When no format matches, Detect
// returns a *SyntaxError wrapping ErrFormat.
func Detect(data []byte) (Format, error) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	var comment byte // the comment marker seen so far: '#', '!' or none
	for n := 1; len(data) > 0; n++ {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte("\n"))
		t := string(bytes.TrimSpace(line))
		if t == "" {
			continue
		}
		if (t[0] == '#' || t[0] == '!') && (comment == 0 || comment == t[0]) {
			comment = t[0]
			continue
		}
		switch {
		case comment != '!' && t[0] == 'x' && strings.Contains(t, "="):
			return RLE, nil
		case comment == 0 && isSize(t):
			return Matrix, nil
		case comment != '#' && strings.Trim(t, ".O*") == "":
			return Cells, nil
		case comment == 0 && isApgcode(t):
			return Apgcode, nil
		}
		if comment != '!' && isRLEBody(t) {
			return 0, &SyntaxError{Format: "pattern", Line: n, Err: ErrFormat,
				Msg: "an RLE body without its header line: add \"x = W, y = H\" (the width and height) before " + textio.Quote(t)}
		}
		return 0, &SyntaxError{Format: "pattern", Line: n, Err: ErrFormat,
			Msg: "none of the formats rle, cells, matrix, apgcode matches " + textio.Quote(t)}
	}
	if comment == '#' {
		return RLE, nil // the RLE reader reports the missing header
	}
	return Cells, nil
}

// isRLEBody reports whether s looks like the runs of an RLE body: run
// counts, the tags b, o and $ (and other letters, for states Life does
// not have), and perhaps the final '!'.
func isRLEBody(s string) bool {
	tags := 0
	for _, c := range s {
		switch {
		case c == 'b' || c == 'o' || c == '$':
			tags++
		case c >= '0' && c <= '9' || c == '!' || c == ' ' || c == '\t':
		default:
			return false
		}
	}
	return tags > 0 && (strings.ContainsAny(s, "$!") || strings.ContainsAny(s, "0123456789"))
}

// isSize reports whether s is two unsigned integers, like "4 6".
func isSize(s string) bool {
	f := strings.Fields(s)
	return len(f) == 2 && isDigits(f[0]) && isDigits(f[1])
}

func isDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// isApgcode reports whether s starts like the code of a still life,
// oscillator or spaceship: "xs", "xp" or "xq", digits and '_'. The reader
// checks the rest.
func isApgcode(s string) bool {
	if len(s) < 4 || s[0] != 'x' || !strings.ContainsRune("spq", rune(s[1])) {
		return false
	}
	n, _, ok := strings.Cut(s[2:], "_")
	return ok && isDigits(n)
}

// A File is a board read from a file in any of the formats.
type File struct {
	Board  *life.Board
	Format Format // the format Detect found

	// Rule is the rule named in the file, or rule.Life when it names
	// none (HasRule false). Only RLE files name rules; an apgcode is read
	// as Life's.
	Rule    rule.Rule
	HasRule bool

	// Comments are the file's comment lines ("#" lines in RLE, "!" lines
	// in plaintext) without their marker.
	Comments []string
}

// peek is how much of the input Read looks at to tell the format.
const peek = 64 << 10

// Read detects the format of r's contents (see Detect) and reads the
// pattern with that format's reader. Read looks at the first 64 KiB to
// decide, and hands the whole input to the format's reader.
//
// An apgcode reads as the picture of its body (apgcode.Decode), in the
// phase and orientation the code shows.
//
// Errors are those of the format's reader (a *SyntaxError with Format
// "rle", "cells", "matrix" or "apgcode", wrapping that package's ErrFormat
// or ErrTooLarge), or the *SyntaxError of Detect.
func Read(r io.Reader) (*File, error) {
	br := bufio.NewReaderSize(r, peek)
	head, err := br.Peek(peek)
	switch {
	case err == bufio.ErrBufferFull || err == nil:
		// The last line may be cut short: leave it out.
		if i := bytes.LastIndexByte(head, '\n'); i >= 0 {
			head = head[:i+1]
		} else {
			head = nil
		}
	case err != io.EOF:
		return nil, fmt.Errorf("pattern: %w", err)
	}
	f, err := Detect(head)
	if err != nil {
		return nil, err
	}
	p := &File{Format: f, Rule: rule.Life}
	switch f {
	case RLE:
		q, err := rle.Read(br)
		if err != nil {
			return nil, err
		}
		p.Board, p.Rule, p.HasRule, p.Comments = q.Board, q.Rule, q.HasRule, q.Comments
	case Cells:
		q, err := cells.Read(br)
		if err != nil {
			return nil, err
		}
		p.Board, p.Comments = q.Board, q.Comments
	case Matrix:
		if p.Board, err = matrix.Read(br); err != nil {
			return nil, err
		}
	case Apgcode:
		q, err := apgcode.Read(br)
		if err != nil {
			return nil, err
		}
		p.Board = q.Board
	}
	return p, nil
}

// Write writes b in format f. The rule goes into the RLE header in
// canonical form; the zero Rule, which names no rule, stands for
// rule.Life there, as in the search settings (a rule read from "B/S"
// is not the zero Rule and is written "B/S"). The other
// formats cannot name a rule and ignore it. See rle.Write, cells.Write and
// matrix.Write for the layout and for the boards each cannot write.
//
// Apgcode writes the name of the object b is under r (the zero Rule again
// meaning Life): apgcode.Identify with its default limits simulates b, so
// the board's position and its phase and orientation are not kept, and a
// board that is no still life, oscillator or spaceship is an error
// wrapping apgcode.ErrNotPeriodic. An object too large to encode is
// written as its "ov_" code, which Read refuses.
func Write(w io.Writer, b *life.Board, f Format, r rule.Rule) error {
	switch f {
	case RLE:
		if r.IsZero() {
			r = rule.Life
		}
		return rle.Write(w, &rle.File{Board: b, Rule: r, HasRule: true})
	case Cells:
		return cells.Write(w, &cells.File{Board: b})
	case Matrix:
		return matrix.Write(w, b)
	case Apgcode:
		if r.IsZero() {
			r = rule.Life
		}
		o, err := apgcode.Identify(context.Background(), b, r, nil)
		if err != nil {
			return err
		}
		return apgcode.Write(w, o.Code)
	}
	return fmt.Errorf("%w %v", ErrFormat, f)
}
