// Package apgcode names Life objects by their apgcodes, the names that
// apgsearch and its results database Catagolue give them, and that
// LifeWiki and Catagolue are searched by: the block is xs4_33, the blinker
// xp2_7, the glider xq4_153. It reads a code back into a pattern, and is
// itself a pattern format: a file holding one code.
//
// The definition followed is LifeWiki's page "Apgcode"
// (https://conwaylife.com/wiki/Apgcode) and lifelib, the library of
// apgsearch 5 (its apgcode(), phase_wechsler() and
// bitworld::canonise_orientation), checked against the codes of 51 named
// objects in apgsearch's own table (testdata/objects.tsv).
//
// # Codes
//
// A code is a prefix, an underscore and a body. The prefix is "xs" and the
// population for a still life, "xp" and the period for an oscillator, "xq"
// and the period for a spaceship. The body is a picture in extended
// Wechsler format: the bounding box is cut into strips of five rows, 'z'
// between them; each column of a strip is one character, the value of its
// five cells as bits, top cell lowest, written "0" to "9" and "a" to "v"
// (0 to 31); runs of blank columns are short: "0" for one, "w" two, "x"
// three, "y0" to "yz" four to 39.
//
// # A worked example
//
// The toad, lying as
//
//	.OOO
//	OOO.
//
// is one strip of four columns, of values 2 (the second cell), 3, 3 and 1
// (the top cell): Wechsler gives "2331". Turned a quarter, standing up,
//
//	O.
//	OO
//	OO
//	.O
//
// it is two columns of values 1+2+4 = 7 and 2+4+8 = 14: "7e". Its other
// phase,
//
//	..O.
//	O..O
//	O..O
//	.O..
//
// gives four-character bodies in every orientation, such as "6816" and
// "2994". The body of the code is the simplest among every phase in every
// orientation - the shortest, then the first in byte order ('0' < '9' <
// 'a' < 'z') - which is "7e"; the period is 2 and the toad does not move,
// so Identify names it
//
//	xp2_7e
//
// and Decode("xp2_7e") draws it standing up, as above.
//
// # What Identify names
//
// Identify runs a board in the infinite plane until its first generation
// comes back, the period and the shift telling still life, oscillator and
// spaceship apart. It names the whole board as one object, as lifelib's
// apgcode() does: it does not cut debris into separate objects as
// apgsearch does. A board that does not come back within the limits of
// Options (it dies, grows or settles into something else) is no object:
// the error wraps ErrNotPeriodic.
//
// Under any rule lifesat simulates (except rules with B0) the code has
// the same form; for a rule that lacks the square's symmetry only the
// phases as they lie are compared, not their turns, as in lifelib.
// Catagolue's other codes - "yl" linear growth, "zz_" chaos, "ov_" for
// objects too large to encode, and multistate bodies - name no single
// picture; Identify returns "ov_" codes (Code.Body "") for objects none of
// whose phases fit Catagolue's limits, and Decode refuses them.
package apgcode
