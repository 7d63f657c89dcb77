package tmpl

import "github.com/lifesat/lifesat/lifesat/life"

// A SpecKind says what a template knows of a cell.
type SpecKind uint8

const (
	// Unknown cells are searched for; the zero value.
	Unknown SpecKind = iota
	// Dead cells are dead (LLS "0").
	Dead
	// Alive cells are alive (LLS "1").
	Alive
	// Named cells equal the variable Spec.Name, or its negation when
	// Spec.Not (LLS "c0", "-c0").
	Named
)

// A Spec is what a template says of one cell of one generation.
type Spec struct {
	Kind SpecKind
	// Name is the variable of a Named cell. Every Named cell with the same
	// name, in any generation, has the same state (or the opposite one,
	// when exactly one of the two is negated).
	Name string
	// Not negates a Named cell.
	Not bool
	// Free says the rule is not stated on this cell for the step into
	// this generation: its state need not be the successor of its
	// neighbourhood in the generation before, though it still counts as a
	// neighbour of the cells around it (LLS's trailing "'"). It means
	// nothing on generation 0, as in LLS (with a period, mark the cell in
	// template generation Period, generation 0 again, to free the step
	// that wraps around). With a period, a step is stated in every
	// template generation it leads into (generation s+1, s+1+Period, ...,
	// each moved on by the period's motion), as LLS states the rule into
	// each of its generations: it is free only where each of them marks
	// it free.
	Free bool
}

// String writes the spec in LLS notation: "0", "1", "*", "c0", "-c0",
// with a trailing "'" when Free.
func (s Spec) String() string {
	var out string
	switch s.Kind {
	case Dead:
		out = "0"
	case Alive:
		out = "1"
	case Named:
		out = s.Name
		if s.Not {
			out = "-" + out
		}
	default:
		out = "*"
	}
	if s.Free {
		out += "'"
	}
	return out
}

// A Template is a partial pattern: a Width x Height grid of Specs for
// each of its generations 0..len(Gens)-1. It is the search box of the
// Problem it belongs to (lifesat.Problem.Template), cell (x, y) of the template
// being cell (x, y) of the box.
//
// Without a period (lifesat.Problem.Period 0) a template search is a reaction:
// len(Gens) generations, each the step of the one before, and nothing
// more; generation 0 need not come back, so transient things (an eater
// eating a glider, a pattern and its predecessor) can be asked for. With a
// period P the search is the usual cycle of P generations (generation P is
// generation 0 moved by the Shift), and template generation t speaks of
// generation t mod P moved by (t/P) shifts, so a template may have fewer
// generations than the period (the others are unknown) or more (LLS's
// P+1 generations, the last one generation 0 again).
//
// The edge: cells outside the box are dead at every generation. When Open
// is false (the zero value) the rule is also stated on the one-cell ring
// around the box, where nothing may then be born, as for every Problem:
// the answer lives in the empty plane. That is also logic-life-search's
// meaning: it surrounds its grid with a ring of its background (dead
// cells, by default) and states the rule on that ring too (SearchPattern's
// constructor and force_evolution), so an LLS file means the same search
// here. When Open is true the rule is stated on the box's cells only, and
// births just outside the box are not looked at: the box is a window on a
// larger world, as in Predecessor's window mode.
type Template struct {
	Width, Height int
	// Gens holds the specs of each generation, row by row:
	// Gens[t][y*Width+x] is cell (x, y) of generation t.
	Gens [][]Spec
	// Open says the rule is stated on the box only, not on the ring
	// around it (no LLS file means that).
	Open bool
}

// New returns a template of gens generations of w x h unknown
// cells.
func New(w, h, gens int) *Template {
	t := &Template{Width: w, Height: h, Gens: make([][]Spec, gens)}
	for i := range t.Gens {
		t.Gens[i] = make([]Spec, w*h)
	}
	return t
}

// At is the spec of cell (x, y) of generation t; Dead outside the grid.
func (t *Template) At(gen, x, y int) Spec {
	if gen < 0 || gen >= len(t.Gens) || x < 0 || y < 0 || x >= t.Width || y >= t.Height {
		return Spec{Kind: Dead}
	}
	return t.Gens[gen][y*t.Width+x]
}

// Set sets the spec of cell (x, y) of generation gen.
func (t *Template) Set(gen, x, y int, s Spec) { t.Gens[gen][y*t.Width+x] = s }

// Fix sets generation gen to board b: each live cell of b alive, each
// dead one dead. Cells outside b are left as they are.
func (t *Template) Fix(gen int, b *life.Board) {
	for y := range min(b.Height(), t.Height) {
		for x := range min(b.Width(), t.Width) {
			k := Dead
			if b.Alive(x, y) {
				k = Alive
			}
			t.Gens[gen][y*t.Width+x].Kind = k
		}
	}
}

// Unknown makes the cells of generation gen that are alive in mask
// unknown: with Fix, a pattern of the known cells and a mask of the
// unknown ones make a template generation.
func (t *Template) Unknown(gen int, mask *life.Board) {
	for y := range min(mask.Height(), t.Height) {
		for x := range min(mask.Width(), t.Width) {
			if mask.Alive(x, y) {
				t.Gens[gen][y*t.Width+x] = Spec{}
			}
		}
	}
}

// String writes the template as an LLS search pattern: cells separated by
// spaces, generations by a blank line. A closed template (not Open) reads
// back as the same search, in LLS and in package tmpl.
func (t *Template) String() string {
	var out []byte
	for g, gen := range t.Gens {
		if g > 0 {
			out = append(out, '\n')
		}
		for y := range t.Height {
			for x := range t.Width {
				if x > 0 {
					out = append(out, ' ')
				}
				out = append(out, gen[y*t.Width+x].String()...)
			}
			out = append(out, '\n')
		}
	}
	return string(out)
}
