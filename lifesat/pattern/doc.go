// Package pattern reads a Life pattern in any of the formats of packages
// rle, cells and matrix, telling them apart by their first lines, and
// writes a board in a format chosen by name.
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
// All three read as the same 3 x 3 glider,
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
// # Errors
//
// Read returns the errors of the format's reader: a *SyntaxError (the type
// rle.SyntaxError, cells.SyntaxError and matrix.SyntaxError all name) with
// the line and column and Format "rle", "cells" or "matrix", wrapping that
// package's ErrFormat or ErrTooLarge. When no format matches, Detect and
// Read return a *SyntaxError with Format "pattern", wrapping this
// package's ErrFormat:
//
//	pattern: line 1: none of the formats rle, cells, matrix matches "hello"
package pattern
