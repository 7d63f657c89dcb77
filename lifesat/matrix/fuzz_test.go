package matrix_test

import (
	"bytes"
	"testing"

	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/matrix"
)

// FuzzRead checks that Read never panics and that whatever it accepts,
// Write writes and Read reads back unchanged.
func FuzzRead(f *testing.F) {
	lifetest.Seed(f, "testdata/*.txt",
		"1 1\n1\n",
		"\n2 3\r\n1\t0  0 \r\n 0 0 1\r\n\r\n",
		"\uFEFF1 2\n0 1",
		// Invalid.
		"",
		"0 6\n",
		"2 -6\n",
		"65536 65536\n",
		"2 3\n0 0 0\n0 0\n",
		"2 3\n0 2 0\n0 0 0\n",
		"2 3\n0 0 0\n0 0 0\n1\n",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := matrix.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := matrix.Write(&buf, b); err != nil {
			t.Fatalf("Write of a board Read accepted: %v", err)
		}
		c, err := matrix.Read(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("reading back %q: %v", buf.Bytes(), err)
		}
		if !c.Equal(b) {
			t.Fatalf("board changed:\n%s\nto\n%s", b, c)
		}
	})
}
