package gophersat

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestLearnedClausesImplied checks conflict analysis itself, which a
// wrong answer of the solver would otherwise be the first sign of: every
// clause the solver learns (the lemmas of its DRAT proof) must follow by
// unit propagation from the problem and the clauses learned before it (a
// RUP proof), which proves that it follows from the problem. The checker is
// a naive propagator of the test's own. The instances are random 3-SAT
// at the threshold, solved with Stabilize and without it. (An unsound
// recursive minimization, tried in 2026-11 and not kept, was caught on
// the fourth instance after a few hundred clauses.)
func TestLearnedClausesImplied(t *testing.T) {
	const (
		nbVars     = 150
		instances  = 4
		maxChecked = 1500 // proof lines checked per run
	)
	checked := 0
	for i := range instances {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		cnf := random3SAT(rng, nbVars, nbVars*426/100)
		for _, stable := range []bool{true, false} {
			var proof bytes.Buffer
			p := NewProof(&proof, false, len(cnf))
			s := New(ParseSliceProof(cnf, nbVars, p))
			s.Seed(uint64(i + 1))
			if stable {
				s.Stabilize()
			}
			s.Solve()
			if err := p.w.Flush(); err != nil {
				t.Fatal(err)
			}
			ref := &rupChecker{clauses: slices.Clone(cnf), value: make([]int8, nbVars+1)}
			for n, line := range strings.Split(strings.TrimSuffix(proof.String(), "\n"), "\n") {
				if n == maxChecked {
					break // the checker's clause scans grow with every clause
				}
				if strings.HasPrefix(line, "d ") {
					continue // a deletion
				}
				clause := parseCert(t, line)
				if !ref.implies(clause) {
					t.Fatalf("instance %d (stable %v): learned clause %v does not follow from the problem", i, stable, clause)
				}
				checked++
			}
		}
	}
	t.Logf("%d learned clauses checked", checked)
	if checked < 100 {
		t.Errorf("only %d learned clauses checked: the instances are too easy to test analysis", checked)
	}
}

// parseCert reads a line of a DRAT proof, "l1 l2 ... 0".
func parseCert(t *testing.T, line string) []int {
	var clause []int
	for _, f := range strings.Fields(line) {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("proof line %q: %v", line, err)
		}
		if n != 0 {
			clause = append(clause, n)
		}
	}
	return clause
}

// rupChecker checks a solver's DRAT proof clause by clause: a learned
// clause must follow by unit propagation (RUP) from the problem and the
// clauses learned before it, which proves that it follows from the
// problem. It is deliberately naive (it scans every clause until nothing
// changes), so that it shares no code with the solver.
type rupChecker struct {
	clauses [][]int
	value   []int8 // per variable: 1 true, -1 false, 0 unknown
	set     []int  // the variables with a value
}

// implies tells whether clause follows by unit propagation and, if so,
// adds it to the clauses.
func (r *rupChecker) implies(clause []int) bool {
	for _, v := range r.set {
		r.value[v] = 0
	}
	r.set = r.set[:0]
	for _, l := range clause {
		if r.lit(l) > 0 {
			return true // a tautology
		}
		r.assign(-l)
	}
	ok := r.propagate()
	if ok {
		r.clauses = append(r.clauses, clause)
	}
	return ok
}

// propagate tells whether unit propagation reaches a conflict.
func (r *rupChecker) propagate() bool {
	for changed := true; changed; {
		changed = false
		for _, c := range r.clauses {
			free, unit := 0, 0
			sat := false
			for _, l := range c {
				switch r.lit(l) {
				case 0:
					free++
					unit = l
				case 1:
					sat = true
				}
			}
			switch {
			case sat:
			case free == 0:
				return true
			case free == 1:
				r.assign(unit)
				changed = true
			}
		}
	}
	return false
}

// lit is the value of literal l: 1 true, -1 false, 0 unknown.
func (r *rupChecker) lit(l int) int8 {
	if l < 0 {
		return -r.value[-l]
	}
	return r.value[l]
}

// assign makes literal l true.
func (r *rupChecker) assign(l int) {
	if l < 0 {
		r.value[-l] = -1
	} else {
		r.value[l] = 1
	}
	r.set = append(r.set, abs(l))
}
