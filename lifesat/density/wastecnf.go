package density

// The wastage model as CNF, for any SAT solver: the still lifes of a box
// whose waste is at most a budget, that is (by the identity in doc.go)
// those with at least (2wh + 2w + 2h - budget) / 4 live cells. The same
// question as the population ladder's, but a SAT solver meets the budget
// cell by cell, where "at least k live cells" constrains only the whole
// board: CaDiCaL proves that no 30x30 still life has 467 live cells in
// about a minute (docs/max-density.md).

import (
	"context"
	"fmt"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// MaxWasteCNFCells is the largest box WasteCNF encodes, in cells; its
// formula has about 700 clauses a cell before the counter, and the
// counter about 4 x budget more.
const MaxWasteCNFCells = 100 * 100

// MaxWasteCounter is the most auxiliary variables WasteCNF's counter may
// have: about the budget times the number of waste literals (two a cell
// at most, one a ring cell). A budget near a box's least waste keeps it
// small (100x100: some 3 million); a budget far above it, which asks for
// few live cells, would make a counter of gigabytes.
const MaxWasteCounter = 1 << 25

// WasteCNF returns a CNF whose models are the still lifes of Life in a
// w x h box (everything outside dead) with waste at most budget. The
// cell (x, y) is variable y*w + x + 1 (Board reads a model); the other
// variables are the waste indicators and the counter's.
//
// Each cell of the box and of the ring around it gets one clause for
// every window of its neighbourhood that does not keep it as it is (the
// ring's cells stay dead); a box cell whose window wastes 1 or 2 forces
// one or two indicators of its own, and a ring cell beside the box wastes
// 1 when the box cell next to it is dead (the rules of doc.go). A
// sequential counter (logic.AddAtMostSeq) allows at most budget of those
// indicators and ring literals. So every model is a still life with waste
// at most budget, and every such still life extends to a model: the
// formula is unsatisfiable exactly when every still life of the box has
// more waste, that is fewer than (2wh + 2w + 2h - budget) / 4 live cells.
//
// ctx is checked once a row of the box and its ring (a 100x100 box takes
// seconds); when it ends, WasteCNF returns ctx.Err() and no formula.
func WasteCNF(ctx context.Context, w, h, budget int) (*logic.CNF, error) {
	switch {
	case w < 1 || h < 1:
		return nil, fmt.Errorf("density: the box %dx%d: want at least one cell each way", w, h)
	case w*h > MaxWasteCNFCells:
		return nil, fmt.Errorf("density: the box %dx%d has %d cells, more than the %d the wastage CNF takes", w, h, w*h, MaxWasteCNFCells)
	case budget < 0:
		return nil, fmt.Errorf("density: waste budget %d: want 0 or more", budget)
	}
	c := new(logic.CNF)
	c.Comment("lifesat: the still lifes of a %dx%d box of B3/S23, everything outside dead, with waste at most %d", w, h, budget)
	c.Comment("(at least %d live cells); cell (x, y) is variable y*%d + x + 1", (2*w*h+2*w+2*h-budget+3)/4, w)
	c.NewVars(w * h)
	// Room for every clause at once (a formula of 60x60 grew its
	// slices a dozen times over): each cell of the box and its ring has
	// at most one clause of at most 10 literals for each of its 512
	// neighbourhoods, and the counter about 2 per waste literal and unit
	// of budget (below).
	ring := (w + 2) * (h + 2)
	c.Grow(ring*512, ring*512*10)
	cell := func(x, y int) logic.Lit {
		if x < 0 || x >= w || y < 0 || y >= h {
			return 0
		}
		return logic.Var(y*w + x + 1).Pos()
	}
	var waste []logic.Lit
	var lits [9]logic.Lit
	var free []int
	for y := -1; y <= h; y++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for x := -1; x <= w; x++ {
			free = free[:0]
			for i := range 9 {
				lits[i] = cell(x+i%3-1, y+i/3-1)
				if lits[i] != 0 {
					free = append(free, i)
				}
			}
			inBox := x >= 0 && x < w && y >= 0 && y < h
			var ind [2]logic.Lit // the cell's waste >= 1, >= 2
			for a := range 1 << len(free) {
				var win uint16
				block := make([]logic.Lit, 0, 10)
				for j, i := range free {
					if a>>j&1 == 1 {
						win |= 1 << i
						block = append(block, lits[i].Not())
					} else {
						block = append(block, lits[i])
					}
				}
				if !stableCell(win) {
					c.Add(block...)
					continue
				}
				if !inBox {
					continue
				}
				for k := range boxWaste(win) {
					if ind[k] == 0 {
						ind[k] = c.NewVar().Pos()
						waste = append(waste, ind[k])
					}
					c.Add(append(block, ind[k])...)
				}
			}
			if !inBox && (x >= 0 && x < w || y >= 0 && y < h) {
				// A ring cell beside the box: it wastes 1 when the box
				// cell next to it is dead.
				waste = append(waste, cell(min(max(x, 0), w-1), min(max(y, 0), h-1)).Not())
			}
		}
	}
	if n := len(waste) - 1; budget < n && n*budget > MaxWasteCounter {
		return nil, fmt.Errorf("density: waste budget %d over the %dx%d box's %d waste literals needs a counter of %d variables, more than the %d the wastage CNF takes: ask for more live cells",
			budget, w, h, len(waste), n*budget, MaxWasteCounter)
	}
	if n := len(waste); budget < n {
		c.Grow(2*n*budget+n, 3*(2*n*budget+n))
	}
	logic.AddAtMostSeq(c, waste, budget)
	return c, nil
}

// WasteCNFBoard reads the board of a w x h box from a model of
// WasteCNF(ctx, w, h, budget), indexed by variable (model[v] for variable v).
func WasteCNFBoard(w, h int, model []bool) *life.Board {
	b := life.NewBoard(w, h)
	for y := range h {
		for x := range w {
			if v := y*w + x + 1; v < len(model) && model[v] {
				b.Set(x, y, true)
			}
		}
	}
	return b
}
