/*
Package gophersat is the solver package of github.com/crillab/gophersat
v1.4.0 (MIT licence, see LICENSE), cut down to what lifesat calls and
changed so that a search can be stopped, several can run in one process,
a seed can vary the search, assumptions keep what the solver knows,
satisfiable problems are found sooner, and the pseudo-Boolean engine
gives right answers. UPSTREAM.md gives the module's hash and lists every
change; each is marked "lifesat" in the code. The package's own tests
are lifesat's; lifesat/logic tests the copy against upstream (answers
and models) and benchmarks the two.

# Use

A problem is a set of clauses over variables 1..n, as slices of DIMACS
literals (ParseSliceNb), with pseudo-Boolean constraints "weighted sum of
literals >= bound" beside them (ParsePB). New(problem) makes a solver;
Solve returns Sat, Unsat or, after Interrupt, Indet; Model is the last
model found, Model()[i] the value of variable i+1.

	pb := ParseSliceNb([][]int{{1, 2}, {-1, -2}}, 2) // exactly one of x1, x2
	s := New(pb)
	s.Solve() // Sat, Model() [false true]

Between calls to Solve, AppendClause adds clauses for good and Assume
sets literals taken as true by the following calls only; the solver
keeps everything it learned. With a cost function (Problem.SetCostFunc,
positive weights on literals), Minimize finds a model of least cost and
proves it optimal, solving again under "cost below the last model's"
until nothing is left.

Stabilize turns on a stable mode beside upstream's restarts (modes.go),
for hard satisfiable problems; Seed varies the first decisions.

ParseSliceProof gives the solver a Proof: it then writes a DRAT or LRAT
proof of its answer Unsat as it solves (proof.go), for problems of
clauses; the pseudo-Boolean engine writes none.

# Kept from upstream on purpose

Two upstream slips are kept on purpose. Without the modes,
rebuildOrderHeap builds the decision heap from a list that begins with
nbVars copies of variable 0, which changes the order in which variables
of equal activity come out. Leaving the copies out reshuffles the
search, for better or worse: the flipped still lifes got slower (seeds
1-12, conflicts to the answer: 64x64 a median of 1,610 against 1,298,
128x128 9.9k against 8.2k), lifesat's maximum-density ladder on 9x9
(knuth encoding) faster (7.5 s against 9.0 s). So upstream's single
mode (still lifes, max, counts, predecessors) stays upstream's search,
and the copies are left out only with the modes, where the measurements
were made without them (README, "gophersat's restarts").

And cleanupBindings inserts every variable it unassigns into the
decision heap twice, so until the next restart rebuilds the heap a stale
copy can break its order, which adds noise to the decisions. Inserting each variable once (tried in process
on lifesat's unflipped formulas, stable modes on, conflicts to the first
answer) made the p3 16x16 C4 search slower (seeds 1-12: median 160k
against 70k) and exact p3 12x12 too (seeds 1-5: 682k against 221k), and
left exact p3 7x7 as it was (seeds 1-16: 36k against 34k).
*/
package gophersat
