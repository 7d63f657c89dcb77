package lifesat

// Known cells: cells whose state at one generation is given. A split
// search (package plan) cuts a problem into cubes, in the sense of
// cube-and-conquer (Heule, Kullmann, Wieringa and Biere, "Cube and
// conquer: guiding CDCL SAT solvers by lookaheads", 2011): each cube is
// the problem with a few cells known, and every answer of the problem is
// an answer of exactly one cube.

import "fmt"

// String is "(X,Y) alive at generation Gen" or "... dead ...".
func (k KnownCell) String() string {
	state := "dead"
	if k.Alive {
		state = "alive"
	}
	return fmt.Sprintf("(%d,%d) %s at generation %d", k.X, k.Y, state, k.Gen)
}

// validateKnown checks that every known cell lies in the box and in one
// of the problem's generations. Two known cells that disagree about one
// cell (or, under a symmetry, about one orbit) are no error: then no
// pattern exists.
func (p Problem) validateKnown() error {
	for _, k := range p.Known {
		if k.X < 0 || k.Y < 0 || k.X >= p.Width || k.Y >= p.Height {
			return fmt.Errorf("%w: known cell (%d,%d) outside the %dx%d box", ErrProblem, k.X, k.Y, p.Width, p.Height)
		}
		if k.Gen < 0 || k.Gen >= p.gens() {
			return fmt.Errorf("%w: known cell (%d,%d) at generation %d: the problem has generations 0..%d", ErrProblem, k.X, k.Y, k.Gen, p.gens()-1)
		}
	}
	return nil
}

// encodeKnown states each known cell as a unit clause on its literal.
func (in *Instance) encodeKnown() {
	for _, k := range in.Problem.Known {
		in.CNF.Add(in.Cell(k.Gen, k.X, k.Y).Xor(!k.Alive))
	}
}

// checkKnown reports a known cell that pat does not agree with.
func (p Problem) checkKnown(pat *Pattern) error {
	for _, k := range p.Known {
		if pat.Phases[k.Gen].Alive(k.X, k.Y) != k.Alive {
			return fmt.Errorf("lifesat: the pattern disagrees with the known cell %v", k)
		}
	}
	return nil
}
