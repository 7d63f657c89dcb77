package pattern_test

import (
	"bytes"
	"testing"

	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// FuzzRead checks that Read never panics and that whatever it accepts,
// Write writes in the same format and Read reads back as the same board,
// format and rule.
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
			t.Fatalf("Write of a %v pattern Read accepted: %v", p.Format, err)
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
