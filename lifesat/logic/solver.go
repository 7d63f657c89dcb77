package logic

import (
	"context"
	"errors"
)

// Status is a solver's answer.
type Status int8

const (
	// Unknown: the solver stopped without an answer (cancelled or timed out).
	Unknown Status = iota
	// Sat: the formula has a model.
	Sat
	// Unsat: the formula has no model; this is a proof, not a failure.
	Unsat
)

// String names the status as SAT competitions do.
func (s Status) String() string {
	switch s {
	case Sat:
		return "SAT"
	case Unsat:
		return "UNSAT"
	}
	return "UNKNOWN"
}

// A Solver decides CNF formulas. Implementations: Gophersat (embedded, the
// default), Gini (embedded, can be stopped), External (any DIMACS solver
// such as cadical, run as a child process); ParseSolver maps names to
// them.
type Solver interface {
	// Start loads f into a new incremental session. Changes made to f
	// after Start are not seen by the session.
	Start(f *CNF) (Session, error)
}

// A Session is a solver loaded with a formula, to which clauses can be
// added between calls to Solve.
type Session interface {
	// Solve decides the formula and the clauses added so far, with the
	// assumption literals taken as true for this call only. When ctx ends
	// first it returns Unknown and ctx.Err().
	Solve(ctx context.Context, assumptions ...Lit) (Status, error)
	// Model is the assignment found by the last Solve that returned Sat:
	// Model()[v] is the value of variable v (index 0 is unused).
	Model() []bool
	// Add adds the clause permanently. Its variables must be among the
	// formula's.
	Add(lits ...Lit)
}

// A ConflictCounter is a Session that can tell how many conflicts its
// searches have met so far, all its Solve calls together. Conflicts may
// be called from any goroutine, also while Solve runs in another: that is
// how a long search reports its progress. Gophersat's sessions are
// ConflictCounters, and so are External's, which read the counts from the
// progress table the solver prints (cadical's); Gini's are not.
type ConflictCounter interface {
	Session
	// Conflicts returns the number of conflicts, or a negative number
	// when the session cannot tell (an external solver that prints no
	// report lifesat reads).
	Conflicts() int64
}

// A Peeker is a Session that can show the partial assignment of a search
// while it runs: the values its Solve, running in another goroutine, has
// given some variables so far. That is how a long search draws its
// progress. Gophersat's sessions are Peekers.
type Peeker interface {
	Session
	// Peek writes to vals[i] the value that the running Solve gives
	// vars[i] at the moment: 1 true, -1 false, 0 unassigned (also for a
	// variable not in the formula). It may be called from any goroutine
	// while Solve runs, and returns once the search has copied the
	// values itself, at a point of its own (gophersat: its next free
	// decision, when every assumption holds and propagation has left no
	// clause false, or the end of Solve), so the values are one
	// assignment the search held. It reports false, vals untouched, when
	// no Solve runs. len(vals) must be len(vars).
	Peek(vars []Var, vals []int8) bool
}

// ErrAbandoned is returned by a session whose earlier Solve was cancelled
// (gophersat's, which cannot resume after an interrupted search).
var ErrAbandoned = errors.New("logic: session abandoned after cancellation")

// OrDefault is s, or the embedded default solver (Gophersat) when s is
// nil, as everywhere a Solver may be left nil.
func OrDefault(s Solver) Solver {
	if s == nil {
		return Gophersat{}
	}
	return s
}
