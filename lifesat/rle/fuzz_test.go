package rle_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/rle"
)

// FuzzRead checks that Read never panics and that whatever it accepts,
// Write writes and Read reads back unchanged: board, rule and comments.
func FuzzRead(f *testing.F) {
	lifetest.Seed(f, "testdata/*.rle",
		"x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!",
		"x=3,y=3,rule=23/3\r\n b o $\n2\nbo$3o!junk",
		"#N x\n#\nx = 2, y = 4\no3$bo!",
		"x = 0, y = 0\n!",
		"x = 0, y = 2\n$$$!",
		"x = 3, y = 3\n.A$2.A$3A!",
		"\uFEFFx = 1, y = 1, rule = B/S\no!",
		"#r 23/36\nx = 3, y = 3\nbo$2bo$3o!",
		"#N HighLife\n#r 23/36\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!",
		"#r\nx = 1, y = 1\no!",
		"x = 6, y = 4, rule = B2e3ij4n5n6k/S01235i6a7c\nb4o$ob2obo$2b2o$2b2o!",
		"x = 1, y = 1, rule = MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA==\no!",
		"x = 7, y = 6, rule = B245/S3H\nobo$4bo$2bo$bo2bobo$3bo$5bo!",
		"x = 7, y = 3, rule = b24/s13v\n3bo$o2bo2bo$b2ob2o!",
		"x = 1, y = 1, rule = MAPFgFoF2gXgH5oF4B+gH4A6A==\no!",
		"#r 013/2V\nx = 1, y = 1\no!",
		// Invalid.
		"",
		"bo$2bo$3o!",
		"x = 3, y = 3, rule = B9/S23\n!",
		"x = 3, y = 3, rule = B3/S23:T20,20\n!",
		"x = 3, y = 3, rule = 23/3/3\n!",
		"x = 3, y = 3, rule = B3/S23/\n!",
		"x = 3, y = 3, rule = B2/S/C3\n!",
		"x = 3, y = 3, rule = B2/S7H\n!",
		"x = 3, y = 3, rule = B2a/S3V\n!",
		"#r 23/3/3\nx = 3, y = 3\n!",
		"#r B3/S23:P10,10\nx = 3, y = 3\n!",
		"x = 100000000, y = 100000000\n!",
		"x = 3, y = 3\n99999999999o!",
		"x = 3, y = 3\nbo$2bz$3o!",
		"x = 3, y = 2\nbo$2bo$3o!",
		"x = 3, y = 3\nbo$2bo$4o!",
		"x = 3, y = 3\nbo$2bo$3o",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := rle.Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := rle.Write(&buf, p); err != nil {
			t.Fatalf("Write of a pattern Read accepted: %v", err)
		}
		q, err := rle.Read(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("reading back %q: %v", buf.Bytes(), err)
		}
		if !q.Board.Equal(p.Board) {
			t.Fatalf("board changed:\n%s\nto\n%s", p.Board, q.Board)
		}
		if q.Rule != p.Rule || q.HasRule != p.HasRule {
			t.Fatalf("rule changed from %v (%v) to %v (%v)", p.Rule, p.HasRule, q.Rule, q.HasRule)
		}
		if !slices.Equal(q.Comments, p.Comments) {
			t.Fatalf("comments changed from %q to %q", p.Comments, q.Comments)
		}
	})
}
