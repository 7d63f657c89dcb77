package gophersat

import (
	"fmt"
)

// ParseSliceNb parse a slice of slice of lits and returns the equivalent problem.
// The argument is supposed to be a well-formed CNF.
// The number of vars is provided because clauses might be added to it later.
func ParseSliceNb(cnf [][]int, nbVars int) *Problem {
	return ParseSliceProof(cnf, nbVars, nil)
}

// ParseSliceProof is ParseSliceNb for a solver that writes the proof p
// (see Proof), nil for none; the clauses are 1..len(cnf) in the order
// given. (lifesat: not in gophersat v1.4.0.)
func ParseSliceProof(cnf [][]int, nbVars int, p *Proof) *Problem {
	pb := Problem{NbVars: nbVars, proof: p}
	pb.parseSlice(cnf)
	return &pb
}

func (pb *Problem) parseSlice(cnf [][]int) {
	// lifesat: in an LRAT proof the clause on line i has the id i+1, and
	// a unit the id of its line (ids).
	var ids []int64
	for i, line := range cnf {
		switch len(line) {
		case 0:
			pb.Status = Unsat
			if pb.lrat() {
				pb.proof.lemma(nil, []int64{int64(i + 1)})
			}
			return
		case 1:
			if line[0] == 0 {
				panic("null unit clause")
			}
			lit := IntToLit(int32(line[0]))
			v := lit.Var()
			if int(v) >= pb.NbVars {
				pb.NbVars = int(v) + 1
			}
			pb.Units = append(pb.Units, lit)
			ids = append(ids, int64(i+1))
		default:
			lits := make([]Lit, len(line))
			for j, val := range line {
				if val == 0 {
					panic(fmt.Sprintf("null literal in clause %v", lits))
				}
				lits[j] = IntToLit(int32(val))
				if v := int(lits[j].Var()); v >= pb.NbVars {
					pb.NbVars = v + 1
				}
			}
			c := NewClause(lits)
			c.id = int64(i + 1) // lifesat
			pb.Clauses = append(pb.Clauses, c)
		}
	}
	pb.Model = make([]decLevel, pb.NbVars)
	if pb.lrat() {
		pb.unitID = make([]int64, pb.NbVars)
	}
	for i, unit := range pb.Units {
		v := unit.Var()
		if pb.Model[v] == 0 {
			if unit.IsPositive() {
				pb.Model[v] = 1
			} else {
				pb.Model[v] = -1
			}
			if pb.lrat() {
				pb.unitID[v] = ids[i]
			}
		} else if pb.Model[v] > 0 != unit.IsPositive() {
			pb.Status = Unsat
			if pb.lrat() {
				pb.proof.lemma(nil, []int64{pb.unitID[v], ids[i]})
			}
			return
		}
	}
	pb.simplify2()
}
