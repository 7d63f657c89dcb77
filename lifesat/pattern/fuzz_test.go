package pattern_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/apgcode"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// FuzzRead checks that Read never panics and that whatever it accepts,
// Write writes in the same format and Read reads back as the same board,
// format and rule. An apgcode is the exception: Write names the object
// the board is, in its canonical phase and orientation, so what reads back
// is that picture, which Write names the same; and a board that is no
// object (apgcode.ErrNotPeriodic) has no code to write.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		gliderRLE, gliderCells, gliderMatrix,
		"x = 0, y = 0\n!",
		"x = 1, y = 1, rule = B/S\no!",
		"x = 0, y = 3, rule = 23/36\n!",
		"!only a comment\n",
		"",
		// Invalid.
		"hello",
		"#N\n!Name\n",
		"x = 3, y = 3\nbo$2bz$3o!",
		".O\n.o\n",
		"2 3\n0 2 0\n0 0 0\n",
		// Apgcodes: canonical, not canonical, no object, invalid.
		"xq4_153\n", "xp2_111", "xs3_7", "xs1_1", "xs4_3A", "xs5_33", "xq4_153\nxs4_33",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := pattern.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := pattern.Write(&buf, p.Board, p.Format, p.Rule); err != nil {
			if p.Format == pattern.Apgcode && errors.Is(err, apgcode.ErrNotPeriodic) {
				return
			}
			t.Fatalf("Write of a %v pattern Read accepted: %v", p.Format, err)
		}
		if p.Format == pattern.Apgcode {
			code := buf.String()
			if strings.HasPrefix(code, "ov_") {
				return // too large to encode: no picture to read back
			}
			q, err := pattern.Read(&buf)
			if err != nil || q.Format != pattern.Apgcode {
				t.Fatalf("reading back %q: %v, %v", code, q, err)
			}
			var again bytes.Buffer
			if err := pattern.Write(&again, q.Board, q.Format, q.Rule); err != nil || again.String() != code {
				t.Fatalf("the picture of %q is written %q, %v", code, again.String(), err)
			}
			return
		}
		q, err := pattern.Read(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("reading back %q: %v", buf.Bytes(), err)
		}
		if q.Format != p.Format {
			t.Fatalf("wrote %v, read back %v", p.Format, q.Format)
		}
		if !q.Board.Equal(p.Board) {
			t.Fatalf("board changed:\n%s\nto\n%s", p.Board, q.Board)
		}
		want := p.Rule
		if want.IsZero() {
			want = rule.Life // Write's zero Rule
		}
		if q.Rule != want {
			t.Fatalf("rule changed from %v to %v", p.Rule, q.Rule)
		}
	})
}
