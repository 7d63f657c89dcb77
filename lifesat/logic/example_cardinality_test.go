package logic_test

import (
	"context"
	"fmt"
	"os"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// Maximum density by rising assumptions, in one incremental session, as
// for maximum-density still lifes: in a row of five cells where no two
// neighbours are both alive, at most three cells live, and the Unsat
// answer for four is the proof.
func ExampleTotalizer() {
	var c logic.CNF
	cells := make([]logic.Lit, 5)
	for i := range cells {
		cells[i] = c.NewVar().Pos()
	}
	for i := 1; i < len(cells); i++ {
		c.Add(cells[i-1].Not(), cells[i].Not())
	}
	pop := logic.NewTotalizer(&c, cells, len(cells))

	sess, err := logic.Gophersat{}.Start(&c)
	if err != nil {
		panic(err)
	}
	var best []bool
	for k := 1; ; k++ {
		st, err := sess.Solve(context.Background(), pop.Output(k))
		if err != nil {
			panic(err)
		}
		fmt.Printf("at least %d: %v\n", k, st)
		if st != logic.Sat {
			break
		}
		best = sess.Model()
	}
	row := ""
	for _, l := range cells {
		if l.Value(best) {
			row += "O"
		} else {
			row += "."
		}
	}
	fmt.Println(row)
	// Output:
	// at least 1: SAT
	// at least 2: SAT
	// at least 3: SAT
	// at least 4: UNSAT
	// O.O.O
}

// A totalizer over two variables and two constants: True shifts the
// outputs by one, False is left out, and the two variables get one adder,
// x3 = x1 || x2 (at least one) and x4 = x1 && x2 (both).
func ExampleNewTotalizer() {
	var c logic.CNF
	x1, x2 := c.NewVar().Pos(), c.NewVar().Pos()
	t := logic.NewTotalizer(&c, []logic.Lit{x1, logic.True, x2, logic.False}, 4)
	for k := 0; k <= t.Len()+1; k++ {
		fmt.Printf("at least %d: %v\n", k, t.Output(k))
	}
	c.WriteDIMACS(os.Stdout)
	// Output:
	// at least 0: T
	// at least 1: T
	// at least 2: 3
	// at least 3: 4
	// at least 4: F
	// at least 5: F
	// p cnf 4 6
	// 1 2 -3 0
	// -2 3 0
	// 1 -4 0
	// -1 3 0
	// 2 -4 0
	// -1 -2 4 0
}

// Output(k+1).Not() says "at most k": the ways to choose at most one of
// four cells are 1 + 4 = 5. A totalizer cut off at 2 is enough.
func ExampleTotalizer_Output() {
	var c logic.CNF
	first := c.NewVars(4)
	vars := []logic.Var{first, first + 1, first + 2, first + 3}
	lits := []logic.Lit{vars[0].Pos(), vars[1].Pos(), vars[2].Pos(), vars[3].Pos()}
	t := logic.NewTotalizer(&c, lits, 2)
	c.Add(t.Output(2).Not())
	n, err := logic.Count(context.Background(), &c, vars, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Len(), "inputs, outputs up to", t.Limit())
	fmt.Println(n, "ways")
	// Output:
	// 4 inputs, outputs up to 2
	// 5 ways
}

// The ways to choose at least 2 of 4 cells: 6 + 4 + 1 = 11. With a cell
// known to be alive (True), at least 2 of x1, x2 and it leaves 3 ways.
func ExampleAddAtLeast() {
	ctx := context.Background()
	vars := []logic.Var{1, 2, 3, 4}

	var c logic.CNF
	c.NewVars(4)
	logic.AddAtLeast(&c, []logic.Lit{1, 2, 3, 4}, 2)
	n, err := logic.Count(ctx, &c, vars, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(n, "ways")

	var d logic.CNF
	d.NewVars(2)
	logic.AddAtLeast(&d, []logic.Lit{1, 2, logic.True}, 2)
	n, err = logic.Count(ctx, &d, vars[:2], nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(n, "ways,", d.NumVars()-2, "auxiliary variables")
	// Output:
	// 11 ways
	// 3 ways, 0 auxiliary variables
}

// At most 3 of 4 is a single clause, "not all four"; at most 1 of 4 needs
// a totalizer.
func ExampleAddAtMost() {
	var c logic.CNF
	c.NewVars(4)
	logic.AddAtMost(&c, []logic.Lit{1, 2, 3, 4}, 3)
	c.WriteDIMACS(os.Stdout)

	var d logic.CNF
	d.NewVars(4)
	logic.AddAtMost(&d, []logic.Lit{1, 2, 3, 4}, 1)
	n, err := logic.Count(context.Background(), &d, []logic.Var{1, 2, 3, 4}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(n, "ways")
	// Output:
	// p cnf 4 1
	// -1 -2 -3 -4 0
	// 5 ways
}

// Exactly 2 of 4 cells: 4 choose 2 = 6 ways, from one totalizer cut off
// at 3 outputs.
func ExampleAddExactly() {
	var c logic.CNF
	c.NewVars(4)
	logic.AddExactly(&c, []logic.Lit{1, 2, 3, 4}, 2)
	n, err := logic.Count(context.Background(), &c, []logic.Var{1, 2, 3, 4}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(n, "ways")
	// Output:
	// 6 ways
}

// At most 2 of 5 cells with Sinz's sequential counter: 1 + 5 + 10 = 16
// ways, from (5-1)*2 = 8 registers and 2*5*2 + 5 - 3*2 - 1 = 18 clauses.
func ExampleAddAtMostSeq() {
	var c logic.CNF
	c.NewVars(5)
	logic.AddAtMostSeq(&c, []logic.Lit{1, 2, 3, 4, 5}, 2)
	n, err := logic.Count(context.Background(), &c, []logic.Var{1, 2, 3, 4, 5}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(n, "ways,", c.NumVars()-5, "auxiliary variables,", c.NumClauses(), "clauses")
	// Output:
	// 16 ways, 8 auxiliary variables, 18 clauses
}
