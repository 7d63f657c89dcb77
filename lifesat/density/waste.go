package density

// The wastage of a still life: a per-cell count, local to each cell's
// 3x3 neighbourhood, whose sum over the box and its one-cell ring
// measures how far the board is from half density (see doc.go for the
// identity and its proof).

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/lifesat/lifesat/lifesat/life"
)

// A window is a cell and its eight neighbours, nine bits: bits 0-2 are the
// row above (bit 0 the left cell), bits 3-5 the cell's own row (bit 4 the
// cell), bits 6-8 the row below.
const (
	winUpLeft   = 1 << 0
	winUp       = 1 << 1
	winUpRight  = 1 << 2
	winLeft     = 1 << 3
	winCentre   = 1 << 4
	winRight    = 1 << 5
	winDownLeft = 1 << 6
	winDown     = 1 << 7
	winDownRt   = 1 << 8
)

// orthogonal is the number of live orthogonal neighbours in a window.
func orthogonal(win uint16) int {
	return bits.OnesCount16(win & (winUp | winLeft | winRight | winDown))
}

// stableCell reports whether the centre of a window keeps its state under
// Life (B3/S23).
func stableCell(win uint16) bool {
	n := bits.OnesCount16(win &^ winCentre)
	if win&winCentre != 0 {
		return n == 2 || n == 3
	}
	return n != 3
}

// boxWaste is the waste of a cell of the box, given its window:
//
//   - a live cell wastes max(0, 2 - s), where s counts its live orthogonal
//     neighbours plus the pairs of live diagonal neighbours on a common
//     side (above-left with above-right, above-right with below-right,
//     and so on round the cell);
//   - a dead cell with k live orthogonal neighbours wastes 2, 1, 0, 0, 2
//     for k = 0, 1, 2, 3, 4.
func boxWaste(win uint16) int {
	k := orthogonal(win)
	if win&winCentre == 0 {
		return [5]int{2, 1, 0, 0, 2}[k]
	}
	pair := func(m uint16) int {
		if win&m == m {
			return 1
		}
		return 0
	}
	s := k + pair(winUpLeft|winUpRight) + pair(winUpRight|winDownRt) +
		pair(winDownRt|winDownLeft) + pair(winDownLeft|winUpLeft)
	return max(0, 2-s)
}

// ringWaste is the waste of a cell of the ring that shares a side with the
// box: 1 when that box cell is dead, 0 when it is alive. (Its window's
// other orthogonal neighbours lie outside the box, so they are dead.) The
// four corner cells of the ring waste nothing.
func ringWaste(win uint16) int {
	return 1 - orthogonal(win)
}

// ErrNotStill is returned by Waste for a board that is not a still life
// in its box.
var ErrNotStill = errors.New("density: the board is not a still life in its box")

// Waste returns the wastage of a still life b in its box (everything
// outside dead): the sum of the waste of every cell of the box and of the
// ring of cells around it. For a w x h box,
//
//	4 * b.Population() + Waste(b) = 2wh + 2w + 2h,
//
// so the board with the least waste has the most live cells. The error
// wraps ErrNotStill when a cell of the box or of the ring would change
// under Life.
func Waste(b *life.Board) (int, error) {
	w, h := b.Width(), b.Height()
	total := 0
	for y := -1; y <= h; y++ {
		for x := -1; x <= w; x++ {
			var win uint16
			for i := range 9 {
				if b.Alive(x+i%3-1, y+i/3-1) {
					win |= 1 << i
				}
			}
			if !stableCell(win) {
				return 0, fmt.Errorf("%w: cell (%d, %d) changes", ErrNotStill, x, y)
			}
			inX, inY := x >= 0 && x < w, y >= 0 && y < h
			switch {
			case inX && inY:
				total += boxWaste(win)
			case inX || inY:
				total += ringWaste(win)
			}
		}
	}
	return total, nil
}
