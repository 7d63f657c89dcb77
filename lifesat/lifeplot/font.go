package lifeplot

import "image"

// The labels of Strip are written in a 5 x 7 bitmap font, drawn here as
// .cells rows ('O' ink, '.' paper), so that the pictures are the same on
// every platform and need no font files. It has the characters of "t=0"
// to "t=99..." and nothing else; other characters are blank.
const (
	glyphW = 5
	glyphH = 7
)

var glyphs = map[rune][glyphH]string{
	't': {".O...", ".O...", "OOOO.", ".O...", ".O...", ".O..O", "..OO."},
	'=': {".....", ".....", "OOOOO", ".....", "OOOOO", ".....", "....."},
	'0': {".OOO.", "O...O", "O..OO", "O.O.O", "OO..O", "O...O", ".OOO."},
	'1': {"..O..", ".OO..", "..O..", "..O..", "..O..", "..O..", ".OOO."},
	'2': {".OOO.", "O...O", "....O", "...O.", "..O..", ".O...", "OOOOO"},
	'3': {"OOOOO", "...O.", "..O..", "...O.", "....O", "O...O", ".OOO."},
	'4': {"...O.", "..OO.", ".O.O.", "O..O.", "OOOOO", "...O.", "...O."},
	'5': {"OOOOO", "O....", "OOOO.", "....O", "....O", "O...O", ".OOO."},
	'6': {"..OO.", ".O...", "O....", "OOOO.", "O...O", "O...O", ".OOO."},
	'7': {"OOOOO", "....O", "...O.", "..O..", ".O...", ".O...", ".O..."},
	'8': {".OOO.", "O...O", "O...O", ".OOO.", "O...O", "O...O", ".OOO."},
	'9': {".OOO.", "O...O", "O...O", ".OOOO", "....O", "...O.", ".OO.."},
}

// textWidth is the width in pixels of s drawn at the given scale: glyphs
// one font pixel apart.
func textWidth(s string, scale int) int {
	n := len([]rune(s))
	if n == 0 {
		return 0
	}
	return (n*(glyphW+1) - 1) * scale
}

// drawText writes s with its top-left corner at, each font pixel a
// scale x scale square of colour index i.
func drawText(img *image.Paletted, at image.Point, s string, scale int, i uint8) {
	x := at.X
	for _, r := range s {
		for gy, row := range glyphs[r] {
			for gx := range row {
				if row[gx] == 'O' {
					p := at.Add(image.Pt(0, gy*scale))
					p.X = x + gx*scale
					fill(img, image.Rectangle{Min: p, Max: p.Add(image.Pt(scale, scale))}, i)
				}
			}
		}
		x += (glyphW + 1) * scale
	}
}
