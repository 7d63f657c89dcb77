package lifesat

// Templates: partial patterns, the search patterns of logic-life-search
// (LLS, https://github.com/frankeverdij/logic-life-search). A template
// says of each cell of each generation whether it is known dead, known
// alive, unknown, or equal to a named variable (or its negation) that
// other cells of any generation share; and, per cell, whether the rule is
// stated on it at all (LLS's trailing "'").

import (
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// Reaction is the problem of the template t alone: its box, no period:
// len(t.Gens) generations, each the step of the one before.
func Reaction(t *tmpl.Template) Problem {
	return Problem{Width: t.Width, Height: t.Height, Template: t}
}

// validateTemplate checks the template against the problem's box and
// looks for contradictions that need no solver: two fixed cells, or a
// variable and its negation, that must be the same cell (through the
// period's wrap-around or the symmetry) but disagree.
func (p Problem) validateTemplate() error {
	t := p.Template
	switch {
	case len(t.Gens) == 0:
		return fmt.Errorf("%w: template has no generations", ErrProblem)
	case t.Width != p.Width || t.Height != p.Height:
		return fmt.Errorf("%w: template is %dx%d, box %dx%d", ErrProblem, t.Width, t.Height, p.Width, p.Height)
	case len(t.Gens) > MaxPeriod+1:
		return fmt.Errorf("%w: template has %d generations, more than %d", ErrProblem, len(t.Gens), MaxPeriod+1)
	case t.Width*t.Height*len(t.Gens) > MaxCells:
		return fmt.Errorf("%w: template %dx%d over %d generations is more than %d cells", ErrProblem, t.Width, t.Height, len(t.Gens), MaxCells)
	}
	for g, gen := range t.Gens {
		if len(gen) != t.Width*t.Height {
			return fmt.Errorf("%w: template generation %d has %d cells, want %dx%d", ErrProblem, g, len(gen), t.Width, t.Height)
		}
		for i, s := range gen {
			if s.Kind > tmpl.Named || s.Kind == tmpl.Named && s.Name == "" {
				return fmt.Errorf("%w: template generation %d cell (%d,%d): bad spec %+v", ErrProblem, g, i%t.Width, i/t.Width, s)
			}
		}
	}
	// Union-find with parity over the nodes: 0 the constant "alive",
	// 1.. the cells of the search, then the names.
	w, h, n := p.Width, p.Height, p.gens()
	parent := make([]int, 1+n*w*h)
	parity := make([]bool, len(parent)) // relative to the parent
	names := map[string]int{}
	var find func(int) (int, bool)
	find = func(a int) (int, bool) {
		if parent[a] == a {
			return a, false
		}
		r, par := find(parent[a])
		parent[a], parity[a] = r, parity[a] != par
		return r, parity[a]
	}
	for i := range parent {
		parent[i] = i
	}
	// union states a XOR b == odd; false when that contradicts what is known.
	union := func(a, b int, odd bool) bool {
		ra, pa := find(a)
		rb, pb := find(b)
		if ra == rb {
			return pa != pb == odd
		}
		parent[ra], parity[ra] = rb, pa != pb != odd
		return true
	}
	cell := func(t, x, y int) int {
		if x < 0 || y < 0 || x >= w || y >= h {
			return -1
		}
		return 1 + (t*h+y)*w + x
	}
	// The symmetry's orbits share one state.
	if p.Symmetry != "" {
		orbit := p.Symmetry.Orbits(w, h)
		for t := range n {
			for i, r := range orbit {
				union(cell(t, i%w, i/w), cell(t, r%w, r/w), false)
			}
		}
	}
	for g, gen := range t.Gens {
		for i, s := range gen {
			x, y := i%w, i/w
			ph, at := p.where(g, image.Pt(x, y))
			c := cell(ph, at.X, at.Y)
			var other int
			var odd bool
			switch s.Kind {
			case tmpl.Unknown:
				continue
			case tmpl.Alive:
				other = 0
			case tmpl.Dead:
				other, odd = 0, true
			case tmpl.Named:
				k, ok := names[s.Name]
				if !ok {
					k = len(parent)
					parent, parity = append(parent, k), append(parity, false)
					names[s.Name] = k
				}
				other, odd = k, s.Not
			}
			if c < 0 { // outside the box: the background
				known, alive := p.outside(g, x, y)
				if !known {
					continue
				}
				if other == 0 {
					if odd == alive {
						return fmt.Errorf("%w: template generation %d cell (%d,%d) is %s, but it is generation %d (%d,%d), outside the box, where the background is not", ErrProblem, g, x, y, s, ph, at.X, at.Y)
					}
					continue
				}
				c, odd = 0, odd == alive
			}
			if !union(c, other, odd) {
				return fmt.Errorf("%w: template generation %d cell (%d,%d) is %s, which contradicts the other cells it must equal", ErrProblem, g, x, y, s)
			}
		}
	}
	return nil
}

// outside is what Validate knows of the plane's cell (x, y) of
// generation g, outside the box: the Background's, or on the empty plane
// dead at even generations (under a B0 rule it strobes, so an odd
// generation's cell is not known without the rule).
func (p Problem) outside(g, x, y int) (known, alive bool) {
	if p.Background != nil {
		return true, p.Background.Alive(g, x, y)
	}
	return g%2 == 0, false
}

// freeCells lists, for each step of the search, the cells of the step's
// area on which the rule is not stated. Step s goes from generation s to
// s+1; the last step of a periodic search goes to generation 0 moved by
// the shift, in whose coordinates its cells are given. A step of a cycle
// is stated in every template generation that speaks of it (generation
// s+1, s+1+Period, ..., each moved on by the period's motion), as LLS
// states the rule into each of its generations: it is free only where
// every one of them frees it (see stepFree).
func (p Problem) freeCells() []map[image.Point]bool {
	t := p.Template
	if t == nil {
		return nil
	}
	steps := p.gens()
	if p.transient() {
		steps--
	}
	free := make([]map[image.Point]bool, max(steps, 0))
	for g := 1; g < len(t.Gens); g++ {
		for i, s := range t.Gens[g] {
			if !s.Free {
				continue
			}
			x, y := i%t.Width, i/t.Width
			ph, at := p.where(g, image.Pt(x, y))
			st := ph - 1
			if ph == 0 { // the wrap-around step, in the coordinates of generation Period
				st, at = steps-1, p.cycle().apply(at)
			}
			if !p.stepFree(st, at) {
				continue
			}
			if free[st] == nil {
				free[st] = map[image.Point]bool{}
			}
			free[st][at] = true
		}
	}
	return free
}

// stepFree reports whether every template generation that speaks of step
// st at cell a (in the coordinates of the generation it leads to) leaves
// the rule unstated there: the cell of each, moved on by the period's
// motion, is a free cell of the template, or outside the box and its ring
// (where nothing is stated), or on the ring of an open template.
func (p Problem) stepFree(st int, a image.Point) bool {
	t := p.Template
	if p.transient() {
		return t.At(st+1, a.X, a.Y).Free
	}
	box := p.Box()
	f := p.cycle()
	c := a
	for g := st + 1; g < len(t.Gens); g += p.period() {
		switch {
		case c.In(box):
			if !t.At(g, c.X, c.Y).Free {
				return false
			}
		case c.In(box.Inset(-1)) && !t.Open:
			return false
		}
		c = f.apply(c)
	}
	return true
}

// stepArea is the area on which the rule is stated at step s: the box, or
// with the ring around it (and for the last step of a spaceship, the
// ring around the box's moved image too).
func (p Problem) stepArea(s int) image.Rectangle {
	if p.Template != nil && p.Template.Open {
		return p.Box()
	}
	if !p.transient() && s == p.period()-1 {
		return p.frame()
	}
	return p.Box().Inset(-1)
}

// encodeTemplate adds the clauses that tie the cells to the template's
// fixed states and variables. A template generation past the period shows
// the whole of its generation: the cells that the period's motion moves
// out of the box are the background's there.
func (in *Instance) encodeTemplate() {
	p, c := in.Problem, in.CNF
	t := p.Template
	names := map[string]logic.Lit{}
	for g, gen := range t.Gens {
		for i, s := range gen {
			l := in.at(g, i%t.Width, i/t.Width)
			switch s.Kind {
			case tmpl.Alive:
				c.Add(l)
			case tmpl.Dead:
				c.Add(l.Not())
			case tmpl.Named:
				l = l.Xor(s.Not)
				if v, ok := names[s.Name]; ok {
					c.Add(l.Not(), v)
					c.Add(l, v.Not())
				} else {
					names[s.Name] = l
				}
			}
		}
		for _, q := range p.beyond(g) {
			c.Add(in.at(g, q.X, q.Y).Xor(!in.bg.Alive(g, q.X, q.Y)))
		}
	}
}

// beyond lists the cells outside the box where template generation g,
// past the period, has cells of the pattern: they must be the
// background's, as the template shows only the box.
func (p Problem) beyond(g int) []image.Point {
	if p.transient() || g < p.period() {
		return nil
	}
	var out []image.Point
	r := p.reach(g)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !image.Pt(x, y).In(p.Box()) {
				out = append(out, image.Pt(x, y))
			}
		}
	}
	return out
}

// checkTemplate reports how pat disagrees with the template, or nil.
func (p Problem) checkTemplate(pat *Pattern, bg *life.Background) error {
	t := p.Template
	names := map[string]bool{}
	for g, gen := range t.Gens {
		b := p.planeOf(pat, bg, g, p.Box())
		for i, s := range gen {
			x, y := i%t.Width, i/t.Width
			v := b.Alive(x, y)
			switch s.Kind {
			case tmpl.Alive, tmpl.Dead:
				if v != (s.Kind == tmpl.Alive) {
					return fmt.Errorf("lifesat: generation %d cell (%d,%d) is not %s as the template says", g, x, y, s)
				}
			case tmpl.Named:
				v = v != s.Not
				if old, ok := names[s.Name]; ok && old != v {
					return fmt.Errorf("lifesat: generation %d cell (%d,%d) disagrees with the template's variable %s", g, x, y, s.Name)
				}
				names[s.Name] = v
			}
		}
		for _, q := range p.beyond(g) {
			if p.planeOf(pat, bg, g, image.Rectangle{q, q.Add(image.Pt(1, 1))}).Alive(0, 0) != bg.Alive(g, q.X, q.Y) {
				return fmt.Errorf("lifesat: generation %d has a cell of the pattern at (%d,%d), outside the box that the template shows", g, q.X, q.Y)
			}
		}
	}
	return nil
}

// Values returns the value each named variable of the template takes in
// pat, an answer of the problem.
func (p Problem) Values(pat *Pattern) map[string]bool {
	vals := map[string]bool{}
	if p.Template == nil {
		return vals
	}
	for g, gen := range p.Template.Gens {
		for i, s := range gen {
			if s.Kind == tmpl.Named {
				x, y := i%p.Width, i/p.Width
				ph, at := p.where(g, image.Pt(x, y))
				v := p.Background.Alive(g, x, y)
				if at.In(p.Box()) {
					v = pat.Phases[ph].Alive(at.X, at.Y)
				}
				vals[s.Name] = v != s.Not
			}
		}
	}
	return vals
}

// freeNext is next but for the free cells, which read as fresh variables
// of their own: the rule then binds those, not the cells.
func freeNext(c *logic.CNF, next grid, free map[image.Point]bool) grid {
	if len(free) == 0 {
		return next
	}
	fresh := make(map[image.Point]logic.Lit, len(free))
	for pt := range free {
		fresh[pt] = c.NewVar().Pos()
	}
	return func(x, y int) logic.Lit {
		if l, ok := fresh[image.Pt(x, y)]; ok {
			return l
		}
		return next(x, y)
	}
}

// blockAll forbids pat, every generation of it as it is: with a template
// the generations are pinned in place, so two answers are distinct when
// they differ in some cell of some generation.
func (in *Instance) blockAll(sess logic.Session, pat *Pattern) {
	p := in.Problem
	cl := make([]logic.Lit, 0, len(pat.Phases)*p.Width*p.Height)
	for t, b := range pat.Phases {
		for y := range p.Height {
			for x := range p.Width {
				cl = append(cl, in.Cell(t, x, y).Xor(b.Alive(x, y)))
			}
		}
	}
	sess.Add(cl...)
}
