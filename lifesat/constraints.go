package lifesat

// The constraints of logic-life-search's command line that name
// generations: a change between two generations (-c), populations summed
// over generations (-p), the most cells changed, lost or gained from
// generation 0 (--max_change, --max_decay, --max_growth), and motions the
// pattern must not follow (-a). Each is stated in the box, on the
// problem's generations (Problem.span), as clauses (encodeConstraints)
// and checked on the re-simulated pattern (checkConstraints).

import (
	"fmt"
	"image"
	"strconv"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// AtMost is the limit of at most n cells.
func AtMost(n int) Limit { return Limit{n, true} }

// Max returns the bound and true, or false for no bound.
func (l Limit) Max() (int, bool) { return l.n, l.set }

// String is "at most N" or "no limit".
func (l Limit) String() string {
	if n, ok := l.Max(); ok {
		return "at most " + strconv.Itoa(n)
	}
	return "no limit"
}

// gens is the bound's generations.
func (b PopBound) gens() []int {
	if len(b.Gens) == 0 {
		return []int{0}
	}
	return b.Gens
}

// maxPopGens bounds the generations one PopBound may name.
const maxPopGens = 4 * MaxPeriod

// constrained reports whether p has any of these constraints.
func (p Problem) constrained() bool {
	_, c := p.MaxChange.Max()
	_, d := p.MaxDecay.Max()
	_, g := p.MaxGrowth.Max()
	return len(p.Asymmetric) > 0 || len(p.Change) > 0 || len(p.PopBounds) > 0 || c || d || g
}

// validateConstraints checks the generations the constraints name.
func (p Problem) validateConstraints() error {
	n := p.span()
	gen := func(what string, g int) error {
		if g < 0 || g >= n {
			return fmt.Errorf("%w: %s names generation %d; the problem's generations are 0..%d", ErrProblem, what, g, n-1)
		}
		return nil
	}
	for _, c := range p.Change {
		for _, g := range c {
			if err := gen("a change", g); err != nil {
				return err
			}
		}
	}
	for _, b := range p.PopBounds {
		if b.Min < 0 {
			return fmt.Errorf("%w: population bound %+v: the minimum must not be negative", ErrProblem, b)
		}
		if len(b.Gens) > maxPopGens {
			return fmt.Errorf("%w: a population bound over %d generations, more than %d", ErrProblem, len(b.Gens), maxPopGens)
		}
		for _, g := range b.Gens {
			if err := gen("a population bound", g); err != nil {
				return err
			}
		}
	}
	for _, m := range p.Asymmetric {
		if err := m.validate(); err != nil {
			return err
		}
		if m == (Motion{}) {
			return fmt.Errorf("%w: Asymmetric: the identity (Id) is every pattern's symmetry, so forbidding it leaves no pattern; name R90, R180, R270, F|, F-, F\\ or F/", ErrProblem)
		}
	}
	return nil
}

// boxCells calls f with every cell of the box, row by row.
func (p Problem) boxCells(f func(c image.Point)) {
	for y := range p.Height {
		for x := range p.Width {
			f(image.Pt(x, y))
		}
	}
}

// counts are the three per-generation counts of MaxChange, MaxDecay and
// MaxGrowth: whether a cell that is a at generation 0 and b at
// generation t counts.
var counts = [3]struct {
	name  string
	count func(a, b bool) bool
}{
	{"changed", func(a, b bool) bool { return a != b }},
	{"lost", func(a, b bool) bool { return a && !b }},
	{"gained", func(a, b bool) bool { return !a && b }},
}

// limits are p's MaxChange, MaxDecay and MaxGrowth, in the order of
// counts.
func (p Problem) limits() [3]Limit { return [3]Limit{p.MaxChange, p.MaxDecay, p.MaxGrowth} }

// pairArea is where generation t+m.Gens and the motion m's image of
// generation t are compared: the box and its image under m.
func (p Problem) pairArea(m Motion) image.Rectangle {
	return p.Box().Union(p.motionMap(m).rect(p.Box()))
}

// checkConstraints reports how pat, re-simulated on the plane bg, breaks
// a constraint, or nil.
func (p Problem) checkConstraints(pat *Pattern, bg *life.Background) error {
	if !p.constrained() {
		return nil
	}
	n := p.span()
	box := p.Box()
	gens := make([]*life.Board, n)
	for g := range gens {
		gens[g] = p.planeOf(pat, bg, g, box)
	}
	for _, c := range p.Change {
		if gens[c[0]].Equal(gens[c[1]]) {
			return fmt.Errorf("lifesat: generations %d and %d are the same in the box", c[0], c[1])
		}
	}
	for _, b := range p.PopBounds {
		sum := 0
		for _, g := range b.gens() {
			sum += gens[g].Population()
		}
		if hi, ok := b.Max.Max(); sum < b.Min || ok && sum > hi {
			return fmt.Errorf("lifesat: the population of generations %v is %d, not between %d and %v", b.gens(), sum, b.Min, b.Max)
		}
	}
	for i, l := range p.limits() {
		hi, ok := l.Max()
		if !ok {
			continue
		}
		for t := 1; t < n; t++ {
			k := 0
			p.boxCells(func(c image.Point) {
				if counts[i].count(gens[0].Alive(c.X, c.Y), gens[t].Alive(c.X, c.Y)) {
					k++
				}
			})
			if k > hi {
				return fmt.Errorf("lifesat: generation %d has %d cells %s from generation 0, more than %d", t, k, counts[i].name, hi)
			}
		}
	}
	for _, m := range p.Asymmetric {
		inv := p.motionMap(m).inverse()
		area := p.pairArea(m)
		src := inv.rect(area)
		follows := true
		for t := 0; t+m.Gens < n && follows; t++ {
			moved := p.planeOf(pat, bg, t+m.Gens, area)
			before := p.planeOf(pat, bg, t, src)
			for y := area.Min.Y; y < area.Max.Y; y++ {
				for x := area.Min.X; x < area.Max.X; x++ {
					q := inv.apply(image.Pt(x, y)).Sub(src.Min)
					if before.Alive(q.X, q.Y) != moved.Alive(x-area.Min.X, y-area.Min.Y) {
						follows = false
					}
				}
			}
		}
		if follows {
			return fmt.Errorf("lifesat: the pattern follows the motion %v, which it must not", m)
		}
	}
	return nil
}

// encodeConstraints adds the clauses of the constraints: a change is
// "some cell differs", an asymmetry "some pair of cells differs" (each
// difference an auxiliary d with d -> (a XOR b)), population bounds and
// the limits totalizers over the cells (or over auxiliaries c with
// "cell counts -> c").
func (in *Instance) encodeConstraints() {
	p, c := in.Problem, in.CNF
	n := p.span()
	some := func(pairs [][2]logic.Lit) {
		var ds []logic.Lit
		seen := map[[2]logic.Lit]bool{}
		for _, pr := range pairs {
			a, b := pr[0], pr[1]
			if a.IsConst() && b.IsConst() {
				if a != b {
					return // they differ already
				}
				continue
			}
			if a == b || seen[pr] {
				continue
			}
			seen[pr] = true
			d := c.NewVar().Pos()
			c.Add(d.Not(), a, b)
			c.Add(d.Not(), a.Not(), b.Not())
			ds = append(ds, d)
		}
		c.Add(ds...) // the empty clause when nothing can differ
	}
	for _, ch := range p.Change {
		var pairs [][2]logic.Lit
		p.boxCells(func(q image.Point) {
			pairs = append(pairs, [2]logic.Lit{in.at(ch[0], q.X, q.Y), in.at(ch[1], q.X, q.Y)})
		})
		some(pairs)
	}
	for _, m := range p.Asymmetric {
		f := p.motionMap(m).inverse()
		area := p.pairArea(m)
		var pairs [][2]logic.Lit
		for t := 0; t+m.Gens < n; t++ {
			for y := area.Min.Y; y < area.Max.Y; y++ {
				for x := area.Min.X; x < area.Max.X; x++ {
					src := f.apply(image.Pt(x, y))
					pairs = append(pairs, [2]logic.Lit{in.at(t+m.Gens, x, y), in.at(t, src.X, src.Y)})
				}
			}
		}
		some(pairs)
	}
	for _, b := range p.PopBounds {
		var lits []logic.Lit
		for _, g := range b.gens() {
			p.boxCells(func(q image.Point) { lits = append(lits, in.at(g, q.X, q.Y)) })
		}
		hi, ok := b.Max.Max()
		if !ok {
			hi = len(lits)
		}
		countBetween(c, lits, b.Min, hi)
	}
	for i, l := range p.limits() {
		hi, ok := l.Max()
		if !ok {
			continue
		}
		for t := 1; t < n; t++ {
			var lits []logic.Lit
			p.boxCells(func(q image.Point) {
				a, b := in.at(0, q.X, q.Y), in.at(t, q.X, q.Y)
				if a.IsConst() && b.IsConst() {
					if counts[i].count(a == logic.True, b == logic.True) {
						lits = append(lits, logic.True)
					}
					return
				}
				// k is implied true when the cell counts: the clause
				// (a' OR b' OR k) with a', b' false exactly then.
				k := c.NewVar().Pos()
				switch i {
				case 0:
					c.Add(a, b.Not(), k)
					c.Add(a.Not(), b, k)
				case 1:
					c.Add(a.Not(), b, k)
				case 2:
					c.Add(a, b.Not(), k)
				}
				lits = append(lits, k)
			})
			countBetween(c, lits, 0, hi)
		}
	}
}

// countBetween states that lo..hi of lits are true.
func countBetween(c *logic.CNF, lits []logic.Lit, lo, hi int) {
	if hi < 0 || lo > len(lits) || lo > hi {
		c.Add() // nothing can
		return
	}
	if lo == 0 && hi >= len(lits) {
		return
	}
	tot := logic.NewTotalizer(c, lits, min(max(lo, hi+1), len(lits)))
	c.Add(tot.Output(lo))
	if hi < len(lits) {
		c.Add(tot.Output(hi + 1).Not())
	}
}

// constraintsSize estimates the size of encodeConstraints' clauses.
func (p Problem) constraintsSize() formulaSize {
	var sz formulaSize
	cells := int64(p.Width * p.Height)
	n := p.span()
	sz.vars += int64(len(p.Change)) * cells
	sz.clauses += int64(len(p.Change)) * (2*cells + 1)
	sz.lits += int64(len(p.Change)) * 7 * cells
	for _, m := range p.Asymmetric {
		a := p.pairArea(m)
		k := int64(a.Dx()*a.Dy()) * int64(max(n-m.Gens, 0))
		sz = sz.plus(formulaSize{k, 2*k + 1, 7 * k})
	}
	for _, b := range p.PopBounds {
		m := len(b.gens()) * int(cells)
		hi, ok := b.Max.Max()
		if !ok {
			hi = m
		}
		sz = sz.plus(totalizerSize(m, min(max(b.Min, hi+1), m)))
	}
	for _, l := range p.limits() {
		if hi, ok := l.Max(); ok {
			per := totalizerSize(int(cells), min(max(hi+1, 0), int(cells)))
			per = per.plus(formulaSize{cells, 2 * cells, 6 * cells})
			for range n - 1 {
				sz = sz.plus(per)
			}
		}
	}
	return sz
}
