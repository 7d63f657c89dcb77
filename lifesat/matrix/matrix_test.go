package matrix_test

import (
	"bytes"
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/matrix"
	"github.com/lifesat/lifesat/lifesat/rule"
)

func readFile(t *testing.T, name string) *life.Board {
	return lifetest.ReadFile(t, name, matrix.Read)
}

// The reverse-Life README gives a board T1 (entrada.txt) and the program's
// answer T0 (its terminal output, t0-output.txt), with the claim that T0 steps to T1.
func TestReverseLifeREADME(t *testing.T) {
	t1 := readFile(t, "testdata/entrada.txt")
	t0 := readFile(t, "testdata/t0-output.txt")
	if got, want := t1.String(), "......\n..OO..\n...OO.\n......\n"; got != want {
		t.Errorf("entrada.txt:\n%s want\n%s", got, want)
	}
	if got := life.Step(t0, rule.Life, life.Dead); !got.Equal(t1) {
		t.Errorf("T0 steps to\n%s want T1\n%s", got, t1)
	}
}

func TestRead(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // the board in Board.String notation
	}{
		{"one cell", "1 1\n1\n", "O\n"},
		{"rows first", "2 3\n1 0 0\n0 0 1\n", "O..\n..O\n"},
		{"blank lines around, CRLF, tabs and runs of spaces, no final newline", "\n\n2 3\r\n1\t0  0 \r\n 0 0 1\r\n\r\n\n", "O..\n..O\n"},
		{"byte order mark", "\uFEFF1 2\n0 1", ".O\n"},
	}
	for _, tt := range tests {
		b, err := matrix.Read(strings.NewReader(tt.in))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := b.String(); got != tt.want {
			t.Errorf("%s:\n%s want\n%s", tt.name, got, tt.want)
		}
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		in        string
		line, col int
		msg       string
		err       error
	}{
		{"", 1, 0, `missing the first line "rows cols"`, matrix.ErrFormat},
		{"\n\n", 3, 0, `missing the first line "rows cols"`, matrix.ErrFormat},
		{"4\n", 1, 0, "got 1 values", matrix.ErrFormat},
		{"4 6 1\n", 1, 0, "got 3 values", matrix.ErrFormat},
		{"0 6\n", 1, 1, "rows = 0: want a positive integer", matrix.ErrFormat},
		{"2 -6\n", 1, 3, `cols = "-6": want a positive integer`, matrix.ErrFormat},
		{"2 x\n", 1, 3, `cols = "x"`, matrix.ErrFormat},
		{"100000 1\n", 1, 1, `rows = "100000": more than 65536`, matrix.ErrTooLarge},
		{"1 99999999999999999999999\n", 1, 3, "more than 65536", matrix.ErrTooLarge},
		{"65536 65536\n", 1, 0, "65536 x 65536 is more than 16777216 cells", matrix.ErrTooLarge},
		{"2 3\n0 0 0\n", 3, 0, "missing row 2 of 2", matrix.ErrFormat},
		{"2 3\n0 0 0\n\n0 0 0\n", 3, 0, "row 2 has 0 values, want 3", matrix.ErrFormat},
		{"2 3\n0 0 0\n0 0\n", 3, 0, "row 2 has 2 values, want 3", matrix.ErrFormat},
		{"2 3\n0 0 0 0\n0 0 0\n", 2, 7, "row 1 has more than 3 values", matrix.ErrFormat},
		{"2 3\n0 2 0\n0 0 0\n", 2, 3, `unexpected "2": want 0 or 1`, matrix.ErrFormat},
		{"2 3\n0 0 0\n0 00 0\n", 3, 3, `unexpected "00"`, matrix.ErrFormat},
		{"2 3\n0 0 0\n0 0 0\n\n1 1 1\n", 5, 1, "more than 2 rows", matrix.ErrFormat},
		{"1 1\n" + strings.Repeat(" ", 1<<20) + "1\n", 2, 0, "line longer than", matrix.ErrTooLarge},
	}
	for _, tt := range tests {
		_, err := matrix.Read(strings.NewReader(tt.in))
		var se *matrix.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%.20q: error %v, want a *SyntaxError", tt.in, err)
			continue
		}
		if se.Line != tt.line || se.Col != tt.col || !strings.Contains(se.Msg, tt.msg) || !errors.Is(err, tt.err) {
			t.Errorf("%.20q:\n got %v (%v)\nwant line %d, column %d: %s (%v)", tt.in, err, se.Err, tt.line, tt.col, tt.msg, tt.err)
		}
	}
	_, err := matrix.Read(strings.NewReader("2 3\n0 0 0\n0 0 z\n"))
	if got, want := err.Error(), `matrix: line 3, column 5: unexpected "z": want 0 or 1`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestHugeHeaderDoesNotAllocate(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for _, in := range []string{"100000000 100000000\n", "65536 65536\n", "4096 4097\n"} {
		if _, err := matrix.Read(strings.NewReader(in)); !errors.Is(err, matrix.ErrTooLarge) {
			t.Errorf("%q: %v, want ErrTooLarge", in, err)
		}
	}
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("refusing huge sizes allocated %d bytes", n)
	}
}

func TestWrite(t *testing.T) {
	t1 := readFile(t, "testdata/entrada.txt")
	var buf bytes.Buffer
	if err := matrix.Write(&buf, t1); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/entrada.txt")
	if err != nil {
		t.Fatal(err)
	}
	if buf.String() != string(want) {
		t.Errorf("wrote\n%s want\n%s", buf.String(), want)
	}
	for _, b := range []*life.Board{nil, life.NewBoard(0, 0), life.NewBoard(0, 3), life.NewBoard(3, 0)} {
		if err := matrix.Write(&bytes.Buffer{}, b); err == nil {
			t.Errorf("Write(%v) succeeded", b)
		}
	}
}
