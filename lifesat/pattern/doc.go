// Package pattern reads a Life pattern in any of the formats of packages
// rle, cells, matrix and apgcode, telling them apart by their first lines,
// and writes a board in a format chosen by name.
//
// # Detection
//
// Detect looks at the first line that is not blank or a comment:
//
//	#N Glider                      RLE: after '#' comments, "x ... ="
//	x = 3, y = 3, rule = B3/S23
//	bo$2bo$3o!
//
//	!Name: Glider                  Cells: after '!' comments, '.', 'O', '*'
//	.O
//	..O
//	OOO
//
//	3 3                            Matrix: two integers, "rows cols"
//	0 1 0
//	0 0 1
//	1 1 1
//
//	xq4_153                        Apgcode: "xs", "xp" or "xq", digits, '_'
//
// The first three read as the same 3 x 3 glider,
//
//	.O.
//	..O
//	OOO
//
// with Format RLE, Cells and Matrix, and the comments "N Glider",
// "Name: Glider" and none. Only the RLE file names a rule (HasRule); the
// others read with Rule rule.Life.
//
// Write(w, b, RLE, rule.Life) writes the glider back as
//
//	x = 3, y = 3, rule = B3/S23
//	bo$2bo$3o!
//
// The apgcode, Catagolue's name of the glider, reads as the glider in the
// phase and orientation its code draws,
//
//	OOO
//	..O
//	.O.
//
// with Format Apgcode and Rule rule.Life. Write(w, b, Apgcode, rule.Life)
// names the object b is by simulating it (apgcode.Identify): "xq4_153"
// for every phase and orientation of the glider, and an error for a board
// that is no still life, oscillator or spaceship.
//
// # Errors
//
// Read returns the errors of the format's reader: a *SyntaxError (the type
// rle.SyntaxError, cells.SyntaxError, matrix.SyntaxError and
// apgcode.SyntaxError all name) with the line and column and Format "rle",
// "cells", "matrix" or "apgcode", wrapping that package's ErrFormat or
// ErrTooLarge. When no format matches, Detect and
// Read return a *SyntaxError with Format "pattern", wrapping this
// package's ErrFormat:
//
//	pattern: line 1: none of the formats rle, cells, matrix, apgcode matches "hello"
package pattern
