// Package logic is the Boolean layer of lifesat: formulas, counting
// functions, clauses in conjunctive normal form (CNF) and the questions a
// SAT solver answers about them. The names follow the Wolfram Language, so
// that the Mathematica program of the seed blog post, which searches for
// still lifes with BooleanCountingFunction, BooleanConvert and
// SatisfiabilityInstances, reads almost line by line in Go.
//
// # Notation
//
// Variables (Var) are numbered from 1, as in the DIMACS format. A literal
// (Lit) is a variable v, written +v, or its negation, written -v. Two more
// literals are constants, True and False: a cell outside the board is
// False, and CNF.Add and the encoders fold constants away. A model is a
// []bool indexed by variable: model[v] is the value of v, model[0] is
// unused. Formulas print in the Wolfram Language's input form, variable v
// as xv: x1 && !x2, Xor[x1, x2], BooleanCountingFunction[{2, 3}, {x2, x3}].
// Clauses print as slices of literals, [[-1 2] [-1 3]] for
// (!x1 || x2) && (!x1 || x3), and CNF.WriteDIMACS writes them one a line,
// each ended by 0.
//
// # From the Wolfram Language
//
//	And, Or, Not, Xor, Equivalent, Implies   the same names; And() is true, Or() false
//	BooleanCountingFunction[{k, ...}, vars]  CountingFunction(counts, lits...); Exactly, AtLeast, AtMost
//	BooleanConvert[f, "CNF"]                 Convert(f), CNF.AssertDirect(f): minimal CNF, no new variables
//	(Tseitin's encoding)                     CNF.Assert(f): linear size, auxiliary variables
//	BooleanMinimize of a truth table         MinimalCNF(n, table, dontCare)
//	SatisfiableQ[f]                          Satisfiable(ctx, f, s)
//	SatisfiabilityInstances[f, vars, n]      Instances(ctx, f, vars, n, s)
//	SatisfiabilityCount[f, vars]             Count(ctx, f, vars, s)
//	Minimize[{obj, cons}, vars, Integers]    Gophersat.Optimize(ctx, &PB{...}), 0-1 variables, linear cons
//
// The last three take a *CNF and a Solver; a nil Solver means the embedded
// gophersat solver. An answer Unsat can come with its proof: Prove, or
// StartProof for a session, has the solver write a clausal proof (DRAT
// or LRAT) that package lifesat/drat, or any DRAT checker, replays
// against the formula (see ProofSession for which formula). The n-ary connectives mean what they mean in the
// Wolfram Language: Xor is odd parity, Equivalent(a, b, c) says that all
// three are equal, and And() is true, which gophersat's own bf package
// gets wrong.
//
// # A worked example
//
// The seed's still-life condition for a cell x1 with two neighbours x2 and
// x3 (a cell of a one-cell-wide strip): alive, it needs 2 or 3 live
// neighbours; dead, it must not have exactly 3.
//
//	f := Or(
//		And(V(1), CountingFunction([]int{2, 3}, 2, 3)),
//		And(Not(V(1)), Not(CountingFunction([]int{3}, 2, 3))),
//	)
//
// f.String() gives it back in Mathematica's notation:
//
//	x1 && BooleanCountingFunction[{2, 3}, {x2, x3}] || !x1 && !BooleanCountingFunction[{3}, {x2, x3}]
//
// Convert(f), like BooleanConvert[f, "CNF"], tabulates f on the eight
// assignments of x1, x2, x3 and returns its minimal CNF, [[-1 2] [-1 3]]:
//
//	(¬x1 ∨ x2) ∧ (¬x1 ∨ x3)
//
// A live cell needs both neighbours alive, and a dead cell is always
// stable, as it cannot have three live neighbours. CNF.Assert(f) gives
// Tseitin's encoding instead, with a fresh variable for each compound
// argument: x4 ⇔ x2 ∧ x3 is the first count (2 or 3 of two literals:
// both), x5 ⇔ x1 ∧ x4; the second count (3 of two) folds to False, so
// !x1 && !False is the literal ¬x1; and the Or becomes the clause x5 ∨ ¬x1.
// In DIMACS:
//
//	p cnf 5 7
//	2 -4 0
//	3 -4 0
//	-2 -3 4 0
//	-5 1 0
//	-5 4 0
//	-1 -4 5 0
//	5 -1 0
//
// The auxiliary variables x4 and x5 are functions of x1, x2, x3, so both
// CNFs have the same five models on x1, x2, x3: Count(ctx, c, []Var{1, 2,
// 3}, nil) is 5, and Instances(ctx, c, []Var{1, 2, 3}, 10, nil) returns
// these, in an order of the solver's choosing:
//
//	x1     x2     x3
//	false  false  false
//	false  true   false
//	false  false  true
//	false  true   true
//	true   true   true
//
// With all eight neighbours x2..x9 the same condition has 284 models out
// of 512; Convert gives its 134 prime implicates, Assert 93 clauses over 33
// variables (a Bailleux-Boufkhad totalizer for the neighbour count).
package logic
