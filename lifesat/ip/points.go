package ip

import (
	"errors"
	"fmt"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// ErrNotStill is wrapped by StillLife's error for a board that changes.
var ErrNotStill = errors.New("ip: not a still life")

// A point of a model is an assignment of its variables: point[v] is the
// value of variable v, point[0] is unused (as for models in package
// logic).

// Holds reports whether the point meets c.
func (c Constraint) Holds(point []bool) bool {
	sum := 0
	for _, t := range c.Terms {
		if point[t.Var] {
			sum += t.Coef
		}
	}
	if c.Rel == GreaterEq {
		return sum >= c.Bound
	}
	return sum <= c.Bound
}

// Check returns nil when point meets every constraint of m, else an error
// that names the first it breaks. A point of the wrong length is an
// error too.
func (m *Model) Check(point []bool) error {
	if len(point) != len(m.Vars)+1 {
		return fmt.Errorf("ip: a point of %d variables for a model of %d", len(point)-1, len(m.Vars))
	}
	for _, c := range m.Constraints {
		if !c.Holds(point) {
			return fmt.Errorf("ip: the point breaks %s", c.Name(m))
		}
	}
	return nil
}

// Board is the board of the cells' variables of point: cell (x, y) is
// alive when x_e is 1.
func (m *Model) Board(point []bool) *life.Board {
	b := life.NewBoard(m.Width, m.Height)
	for y := range m.Height {
		for x := range m.Width {
			b.Set(x, y, point[m.CellVar(x, y)])
		}
	}
	return b
}

// Point is the point of m for the board b, of the box's size: x_e is
// cell e of b, and IP1's a_e and b_e are as B1 and B2 force them and
// no more: a_e is 1 when e has three or more live neighbours in the box,
// b_e when it has three or fewer. Then m's constraints hold exactly when
// b is a still life (for IP1, no other choice of a_e and b_e does better:
// see New).
func (m *Model) Point(b *life.Board) []bool {
	if b.Width() != m.Width || b.Height() != m.Height {
		panic(fmt.Sprintf("ip: a %dx%d board for a %dx%d model", b.Width(), b.Height(), m.Width, m.Height))
	}
	p := make([]bool, len(m.Vars)+1)
	for y := range m.Height {
		for x := range m.Width {
			p[m.CellVar(x, y)] = b.Alive(x, y)
			if m.Formulation == IP1 {
				n := b.Neighbours(x, y, life.Dead)
				e := m.CellVar(x, y)
				p[m.Width*m.Height+e] = n >= 3
				p[2*m.Width*m.Height+e] = n <= 3
			}
		}
	}
	return p
}

// StillLife returns nil when b, with dead cells all around it, is a
// still life of Life: the plain Step of b padded by a ring of dead cells
// is that padded board again. Otherwise its error wraps ErrNotStill.
func StillLife(b *life.Board) error {
	padded := b.Pad(1)
	if next := life.Step(padded, rule.Life, life.Dead); !next.Equal(padded) {
		return fmt.Errorf("%w: a step changes the %dx%d board", ErrNotStill, b.Width(), b.Height())
	}
	return nil
}
