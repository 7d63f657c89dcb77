package tmpl_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// roundTrip checks that a template a reader accepted is a valid problem
// box or fails validation with an error, and that WriteLLS writes what
// ReadLLS reads back as the same template.
func roundTrip(t *testing.T, tpl *tmpl.Template) {
	if tpl.Width <= 0 || tpl.Height <= 0 || len(tpl.Gens) == 0 {
		t.Fatalf("accepted an empty template %dx%d over %d", tpl.Width, tpl.Height, len(tpl.Gens))
	}
	_ = lifesat.Reaction(tpl).Validate() // must not panic
	var buf strings.Builder
	if err := tmpl.WriteLLS(&buf, tpl); err != nil {
		return // a name LLS cannot write
	}
	back, err := tmpl.ReadLLS(strings.NewReader(buf.String()))
	if err != nil {
		t.Fatalf("reading back %q: %v", buf.String(), err)
	}
	if !same(tpl, back) {
		t.Fatalf("read back differently:\n%s\nas\n%s", tpl, back)
	}
}

func FuzzReadLLS(f *testing.F) {
	lifetest.Seed(f, "testdata/*.lls",
		"0 0\n0 0",
		"0,c0,-c0,*\n1',-0'',--x,-*\n\n1 1 1 1\n1 1 1 1",
		"0 0 # c\n# c\n0 0\r\n",
		"0 0\r0 0\r\r1 1\r1 1",
		"07 +7 1_0 -01",
		"x\u2019 y\u00e2\u0080\u0099",
		// Invalid.
		"", "0 0\n0", "0 00", "'", "- 0", "0 0\n\n0 0\n0 0",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		tpl, err := tmpl.ReadLLS(bytes.NewReader(data))
		if err != nil {
			return
		}
		roundTrip(t, tpl)
	})
}

func FuzzReadPicture(f *testing.F) {
	lifetest.Seed(f, "testdata/*.txt",
		"!c\n.O?\n?Ab\n\n===\n?..\n",
		"O\r\n\r\n=",
		// Invalid.
		"", "..\n.", ".o", "=", "..\n\n..\n..",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		tpl, err := tmpl.ReadPicture(bytes.NewReader(data))
		if err != nil {
			return
		}
		roundTrip(t, tpl)
	})
}

func FuzzRead(f *testing.F) {
	lifetest.Seed(f, "testdata/*.*", "0 0\n0 0", ".O\n?a", "!x\n# y\n0")
	f.Fuzz(func(t *testing.T, data []byte) {
		tpl, err := tmpl.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		roundTrip(t, tpl)
	})
}

// FuzzPictureStaysAPicture: format detection looks at a picture as a
// person does. A picture drawn from the fuzzer's bytes is read by Read as
// that picture when it is indented, has '!' comment lines, or CRLF line
// ends - never as an LLS file, whose one-token rows it would also parse.
func FuzzPictureStaysAPicture(f *testing.F) {
	f.Add([]byte{3, 2, 0, 1, 2, 3, 4, 1}, uint8(2), true, true)
	f.Add([]byte{1, 1, 1}, uint8(1), false, false)
	f.Add([]byte{5, 3, 0, 0, 1, 0, 0, 1, 1, 2, 3, 1, 0, 0, 4, 4, 0}, uint8(4), true, false)
	f.Fuzz(func(t *testing.T, cells []byte, indent uint8, comments, crlf bool) {
		if len(cells) < 2 {
			return
		}
		w, h := 1+int(cells[0])%6, 1+int(cells[1])%6
		cells = cells[2:]
		const chars = ".O?ab"
		var rows []string
		for y := range h {
			var row []byte
			for x := range w {
				c := byte(0)
				if i := y*w + x; i < len(cells) {
					c = cells[i]
				}
				row = append(row, chars[int(c)%len(chars)])
			}
			rows = append(rows, string(row))
		}
		plain := strings.Join(rows, "\n") + "\n"
		want, err := tmpl.ReadPicture(strings.NewReader(plain))
		if err != nil {
			t.Fatalf("%q: %v", plain, err)
		}
		pad := strings.Repeat(" ", int(indent)%5) + strings.Repeat("\t", int(indent)/5%2)
		var lines []string
		if comments {
			lines = append(lines, "! a picture", "  !indented comment")
		}
		for i, r := range rows {
			lines = append(lines, pad+r)
			if comments && i == 0 {
				lines = append(lines, "!between rows")
			}
		}
		end := "\n"
		if crlf {
			end = "\r\n"
		}
		dressed := strings.Join(lines, end) + end
		got, err := tmpl.Read(strings.NewReader(dressed))
		if err != nil {
			t.Fatalf("%q read as %v", dressed, err)
		}
		if !same(got, want) {
			t.Fatalf("%q read as\n%s\nwant\n%s", dressed, got, want)
		}
	})
}
