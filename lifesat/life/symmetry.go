package life

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lifesat/lifesat/lifesat/rule"
)

// A Symmetry is a group of rotations and reflections of a box under which
// a board is invariant. The names are the usual ones of the Life
// community (as in logic-life-search and Catagolue):
//
//	C1   no symmetry
//	C2   half-turn rotation
//	C4   quarter-turn rotation (square boxes), as in Knuth's sat-life-grid90
//	D2-  reflection in the horizontal mid-line (top to bottom)
//	D2|  reflection in the vertical mid-line (left to right)
//	D2\  reflection in the main diagonal (square boxes)
//	D2/  reflection in the other diagonal (square boxes)
//	D4+  both mid-line reflections
//	D4x  both diagonal reflections (square boxes)
//	D8   all eight (square boxes)
type Symmetry string

// The symmetries.
const (
	C1     Symmetry = "C1"
	C2     Symmetry = "C2"
	C4     Symmetry = "C4"
	D2H    Symmetry = "D2-"
	D2V    Symmetry = "D2|"
	D2Diag Symmetry = `D2\`
	D2Anti Symmetry = "D2/"
	D4Plus Symmetry = "D4+"
	D4Diag Symmetry = "D4x"
	D8     Symmetry = "D8"
)

// Symmetries lists them all.
func Symmetries() []Symmetry {
	return []Symmetry{C1, C2, C4, D2H, D2V, D2Diag, D2Anti, D4Plus, D4Diag, D8}
}

// ParseSymmetry checks a symmetry name; case does not matter ("d4x").
func ParseSymmetry(s string) (Symmetry, error) {
	for _, sym := range Symmetries() {
		if strings.EqualFold(s, string(sym)) {
			return sym, nil
		}
	}
	return "", fmt.Errorf("life: unknown symmetry %q (want one of C1 C2 C4 D2- D2| D2\\ D2/ D4+ D4x D8)", s)
}

// Generators are transforms that generate the group; none for C1 (and for
// the empty Symmetry, which means C1).
func (s Symmetry) Generators() []Transform {
	switch s {
	case C2:
		return []Transform{R180}
	case C4:
		return []Transform{R90}
	case D2H:
		return []Transform{FlipTB}
	case D2V:
		return []Transform{FlipLR}
	case D2Diag:
		return []Transform{FlipDiag}
	case D2Anti:
		return []Transform{FlipAnti}
	case D4Plus:
		return []Transform{FlipTB, FlipLR}
	case D4Diag:
		return []Transform{FlipDiag, FlipAnti}
	case D8:
		return []Transform{R90, FlipLR}
	}
	return nil
}

// Group lists every transform of the symmetry, Id first.
func (s Symmetry) Group() []Transform {
	out := []Transform{Id}
	for i := 0; i < len(out); i++ {
		for _, g := range s.Generators() {
			if m := out[i].Then(g); !slices.Contains(out, m) {
				out = append(out, m)
			}
		}
	}
	return out
}

// Square reports whether the symmetry needs a square box.
func (s Symmetry) Square() bool {
	return slices.ContainsFunc(s.Generators(), Transform.Swaps)
}

// Includes reports whether every transform of t is one of s's: whether a
// board with symmetry s has symmetry t too.
func (s Symmetry) Includes(t Symmetry) bool {
	g := s.Group()
	for _, m := range t.Group() {
		if !slices.Contains(g, m) {
			return false
		}
	}
	return true
}

// Orbits returns, for each cell y*w+x of a w x h box, the index of the
// first cell (in row order) of its orbit under the symmetry. The box
// must be square when the symmetry is (Square).
func (s Symmetry) Orbits(w, h int) []int {
	parent := make([]int, w*h)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for _, g := range s.Generators() {
		for y := range h {
			for x := range w {
				gx, gy := g.Cell(x, y, w, h)
				a, b := find(y*w+x), find(gy*w+gx)
				if a != b {
					parent[max(a, b)] = min(a, b)
				}
			}
		}
	}
	for i := range parent {
		parent[i] = find(i)
	}
	return parent
}

// Holds reports whether b is invariant under the symmetry. A symmetry
// that needs a square box holds on no other.
func (s Symmetry) Holds(b *Board) bool {
	if s.Square() && b.w != b.h {
		return false
	}
	for _, g := range s.Generators() {
		for y := range b.h {
			for x := range b.w {
				gx, gy := g.Cell(x, y, b.w, b.h)
				if b.Alive(x, y) != b.Alive(gx, gy) {
					return false
				}
			}
		}
	}
	return true
}

// Preserves reports whether r is the same rule after every transform of
// the symmetry: then the cells of an orbit follow the rule together, and
// one cell's transition states the rule for all of them.
func (s Symmetry) Preserves(r rule.Rule) bool {
	for _, g := range s.Generators() {
		if !r.Invariant(g.Matrix()) {
			return false
		}
	}
	return true
}
