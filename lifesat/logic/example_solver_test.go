package logic_test

import (
	"context"
	"fmt"
	"time"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// ParseSolver reads the -solver flag of the lifesat command: the built-in
// names, or any DIMACS solver on PATH (such as cadical) or by path.
func ExampleParseSolver() {
	for _, name := range append([]string{""}, logic.Names()...) {
		s, err := logic.ParseSolver(name)
		fmt.Printf("%q: %T %v\n", name, s, err)
	}
	_, err := logic.ParseSolver("no-such-solver")
	fmt.Println(err)
	// Output:
	// "": logic.Gophersat <nil>
	// "gophersat": logic.Gophersat <nil>
	// "gini": logic.Gini <nil>
	// logic: solver "no-such-solver" not found on PATH (the built-in solvers are gophersat, gini)
}

// A session of the embedded gini solver on (x1 || x2) && !x1, solved with
// a deadline, under an assumption, and after an added clause.
func ExampleGini() {
	var f logic.CNF
	x1, x2 := f.NewVar(), f.NewVar()
	f.Add(x1.Pos(), x2.Pos())
	f.Add(x1.Neg())

	sess, err := logic.Gini{}.Start(&f)
	if err != nil {
		panic(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := sess.Solve(ctx)
	fmt.Println(st, err, sess.Model()[1:])

	// Assumptions hold for one call only.
	st, _ = sess.Solve(ctx, x2.Neg())
	fmt.Println("assuming !x2:", st)

	sess.Add(x2.Neg())
	st, _ = sess.Solve(ctx)
	fmt.Println("after adding !x2:", st)

	// SatisfiabilityCount[(x1 || x2) && !x1, {x1, x2}] through gini.
	n, err := logic.Count(ctx, &f, []logic.Var{x1, x2}, logic.Gini{})
	fmt.Println(n, "model", err)
	// Output:
	// SAT <nil> [false true]
	// assuming !x2: UNSAT
	// after adding !x2: UNSAT
	// 1 model <nil>
}

// An external DIMACS solver, here cadical with its -q flag, is a Solver
// like the embedded ones. (Not run as a test: cadical may be missing.)
func ExampleExternal() {
	var f logic.CNF
	x := f.NewVar()
	f.Add(x.Pos())
	s := logic.External{Path: "cadical", Args: []string{"-q"}}
	ok, err := logic.Satisfiable(context.Background(), &f, s)
	if err != nil {
		// A *logic.NotFoundError when cadical is not installed.
		fmt.Println(err)
		return
	}
	fmt.Println(ok)
}
