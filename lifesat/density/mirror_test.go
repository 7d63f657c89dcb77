package density_test

import (
	"testing"

	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/life"
)

// mirrored reports whether every line of b along its shorter side reads
// the same from both ends (rows when it is at most as wide as high).
func mirrored(b *life.Board) bool {
	w, h := b.Width(), b.Height()
	for y := range h {
		for x := range w {
			if w <= h && b.Alive(x, y) != b.Alive(w-1-x, y) ||
				w > h && b.Alive(x, y) != b.Alive(x, h-1-y) {
				return false
			}
		}
	}
	return true
}

// TestMirrorPasses checks the mirror passes against brute force: in every
// box up to 6x7 and 7x6, they find a still life of the most live cells
// among those with mirrored lines, and that still life is one.
func TestMirrorPasses(t *testing.T) {
	for w := 1; w <= 7; w++ {
		for h := 1; h <= 7; h++ {
			if w*h > 42 {
				continue
			}
			want := 0
			stillLifes(w, h, func(b *life.Board) {
				if mirrored(b) {
					want = max(want, b.Population())
				}
			})
			b, got, err := density.MaxMirror(w, h)
			if err != nil {
				t.Fatalf("%dx%d: %v", w, h, err)
			}
			if got != want {
				t.Errorf("%dx%d: the mirror passes found %d live cells, brute force %d", w, h, got, want)
			}
			if !mirrored(b) || b.Population() != got {
				t.Errorf("%dx%d: the board found is not mirrored or has %d cells, not %d:\n%v", w, h, b.Population(), got, b)
			}
		}
	}
}

// TestMirrorOddOptima: for odd n from 21 to 27 (29 and 31 under
// LIFESAT_STRESS) the densest still life with mirrored rows is as dense
// as any, OEIS A055397's a(n) - which is why MaxStillLife's mirror passes
// come first.
func TestMirrorOddOptima(t *testing.T) {
	top := 27
	if stress() {
		top = 31
	}
	for n := 21; n <= top; n += 2 {
		b, got, err := density.MaxMirror(n, n)
		if err != nil {
			t.Fatalf("%dx%d: %v", n, n, err)
		}
		if got != a055397[n-1] || !mirrored(b) {
			t.Errorf("%dx%d: the mirror passes found %d live cells (mirrored: %v); A055397 says %d", n, n, got, mirrored(b), a055397[n-1])
		}
	}
}
