// Package rule holds Life-like cellular automaton rules and their
// notations: two states, and the next state of a cell as a function of
// its own state and its eight neighbours'.
//
// # The table
//
// A Rule is a table of 512 bits, one per state of the 3x3 block around a
// cell (a Neighbourhood, NW = 256 ... SE = 1, the cell itself 16). Every
// layer above asks it one question, Transition: Step, the SAT encoders,
// the row-by-row still-life programs. Life, B3/S23, has
//
//	Transition(0b_010_010_010) = true    a vertical line of three: the centre has 2 neighbours and survives
//	Transition(0b_010_000_010) = false   the same with the centre dead: 2 neighbours, no birth
//
// # Notations
//
// Parse reads, and String writes back in Golly's canonical form:
//
//	B3/S23, 23/3, b3s23        outer-totalistic B/S (and the older S/B form)
//	B2n3/S23-q                 Hensel's letters: isotropic non-totalistic rules
//	MAPARYXfhZofugWaH7oa...    the whole table in base64 (86 characters)
//	B2/S34H, MAPFgFoF2gX...    the hexagonal neighbourhood (counts 0..6; 22 characters)
//	B2/S013V, MAPHmlphg        the von Neumann neighbourhood (counts 0..4; 6 characters)
//	pB3/S23                    a partial rule (LLS): some transitions left free
//	B2/S34H .. B23/S34H        a partial rule as its range: of any notation and shape
//
// A Rule is its own text (encoding.TextMarshaler): it travels in a JSON
// job spec, or any other text, in its canonical notation, and reads back
// as the same Rule.
//
// # Neighbourhood shapes
//
// Hexagonal and von Neumann rules (see Shape) are tables like any other,
// which ignore the cells outside their shape: Golly's hexagonal grid is
// the square grid with the NE and SW corners dropped, so "B2/S34H" is
// the table in which a cell counts its NW, N, W, E, S and SE neighbours.
// Step, the encoders and the pattern formats take them unchanged; the
// shape decides only how the rule is written, what Next and Totalistic
// count, and which transitions are one unknown of a partial rule. A
// hexagonal rule keeps only the half turn and the two diagonal
// reflections of the square (Invariant), so symmetric searches share
// cells only under those.
//
// For example, "B2/S34H" reads as
//
//	r, _ := rule.Parse("b2/s34h")
//	r.String()   // "B2/S34H"
//	r.Shape()    // rule.Hexagonal: six neighbours
//	r.Next(false, 2), r.Next(true, 5)   // true, false
//	r.Transition(rule.Bit(1, -1) | rule.Bit(-1, 1))   // false: NE and SW are no neighbours
//	r.Transition(rule.Bit(-1, -1) | rule.Bit(1, 1))   // true: NW and SE are, a birth on 2
//
// # What is not a Rule
//
// Parse refuses, each with its own message: bounded grids
// ("B3/S23:T20,20"), Hensel letters in hexagonal or von Neumann rules
// (and LifeWiki's hexagonal o, m, p letters: write such rules as MAP
// strings), LLS's "p" before rules of those shapes (write their range),
// and Generations rules
// ("23/3/3", "B2/S/C3"). Generations rules are not a Rule by design: a
// cell of a Generations rule has more than two states (dying cells count
// down before they are dead), and every layer of lifesat is two-state -
// a Board is a bit per cell, Step maps 9 bits to 1, each encoding has one
// Boolean variable per cell and generation, and the pattern formats read
// and write two states. A Generations rule would need a state per cell
// and generation as a small integer (a one-hot or log encoding in the
// SAT layer, a multi-state RLE reader and writer): another model, not
// another table.
package rule
