package apgcode_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/apgcode"
)

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want apgcode.Code
	}{
		{"xs4_33", apgcode.Code{Kind: apgcode.Still, N: 4, Body: "33"}},
		{"xs0_0", apgcode.Code{Kind: apgcode.Still, N: 0, Body: "0"}},
		{"xp2_7", apgcode.Code{Kind: apgcode.Oscillator, N: 2, Body: "7"}},
		{"xq4_153", apgcode.Code{Kind: apgcode.Ship, N: 4, Body: "153"}},
		{"xq1_7", apgcode.Code{Kind: apgcode.Ship, N: 1, Body: "7"}},
		{"xp30_w33z8kqrqk8zzzw33", apgcode.Code{Kind: apgcode.Oscillator, N: 30, Body: "w33z8kqrqk8zzzw33"}},
		{"ov_s40", apgcode.Code{Kind: apgcode.Still, N: 40}},
		{"ov_p30", apgcode.Code{Kind: apgcode.Oscillator, N: 30}},
		{"ov_q4", apgcode.Code{Kind: apgcode.Ship, N: 4}},
	} {
		got, err := apgcode.Parse(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %#v, %v; want %#v", tt.in, got, err, tt.want)
			continue
		}
		if s := got.String(); s != tt.in {
			t.Errorf("String() = %q, want %q", s, tt.in)
		}
	}
	for k, want := range map[apgcode.Kind]string{apgcode.Still: "still life", apgcode.Oscillator: "oscillator", apgcode.Ship: "spaceship", 't': `Kind("t")`} {
		if got := k.String(); got != want {
			t.Errorf("Kind %q: String() = %q, want %q", byte(k), got, want)
		}
	}
}

// TestDecodeErrors checks that bad codes give one-line errors, with the
// column, wrapping ErrFormat or ErrTooLarge.
func TestDecodeErrors(t *testing.T) {
	for _, tt := range []struct {
		in, msg string
		err     error
	}{
		{"", "apgcode: line 1, column 1: empty body", apgcode.ErrFormat},
		{"xs4_", "apgcode: line 1, column 5: empty body", apgcode.ErrFormat},
		{"_", "apgcode: line 1, column 1: \"_\" is not a code of a still life, oscillator or spaceship (xs, xp, xq)", apgcode.ErrFormat},
		{"xs4_3A", "apgcode: line 1, column 6: unexpected \"A\": apgcodes are lower case", apgcode.ErrFormat},
		{"33_33", "apgcode: line 1, column 1: \"33_33\" is not a code of a still life, oscillator or spaceship (xs, xp, xq)", apgcode.ErrFormat},
		{"xs8_33_33", "apgcode: line 1, column 7: unexpected '_': multistate codes are not supported", apgcode.ErrFormat},
		{"xs5_33", "apgcode: line 1, column 5: the body of \"xs5_33\" has 4 live cells, not 5", apgcode.ErrFormat},
		{"xp1_7", "apgcode: line 1, column 3: an oscillator has a period of at least 2, not 1 (a period-1 object is a still life, xs)", apgcode.ErrFormat},
		{"xq0_7", "apgcode: line 1, column 3: a spaceship has a period of at least 1, not 0", apgcode.ErrFormat},
		{"xs04_33", "apgcode: line 1, column 3: number 04 with a leading zero", apgcode.ErrFormat},
		{"xs_33", "apgcode: line 1, column 3: want a number after \"xs\"", apgcode.ErrFormat},
		{"xp2345678901_7", "apgcode: line 1, column 3: number 2345678901 too large", apgcode.ErrFormat},
		{"xt4_33", "apgcode: line 1, column 2: want s, p or q after \"x\"", apgcode.ErrFormat},
		{"xs4-33", "apgcode: line 1, column 4: unexpected '-'", apgcode.ErrFormat}, // no '_': a bare body
		{"xs4", "", nil}, // a bare body: 3 blank columns, then 's' and '4'
		{"xs4.3_3", "apgcode: line 1, column 4: want '_' after \"xs4\"", apgcode.ErrFormat},
		{"ov_p30", "apgcode: line 1: ov_p30 names an object too large to encode, not a picture", apgcode.ErrFormat},
		{"ov_p30_1", "apgcode: line 1, column 7: unexpected \"_\" after an oversized code", apgcode.ErrFormat},
		{"yl144_1_16_afb5f3db909e60548f086e22ee3353ac", "apgcode: line 1, column 1: \"yl144_1_16_afb5f3db9\"... is not a code of a still life, oscillator or spaceship (xs, xp, xq)", apgcode.ErrFormat},
		{"xs4_3y", "apgcode: line 1, column 6: 'y' at the end: want the length of a run of blank columns after it", apgcode.ErrFormat},
		{"xs4_3y!3", "apgcode: line 1, column 7: want a character 0-9 or a-z after 'y', not \"!\"", apgcode.ErrFormat},
		{"33 ", "apgcode: line 1, column 3: unexpected ' '", apgcode.ErrFormat},
		{"3\xff", "apgcode: line 1, column 2: unexpected byte 0xff", apgcode.ErrFormat},
		{"3é", "apgcode: line 1, column 2: unexpected 'é'", apgcode.ErrFormat},
		{"1" + strings.Repeat("yz", 1700) + "1", "apgcode: line 1, column 1: picture of 66302x1 cells is larger than 16777216 cells or 65536 a side", apgcode.ErrTooLarge},
		{"1" + strings.Repeat("z", 13200) + "1", "apgcode: line 1, column 1: picture of 1x66001 cells is larger than 16777216 cells or 65536 a side", apgcode.ErrTooLarge},
	} {
		b, err := apgcode.Decode(tt.in)
		if tt.err == nil {
			if err != nil {
				t.Errorf("Decode(%q): %v", tt.in, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("Decode(%.30q) = a %dx%d board, want an error", tt.in, b.Width(), b.Height())
			continue
		}
		var se *apgcode.SyntaxError
		if err.Error() != tt.msg || !errors.Is(err, tt.err) || !errors.As(err, &se) {
			t.Errorf("Decode(%.30q): %v; want %s (wrapping %v)", tt.in, err, tt.msg, tt.err)
		}
	}
}

func TestRead(t *testing.T) {
	f, err := apgcode.Read(strings.NewReader("\uFEFF\r\n xp2_7e \r\n\r\n"))
	if err != nil || f.Code.String() != "xp2_7e" || f.Board.String() != "O.\nOO\nOO\n.O\n" {
		t.Fatalf("Read: %v, %v", f, err)
	}
	for _, tt := range []struct {
		in, msg string
		err     error
	}{
		{"", "apgcode: line 1: no code", apgcode.ErrFormat},
		{"\n\n", "apgcode: line 1: no code", apgcode.ErrFormat},
		{"\n\n  xs4_3A\n", "apgcode: line 3, column 8: unexpected \"A\": apgcodes are lower case", apgcode.ErrFormat},
		{"\n ov_s8\n", "apgcode: line 2: ov_s8 names an object too large to encode, not a picture", apgcode.ErrFormat},
		{"33\n", "apgcode: line 1, column 1: want a code such as xs4_33, not \"33\"", apgcode.ErrFormat},
		{"xs4_33\n\nxp2_7\n", "apgcode: line 3: more than one code", apgcode.ErrFormat},
		{"xs4_" + strings.Repeat("0", 1<<20), "apgcode: line 1: line longer than 1048576 bytes", apgcode.ErrTooLarge},
	} {
		_, err := apgcode.Read(strings.NewReader(tt.in))
		if err == nil || err.Error() != tt.msg || !errors.Is(err, tt.err) {
			t.Errorf("Read(%.20q): %v; want %s", tt.in, err, tt.msg)
		}
	}
}
