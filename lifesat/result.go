package lifesat

import (
	"time"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// The outcomes of searches: what Search, Race and Maximize return.

// Stats describe the work of a search.
type Stats struct {
	Vars, Clauses int
	Encode, Solve time.Duration
	// Solves is the number of solver calls.
	Solves int
	// Improvements is the number of better answers an optimization found.
	Improvements int
}

// A Result is the outcome of a search.
type Result struct {
	// Status is logic.Sat when at least one pattern was found,
	// logic.Unsat when it is proved that none exists, logic.Unknown when
	// the search stopped first.
	Status logic.Status
	// Patterns are the distinct patterns found, each verified by Check.
	Patterns []*Pattern
	// Exhausted is true when it is proved that no further pattern exists
	// (fewer than Settings.Solutions came back).
	Exhausted bool
	Stats     Stats
}

// A MaxResult is the outcome of Maximize.
type MaxResult struct {
	// Status is logic.Sat when a pattern was found (the best one is in
	// Pattern), logic.Unsat when the problem has no pattern at all, and
	// logic.Unknown when the search stopped before finding any.
	Status logic.Status
	// Pattern is the best pattern found, verified by Problem.Check.
	Pattern *Pattern
	// Population is the number of live cells of Pattern, summed over its
	// phases (for an oscillator, Period times its average population).
	Population int
	// Optimal is true when no pattern with more live cells exists.
	Optimal bool
	// Bound is a proved upper bound on the population of every pattern
	// of the problem: Population when Optimal; otherwise, when it is
	// positive, the other end of a gap (as in Bosch's tables: the row
	// programs of package density prove bounds as they go); 0 when no
	// bound is known.
	Bound int
	// Program names the program that answered when Maximize handed the
	// problem to the registered SolverFree (package density names its
	// own: density.ProgramDensity, ProgramRows, ProgramWaste), or that
	// ran when it was stopped with no answer; it is empty when Maximize's
	// SAT ladder answered.
	Program string
	Stats   Stats
}
