package density_test

import (
	"github.com/lifesat/lifesat/lifesat/life"
)

// stillLifes calls visit with every still life in a w x h box (everything
// outside dead), found by trying every cell in turn and checking each cell
// of the box and its ring as soon as its neighbourhood is complete. It
// shares no code with the row programs it checks.
func stillLifes(w, h int, visit func(*life.Board)) {
	// The board with a margin of two dead cells: cell (x, y) is at
	// (x+2)*(y+2) of a (w+4) x (h+4) grid.
	stride := w + 4
	grid := make([]bool, stride*(h+4))
	at := func(x, y int) int { return (y+2)*stride + x + 2 }
	stable := func(x, y int) bool {
		n := 0
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if (dx != 0 || dy != 0) && grid[at(x+dx, y+dy)] {
					n++
				}
			}
		}
		if grid[at(x, y)] {
			return n == 2 || n == 3
		}
		return n != 3
	}
	// due[i] lists the cells of the box and its ring whose neighbourhoods
	// are complete once the box cells 0..i (row by row) are chosen: those
	// whose last neighbour in the box is cell i.
	due := make([][][2]int, w*h)
	for cy := -1; cy <= h; cy++ {
		for cx := -1; cx <= w; cx++ {
			lx, ly := min(max(cx+1, 0), w-1), min(max(cy+1, 0), h-1)
			due[ly*w+lx] = append(due[ly*w+lx], [2]int{cx, cy})
		}
	}
	check := func(i int) bool {
		for _, c := range due[i] {
			if !stable(c[0], c[1]) {
				return false
			}
		}
		return true
	}
	var rec func(i int)
	rec = func(i int) {
		if i == w*h {
			b := life.NewBoard(w, h)
			for y := range h {
				for x := range w {
					b.Set(x, y, grid[at(x, y)])
				}
			}
			visit(b)
			return
		}
		x, y := i%w, i/w
		for _, v := range []bool{false, true} {
			grid[at(x, y)] = v
			if check(i) {
				rec(i + 1)
			}
		}
		grid[at(x, y)] = false
	}
	rec(0)
}
