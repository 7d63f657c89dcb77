// Package cells reads and writes Life patterns in plaintext, the .cells
// format of LifeWiki (https://conwaylife.com/wiki/Plaintext).
//
// # Format
//
// Lines starting with '!' are comments; the others are rows of cells, '.'
// dead and 'O' alive, from the top row down. '*' is also read as alive,
// so the input of Knuth's SAT-LIFE programs, which draw patterns with '*'
// and '.', reads too. LifeWiki's glider:
//
//	!Name: Glider
//	.O
//	..O
//	OOO
//
// reads as the 3 x 3 board with the comment "Name: Glider"; in the
// notation of life.Board.String, which is this format:
//
//	.O.
//	..O
//	OOO
//
// # Sizes
//
// Rows may be shorter than the longest row (LifeWiki trims them): the
// board is as wide as the longest row, and the rest is dead. It has as
// many rows as there are between the first and the last non-blank row;
// blank lines between them are dead rows, blank lines before and after are
// ignored. So a file of comments alone reads as the empty 0 x 0 board.
// Write writes every row at full width, so a board's box, dead rows and
// columns at its edges included, survives a round trip. A board with a
// side above 65536 or more than 1<<24 cells, or a line longer than 1 MiB,
// is refused (ErrTooLarge).
//
// # Errors
//
// Bad input gives a *SyntaxError with the line and column, wrapping
// ErrFormat or ErrTooLarge:
//
//	cells: line 3, column 2: unexpected 'o'
package cells
