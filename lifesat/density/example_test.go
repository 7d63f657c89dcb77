package density_test

import (
	"context"
	"fmt"

	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// The densest still life in a 5x5 box has 16 live cells (OEIS A055397):
// its waste is 2·25 + 20 - 4·16 = 6.
func ExampleMaxStillLife() {
	res, err := density.MaxStillLife(context.Background(), 5, 5, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(res.Board)
	fmt.Println(res.Population, "live cells, waste", res.Waste, "optimal:", res.Optimal)
	// Output:
	// OO.OO
	// OO.OO
	// .....
	// OO.OO
	// OO.OO
	// 16 live cells, waste 6 optimal: true
}

// A timeout gives a gap, as in Bosch's tables: the best board so far and
// the proved bound. Here the context is already cancelled, so nothing is
// searched: the grid of blocks the search starts from (7 x 7 blocks, 3
// cells apart) and the bound 2wh + 2w + 2h over 4, the wastage identity
// with no waste.
func ExampleMaxStillLife_cancelled() {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := density.MaxStillLife(ctx, 20, 20, nil)
	fmt.Println(err)
	fmt.Println("best", res.Population, "bound", res.Bound)
	// Output:
	// context canceled
	// best 196 bound 220
}

// Waste checks the identity on the ship.
func ExampleWaste() {
	b := life.NewBoard(3, 3)
	for _, c := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {2, 1}, {1, 2}, {2, 2}} {
		b.Set(c[0], c[1], true)
	}
	w, err := density.Waste(b)
	fmt.Println(w, err, 4*b.Population()+w)
	// Output:
	// 6 <nil> 30
}

// The densest period-2 oscillator in a 4x4 box is the beacon: 8 and 6
// live cells in its two generations.
func ExampleMaxOscillator() {
	res, err := density.MaxOscillator(context.Background(), 4, 4, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(res.Phases[0], "\n", res.Phases[1], "\n")
	fmt.Println(res.Population, "live cells in both generations, optimal:", res.Optimal)
	// Output:
	// ..OO
	// ..OO
	// OO..
	// OO..
	//
	// ..OO
	// ...O
	// O...
	// OO..
	//
	// 14 live cells in both generations, optimal: true
}

// The wastage as a SAT question: in a 3x3 box (waste = 2·9 + 12 - 4·L),
// a still life of 6 cells wastes 6, so WasteCNF(3, 3, 6) has a model (the
// ship) and WasteCNF(3, 3, 5) has none: no 3x3 still life has 7 cells.
func ExampleWasteCNF() {
	for _, budget := range []int{6, 5} {
		f, err := density.WasteCNF(context.Background(), 3, 3, budget)
		if err != nil {
			fmt.Println(err)
			return
		}
		sess, err := logic.Gophersat{}.Start(f)
		if err != nil {
			fmt.Println(err)
			return
		}
		st, err := sess.Solve(context.Background())
		fmt.Println("waste at most", budget, st, err)
		if st == logic.Sat {
			b := density.WasteCNFBoard(3, 3, sess.Model())
			waste, err := density.Waste(b) // an error if b is not a still life
			fmt.Println(b.Population(), "live cells, waste", waste, err)
		}
	}
	// Output:
	// waste at most 6 SAT <nil>
	// 6 live cells, waste 6 <nil>
	// waste at most 5 UNSAT <nil>
}

// MaxStillLifeSAT asks the solver (here the embedded gophersat) for boards
// within budgets of waste until a board and an UNSAT answer meet.
func ExampleMaxStillLifeSAT() {
	res, err := density.MaxStillLifeSAT(context.Background(), 6, 6, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Population, "live cells, optimal:", res.Optimal)
	// Output:
	// 18 live cells, optimal: true
}
