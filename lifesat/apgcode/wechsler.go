package apgcode

import (
	"fmt"
	"image"
	"strings"
	"unicode/utf8"

	"github.com/lifesat/lifesat/lifesat/internal/textio"
	"github.com/lifesat/lifesat/lifesat/life"
)

// digits are the characters of the extended Wechsler format: digits[v] is
// a column of value v (0 to 31, "0" to "v"), and after a 'y' the length
// of a run of blank columns less 4 (0 to 35, "0" to "z").
const digits = "0123456789abcdefghijklmnopqrstuvwxyz"

// Wechsler returns the extended Wechsler form of b's live cells as they
// lie on b, not turned: the body of an apgcode before the canonical
// orientation is chosen. The live cells' bounding box is cut into strips
// of five rows from the top, written one after the other with 'z' between
// them. A strip is written column by column from the left, a column as one
// character of value top cell + 2 x second + 4 x third + 8 x fourth + 16 x
// fifth ("0" to "9", then "a" to "v" for 10 to 31). A run of blank columns
// before a live one is written short: "0" for one, "w" for two, "x" for
// three, "y" and a character for 4 to 39 ("y0" to "yz"), and "yz" again
// for each 39 of a longer run; blank columns at the end of a strip are
// left out, so an empty strip is nothing between two 'z's. The empty
// board is "0".
//
// The block's body is "33": one strip, two columns of value 1 + 2.
func Wechsler(b *life.Board) string {
	box := b.BoundingBox()
	if box.Empty() {
		return "0"
	}
	var sb strings.Builder
	for top := box.Min.Y; top < box.Max.Y; top += 5 {
		if top > box.Min.Y {
			sb.WriteByte('z')
		}
		blank := 0
		for x := box.Min.X; x < box.Max.X; x++ {
			v := 0
			for i := range 5 {
				if b.Alive(x, top+i) {
					v |= 1 << i
				}
			}
			if v == 0 {
				blank++
				continue
			}
			writeBlank(&sb, blank)
			blank = 0
			sb.WriteByte(digits[v])
		}
	}
	return sb.String()
}

// writeBlank writes a run of n blank columns.
func writeBlank(sb *strings.Builder, n int) {
	for ; n >= 40; n -= 39 {
		sb.WriteString("yz")
	}
	switch {
	case n == 1:
		sb.WriteByte('0')
	case n == 2:
		sb.WriteByte('w')
	case n == 3:
		sb.WriteByte('x')
	case n >= 4:
		sb.WriteByte('y')
		sb.WriteByte(digits[n-4])
	}
}

// Encode returns the canonical extended Wechsler body of b's live cells
// among the eight orientations: of the eight bodies Wechsler gives for
// b.Transform(t), t in life.Transforms(), the shortest, and of those the
// first in byte order ('0' < '9' < 'a' < 'z'). That is the body of a still
// life's apgcode; Identify chooses among the phases of an oscillator or a
// spaceship the same way. The empty board is "0".
//
// The blinker, three cells in a row, is "111" lying down and "7" standing
// up: Encode gives "7" either way.
func Encode(b *life.Board) string {
	return encode(b.Crop(b.BoundingBox()), true)
}

// encode returns the best body of the cropped board b among the eight
// orientations, or of b as it lies when turn is false.
func encode(b *life.Board, turn bool) string {
	if !turn {
		return Wechsler(b)
	}
	best := ""
	for _, t := range life.Transforms() {
		if s := Wechsler(b.Transform(t)); best == "" || simpler(s, best) {
			best = s
		}
	}
	return best
}

// simpler reports whether body a comes before body b in the canonical
// order: shorter first, then by bytes.
func simpler(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// A column is one live column of a body: its x from the left end of its
// strip, its strip from the top, and its value, the live cells of its five
// rows as bits (top row = bit 0).
type column struct {
	x, strip int
	v        int
}

// scan reads the body s, which starts at byte offset off of the code (for
// the columns of errors), and returns its live columns and their cells'
// bounding box.
func scan(s string, off int) ([]column, image.Rectangle, error) {
	fail := func(i int, err error, format string, args ...any) ([]column, image.Rectangle, error) {
		return nil, image.Rectangle{}, &SyntaxError{Format: "apgcode", Line: 1, Col: off + i + 1, Msg: fmt.Sprintf(format, args...), Err: err}
	}
	if s == "" {
		return fail(0, ErrFormat, "empty body")
	}
	var cols []column
	var box image.Rectangle
	x, strip := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9' || c >= 'a' && c <= 'v':
			v := strings.IndexByte(digits, c)
			if v != 0 {
				cols = append(cols, column{x, strip, v})
				top, bottom := 0, 4
				for v>>top&1 == 0 {
					top++
				}
				for v>>bottom&1 == 0 {
					bottom--
				}
				box = box.Union(image.Rect(x, 5*strip+top, x+1, 5*strip+bottom+1))
			}
			x++
		case c == 'w':
			x += 2
		case c == 'x':
			x += 3
		case c == 'y':
			if i+1 == len(s) {
				return fail(i, ErrFormat, "'y' at the end: want the length of a run of blank columns after it")
			}
			n := strings.IndexByte(digits, s[i+1])
			if n < 0 {
				return fail(i+1, ErrFormat, "want a character 0-9 or a-z after 'y', not %q", s[i+1:i+2])
			}
			x += 4 + n
			i++
		case c == 'z':
			x = 0
			strip++
		case c >= 'A' && c <= 'Z':
			return fail(i, ErrFormat, "unexpected %q: apgcodes are lower case", s[i:i+1])
		case c == '_':
			return fail(i, ErrFormat, "unexpected '_': multistate codes are not supported")
		default:
			return fail(i, ErrFormat, "unexpected %s", quoteByte(s, i))
		}
	}
	if box.Dx() > textio.MaxSide || box.Dy() > textio.MaxSide || textio.TooManyCells(box.Dx(), box.Dy()) {
		return fail(0, ErrTooLarge, "picture of %dx%d cells is larger than %d cells or %d a side", box.Dx(), box.Dy(), textio.MaxCells, textio.MaxSide)
	}
	return cols, box, nil
}

// quoteByte quotes the character at s[i] for an error message: the
// rune, or the byte when s holds no UTF-8 there.
func quoteByte(s string, i int) string {
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("byte %#02x", s[i])
	}
	return fmt.Sprintf("%q", r)
}
