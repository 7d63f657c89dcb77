package lifesat

// The memory budget: formulas sized before they are built, and refused
// when their estimate is over Settings.MaxMemory.

import (
	"fmt"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// formulaSize is the size of a formula, or an estimate of it.
type formulaSize struct{ vars, clauses, lits int64 }

func (a formulaSize) plus(b formulaSize) formulaSize {
	return formulaSize{a.vars + b.vars, a.clauses + b.clauses, a.lits + b.lits}
}

// totalizerSize is the size of logic.NewTotalizer over n variables with
// outputs up to limit.
func totalizerSize(n, limit int) formulaSize {
	v, c, l := logic.TotalizerSize(n, limit)
	return formulaSize{v, c, l}
}

// fits refuses a formula of size sz for p whose estimated memory is over
// MaxMemory: in the settings' solver when load is true, as a CNF alone
// (Encode) otherwise.
func (p Problem) fits(set Settings, load bool, sz formulaSize) error {
	// A CNF stores each literal and each clause's end in 4 bytes, plus the
	// cell comments.
	need := 4*sz.lits + 4*sz.clauses + 48*int64(p.Width*p.Height*p.period())
	where := "as CNF"
	if load {
		need = logic.Footprint(set.Solver, int(sz.vars), int(sz.clauses), int(sz.lits))
		where = "with the solver " + solverName(set.Solver)
	}
	if need <= set.memory() {
		return nil
	}
	return fmt.Errorf("%w: %v (%s encoding): the formula would have %s variables, %s clauses and %s literals, about %s %s, more than the limit of %s; try a smaller box or period, a symmetry or another encoding",
		ErrProblem, p, set.Encoding, millions(sz.vars), millions(sz.clauses), millions(sz.lits), gigabytes(need), where, gigabytes(set.memory()))
}

// solverName names a solver for messages.
func solverName(s logic.Solver) string {
	name, _ := logic.Name(s)
	return name
}

// millions writes a count the way the messages do: 1234 or 12.3 million.
func millions(n int64) string {
	if n < 1_000_000 {
		return fmt.Sprint(n)
	}
	return fmt.Sprintf("%.1f million", float64(n)/1e6)
}

// gigabytes writes a number of bytes as GB.
func gigabytes(n int64) string { return fmt.Sprintf("%.1f GB", float64(n)/1e9) }

// auxVars estimates the auxiliary variables an encoder creates for area:
// about 13 a cell for Knuth's counters (Life, 128x128), none for Direct.
func auxVars(enc encoder, area region) int {
	if _, ok := enc.(*knuthEncoder); ok {
		return 14 * area.cells()
	}
	return 0
}
