package gophersat

// ParsePB returns the problem made of the clauses, as ParseSliceNb reads
// them, and the pseudo-Boolean constraints, over nbVars variables or more
// if the constraints name more. Each constraint must have as many weights
// as literals, all of them positive, and no variable twice. (lifesat:
// upstream's ParsePBConstrs took PB constraints only, so that every clause
// was watched as a PB constraint.)
func ParsePB(clauses [][]int, constrs []PBConstr, nbVars int) *Problem {
	for _, c := range constrs {
		for _, l := range c.Lits {
			nbVars = max(nbVars, abs(l))
		}
	}
	pb := ParseSliceNb(clauses, nbVars)
	if pb.Status == Unsat || len(constrs) == 0 {
		return pb
	}
	pb.Status = Indet // simplify2 calls a problem without clauses Sat
	for _, c := range constrs {
		card := c.AtLeast
		if card <= 0 { // always true
			continue
		}
		if c.WeightSum() < card {
			pb.Status = Unsat
			return pb
		}
		lits := make([]Lit, len(c.Lits))
		for i, l := range c.Lits {
			lits[i] = IntToLit(int32(l))
		}
		pb.Clauses = append(pb.Clauses, NewPBClause(lits, append([]int(nil), c.Weights...), card))
	}
	pb.simplifyPB()
	return pb
}
