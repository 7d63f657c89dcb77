package rule

// Neighbourhood shapes: which of the eight cells around a cell count as
// its neighbours. Golly's QuickLife and HashLife take three (Golly's help,
// "QuickLife": "Von Neumann neighborhood", "Hexagonal neighborhood"), and
// so does Parse: the Moore neighbourhood, the hexagonal one ("B2/S34H")
// and the von Neumann one ("B2/S013V").
//
// A rule of a smaller shape is a table over all 512 states of the 3x3
// block like any other, one that ignores the cells outside its shape:
// Step, the encoders and the row programs ask it Transition as they ask
// a Moore rule, and need not know its shape. What does depend on the
// shape is how the rule is written (the suffix, the counts up to 6 or
// 4, the shorter MAP strings), what a neighbour count is (Next,
// Totalistic), and which transitions are one unknown of a partial rule
// (Class).

import (
	"fmt"
	"math/bits"
)

// A Shape is the set of cells around a cell that count as its
// neighbours:
//
//	Moore         Hexagonal      VonNeumann
//	NW N  NE      NW N  .        .  N  .
//	W  C  E       W  C  E        W  C  E
//	SW S  SE      .  S  SE       .  S  .
//
// The hexagonal shape is Golly's emulation of the hexagonal grid on the
// square one: it ignores the NE and SW corners, so that the six cells
// left are the neighbours of a hexagon once the grid is sheared (the
// main diagonal NW-SE becomes one of the hexagon's three axes). The zero
// Shape is Moore.
type Shape uint8

// The shapes.
const (
	Moore      Shape = iota // all eight cells around: Life's neighbourhood
	Hexagonal               // six: all but NE and SW ("B2/S34H")
	VonNeumann              // four: N, W, E and S ("B2/S013V")
)

// shapeMasks are the bits of each shape's neighbours in a Neighbourhood.
var shapeMasks = [...]Neighbourhood{
	Moore:      511 &^ Centre,
	Hexagonal:  511 &^ Centre &^ 64 &^ 4, // NE is 64, SW 4
	VonNeumann: 128 | 32 | 8 | 2,
}

// Mask is the bits of s's neighbours in a Neighbourhood (the centre not
// included): 495 for Moore, 427 for Hexagonal, 170 for VonNeumann.
func (s Shape) Mask() Neighbourhood { return shapeMasks[s] }

// Size is the number of neighbours of a cell: 8, 6 or 4.
func (s Shape) Size() int { return bits.OnesCount16(uint16(s.Mask())) }

// Count is the number of live neighbours in n among s's, the cell itself
// not counted.
func (s Shape) Count(n Neighbourhood) int { return bits.OnesCount16(uint16(n & s.Mask())) }

// Offsets lists s's neighbours as offsets (dx, dy) from the cell, in the
// order of Offsets (the order of their bits in a Neighbourhood, highest
// first).
func (s Shape) Offsets() [][2]int {
	var out [][2]int
	for _, o := range Offsets() {
		if s.Mask()&Bit(o[0], o[1]) != 0 {
			out = append(out, o)
		}
	}
	return out
}

// String is "Moore", "hexagonal" or "von Neumann".
func (s Shape) String() string {
	switch s {
	case Moore:
		return "Moore"
	case Hexagonal:
		return "hexagonal"
	case VonNeumann:
		return "von Neumann"
	}
	return fmt.Sprintf("Shape(%d)", uint8(s))
}

// suffix is the letter after a rule's counts in B/S notation.
func (s Shape) suffix() string {
	switch s {
	case Hexagonal:
		return "H"
	case VonNeumann:
		return "V"
	}
	return ""
}

// shapeCells are the bits of the cells each shape reads, the centre
// included, highest first: the order of a MAP string's index.
var shapeCells = func() (out [len(shapeMasks)][]Neighbourhood) {
	for s, m := range shapeMasks {
		for b := Neighbourhood(256); b > 0; b >>= 1 {
			if (m|Centre)&b != 0 {
				out[s] = append(out[s], b)
			}
		}
	}
	return out
}()

// index is n's place in s's MAP string: the bits of the cells s reads,
// highest first (NW N W C E S SE for Hexagonal, N W C E S for
// VonNeumann).
func (s Shape) index(n Neighbourhood) int {
	k := 0
	for _, c := range shapeCells[s] {
		k <<= 1
		if n&c != 0 {
			k |= 1
		}
	}
	return k
}
