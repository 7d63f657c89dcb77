package ip

import (
	"errors"
	"fmt"
	"image"
	"strconv"
	"strings"
)

// Limits on the box of a model, checked before anything is allocated.
const (
	// MaxSide is the largest width or height of a box.
	MaxSide = 4096
	// MaxCells bounds Width*Height: IP2 has about 58 constraints of up
	// to 9 terms a cell, some 240,000 constraints at this bound (64 x 64,
	// a 25 MB LP file), far past what a MIP solver proves optimal
	// (Bosch's largest was 9 x 9).
	MaxCells = 1 << 12
)

// ErrModel is wrapped by the errors that describe a model that cannot be
// built: a bad size or formulation.
var ErrModel = errors.New("ip: bad model")

// A Formulation is one of Bosch's two integer programs. They differ only
// in how they state the birth rule.
type Formulation uint8

const (
	// IP1 states the birth rule at a cell e with three constraints,
	// B1(e), B2(e), B3(e), and two auxiliary 0-1 variables a_e and
	// b_e: three variables a cell.
	IP1 Formulation = 1
	// IP2 states it with one constraint B'(e, S) for each 3-element
	// subset S of e's neighbours (56 for a cell with 8), and no
	// auxiliary variable.
	IP2 Formulation = 2
)

// String is "ip1" or "ip2", the name ParseFormulation reads.
func (f Formulation) String() string {
	switch f {
	case IP1:
		return "ip1"
	case IP2:
		return "ip2"
	}
	return fmt.Sprintf("Formulation(%d)", uint8(f))
}

// ParseFormulation reads "ip1" or "ip2" (in any case; "IP1" is Bosch's
// spelling).
func ParseFormulation(s string) (Formulation, error) {
	switch strings.ToLower(s) {
	case "ip1":
		return IP1, nil
	case "ip2":
		return IP2, nil
	}
	return 0, fmt.Errorf("%w: unknown formulation %q: want ip1 or ip2", ErrModel, s)
}

// A Kind is the role of a variable.
type Kind uint8

const (
	// Cell is Bosch's x_e: 1 if cell e is immortal, 0 if it is
	// eternally dead.
	Cell Kind = iota + 1
	// AuxA is IP1's a_e, forced to 1 by B1(e) when e has three or more
	// immortal neighbours.
	AuxA
	// AuxB is IP1's b_e, forced to 1 by B2(e) when e has three or fewer.
	AuxB
)

// A Var is a variable of a model: the kind and the cell (X its column and
// Y its row, from 0 at the top left of the box).
type Var struct {
	Kind Kind
	X, Y int
}

// String names v as the LP files do: x_X_Y, a_X_Y or b_X_Y.
func (v Var) String() string {
	letter := byte('?')
	switch v.Kind {
	case Cell:
		letter = 'x'
	case AuxA:
		letter = 'a'
	case AuxB:
		letter = 'b'
	}
	b := append(make([]byte, 0, 12), letter, '_')
	b = strconv.AppendInt(b, int64(v.X), 10)
	b = append(b, '_')
	return string(strconv.AppendInt(b, int64(v.Y), 10))
}

// A Term is Coef times the variable numbered Var (from 1, see Model.Vars).
type Term struct {
	Coef int
	Var  int
}

// A Relation compares a constraint's terms with its bound.
type Relation int8

const (
	// LessEq is <=, the relation of all of Bosch's constraints but B2.
	LessEq Relation = iota + 1
	// GreaterEq is >=.
	GreaterEq
)

// String is "<=" or ">=".
func (r Relation) String() string {
	switch r {
	case LessEq:
		return "<="
	case GreaterEq:
		return ">="
	}
	return fmt.Sprintf("Relation(%d)", int8(r))
}

// A Family is one of Bosch's kinds of constraint (section 3.2), or the
// population bound that a caller adds.
type Family string

// The families, in the order a model lists them.
const (
	DI         Family = "DI"       // death by isolation: 2x_e - sum_N(e) x_f <= 0
	DO         Family = "DO"       // death by overcrowding: 3x_e + sum_N(e) x_f <= 6
	B1         Family = "B1"       // IP1: sum_N(e) x_f <= 2 + 4a_e
	B2         Family = "B2"       // IP1: sum_N(e) x_f >= 4 - 4b_e
	B3         Family = "B3"       // IP1: a_e + b_e <= 1 + x_e
	BPrime     Family = "B'"       // IP2: -x_e + sum_S x_f - sum_N(e)-S x_f <= 2
	Boundary   Family = "boundary" // x_f + x_g + x_h <= 2 for a cell outside with three neighbours f, g, h inside
	Population Family = "population"
)

// A Constraint is Terms Rel Bound: the sum of Coef times the value of Var
// over the terms compared with Bound.
type Constraint struct {
	Family Family
	// Cell is the cell e the constraint is stated for; for a boundary
	// constraint, the cell outside the box (one coordinate -1 or the
	// side's length). Population bounds have none.
	Cell image.Point
	// S is the 3-element subset of N(e) of a B'(e, S) constraint, as
	// compass directions from e ("NW", "N", ...), in the order of
	// Directions.
	S     []string
	Terms []Term
	Rel   Relation
	Bound int
}

// Name is the constraint's name in LP files: the family, then the cell
// (DI_3_4, B1_0_0); a B'(e, S) is Bp_X_Y_ then S's directions
// (Bp_3_4_NW_N_NE); a boundary constraint is bd then the side of the box
// its outside cell lies on (N above, S below, W left, E right) and the
// cell's column or row (bdN_3).
func (c Constraint) Name(m *Model) string {
	switch c.Family {
	case BPrime:
		return fmt.Sprintf("Bp_%d_%d_%s", c.Cell.X, c.Cell.Y, strings.Join(c.S, "_"))
	case Boundary:
		switch {
		case c.Cell.Y < 0:
			return fmt.Sprintf("bdN_%d", c.Cell.X)
		case c.Cell.Y >= m.Height:
			return fmt.Sprintf("bdS_%d", c.Cell.X)
		case c.Cell.X < 0:
			return fmt.Sprintf("bdW_%d", c.Cell.Y)
		default:
			return fmt.Sprintf("bdE_%d", c.Cell.Y)
		}
	case Population:
		if c.Rel == GreaterEq {
			return "pop_min"
		}
		return "pop_max"
	}
	return fmt.Sprintf("%s_%d_%d", c.Family, c.Cell.X, c.Cell.Y)
}

// Directions are the eight neighbours of a cell as compass points, in the
// order the models list a cell's neighbours: the row above from left to
// right, the cells beside, the row below.
var Directions = [8]string{"NW", "N", "NE", "W", "E", "SW", "S", "SE"}

// offsets are the (dx, dy) of Directions, y growing downwards.
var offsets = [8]image.Point{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}

// A Model is one of Bosch's integer programs for the maximum-density
// still life of a Width x Height box (his region R): 0-1 variables,
// linear constraints with integer coefficients, and the objective,
// maximize the number of immortal cells (Objective).
type Model struct {
	Width, Height int
	Formulation   Formulation
	// Vars are the variables: variable i (from 1, as in OPB files and
	// in package logic) is Vars[i-1]. The cells' x_e come first, row
	// by row, so that cell (x, y) is variable y*Width + x + 1; IP1's
	// a_e follow in the same order, then its b_e.
	Vars []Var
	// Constraints are Bosch's, family by family (DI, DO, then B1, B2,
	// B3 or B', then boundary), each family cell by cell, row by row;
	// then any population bound added by AtLeast or AtMost.
	Constraints []Constraint
}

// New builds Bosch's formulation f for a w x h box (R. A. Bosch,
// "Integer programming and Conway's game of Life", SIAM Review 41(3),
// 1999, section 3): every constraint of the families his IP1 or IP2
// lists (section 3.3), including those that every 0-1 point meets (such
// as DO at a corner, which has three neighbours), so that the model is
// his, constraint for constraint. Its feasible points are exactly the
// still lifes that fit in the box (with, for IP1, auxiliary variables
// as B1 and B2 allow).
func New(w, h int, f Formulation) (*Model, error) {
	switch {
	case w < 1 || h < 1:
		return nil, fmt.Errorf("%w: a %dx%d box: want a width and height of 1 or more", ErrModel, w, h)
	case w > MaxSide || h > MaxSide:
		return nil, fmt.Errorf("%w: a %dx%d box: at most %d cells a side", ErrModel, w, h, MaxSide)
	case w*h > MaxCells:
		return nil, fmt.Errorf("%w: a %dx%d box: at most %d cells (%d here)", ErrModel, w, h, MaxCells, w*h)
	case f != IP1 && f != IP2:
		return nil, fmt.Errorf("%w: unknown formulation %v: want IP1 or IP2", ErrModel, f)
	}
	m := &Model{Width: w, Height: h, Formulation: f}
	kinds := []Kind{Cell}
	if f == IP1 {
		kinds = append(kinds, AuxA, AuxB)
	}
	for _, k := range kinds {
		for y := range h {
			for x := range w {
				m.Vars = append(m.Vars, Var{k, x, y})
			}
		}
	}
	m.each(m.deathByIsolation)
	m.each(m.deathByOvercrowding)
	if f == IP1 {
		m.each(m.birthB1)
		m.each(m.birthB2)
		m.each(m.birthB3)
	} else {
		m.each(m.birthBPrime)
	}
	m.boundary()
	return m, nil
}

// each calls add for every cell of the box, row by row.
func (m *Model) each(add func(e image.Point)) {
	for y := range m.Height {
		for x := range m.Width {
			add(image.Pt(x, y))
		}
	}
}

// in reports whether p is a cell of the box.
func (m *Model) in(p image.Point) bool {
	return p.X >= 0 && p.Y >= 0 && p.X < m.Width && p.Y < m.Height
}

// CellVar is the number of x_e for the cell (x, y) of the box.
func (m *Model) CellVar(x, y int) int { return y*m.Width + x + 1 }

// aux is the number of a_e (k = 1) or b_e (k = 2) of IP1.
func (m *Model) aux(e image.Point, k int) int { return k*m.Width*m.Height + m.CellVar(e.X, e.Y) }

// neighbours is N(e): the cells of the box next to e, in the order of
// Directions, with their directions.
func (m *Model) neighbours(e image.Point) (cells []image.Point, dirs []string) {
	for i, d := range offsets {
		if f := e.Add(d); m.in(f) {
			cells = append(cells, f)
			dirs = append(dirs, Directions[i])
		}
	}
	return cells, dirs
}

// sum is the terms coef*x_f for f in cells.
func (m *Model) sum(coef int, cells []image.Point) []Term {
	t := make([]Term, len(cells))
	for i, f := range cells {
		t[i] = Term{coef, m.CellVar(f.X, f.Y)}
	}
	return t
}

func (m *Model) add(c Constraint) { m.Constraints = append(m.Constraints, c) }

// deathByIsolation is DI(e), section 3.2: 2x_e - sum_{f in N(e)} x_f <= 0.
// An immortal cell needs at least two immortal neighbours.
func (m *Model) deathByIsolation(e image.Point) {
	n, _ := m.neighbours(e)
	terms := append([]Term{{2, m.CellVar(e.X, e.Y)}}, m.sum(-1, n)...)
	m.add(Constraint{Family: DI, Cell: e, Terms: terms, Rel: LessEq, Bound: 0})
}

// deathByOvercrowding is DO(e), section 3.2: 3x_e + sum_{f in N(e)} x_f
// <= 6. For an immortal cell it says at most three immortal neighbours.
// For a dead one it says at most six, not eight, which loses no still
// life: Bosch notes that a dead cell with seven or eight living
// neighbours has a living neighbour with more than three, which dies (of
// the eight cells around e, the four beside it each have four of the
// others as neighbours, and with one at most dead, one of them has all
// four alive). Hence 3 and 6 rather than 5 and 8, a tighter linear
// relaxation.
func (m *Model) deathByOvercrowding(e image.Point) {
	n, _ := m.neighbours(e)
	terms := append([]Term{{3, m.CellVar(e.X, e.Y)}}, m.sum(1, n)...)
	m.add(Constraint{Family: DO, Cell: e, Terms: terms, Rel: LessEq, Bound: 6})
}

// birthB1 is IP1's B1(e), section 3.2: sum_{f in N(e)} x_f <= 2 + 4a_e,
// written sum x_f - 4a_e <= 2. It forces a_e = 1 when e has three or
// more immortal neighbours (at most six, by DO).
func (m *Model) birthB1(e image.Point) {
	n, _ := m.neighbours(e)
	terms := append(m.sum(1, n), Term{-4, m.aux(e, 1)})
	m.add(Constraint{Family: B1, Cell: e, Terms: terms, Rel: LessEq, Bound: 2})
}

// birthB2 is IP1's B2(e), section 3.2: sum_{f in N(e)} x_f >= 4 - 4b_e,
// written sum x_f + 4b_e >= 4. It forces b_e = 1 when e has three or
// fewer immortal neighbours.
func (m *Model) birthB2(e image.Point) {
	n, _ := m.neighbours(e)
	terms := append(m.sum(1, n), Term{4, m.aux(e, 2)})
	m.add(Constraint{Family: B2, Cell: e, Terms: terms, Rel: GreaterEq, Bound: 4})
}

// birthB3 is IP1's B3(e), section 3.2: a_e + b_e <= 1 + x_e, written
// a_e + b_e - x_e <= 1. With B1 and B2 it makes e immortal when it has
// exactly three immortal neighbours: the birth rule.
func (m *Model) birthB3(e image.Point) {
	terms := []Term{{1, m.aux(e, 1)}, {1, m.aux(e, 2)}, {-1, m.CellVar(e.X, e.Y)}}
	m.add(Constraint{Family: B3, Cell: e, Terms: terms, Rel: LessEq, Bound: 1})
}

// birthBPrime is IP2's B'(e, S), section 3.2, for every 3-element subset
// S of N(e) (his figure 6 draws one): -x_e + sum_{f in S} x_f -
// sum_{f in N(e)-S} x_f <= 2. It forbids the one way of breaking the
// birth rule that S names: e dead with exactly the cells of S immortal
// around it. A cell with k neighbours in the box has C(k, 3) of them: 56
// inside, 10 on a side, 1 at a corner.
func (m *Model) birthBPrime(e image.Point) {
	n, dirs := m.neighbours(e)
	for i := 0; i < len(n); i++ {
		for j := i + 1; j < len(n); j++ {
			for k := j + 1; k < len(n); k++ {
				terms := []Term{{-1, m.CellVar(e.X, e.Y)}}
				for l, f := range n {
					coef := -1
					if l == i || l == j || l == k {
						coef = 1
					}
					terms = append(terms, Term{coef, m.CellVar(f.X, f.Y)})
				}
				m.add(Constraint{Family: BPrime, Cell: e, S: []string{dirs[i], dirs[j], dirs[k]}, Terms: terms, Rel: LessEq, Bound: 2})
			}
		}
	}
}

// boundary adds Bosch's boundary constraints, section 3.2: for every cell
// e outside the box with exactly three neighbours f, g, h in it,
// x_f + x_g + x_h <= 2, so that e is not born. In a rectangle these are
// the cells next to a side, away from its ends; no cell outside has more
// than three neighbours in the box, and one with fewer is never born.
// They are listed side by side: above the box (N), below it (S), left of
// it (W), right of it (E).
func (m *Model) boundary() {
	var outside []image.Point
	for x := range m.Width {
		outside = append(outside, image.Pt(x, -1))
	}
	for x := range m.Width {
		outside = append(outside, image.Pt(x, m.Height))
	}
	for y := range m.Height {
		outside = append(outside, image.Pt(-1, y))
	}
	for y := range m.Height {
		outside = append(outside, image.Pt(m.Width, y))
	}
	for _, e := range outside {
		if n, _ := m.neighbours(e); len(n) == 3 {
			m.add(Constraint{Family: Boundary, Cell: e, Terms: m.sum(1, n), Rel: LessEq, Bound: 2})
		}
	}
}

// Objective is Bosch's objective, maximize sum_{e in R} x_e: a term with
// coefficient 1 for each cell.
func (m *Model) Objective() []Term {
	t := make([]Term, m.Width*m.Height)
	for i := range t {
		t[i] = Term{1, i + 1}
	}
	return t
}

// AtLeast adds the constraint sum_{e in R} x_e >= k: a still life with k
// immortal cells or more. Bosch did not add it to his programs; he gave
// CPLEX the lower cutoff ceil(n^2/2) instead, a bound of its search
// with the same feasible optimum when one reaches it (section 3.4).
func (m *Model) AtLeast(k int) {
	m.add(Constraint{Family: Population, Terms: m.Objective(), Rel: GreaterEq, Bound: k})
}

// AtMost adds the constraint sum_{e in R} x_e <= k.
func (m *Model) AtMost(k int) {
	m.add(Constraint{Family: Population, Terms: m.Objective(), Rel: LessEq, Bound: k})
}

// Name is the name of variable v (from 1) in LP files: x_X_Y, a_X_Y or
// b_X_Y.
func (m *Model) Name(v int) string { return m.Vars[v-1].String() }

// Trivial reports whether every 0-1 point meets c, as DO at a corner
// does (3 + 3 <= 6): the OPB writer leaves such constraints out.
func (c Constraint) Trivial() bool {
	worst := 0 // the largest (for <=) or smallest (for >=) the sum can be
	for _, t := range c.Terms {
		if (c.Rel == LessEq) == (t.Coef > 0) {
			worst += t.Coef
		}
	}
	if c.Rel == LessEq {
		return worst <= c.Bound
	}
	return worst >= c.Bound
}
