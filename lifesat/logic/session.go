package logic

import (
	"context"
	"fmt"
	"sync"
)

// A session is what the backends' sessions share: the lock that
// serializes their calls, the formula's variables, whether its clauses
// are known contradictory, the last model and, when the session writes a
// proof, what the proof is about (proof.go). Each backend embeds it and
// brackets its solver between begin and answered.
type session struct {
	mu    sync.Mutex
	nvars int
	unsat bool  // the clauses alone are unsatisfiable
	dead  error // when set, every Solve returns it
	model []bool
	proof *proofState // nil without a proof
}

func (s *session) Model() []bool { return s.model }

// begin is the prologue of every backend's Solve, called with s.mu held:
// it returns the answer that needs no solver, Unsat when the clauses or
// the assumptions are contradictory by themselves, or an error when the
// session is dead or ctx has ended; else Unknown and the assumptions to
// pass on, without constants and repeats. It panics on an assumption
// outside 1..nvars.
func (s *session) begin(ctx context.Context, assumptions []Lit) ([]Lit, Status, error) {
	if s.dead != nil {
		return nil, Unknown, s.dead
	}
	if err := ctx.Err(); err != nil {
		return nil, Unknown, err
	}
	if s.unsat {
		if s.proof != nil {
			s.proof.last = Unsat // as proved when the clauses were found contradictory
		}
		return nil, Unsat, nil
	}
	set, ok := assumptionSet(s.nvars, assumptions)
	if s.proof != nil {
		s.proof.last, s.proof.units, s.proof.trivial = Unknown, nil, !ok
		if !ok {
			s.proof.last, s.proof.units = Unsat, append([]Lit(nil), assumptions...)
		}
	}
	if !ok {
		return nil, Unsat, nil
	}
	return set, Unknown, nil
}

// answered records the answer of a solver run under the assumptions set:
// Unsat without assumptions is for good.
func (s *session) answered(st Status, set []Lit) {
	if st == Unsat && len(set) == 0 {
		s.unsat = true
	}
	if s.proof != nil {
		s.proof.last = st
		if st == Unsat && len(set) > 0 {
			s.proof.units = set
		}
	}
}

// clause prepares a clause for a backend's Add, called with s.mu held: it
// returns false when the clause adds nothing (the session is known
// unsatisfiable, or the clause holds a True, or, with a proof, a literal
// and its negation); otherwise the literals to add, none at all for the
// empty clause, which makes the session unsatisfiable. With a proof, the
// clause joins the proof's formula, and the literals are the clause as
// it stands there. It panics on a literal outside 1..nvars.
func (s *session) clause(lits []Lit) ([]Lit, bool) {
	if s.unsat || s.dead != nil {
		return nil, false
	}
	var cl []Lit
	if p := s.proof; p != nil {
		n := p.formula.NumClauses()
		p.add(lits)
		switch {
		case p.formula.Trivial():
			cl = []Lit{}
		case p.formula.NumClauses() == n:
			return nil, false
		default:
			cl = p.formula.Clause(p.formula.NumClauses() - 1)
		}
	} else {
		var holds bool
		if cl, holds = clauseLits(s.nvars, lits); holds {
			return nil, false
		}
	}
	if len(cl) == 0 {
		s.unsat = true
		if s.proof != nil {
			s.proof.trivial, s.proof.units = true, nil
		}
		return nil, false
	}
	return cl, true
}

// assumptionSet gathers the literals of the groups for a solver's
// assumptions: without constants and repeats. It reports false when they
// cannot all hold (a False, or a literal with its negation), and panics on
// a literal outside 1..nvars.
func assumptionSet(nvars int, groups ...[]Lit) ([]Lit, bool) {
	n := 0
	for _, g := range groups {
		n += len(g)
	}
	lits := make([]Lit, 0, n)
	value := make(map[Var]bool, n)
	for _, g := range groups {
		for _, l := range g {
			switch {
			case l == True:
				continue
			case l == False:
				return nil, false
			case l == 0 || int(l.Var()) > nvars:
				panic(fmt.Sprintf("logic: Solve: assumption %d out of range 1..%d", l, nvars))
			}
			if v, seen := value[l.Var()]; seen {
				if v != (l > 0) {
					return nil, false
				}
				continue
			}
			value[l.Var()] = l > 0
			lits = append(lits, l)
		}
	}
	return lits, true
}

// clauseLits prepares a clause for a backend's Add: holds is true when it
// contains True (it adds nothing); otherwise lits are its non-False
// literals, none at all for an empty clause. It panics on a literal
// outside 1..nvars.
func clauseLits(nvars int, clause []Lit) (lits []Lit, holds bool) {
	lits = make([]Lit, 0, len(clause))
	for _, l := range clause {
		switch {
		case l == True:
			return nil, true
		case l == False:
			continue
		case l == 0 || int(l.Var()) > nvars:
			panic(fmt.Sprintf("logic: Add: literal %d out of range 1..%d", l, nvars))
		}
		lits = append(lits, l)
	}
	return lits, false
}
