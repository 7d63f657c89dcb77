package notebook

import (
	"image"
	"image/color"

	"github.com/lifesat/lifesat/lifesat/life"
)

// The picture of a board, kept minimal on purpose: lifesat/lifeplot draws
// the plots proper.
const (
	cellPixels = 12   // side of a cell, mesh line included
	maxPixels  = 1024 // longest side of a picture, about
	minMesh    = 4    // smallest cell that still gets a mesh
)

// Colour indices of boardPalette.
const (
	white = 0
	grey  = 1
	black = 2
)

var boardPalette = color.Palette{
	color.Gray{Y: 0xff},
	color.Gray{Y: 0xc0},
	color.Gray{Y: 0x00},
}

// cellSize is the side in pixels of a cell of a w x h board: cellPixels, or
// less for a board wider or taller than maxPixels/cellPixels, but at least 1.
func cellSize(w, h int) int {
	n := max(w, h, 1)
	return max(1, min(cellPixels, maxPixels/n))
}

// boardImage draws b: a white picture with a grey mesh line at the top and
// left of each cell and at the right and bottom edges, and each live cell a
// black square inside its mesh. Cell (x, y) covers pixels [x*c, (x+1)*c)
// across and [y*c, (y+1)*c) down, for c = cellSize; with c below minMesh
// there is no mesh and the live cells fill their squares.
func boardImage(b *life.Board) *image.Paletted {
	w, h := b.Width(), b.Height()
	c := cellSize(w, h)
	mesh := c >= minMesh
	pw, ph := w*c, h*c
	if mesh {
		pw, ph = pw+1, ph+1
	}
	img := image.NewPaletted(image.Rect(0, 0, pw, ph), boardPalette) // all white
	inset := 0
	if mesh {
		inset = 1
		for y := 0; y <= h; y++ {
			row := img.Pix[y*c*img.Stride:]
			for x := range pw {
				row[x] = grey
			}
		}
		for py := range ph {
			row := img.Pix[py*img.Stride:]
			for x := 0; x <= w; x++ {
				row[x*c] = grey
			}
		}
	}
	for y := range h {
		for x := range w {
			if !b.Alive(x, y) {
				continue
			}
			for py := y*c + inset; py < (y+1)*c; py++ {
				row := img.Pix[py*img.Stride:]
				for px := x*c + inset; px < (x+1)*c; px++ {
					row[px] = black
				}
			}
		}
	}
	return img
}
