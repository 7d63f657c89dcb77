package logic_test

import (
	"context"
	"fmt"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// TotalizerSize tells, before anything is built, that counting up to every
// one of n = 8192 = 2^13 inputs takes n*(n-1) + 2*13*n clauses, while
// counting up to 4 takes 13n-24 (the sizes in cardinality.go).
func ExampleTotalizerSize() {
	for _, limit := range []int{4, 8192} {
		vars, clauses, lits := logic.TotalizerSize(8192, limit)
		fmt.Printf("limit %d: %d variables, %d clauses, %d literals\n", limit, vars, clauses, lits)
	}
	// Output:
	// limit 4: 24572 variables, 106472 clauses, 270272 literals
	// limit 8192: 106496 variables, 67313664 clauses, 201728000 literals
}

// Footprint estimates what loading a formula into a solver will take; a
// caller refuses a formula whose estimate is over its budget.
func ExampleFootprint() {
	const vars, clauses, lits = 65536, 8_666_497, 59_406_084 // a 256x256 still life
	for _, s := range []logic.Solver{logic.Gophersat{}, logic.Gini{}} {
		fmt.Printf("%T: about %.1f GB\n", s, float64(logic.Footprint(s, vars, clauses, lits))/1e9)
	}
	// Output:
	// logic.Gophersat: about 2.5 GB
	// logic.Gini: about 1.3 GB
}

// StartContext loads a formula into a solver, giving up when the context
// ends first.
func ExampleStartContext() {
	c := &logic.CNF{}
	x, y := c.NewVar(), c.NewVar()
	c.Add(x.Pos(), y.Pos())
	c.Add(x.Neg())
	sess, err := logic.StartContext(context.Background(), logic.Gini{}, c)
	if err != nil {
		fmt.Println(err)
		return
	}
	st, _ := sess.Solve(context.Background())
	fmt.Println(st, sess.Model()[1:])

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = logic.StartContext(ctx, logic.Gophersat{}, c)
	fmt.Println(err)
	// Output:
	// SAT [false true]
	// context canceled
}
