package textio_test

import (
	"bufio"
	"errors"
	"io"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/lifesat/lifesat/lifesat/internal/textio"
)

func TestSyntaxError(t *testing.T) {
	errFormat := errors.New("rle: invalid format")
	tests := []struct {
		e    *textio.SyntaxError
		want string
	}{
		{&textio.SyntaxError{Format: "rle", Line: 3, Col: 7, Msg: "unexpected 'z'", Err: errFormat},
			"rle: line 3, column 7: unexpected 'z'"},
		{&textio.SyntaxError{Format: "cells", Line: 3, Msg: "more than 65536 rows", Err: errFormat},
			"cells: line 3: more than 65536 rows"},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
		var err error = tt.e
		if !errors.Is(err, errFormat) {
			t.Errorf("%v does not wrap its Err", err)
		}
	}
}

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `""`},
		{"bo$2bo", `"bo$2bo"`},
		{"a\tb", `"a\tb"`},
		{strings.Repeat("a", 20), `"aaaaaaaaaaaaaaaaaaaa"`},
		{strings.Repeat("a", 21), `"aaaaaaaaaaaaaaaaaaaa"...`},
		// 'é' takes bytes 20 and 21: the cut goes before it, not through it.
		{strings.Repeat("a", 19) + "éé", `"aaaaaaaaaaaaaaaaaaa"...`},
		{strings.Repeat("é", 11), `"éééééééééé"...`},
	}
	for _, tt := range tests {
		if got := textio.Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestTooManyCells checks the division against the product, where the
// product does not overflow, and the sides of the largest boxes.
func TestTooManyCells(t *testing.T) {
	sides := []int{0, 1, 2, 3, 255, 256, 257, 4095, 4096, 4097, 1 << 16, 1<<16 + 1, 1 << 24, 1<<24 + 1}
	for _, w := range sides {
		for _, h := range sides {
			if got, want := textio.TooManyCells(w, h), w*h > textio.MaxCells; got != want {
				t.Errorf("TooManyCells(%d, %d) = %v, want %v", w, h, got, want)
			}
		}
	}
	if !textio.TooManyCells(math.MaxInt, math.MaxInt) || textio.TooManyCells(math.MaxInt, 0) {
		t.Error("TooManyCells is wrong at math.MaxInt")
	}
}

func TestReadLine(t *testing.T) {
	long := strings.Repeat("a", 5000) // longer than bufio's default buffer
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"empty", "", nil},
		{"LF, CRLF, blank, no final line ending", "a\nb\r\n\nc", []string{"a", "b", "", "c"}},
		{"final line ending", "a\n", []string{"a"}},
		{"every trailing CR goes", "a\r\r\n\r", []string{"a", ""}},
		{"CR inside a line stays", "a\rb\n", []string{"a\rb"}},
		{"longer than the buffer", long + "\n" + long, []string{long, long}},
		{"MaxLine bytes with no line ending", strings.Repeat("a", textio.MaxLine), []string{strings.Repeat("a", textio.MaxLine)}},
	}
	for _, tt := range tests {
		r := bufio.NewReader(strings.NewReader(tt.in))
		var got []string
		for {
			line, err := textio.ReadLine(r)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			got = append(got, line)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %.40q, want %.40q", tt.name, got, tt.want)
		}
	}

	// The line ending counts towards MaxLine.
	for _, in := range []string{strings.Repeat("a", textio.MaxLine+1), strings.Repeat("a", textio.MaxLine) + "\n"} {
		r := bufio.NewReader(strings.NewReader(in))
		if _, err := textio.ReadLine(r); err != textio.ErrLineTooLong {
			t.Errorf("line of %d bytes: %v, want ErrLineTooLong", len(in), err)
		}
	}

	r := bufio.NewReader(iotest.ErrReader(io.ErrUnexpectedEOF))
	if _, err := textio.ReadLine(r); err != io.ErrUnexpectedEOF {
		t.Errorf("failing reader: %v", err)
	}
}

func TestNewReader(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"\uFEFF", ""},
		{"\uFEFFx = 1", "x = 1"},
		{"\uFEFF\uFEFF", "\uFEFF"}, // only the first
		{"\xEF\xBB", "\xEF\xBB"},   // a BOM cut short is data
		{"a\uFEFF", "a\uFEFF"},     // a BOM not at the start is data
	}
	for _, tt := range tests {
		got, err := io.ReadAll(textio.NewReader(strings.NewReader(tt.in)))
		if err != nil || string(got) != tt.want {
			t.Errorf("NewReader(%q) reads %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestIsLine(t *testing.T) {
	for s, want := range map[string]bool{
		"":             true,
		"N Glider":     true,
		"a\rb":         true,
		"two\nlines":   false,
		"ends in CR\r": false,
		"\n":           false,
	} {
		if got := textio.IsLine(s); got != want {
			t.Errorf("IsLine(%q) = %v, want %v", s, got, want)
		}
		// What IsLine accepts, ReadLine reads back.
		if want {
			line, err := textio.ReadLine(bufio.NewReader(strings.NewReader(s + "\n")))
			if err != nil || line != s {
				t.Errorf("%q reads back as %q, %v", s, line, err)
			}
		}
	}
}
