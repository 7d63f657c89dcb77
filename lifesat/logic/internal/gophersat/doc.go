/*
Package gophersat is the solver package of github.com/crillab/gophersat
v1.4.0 (MIT licence, see LICENSE), copied with these changes, each marked
"lifesat" in the code, so that a search can be stopped, several can run
in one process, a seed can vary the search, and satisfiable problems are
found sooner:

  - the literal buffer of learnClause is a field of the Solver instead of
    the package variable bufLits, which two solvers running at the same
    time shared (corrupting each other's learned clauses);
  - Solver.Interrupt makes a running Solve return Indet at its next
    conflict (upstream's Solve cannot be stopped);
  - Solver.Conflicts reads the number of conflicts while Solve runs in
    another goroutine (for a search's progress reports);
  - Solver.Seed gives the variables tiny random initial activities, so
    that the first decisions differ from seed to seed (upstream has no
    seed);
  - with the modes on (Stabilize), rebuildOrderHeap no longer puts
    variable 0 into the decision heap once per variable at every
    restart (upstream's single mode keeps those copies: see below);
  - learnClause keeps its marks (two booleans per variable) in the
    solver and unmarks what it marked, instead of allocating them at
    every conflict, and cleanupBindings finds the bindings to undo from
    the end of the trail instead of its start (a 150x150 still life, the
    same 33,510 conflicts, old and new run in turn: 17.6 and 19.2 s
    before, 14.7 and 15.8 s after);
  - learnClause counts a literal repeated in the conflicting clause
    once (upstream counted it twice, so analysis resolved past the first
    UIP and the learned clause could hold the literal twice; repeated
    literals reach the solver through AppendClause);
  - Solver.Stabilize makes the search alternate a focused mode
    (upstream's) with a stable mode that restarts rarely and decides
    target phases, and reset the saved phases from time to time: for
    the first 100,000 conflicts lightly, at a conflict, then by
    CaDiCaL's schedules, at a restart (modes.go);
  - a slot that a watch list or the list of learned clauses drops (past
    the slice's new length) is cleared: upstream left it pointing to its
    clause, so deleted learned clauses stayed in memory until the slot
    was reused (an exact p5 oscillator in 12x12 searched for 20 minutes
    peaked at 520 MB, 236 MB without: see the README, "Known limits").

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

And cleanupBindings inserts every
variable it unassigns into the decision heap twice, so until the next
restart rebuilds the heap a stale copy can break its order, which adds
noise to the decisions. Inserting each variable once (tried in process
on lifesat's unflipped formulas, stable modes on, conflicts to the first
answer) made the p3 16x16 C4 search slower (seeds 1-12: median 160k
against 70k) and exact p3 12x12 too (seeds 1-5: 682k against 221k), and
left exact p3 7x7 as it was (seeds 1-16: 36k against 34k).

The rest is upstream's text, its test files left out (modes_test.go and
learn_test.go are lifesat's). Upstream's package documentation follows.

Package solver gives access to a simple SAT and pseudo-boolean solver.
Its input can be either a DIMACS CNF file, a PBS file or a solver.Problem object,
containing the set of clauses to be solved. In the last case,
the problem can be either a set of propositional clauses,
or a set of pseudo-boolean constraints.

No matter the input format,
the solver.Solver will then solve the problem and indicate whether the problem is
satisfiable or not. In the former case, it will be able to provide a model, i.e a set of bindings
for all variables that makes the problem true.

# Describing a problem

A problem can be described in several ways:

1. parse a DIMACS stream (io.Reader). If the io.Reader produces the following content:

	p cnf 6 7
	1 2 3 0
	4 5 6 0
	-1 -4 0
	-2 -5 0
	-3 -6 0
	-1 -3 0
	-4 -6 0

the programmer can create the Problem by doing:

	pb, err := solver.ParseCNF(f)

2. create the equivalent list of list of literals. The problem above can be created programatically this way:

	clauses := [][]int{
	    []int{1, 2, 3},
	    []int{4, 5, 6},
	    []int{-1, -4},
	    []int{-2, -5},
	    []int{-3, -6},
	    []int{-1, -3},
	    []int{-4, -6},
	}
	pb := solver.ParseSlice(clauses)

3. create a list of cardinality constraints (CardConstr), if the problem to be solved is better represented this way.
For instance, the problem stating that at least two literals must be true among the literals 1, 2, 3 and 4 could be described as a set of clauses:

	clauses := [][]int{
	    []int{1, 2, 3},
	    []int{2, 3, 4},
	    []int{1, 2, 4},
	    []int{1, 3, 4},
	}
	pb := solver.ParseSlice(clauses)

The number of clauses necessary to describe such a constrain can grow exponentially. Alternatively, it is possible to describe the same this way:

	constrs := []CardConstr{
	    {Lits: []int{1, 2, 3, 4}, AtLeast: 2},
	}
	pb := solver.ParseCardConstrs(clauses)

Note that a propositional clause has an implicit cardinality constraint of 1, since at least one of its literals must be true.

4. parse a PBS stream (io.Reader). If the io.Reader contains the following problem:

	2 ~x1 +1 x2 +1 x3 >= 3 ;

the programmer can create the Problem by doing:

	pb, err := solver.ParsePBS(f)

5. create a list of PBConstr. For instance, the following set of one PBConstrs will generate the same problem as above:

	constrs := []PBConstr{GtEq([]int{1, 2, 3}, []int{2, 1, 1}, 3)}
	pb := solver.ParsePBConstrs(constrs)

# Solving a problem

To solve a problem, one simply creates a solver with said problem.
The solve() method then solves the problem and returns the corresponding status: Sat or Unsat.

	s := solver.New(pb)
	status := s.Solve()

If the status was Sat, the programmer can ask for a model, i.e an assignment that makes all the clauses of the problem true:

	m := s.Model()

For the above problem, the status will be Sat and the model can be {false, true, false, true, false, false}.

Alternatively, one can display on stdout the result and model (if any):

	s.OutputModel()

For the above problem described in the DIMACS format, the output can be:

	SATISFIABLE
	-1 2 -3 4 -5 -6
*/
package gophersat
