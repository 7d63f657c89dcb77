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
