package cells_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/lifesat/lifesat/lifesat/cells"
	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
)

// FuzzRead checks that Read never panics and that whatever it accepts,
// Write writes and Read reads back unchanged: board and comments.
func FuzzRead(f *testing.F) {
	lifetest.Seed(f, "testdata/*.*",
		"!Name: Glider\n.O\n..O\nOOO\n",
		".**\n**.\n.*.",
		"\uFEFF!c\r\n\r\nO  \r\n\r\n.O\n\n",
		"!only\n",
		"",
		// Invalid.
		".O\n.o\n",
		"..O.!",
		"x = 3, y = 3\nbo$2bo$3o!",
		"O\r.\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := cells.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := cells.Write(&buf, p); err != nil {
			t.Fatalf("Write of a pattern Read accepted: %v", err)
		}
		q, err := cells.Read(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("reading back %q: %v", buf.Bytes(), err)
		}
		if !q.Board.Equal(p.Board) {
			t.Fatalf("board changed:\n%s\nto\n%s", p.Board, q.Board)
		}
		if !slices.Equal(q.Comments, p.Comments) {
			t.Fatalf("comments changed from %q to %q", p.Comments, q.Comments)
		}
	})
}
