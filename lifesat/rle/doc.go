// Package rle reads and writes Life patterns in Run Length Encoded form,
// the format of LifeWiki and Golly
// (https://conwaylife.com/wiki/Run_Length_Encoded).
//
// # Format
//
// A file holds optional comment lines starting with '#', a header line
// giving the pattern's box and optionally its rule, and a body of runs
// ending in '!'. The glider, as LifeWiki gives it:
//
//	#N Glider
//	#O Richard K. Guy
//	x = 3, y = 3, rule = B3/S23
//	bo$2bo$3o!
//
// reads as the 3 x 3 board (drawn in plaintext, '.' dead and 'O' alive)
//
//	.O.
//	..O
//	OOO
//
// with Rule rule.Life, HasRule true and the Comments "N Glider" and
// "O Richard K. Guy".
//
// The header is "x = W, y = H", W columns by H rows, optionally followed by
// ", rule = R"; spaces around the tokens are optional. The rule may be
// written in any form rule.Parse accepts: B/S ("B3/S23", "b3/s23",
// "23/3"), Hensel ("B2n3/S23-q"), MAP ("MAPARYXfhZofugWaH7oa..."), and
// the hexagonal and von Neumann neighbourhoods as Golly writes them
// ("B2/S34H", "B2/S013V", and their shorter MAP strings); any
// other rule, such as Golly's named rules, Generations ("23/3/3") or
// bounded-grid suffixes ("B3/S23:T20,20", "bounded grids are not
// supported"), is an error. A comment line "#r R", the rule line of the
// older Life 1.05 style ("#r 23/36" is HighLife), names the rule too
// when the header does not; it stays among the Comments. Without a rule
// the pattern is taken to be Life. Write writes the rule in canonical form
// (rule.Rule.String): "B/S" stays "B/S", the rule under which every
// cell dies, not Life.
//
// In the body, the tag 'b' is a dead cell and 'o' a live one ('.' and 'A',
// the multistate spellings, are accepted for them), '$' ends a row and '!'
// ends the pattern. A count before a tag repeats it: "3o" is three live
// cells and "2$" ends a row and skips a blank one. Cells left out at the end
// of a row or after the last row are dead. Spaces and line breaks may
// appear anywhere between runs (and between a count and its tag); anything
// after '!' is ignored.
//
// # Sizes
//
// The board Read returns is exactly the header's box, W x H, not trimmed to
// the live cells, and Write writes the box of the board it is given. A side
// may be 0: "x = 0, y = 0" with the body "!" is the empty pattern, and
// such a box holds no cells. A run reaching past column W, dead cells
// included, and a cell below row H are errors; extra '$' at the end are
// not. A box with a side
// above 65536 or more than 1<<24 cells is refused as soon as the header is
// read (ErrTooLarge), so a header cannot make Read allocate a huge board;
// so is a comment or header line longer than 1 MiB.
//
// # Errors
//
// Bad input gives a *SyntaxError with the line and column, wrapping
// ErrFormat or ErrTooLarge:
//
//	rle: line 3, column 7: unexpected 'z'
//
// A missing '!' is an error, so a truncated file is not read as a smaller
// pattern.
package rle
