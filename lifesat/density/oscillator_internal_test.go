package density

import (
	"context"
	"math"
	"slices"
	"testing"
)

// TestOscillatorKnownBounds: the bounds the passes learn on the deficit
// of the top j rows (oscSolver.known) never exceed the least deficit of
// any top strip of j rows, computed by a run that drops nothing; and the
// passes, at every step, find what one exact pass finds.
func TestOscillatorKnownBounds(t *testing.T) {
	ctx := context.Background()
	for _, box := range [][2]int{{4, 4}, {4, 7}, {5, 5}, {5, 6}, {6, 6}, {6, 7}, {5, 8}} {
		w, h := box[0], box[1]
		p := &oscProgram{w: w, h: h, mask: 1<<w - 1}
		d := (h + 1) / 2
		want := make([]int, d+1)
		for y := range want {
			want[y] = y
		}
		fr, _, _, err := p.run(ctx, d, want, math.MaxUint32/2, make([]uint32, h+1), 1<<30, nil)
		if err != nil {
			t.Fatal(err)
		}
		least := []uint32{0} // least[j]: the least deficit of the top j rows
		for y := 0; y <= d; y++ {
			least = append(least, slices.Min(fr[y].waste))
		}
		for _, step := range []int{1, 2, 3, 2 * w * h} {
			s := &oscSolver{w: w, h: h, opt: Options{Memory: 1 << 30}, step: step}
			res, err := s.solve(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for j, k := range s.known {
				if j < len(least) && k > least[j] {
					t.Errorf("%dx%d, step %d: known[%d] = %d, more than the least deficit %d of a top strip of %d rows", w, h, step, j, k, least[j], j)
				}
			}
			if step == 1 && s.known[d] == 0 {
				t.Errorf("%dx%d: nothing learnt: %v", w, h, s.known)
			}
			exact := &oscSolver{w: w, h: h, opt: Options{Memory: 1 << 30}, step: 2 * w * h}
			if er, err := exact.solve(ctx); err != nil || er.Population != res.Population {
				t.Errorf("%dx%d, step %d: %d live cells; exact %+v %v", w, h, step, res.Population, er, err)
			}
		}
	}
}
