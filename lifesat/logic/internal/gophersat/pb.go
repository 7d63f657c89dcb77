package gophersat

// A PBConstr is a Pseudo-Boolean constraint.
type PBConstr struct {
	Lits    []int // List of literals, designed with integer values. A positive value means the literal is true, a negative one it is false.
	Weights []int // Weight of each lit from Lits. If nil, all lits == 1
	AtLeast int   // Sum of all lits must be at least this value
}

// WeightSum returns the sum of the weight of all terms.
func (c PBConstr) WeightSum() int {
	if c.Weights == nil { // All weights = 1
		return len(c.Lits)
	}
	res := 0
	for _, w := range c.Weights {
		res += w
	}
	return res
}
