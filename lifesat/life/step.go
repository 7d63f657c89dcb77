package life

import (
	"context"
	"fmt"

	"github.com/lifesat/lifesat/lifesat/rule"
)

// An Edge says what lies beyond a board's sides during simulation.
type Edge uint8

const (
	// Dead: cells beyond the board are dead and stay dead. Pad a board
	// first to simulate a pattern in the infinite plane.
	Dead Edge = iota
	// Torus: the board wraps around, left to right and top to bottom.
	Torus
)

// String names the edge.
func (e Edge) String() string {
	if e == Torus {
		return "torus"
	}
	return "dead"
}

// Neighbours is the number of live neighbours of cell (x, y) of b.
func (b *Board) Neighbours(x, y int, e Edge) int {
	n := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if dx == 0 && dy == 0 {
				continue
			}
			nx, ny := x+dx, y+dy
			if e == Torus && b.w > 0 && b.h > 0 {
				nx, ny = mod(nx, b.w), mod(ny, b.h)
			}
			if b.Alive(nx, ny) {
				n++
			}
		}
	}
	return n
}

// Neighbourhood is the state of cell (x, y) of b and its eight
// neighbours.
func (b *Board) Neighbourhood(x, y int, e Edge) rule.Neighbourhood {
	if x > 0 && y > 0 && x < b.w-1 && y < b.h-1 {
		// Inside: three rows of three cells, no edge to mind.
		var n rule.Neighbourhood
		for i := (y-1)*b.w + x - 1; i <= (y+1)*b.w+x-1; i += b.w {
			row := b.cells[i : i+3]
			n = n<<3 | cellBit(row[0])<<2 | cellBit(row[1])<<1 | cellBit(row[2])
		}
		return n
	}
	var n rule.Neighbourhood
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			nx, ny := x+dx, y+dy
			if e == Torus && b.w > 0 && b.h > 0 {
				nx, ny = mod(nx, b.w), mod(ny, b.h)
			}
			n <<= 1
			if b.Alive(nx, ny) {
				n |= 1
			}
		}
	}
	return n
}

func cellBit(alive bool) rule.Neighbourhood {
	if alive {
		return 1
	}
	return 0
}

// Step returns the next generation of b under rule r. It is the plain,
// obviously correct simulation that every search result is checked with.
// It panics on the zero Rule, which names no rule, and on a partial rule
// (take its Min or Max).
//
// With the Dead edge the cells beyond b are dead at every generation: b
// is a closed world. That is the infinite plane only under rules without
// B0. Under a B0 rule the plane beyond a finite pattern is not dead: it
// strobes (or fills, with S8), and a cell at b's edge sees it. StepOn(b,
// r, bg, t) steps b as a window on such a plane, with bg = Vacuum(r) for
// the plane that started empty, and Plane runs a pattern in it.
func Step(b *Board, r rule.Rule, e Edge) *Board {
	if r.IsZero() {
		panic("life: Step with the zero Rule; use rule.Life or rule.Parse")
	}
	if r.Partial() {
		panic(fmt.Sprintf("life: Step with the partial rule %v; use its Min or Max", r))
	}
	next := NewBoard(b.w, b.h)
	for y := range b.h {
		for x := range b.w {
			next.cells[y*b.w+x] = r.Transition(b.Neighbourhood(x, y, e))
		}
	}
	return next
}

// Run returns the generations b, Step(b), ... up to n steps: n+1 boards.
func Run(b *Board, r rule.Rule, e Edge, n int) []*Board {
	if r.IsZero() {
		panic("life: Run with the zero Rule; use rule.Life or rule.Parse")
	}
	if r.Partial() {
		panic(fmt.Sprintf("life: Run with the partial rule %v; use its Min or Max", r))
	}
	gens := make([]*Board, 0, n+1)
	gens = append(gens, b)
	for range n {
		b = Step(b, r, e)
		gens = append(gens, b)
	}
	return gens
}

// After returns b after n generations of Step with the edge e (a board
// of b's size: the torus, or a closed world with the Dead edge), or
// ctx.Err() when ctx ends; ctx is checked every generation. Such a board
// has finitely many states, so it repeats: once it does (Brent's cycle
// detection, one copy of the board kept) the rest of the n generations is
// computed from the period, and a large n costs the generations up to
// the first repeat and one period more. It panics on the zero Rule and on
// a partial rule, as Step does, and on n < 0.
func After(ctx context.Context, b *Board, r rule.Rule, e Edge, n int) (*Board, error) {
	if n < 0 {
		panic(fmt.Sprintf("life: After %d generations", n))
	}
	saved, savedT, power := b, 0, 1
	for t := 0; t < n; t++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		b = Step(b, r, e)
		switch {
		case b.Equal(saved):
			// Generation t+1 is generation savedT: the rest is the
			// remainder of a whole number of periods.
			for range (n - t - 1) % (t + 1 - savedT) {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				b = Step(b, r, e)
			}
			return b, nil
		case t+1-savedT == power:
			saved, savedT, power = b, t+1, 2*power
		}
	}
	return b, nil
}

func mod(a, n int) int {
	a %= n
	if a < 0 {
		a += n
	}
	return a
}
