// Package matrix reads and writes Life boards as 0/1 matrices, the format
// of a reverse-Life student project (Chapelin and Lima, "Reverse Game of
// Life", a SAT-solver assignment; its README's entrada.txt).
//
// # Format
//
// The first line holds the number of rows and of columns, both positive;
// then come exactly that many rows, each of exactly that many values, 0 for
// a dead cell and 1 for a live one, separated by spaces:
//
//	4 6
//	0 0 0 0 0 0
//	0 0 1 1 0 0
//	0 0 0 1 1 0
//	0 0 0 0 0 0
//
// reads as the 6 x 4 board (6 columns, 4 rows; row i is y = i and column j
// is x = j), drawn in plaintext:
//
//	......
//	..OO..
//	...OO.
//	......
//
// Note the order: rows first, the transpose of RLE's "x = 6, y = 4".
// Values may be separated by any run of spaces and tabs; blank lines before
// the first line and after the last row are ignored, but not between rows.
// The format has no comments and no rule.
//
// # Sizes
//
// A board with no cells cannot be written. A matrix with a side above
// 65536 or more than 1<<24 cells is refused as soon as the first line is
// read (ErrTooLarge), before anything is allocated.
//
// # Errors
//
// Bad input gives a *SyntaxError with the line and, where it helps, the
// column, wrapping ErrFormat or ErrTooLarge:
//
//	matrix: line 3, column 5: unexpected "2": want 0 or 1
//	matrix: line 4: row 3 has 5 values, want 6
package matrix
