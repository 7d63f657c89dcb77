package apgcode_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/apgcode"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// FuzzDecode checks that Decode never panics and returns a *SyntaxError
// for what it refuses; that whatever it draws, Wechsler writes as a body
// that draws the same board; and that when the board is an object (within
// small limits, to keep the fuzzer fast), the code Identify gives decodes
// to a board that Identify names the same.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		"xs4_33", "xp2_7", "xq4_153", "xs0_0", "0", "33", "xp15_4r4z4r4",
		"xp3_co9nas0san9oczgoldlo0oldlogz1047210127401",
		"xq7_3nw17862z6952", "xp30_w33z8kqrqk8zzzw33", "1yzyz01", "1zz1",
		"xs3_7", "xp2_111", "xs4_w33",
		// Invalid.
		"", "xs4_", "xs5_33", "xs4_3A", "xs8_33_33", "xp1_7", "ov_p30", "yl144_1_16_af",
		"xs4_3y", "1" + strings.Repeat("yz", 1700) + "1",
	} {
		f.Add(s)
	}
	opt := &apgcode.Options{MaxPeriod: 64, MaxArea: 4096}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, s string) {
		b, err := apgcode.Decode(s)
		if err != nil {
			var se *apgcode.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Decode(%q): %v is not a *SyntaxError", s, err)
			}
			return
		}
		w := apgcode.Wechsler(b)
		d, err := apgcode.Decode(w)
		if err != nil || !d.Equal(b) {
			t.Fatalf("Decode(Wechsler(Decode(%q))) = Decode(%q) = %v, %v", s, w, d, err)
		}
		if b.Width()*b.Height() > opt.MaxArea {
			return
		}
		o, err := apgcode.Identify(ctx, b, rule.Life, opt)
		if err != nil {
			if !errors.Is(err, apgcode.ErrNotPeriodic) {
				t.Fatalf("Identify(Decode(%q)): %v", s, err)
			}
			return
		}
		if o.Code.Body == "" {
			return // oversized: no picture to decode
		}
		c, err := apgcode.Decode(o.String())
		if err != nil {
			t.Fatalf("Decode(%v), the code of Decode(%q): %v", o, s, err)
		}
		o2, err := apgcode.Identify(ctx, c, rule.Life, opt)
		if err != nil || o2.Code != o.Code || o2.Period != o.Period {
			t.Fatalf("Identify(Decode(%v)) = %v, period %d, %v; want the same as for Decode(%q), period %d", o, o2, o2.Period, err, s, o.Period)
		}
	})
}

// FuzzRead checks that Read never panics, refuses with a *SyntaxError, and
// that what it accepts Write writes and Read reads back unchanged.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"xs4_33\n", "\n  xq4_153  \r\n\n", "\uFEFFxp2_7", "xs0_0",
		// Invalid.
		"", "33", "xs4_33\nxs4_33", "ov_p30", "xs4_3A", "#C\nxs4_33",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := apgcode.Read(strings.NewReader(s))
		if err != nil {
			var se *apgcode.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Read(%q): %v is not a *SyntaxError", s, err)
			}
			return
		}
		var buf strings.Builder
		if err := apgcode.Write(&buf, p.Code); err != nil {
			t.Fatal(err)
		}
		q, err := apgcode.Read(strings.NewReader(buf.String()))
		if err != nil || q.Code != p.Code || !q.Board.Equal(p.Board) {
			t.Fatalf("Read(%q) = %v; read back from %q: %v, %v", s, p.Code, buf.String(), q, err)
		}
	})
}
