package life

import (
	"fmt"
	"image"
	"strings"
)

// A Board is a W x H rectangle of cells, each alive or dead. Column x runs
// from 0 at the left to W-1, row y from 0 at the top to H-1. Cells outside
// the rectangle read as dead. The zero Board is 0 x 0.
type Board struct {
	w, h  int
	cells []bool // row-major
}

// NewBoard returns an all-dead W x H board. It panics if a side is
// negative; callers validate user input first (see MaxCells).
func NewBoard(w, h int) *Board {
	if w < 0 || h < 0 {
		panic(fmt.Sprintf("lifesat: negative board size %dx%d", w, h))
	}
	return &Board{w: w, h: h, cells: make([]bool, w*h)}
}

// Width is the number of columns.
func (b *Board) Width() int { return b.w }

// Height is the number of rows.
func (b *Board) Height() int { return b.h }

// In reports whether (x, y) lies on the board.
func (b *Board) In(x, y int) bool { return x >= 0 && y >= 0 && x < b.w && y < b.h }

// Alive reports whether cell (x, y) is alive; cells off the board are dead.
func (b *Board) Alive(x, y int) bool {
	return b.In(x, y) && b.cells[y*b.w+x]
}

// Set sets cell (x, y), which must lie on the board.
func (b *Board) Set(x, y int, alive bool) {
	if !b.In(x, y) {
		panic(fmt.Sprintf("lifesat: Set(%d, %d) outside the %dx%d board", x, y, b.w, b.h))
	}
	b.cells[y*b.w+x] = alive
}

// Population is the number of live cells.
func (b *Board) Population() int {
	n := 0
	for _, c := range b.cells {
		if c {
			n++
		}
	}
	return n
}

// Equal reports whether b and o have the same size and the same cells.
func (b *Board) Equal(o *Board) bool {
	if b.w != o.w || b.h != o.h {
		return false
	}
	for i, c := range b.cells {
		if c != o.cells[i] {
			return false
		}
	}
	return true
}

// Clone returns an independent copy of b.
func (b *Board) Clone() *Board {
	c := NewBoard(b.w, b.h)
	copy(c.cells, b.cells)
	return c
}

// BoundingBox is the smallest rectangle holding every live cell, or the
// empty rectangle when there is none.
func (b *Board) BoundingBox() image.Rectangle {
	var r image.Rectangle
	for y := range b.h {
		for x := range b.w {
			if b.cells[y*b.w+x] {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

// Crop returns the part of b inside r as a board of r's size; cells of r
// off b are dead. Crop(b.BoundingBox()) trims a pattern.
func (b *Board) Crop(r image.Rectangle) *Board {
	r = r.Canon()
	c := NewBoard(r.Dx(), r.Dy())
	for y := range c.h {
		for x := range c.w {
			c.cells[y*c.w+x] = b.Alive(r.Min.X+x, r.Min.Y+y)
		}
	}
	return c
}

// Pad returns b with n dead rows and columns added on every side.
func (b *Board) Pad(n int) *Board {
	return b.Crop(image.Rect(-n, -n, b.w+n, b.h+n))
}

// Translate returns a board of the same size with every cell moved by
// (dx, dy); cells moved off the board are lost.
func (b *Board) Translate(dx, dy int) *Board {
	return b.Crop(image.Rect(-dx, -dy, b.w-dx, b.h-dy))
}

// transform builds a board of size w x h whose cell (x, y) is b's cell
// src(x, y).
func (b *Board) transform(w, h int, src func(x, y int) (int, int)) *Board {
	c := NewBoard(w, h)
	for y := range h {
		for x := range w {
			sx, sy := src(x, y)
			c.cells[y*w+x] = b.cells[sy*b.w+sx]
		}
	}
	return c
}

// Rotate90 returns b turned a quarter turn clockwise (an H x W board).
func (b *Board) Rotate90() *Board {
	return b.transform(b.h, b.w, func(x, y int) (int, int) { return y, b.h - 1 - x })
}

// Rotate180 returns b turned half a turn.
func (b *Board) Rotate180() *Board {
	return b.transform(b.w, b.h, func(x, y int) (int, int) { return b.w - 1 - x, b.h - 1 - y })
}

// FlipX returns b mirrored left to right.
func (b *Board) FlipX() *Board {
	return b.transform(b.w, b.h, func(x, y int) (int, int) { return b.w - 1 - x, y })
}

// FlipY returns b mirrored top to bottom.
func (b *Board) FlipY() *Board {
	return b.transform(b.w, b.h, func(x, y int) (int, int) { return x, b.h - 1 - y })
}

// Transpose returns b reflected in its main diagonal (an H x W board).
func (b *Board) Transpose() *Board {
	return b.transform(b.h, b.w, func(x, y int) (int, int) { return y, x })
}

// String draws b as rows of '.' (dead) and 'O' (alive), one line a row,
// each ending in a newline: the body of a plaintext .cells file.
func (b *Board) String() string {
	var sb strings.Builder
	sb.Grow((b.w + 1) * b.h)
	for y := range b.h {
		for x := range b.w {
			if b.cells[y*b.w+x] {
				sb.WriteByte('O')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
