package apgcode

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/lifesat/lifesat/lifesat/internal/textio"
)

// A Kind is the type of a periodic object: the letter after the 'x' of its
// code.
type Kind byte

// The kinds of object an apgcode names.
const (
	Still      Kind = 's' // a still life, "xs", numbered by its population
	Oscillator Kind = 'p' // an oscillator, "xp", numbered by its period
	Ship       Kind = 'q' // a spaceship, "xq", numbered by its period
)

// String names the kind: "still life", "oscillator" or "spaceship".
func (k Kind) String() string {
	switch k {
	case Still:
		return "still life"
	case Oscillator:
		return "oscillator"
	case Ship:
		return "spaceship"
	}
	return "Kind(" + strconv.Quote(string(rune(k))) + ")"
}

// A Code is an apgcode taken apart: "xq4_153" is Code{Ship, 4, "153"}.
type Code struct {
	Kind Kind
	// N is the population of a still life and the period of an
	// oscillator or a spaceship.
	N int
	// Body is the picture in extended Wechsler format. It is "" for an
	// object too large to encode, whose code is "ov_" followed by the kind
	// and N: "ov_p30".
	Body string
}

// String is the code as Catagolue writes it: "xs4_33", "xp2_7", "xq4_153",
// or "ov_s40" when Body is "".
func (c Code) String() string {
	if c.Body == "" {
		return "ov_" + string(rune(c.Kind)) + strconv.Itoa(c.N)
	}
	return "x" + string(rune(c.Kind)) + strconv.Itoa(c.N) + "_" + c.Body
}

var (
	// ErrFormat is wrapped by every error of Parse, Decode and Read for
	// text that is not an apgcode this package reads.
	ErrFormat = errors.New("apgcode: invalid code")

	// ErrTooLarge is wrapped by the errors of Decode and Read for a code
	// whose picture has a side above 65536 or more than 1<<24 cells, and
	// by Read for a line longer than 1 MiB.
	ErrTooLarge = errors.New("apgcode: pattern too large")
)

// A SyntaxError reports where and why a code cannot be read: the Line (1
// for Parse and Decode), the byte column Col, the Msg and the Err it wraps,
// ErrFormat or ErrTooLarge. Its Format is "apgcode", and it formats as
// "apgcode: line 1, column 7: unexpected 'A'".
//
// It is the type of the other format packages' syntax errors
// (rle.SyntaxError, cells.SyntaxError, ...): tell them apart by Format, or
// by errors.Is(err, ErrFormat).
type SyntaxError = textio.SyntaxError

// maxN bounds the number of a code, so that it fits an int anywhere.
const maxN = 1 << 30

// Parse takes a code apart: "xs<population>_<body>", "xp<period>_<body>",
// "xq<period>_<body>" or, for an object too large to encode,
// "ov_s<population>", "ov_p<period>" and "ov_q<period>". It checks the
// body's syntax (see Decode), and that the number is a decimal without
// leading zeros, at least 2 for an oscillator and at least 1 for a
// spaceship. It does not check that the body shows an object of that kind:
// Identify of the decoded board does.
//
// Other codes of Catagolue - "yl" for linear growth, "zz_" and "methuselah_"
// for the rest - and multistate codes, whose bodies hold '_', name no
// single pattern and are errors.
func Parse(s string) (Code, error) {
	fail := func(col int, format string, args ...any) (Code, error) {
		return Code{}, &SyntaxError{Format: "apgcode", Line: 1, Col: col, Msg: fmt.Sprintf(format, args...), Err: ErrFormat}
	}
	var c Code
	i := 0 // where the kind letter is
	switch {
	case strings.HasPrefix(s, "x"):
		i = 1
	case strings.HasPrefix(s, "ov_"):
		i = 3
	case s == "":
		return fail(0, "empty code")
	default:
		return fail(1, "%s is not a code of a still life, oscillator or spaceship (xs, xp, xq)", textio.Quote(s))
	}
	if i >= len(s) || !strings.ContainsRune("spq", rune(s[i])) {
		return fail(i+1, "want s, p or q after %q", s[:i])
	}
	c.Kind = Kind(s[i])
	j := i + 1
	for j < len(s) && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	digits := s[i+1 : j]
	switch {
	case digits == "":
		return fail(i+2, "want a number after %q", s[:i+1])
	case len(digits) > 1 && digits[0] == '0':
		return fail(i+2, "number %s with a leading zero", digits)
	case len(digits) > 9:
		return fail(i+2, "number %s too large", digits)
	}
	c.N, _ = strconv.Atoi(digits)
	if c.N > maxN {
		return fail(i+2, "number %s too large", digits)
	}
	switch {
	case c.Kind == Oscillator && c.N < 2:
		return fail(i+2, "an oscillator has a period of at least 2, not %d (a period-1 object is a still life, xs)", c.N)
	case c.Kind == Ship && c.N < 1:
		return fail(i+2, "a spaceship has a period of at least 1, not %d", c.N)
	}
	if i == 3 { // ov_
		if j < len(s) {
			return fail(j+1, "unexpected %q after an oversized code", s[j:j+1])
		}
		return c, nil
	}
	if j >= len(s) || s[j] != '_' {
		return fail(j+1, "want '_' after %q", s[:j])
	}
	c.Body = s[j+1:]
	if _, _, err := scan(c.Body, j+1); err != nil {
		return Code{}, err
	}
	return c, nil
}
