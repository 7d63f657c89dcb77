package rule

// The geometry of a Neighbourhood: where each neighbour's bit lies, and
// how the rotations and reflections of the square move the bits. Rules
// ask nothing else of the plane; package life applies the same maps to
// whole boards.

// Offsets lists the eight neighbours as offsets (dx, dy) from the cell,
// row by row from the north-west: the order of their bits in a
// Neighbourhood, highest first (the centre skipped).
func Offsets() [8][2]int {
	return [8][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}
}

// Bit is the bit of the cell at offset (dx, dy) from the centre, each of
// dx and dy -1, 0 or 1: NW (-1, -1) is 256, the centre 16, SE (1, 1) 1.
func Bit(dx, dy int) Neighbourhood {
	return 1 << (8 - (3*(dy+1) + dx + 1))
}

// Map is n with the cell at every offset (dx, dy) moved to (a*dx + b*dy,
// c*dx + d*dy): one of the eight rotations and reflections of the square
// when the matrix (a b; c d) has entries -1, 0 and 1 and one non-zero
// entry in each row and column. The centre stays.
func (n Neighbourhood) Map(a, b, c, d int) Neighbourhood {
	m := n & Centre
	for _, o := range Offsets() {
		if n&Bit(o[0], o[1]) != 0 {
			m |= Bit(a*o[0]+b*o[1], c*o[0]+d*o[1])
		}
	}
	return m
}

// squareMaps are the matrices (a, b, c, d) of the eight rotations and
// reflections of the square, the identity first.
var squareMaps = [8][4]int{
	{1, 0, 0, 1}, {0, -1, 1, 0}, {-1, 0, 0, -1}, {0, 1, -1, 0},
	{-1, 0, 0, 1}, {1, 0, 0, -1}, {0, 1, 1, 0}, {0, -1, -1, 0},
}

// Images are the images of n under the eight rotations and reflections of
// the square (with repeats when n is symmetric), n itself first.
func (n Neighbourhood) Images() [8]Neighbourhood {
	var out [8]Neighbourhood
	for i, m := range squareMaps {
		out[i] = n.Map(m[0], m[1], m[2], m[3])
	}
	return out
}

// Invariant reports whether r is the same rule after the rotation or
// reflection (a b; c d) of the plane (see Map): whether every
// neighbourhood and its image have the same transition and are both
// free or both fixed.
func (r Rule) Invariant(a, b, c, d int) bool {
	for n := range Neighbourhood(512) {
		m := n.Map(a, b, c, d)
		if r.t.get(m) != r.t.get(n) || r.free.get(m) != r.free.get(n) {
			return false
		}
	}
	return true
}
