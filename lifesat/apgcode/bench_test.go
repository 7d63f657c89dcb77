package apgcode_test

import (
	"context"
	"errors"
	"testing"

	"github.com/lifesat/lifesat/lifesat/apgcode"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// BenchmarkIdentify names objects of growing period and size under Life
// with the default Options.
func BenchmarkIdentify(b *testing.B) {
	for _, bb := range []struct{ name, code string }{
		{"block", "xs4_33"},
		{"glider", "xq4_153"},
		{"pulsar", "xp3_co9nas0san9oczgoldlo0oldlogz1047210127401"},
		{"pentadecathlon", "xp15_4r4z4r4"},
		{"loafer", "xq7_3nw17862z6952"},
	} {
		p, err := apgcode.Decode(bb.code)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bb.name, func(b *testing.B) {
			for b.Loop() {
				if o, err := apgcode.Identify(context.Background(), p, rule.Life, nil); err != nil || o.String() != bb.code {
					b.Fatal(o, err)
				}
			}
		})
	}
}

// BenchmarkIdentifyGrowth is the cost of a pattern that is no object
// with the default Options: the R-pentomino runs until its bounding box
// passes DefaultMaxArea.
func BenchmarkIdentifyGrowth(b *testing.B) {
	r := life.NewBoard(3, 3)
	for _, c := range [][2]int{{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}} {
		r.Set(c[0], c[1], true)
	}
	for b.Loop() {
		if _, err := apgcode.Identify(context.Background(), r, rule.Life, nil); !errors.Is(err, apgcode.ErrNotPeriodic) {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecode reads the pulsar's code.
func BenchmarkDecode(b *testing.B) {
	for b.Loop() {
		if _, err := apgcode.Decode("xp3_co9nas0san9oczgoldlo0oldlogz1047210127401"); err != nil {
			b.Fatal(err)
		}
	}
}
