package plan

import "github.com/lifesat/lifesat/lifesat/logic"

// A propagator does unit propagation on a CNF, with counters: for every
// clause, how many of its literals are true and how many false. Setting
// a literal visits every clause that holds it or its negation, so one
// propagation costs the occurrences of the literals it sets, and undo
// walks the trail back. It is the look-ahead of the split (lookahead.go),
// not a solver: it never decides anything itself.
type propagator struct {
	clauses [][]logic.Lit
	occ     [][]int32 // occ[index(l)]: the clauses that hold l
	val     []int8    // per variable: 0 unset, 1 true, -1 false
	nsat    []int32   // per clause: true literals
	nfalse  []int32   // per clause: false literals
	trail   []logic.Lit
	queue   int // trail[queue:] are set but not yet propagated
	// reduced counts, since the last mark, the clauses that lost a
	// literal while not satisfied (Heule's "reduced clauses" of a
	// look-ahead): the measure of how much a literal constrains the rest.
	reduced int
	empty   bool // the formula has an empty clause
}

// newPropagator indexes the clauses of c.
func newPropagator(c *logic.CNF) *propagator {
	n := c.NumVars()
	p := &propagator{
		occ:    make([][]int32, 2*n+2),
		val:    make([]int8, n+1),
		nsat:   make([]int32, 0, c.NumClauses()),
		nfalse: make([]int32, 0, c.NumClauses()),
		empty:  c.Trivial(),
	}
	counts := make([]int32, 2*n+2)
	c.Clauses(func(cl []logic.Lit) bool {
		for _, l := range cl {
			counts[index(l)]++
		}
		return true
	})
	for i, k := range counts {
		p.occ[i] = make([]int32, 0, k)
	}
	c.Clauses(func(cl []logic.Lit) bool {
		if len(cl) == 0 {
			return true
		}
		id := int32(len(p.clauses))
		p.clauses = append(p.clauses, cl)
		p.nsat = append(p.nsat, 0)
		p.nfalse = append(p.nfalse, 0)
		for _, l := range cl {
			p.occ[index(l)] = append(p.occ[index(l)], id)
		}
		return true
	})
	return p
}

// index is where l's occurrences are kept: 2v for v, 2v+1 for not v.
func index(l logic.Lit) int {
	if l < 0 {
		return int(-l)*2 + 1
	}
	return int(l) * 2
}

// value is l's value: 1 true, -1 false, 0 unset.
func (p *propagator) value(l logic.Lit) int8 {
	if l < 0 {
		return -p.val[-l]
	}
	return p.val[l]
}

// set makes l true, without propagating; false when l is already false.
func (p *propagator) set(l logic.Lit) bool {
	switch p.value(l) {
	case 1:
		return true
	case -1:
		return false
	}
	if l < 0 {
		p.val[-l] = -1
	} else {
		p.val[l] = 1
	}
	p.trail = append(p.trail, l)
	return true
}

// units sets the literals of the formula's unit clauses and propagates
// them: the starting state of a look-ahead. It returns false when they
// contradict each other.
func (p *propagator) units() bool {
	if p.empty {
		return false
	}
	for _, cl := range p.clauses {
		if len(cl) == 1 && !p.set(cl[0]) {
			return false
		}
	}
	return p.propagate()
}

// assume sets l and propagates; false on a conflict. Either way the
// assignments stay on the trail until undo.
func (p *propagator) assume(l logic.Lit) bool {
	if !p.set(l) {
		return false
	}
	return p.propagate()
}

// propagate sets every literal that a clause forces, until none is left
// or a clause has all its literals false (then it returns false).
func (p *propagator) propagate() bool {
	for p.queue < len(p.trail) {
		l := p.trail[p.queue]
		p.queue++
		for _, c := range p.occ[index(l)] {
			p.nsat[c]++
		}
		// Every clause of not-l loses a literal; all are counted before
		// any unit is looked at, so that undo can count them back.
		conflict := false
		for _, c := range p.occ[index(-l)] {
			p.nfalse[c]++
			if p.nsat[c] > 0 {
				continue
			}
			p.reduced++
			switch int(p.nfalse[c]) {
			case len(p.clauses[c]):
				conflict = true
			case len(p.clauses[c]) - 1:
				if !conflict {
					for _, m := range p.clauses[c] {
						if p.value(m) == 0 {
							p.set(m)
							break
						}
					}
				}
			}
		}
		if conflict {
			return false
		}
	}
	return true
}

// undo takes back every assignment after the first mark of the trail.
func (p *propagator) undo(mark int) {
	for i := len(p.trail) - 1; i >= mark; i-- {
		l := p.trail[i]
		if i < p.queue { // its clauses were counted
			for _, c := range p.occ[index(l)] {
				p.nsat[c]--
			}
			for _, c := range p.occ[index(-l)] {
				p.nfalse[c]--
			}
		}
		p.val[l.Var()] = 0
	}
	p.trail = p.trail[:mark]
	p.queue = min(p.queue, mark)
}
