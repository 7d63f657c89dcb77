package logic_test

import (
	"context"
	"fmt"
	"os"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// The still-life condition of the seed blog post for one cell x1 with two
// neighbours x2 and x3: alive, it needs 2 or 3 live neighbours; dead, it
// must not have exactly 3.
func Example() {
	z := logic.V(1)
	nb := []logic.Lit{2, 3}
	f := logic.Or(
		logic.And(z, logic.CountingFunction([]int{2, 3}, nb...)),
		logic.And(logic.Not(z), logic.Not(logic.CountingFunction([]int{3}, nb...))),
	)
	fmt.Println(f)

	// BooleanConvert[f, "CNF"]: a live x1 needs both neighbours alive.
	clauses, err := logic.Convert(f)
	if err != nil {
		panic(err)
	}
	fmt.Println(clauses)

	// Tseitin's encoding, with auxiliary variables x4 and x5.
	var c logic.CNF
	c.Assert(f)
	c.WriteDIMACS(os.Stdout)

	// SatisfiabilityCount[f, {x1, x2, x3}], with the default solver.
	n, err := logic.Count(context.Background(), &c, []logic.Var{1, 2, 3}, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(n, "models")

	// The models, by brute force over x1..x3.
	for row := range 8 {
		model := []bool{false, row&1 == 1, row&2 == 2, row&4 == 4}
		if f.Eval(model) {
			fmt.Println(model[1:])
		}
	}
	// Output:
	// x1 && BooleanCountingFunction[{2, 3}, {x2, x3}] || !x1 && !BooleanCountingFunction[{3}, {x2, x3}]
	// [[-1 2] [-1 3]]
	// p cnf 5 7
	// 2 -4 0
	// 3 -4 0
	// -2 -3 4 0
	// -5 1 0
	// -5 4 0
	// -1 -4 5 0
	// 5 -1 0
	// 5 models
	// [false false false]
	// [false true false]
	// [false false true]
	// [false true true]
	// [true true true]
}

func ExampleFormula() {
	f := logic.And(logic.V(1), logic.Or(logic.L(-2), logic.Xor(logic.V(2), logic.V(3))))
	fmt.Println(f)
	fmt.Println(logic.Vars(f))
	// model[v] is the value of variable v; model[0] is unused.
	fmt.Println(f.Eval([]bool{false, true, true, false}))
	fmt.Println(f.Eval([]bool{false, true, true, true}))
	// Output:
	// x1 && (!x2 || Xor[x2, x3])
	// [1 2 3]
	// true
	// false
}

// The n-ary connectives follow the Wolfram Language: And[] is True,
// Or[] and Xor[] are False, Xor is odd parity, and Equivalent means all
// arguments are equal.
func ExampleEquivalent() {
	x1, x2, x3 := logic.V(1), logic.V(2), logic.V(3)
	model := []bool{false, true, false, false} // x1 true, x2 and x3 false
	fmt.Println(logic.And().Eval(model), logic.Or().Eval(model), logic.Xor().Eval(model))
	fmt.Println(logic.Equivalent(x1, x2, x3).Eval(model), logic.Equivalent(x2, x3).Eval(model))
	fmt.Println(logic.Xor(x1, x2, x3).Eval(model))
	// Output:
	// true false false
	// false true
	// true
}

func ExampleCountingFunction() {
	// True when 2 or 3 of the literals are true; x4 enters negated.
	f := logic.CountingFunction([]int{2, 3}, 1, 2, 3, -4)
	fmt.Println(f)
	fmt.Println(f.Eval([]bool{false, true, false, false, true}))  // only x1
	fmt.Println(f.Eval([]bool{false, true, false, false, false})) // x1 and !x4
	fmt.Println(logic.Exactly(1, 1, 2, 3))
	fmt.Println(logic.AtMost(1, 1, 2, 3))
	fmt.Println(logic.AtLeast(2, 1, 2, 3))
	fmt.Println(logic.CountingFunction([]int{0, 2}, 1, 2, 3))
	// Output:
	// BooleanCountingFunction[{2, 3}, {x1, x2, x3, !x4}]
	// false
	// true
	// BooleanCountingFunction[{1}, {x1, x2, x3}]
	// BooleanCountingFunction[{0, 1}, {x1, x2, x3}]
	// BooleanCountingFunction[{2, 3}, {x1, x2, x3}]
	// BooleanCountingFunction[{{0, 2}}, {x1, x2, x3}]
}

func ExampleConvert() {
	// Exactly one of x1, x2, x3: one clause "at least one", three
	// "not both".
	clauses, err := logic.Convert(logic.Exactly(1, 1, 2, 3))
	if err != nil {
		panic(err)
	}
	fmt.Println(clauses)

	// Equivalent[x1, x2, x3] as a cycle of implications.
	clauses, _ = logic.Convert(logic.Equivalent(logic.V(1), logic.V(2), logic.V(3)))
	fmt.Println(clauses)

	// Constants: no clause for True, the empty clause for False.
	t, _ := logic.Convert(logic.And())
	f, _ := logic.Convert(logic.Or())
	fmt.Println(t, f)
	// Output:
	// [[-1 -2] [-1 -3] [-2 -3] [1 2 3]]
	// [[1 -2] [-1 3] [2 -3]]
	// [] [[]]
}

func ExampleMinimalCNF() {
	// The majority of three inputs; bit i of the row is input i, written
	// as variable i+1.
	table := make([]bool, 8)
	for row := range table {
		table[row] = row&1+row>>1&1+row>>2&1 >= 2
	}
	fmt.Println(logic.MinimalCNF(3, table, nil))

	// If the function may take either value when input 0 alone is true
	// (row 1), two clauses are enough.
	dontCare := []bool{1: true, 7: false}
	fmt.Println(logic.MinimalCNF(3, table, dontCare))
	// Output:
	// [[1 2] [1 3] [2 3]]
	// [[1 2] [1 3]]
}

func ExampleCNF_Assert() {
	// (x1 && x2) || Xor[x3, x4]: Tseitin's encoding names each compound
	// argument of the Or with a fresh variable, x5 for the And and x6
	// for the Xor, defined by its clauses; the Or itself is a clause.
	var c logic.CNF
	c.Comment("x5 <=> x1 && x2, x6 <=> Xor[x3, x4]")
	c.Assert(logic.Or(logic.And(logic.V(1), logic.V(2)), logic.Xor(logic.V(3), logic.V(4))))
	c.WriteDIMACS(os.Stdout)
	// Output:
	// c x5 <=> x1 && x2, x6 <=> Xor[x3, x4]
	// p cnf 6 8
	// -5 1 0
	// -5 2 0
	// -1 -2 5 0
	// -6 3 4 0
	// -6 -3 -4 0
	// 6 -3 4 0
	// 6 3 -4 0
	// 5 6 0
}

// The two encodings of the still-life condition of a cell x1 with its
// eight neighbours x2..x9.
func ExampleCNF_AssertDirect() {
	z, nb := logic.V(1), []logic.Lit{2, 3, 4, 5, 6, 7, 8, 9}
	f := logic.Or(
		logic.And(z, logic.CountingFunction([]int{2, 3}, nb...)),
		logic.And(logic.Not(z), logic.Not(logic.Exactly(3, nb...))),
	)
	var direct, tseitin logic.CNF
	if err := direct.AssertDirect(f); err != nil {
		panic(err)
	}
	tseitin.Assert(f)
	fmt.Println("direct: ", direct.NumVars(), "variables,", direct.NumClauses(), "clauses")
	fmt.Println("tseitin:", tseitin.NumVars(), "variables,", tseitin.NumClauses(), "clauses")

	// Both have the 284 models of the condition on x1..x9: 28 + 56 with
	// x1 alive and 2 or 3 live neighbours, 256 - 56 with x1 dead and not 3.
	cells := []logic.Var{1, 2, 3, 4, 5, 6, 7, 8, 9}
	for _, c := range []*logic.CNF{&direct, &tseitin} {
		n, err := logic.Count(context.Background(), c, cells, nil)
		if err != nil {
			panic(err)
		}
		fmt.Println(n, "models")
	}
	// Output:
	// direct:  9 variables, 134 clauses
	// tseitin: 33 variables, 93 clauses
	// 284 models
	// 284 models
}
