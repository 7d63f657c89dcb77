// Package drat checks clausal proofs of unsatisfiability: that a proof
// in DRAT or LRAT refutes a formula in conjunctive normal form, which
// then has no model. A SAT solver's answer "unsatisfiable" cannot be
// re-simulated as a model can; its proof can be replayed, by a checker
// that shares nothing with the solver. This one knows nothing of the
// solvers that write proofs (lifesat/logic's, cadical, those of the SAT
// competitions) nor of what the formula means: a formula is clauses of
// integers, as DIMACS writes them.
//
// # Notation
//
// A literal is a variable v, written v, or its negation, written -v; a
// clause is a disjunction of literals, written as a line of them ended
// by 0, and a formula a conjunction of clauses (Formula, ReadDIMACS). A
// proof adds lemmas, clauses that keep the formula unsatisfiable if it
// was, down to the empty clause "0", and deletes clauses it no longer
// needs ("d" and the clause). A lemma is RUP (reverse unit propagation)
// when unit propagation on the clauses present, from the negation of the
// lemma, falsifies a clause: the lemma follows from them. It is RAT
// (resolution asymmetric tautology) on its first literal p when every
// resolvent of it with a clause present that holds -p is RUP: adding it
// keeps a model if there was one, as extended resolution does. DRAT
// proofs leave the checker to find what each lemma follows from; LRAT
// proofs give each clause an id (the formula's clauses 1..m in the order
// of their text) and each lemma its hints, the ids of the clauses that
// become unit in turn under its negation, the last one false.
//
// # A worked example
//
// The four clauses over x1 and x2 say that neither value of x1 works:
// with x1 false, (x1 ∨ x2) and (x1 ∨ ¬x2) ask x2 to be true and false;
// with x1 true, (¬x1 ∨ x2) and (¬x1 ∨ ¬x2) do. In DIMACS:
//
//	p cnf 2 4
//	1 2 0
//	1 -2 0
//	-1 2 0
//	-1 -2 0
//
// A DRAT proof in two lemmas:
//
//	1 0
//	0
//
// The lemma x1 is RUP: under ¬x1, clause 1 makes x2 true and clause 2
// false. Then the empty clause is RUP: the lemma makes x1 true, clause
// 3 x2, and clause 4 is false. Check verifies it: "verified (2 lemmas, 2
// checked, 0 by RAT)". The same proof in LRAT names what each step uses,
// so that CheckLRAT follows it without searching:
//
//	5 1 0 1 2 0
//	6 0 5 3 4 0
//
// The proof "0" alone is refuted, "refuted: line 1: lemma 0: the empty
// clause does not follow by unit propagation", as no clause is unit
// before the lemma x1 is added; so is "2 0" then "-2 0" then "0" for the
// formula without clause 4, which has the model x1, x2 true: its lemma
// -2 is neither RUP nor RAT.
//
// # Checking
//
// Check checks DRAT as drat-trim does by default: it reads the whole
// proof, applying its additions and deletions to the clauses and the
// facts unit propagation derives from them, until those facts
// contradict each other; then it walks back from that contradiction and
// checks only the lemmas it depends on (the core), each against the
// clauses present before it, propagating the core's clauses first so
// that the core stays small. With Options.Forward it checks every
// lemma as it is read instead. CheckLRAT checks LRAT in one pass, each
// step by its hints alone. CheckDir checks a directory as lifesat
// writes one: formula.cnf and proof.drat or proof.lrat. Check takes the
// deletions drat-trim takes: it keeps a unit clause, or the reason of a
// fact, that a proof deletes (keeping a clause never lets a wrong proof
// through).
package drat
