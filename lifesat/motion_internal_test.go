package lifesat

import (
	"image"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
)

// TestRootShiftByBruteForce: rootShift, which solves k motions' move as
// an affine map of the shift, finds the shift a search over every shift
// by distance and row order finds, for every turn, box up to 5x5 and
// move up to 4 cells each way.
func TestRootShiftByBruteForce(t *testing.T) {
	brute := func(tr life.Transform, k int, shift image.Point, w, h int) (image.Point, bool) {
		lim := abs(shift.X) + abs(shift.Y) + max(w, h)
		for d := 0; d <= lim; d++ {
			for y := -d; y <= d; y++ {
				for x := -d; x <= d; x++ {
					if abs(x)+abs(y) != d {
						continue
					}
					if m, ok := motionMap(tr, image.Pt(x, y), w, h).pow(k).translation(); ok && m == shift {
						return image.Pt(x, y), true
					}
				}
			}
		}
		return image.Point{}, false
	}
	for _, tr := range life.Transforms()[1:] {
		k := order(tr)
		for w := 1; w <= 5; w++ {
			for h := 1; h <= 5; h++ {
				for sx := -4; sx <= 4; sx++ {
					for sy := -4; sy <= 4; sy++ {
						shift := image.Pt(sx, sy)
						got, ok := rootShift(tr, k, shift, w, h)
						want, wok := brute(tr, k, shift, w, h)
						if got != want || ok != wok {
							t.Fatalf("%v x%d, %dx%d, move %v: rootShift %v %v, brute force %v %v", tr, k, w, h, shift, got, ok, want, wok)
						}
					}
				}
			}
		}
	}
}
