package density

import (
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// TestBlockGrid checks the first board of both searches: blocks 3 cells
// apart, a still life, as many blocks as fit in each direction (counted
// here by placing them), the rows of the row program the same board, and
// boxes wider than 32 columns filled to their last block.
func TestBlockGrid(t *testing.T) {
	for _, box := range [][2]int{{1, 1}, {2, 2}, {3, 5}, {5, 3}, {7, 8}, {31, 4}, {32, 32}, {40, 5}, {5, 50}, {50, 50}} {
		w, h := box[0], box[1]
		b := blockBoard(w, h)
		padded := b.Pad(1)
		if !life.Step(padded, rule.Life, life.Dead).Equal(padded) {
			t.Errorf("%dx%d: the grid of blocks is not a still life", w, h)
		}
		fits := func(n int) (k int) {
			for at := 0; at+2 <= n; at += 3 {
				k++
			}
			return k
		}
		if want := 4 * fits(w) * fits(h); b.Population() != want {
			t.Errorf("%dx%d: %d live cells, want %d blocks of 4", w, h, b.Population(), want/4)
		}
		if w > 32 {
			continue
		}
		rows, pop := blockGrid(w, h)
		if pop != b.Population() {
			t.Errorf("%dx%d: blockGrid says %d live cells, the board has %d", w, h, pop, b.Population())
		}
		for y, row := range rows {
			for x := range w {
				if row>>x&1 == 1 != b.Alive(x, y) {
					t.Errorf("%dx%d: cell %d,%d differs between the rows and the board", w, h, x, y)
				}
			}
		}
	}
}
