// Package tmpl reads and writes search templates (Template):
// partial patterns over several generations, in two formats - the search
// patterns of logic-life-search (LLS, github.com/frankeverdij/logic-life-search),
// read exactly as LLS reads them, and lifesat's pictures, drawn like a
// plaintext pattern with '?' for the unknown cells.
//
// # LLS search patterns
//
// One grid per generation, generations separated by one or more blank
// lines; the cells of a row separated by any run of spaces, commas and
// tabs. A cell is
//
//	0    dead                1     alive
//	*    unknown (each '*' a search variable of its own)
//	c0   a named variable: every cell named c0, in any generation, has
//	     the same state (any text is a name, "x", "c12", "cell_3")
//	-c0  the negation of c0; "-0" is 1, "-1" is 0, "-*" is *, "--c0" is c0
//	1'   a trailing ' (or ’): the rule is not enforced on this cell in
//	     this generation - it is free of its neighbours in the generation
//	     before, though it still counts as their neighbour
//
// '#' starts a comment that runs to the end of the line (a line of
// comment alone is blank, so it separates generations, as in LLS). Names
// that are numbers, as Python's int reads them ("7", "07", "+7", "1_0"),
// are LLS's numbered variables: "07" and "7" are one variable, and number
// 1 is alive. Line ends are "\n", "\r\n", or "\r" alone.
//
// The search is LLS's: the rule is stated from each generation to the
// next (generation t+1 from generation t) on every cell of the grid but
// the primed ones, and on the ring of cells around the grid, which are
// dead: LLS surrounds the grid with a ring of its background (dead cells,
// by default) and states the rule there too, so nothing may be born next
// to the grid. That is lifesat's closed box, and ReadLLS returns a closed
// template (not Open). This was checked against LLS itself, run with
// cadical, on 55 random search patterns with and without a border of 0:
// the numbers of answers agree; testdata/lls-counts keeps 19 of them with
// LLS's counts, and TestLLSCounts checks them. LLS's own example file, a
// still life symmetric in the main diagonal with a live corner held in
// place,
//
//	0, 0, 0, 0, 0, 0, 0, 0
//	0,c0,c1,c2,c3,c4,c5, 0
//	... (rows 2 to 5 likewise, cell (x, y) named as cell (y, x))
//	0,c5,c10,c14,c17,c19,1, 0
//	0, 0, 0, 0, 0, 0, 0, 1'
//
//	(the same 8 rows again: generation 1 equals generation 0)
//
// reads as a two-generation 8x8 template: generation 1 is generation 0
// (they share their names), the border is dead but for the corner (7, 7),
// alive in both and, in generation 1, free of the rule - so the search is
// for a still life next to a live cell that need not itself be stable.
// Run it with "lifesat search FILE"; lifesat's period, shift, symmetry and
// population options take the place of LLS's -s and -p.
//
// # Pictures
//
// A picture draws each generation as a plaintext pattern (one character
// a cell, rows from the top, generations separated by blank lines, '!'
// lines are comments):
//
//	.    dead                O     alive
//	?    unknown
//	=    the same as this cell of generation 0
//	a-z  a named variable (but 'o'); the upper-case letter is its
//	     negation ('B' is not b)
//
// Rows must all have the same length and generations the same number of
// rows. A picture's template is closed: the rule also holds on the ring
// around the box, where nothing may be born, so an answer lives in the
// empty plane, as every lifesat search does. The eater search, a still
// life that eats a glider and is back 4 generations later, is
//
//	!generation 0: a glider heading for an unknown 8x8 corner
//	.O..????
//	..O.????
//	OOO.????
//	....????
//	????????
//	????????
//	????????
//	????????
//
//	(generations 1, 2 and 3: 8 rows of ????????)
//
//	!generations 4 and 5: the corner as it was, the glider gone
//	....====
//	....====
//	....====
//	....====
//	========
//	========
//	========
//	========
//
//	(generation 5: the same 8 rows again, so the eater is a still life)
//
// ("lifesat search testdata/eater.txt -min-pop 6"; at least 6
// cells keeps the empty eater out.) The answer is eater 1, the fishhook,
// with a block beside it (the search does not ask for the smallest eater;
// -max-pop 12 does):
//
//	.O....OO
//	..O...OO
//	OOO.....
//	........
//	...OO...
//	...O....
//	....OOO.
//	......O.
//
// Known cells from an RLE or plaintext file and a mask of unknown ones
// combine in Go with Template's Fix and Unknown.
//
// # Telling them apart
//
// Read takes either: a file whose first row (after blank and comment
// lines) is one run of picture characters is a picture, any other an LLS
// file. WriteLLS writes a closed template as LLS, which LLS reads as the
// same search; an open one has no LLS equivalent.
//
// # Errors
//
// Bad input gives a *SyntaxError with the line and column, wrapping
// ErrFormat or ErrTooLarge:
//
//	lls: line 3, column 9: row has 4 cells, the first row has 3
//	picture: line 2, column 3: unexpected '#' (want . O ? = or a letter)
package tmpl
