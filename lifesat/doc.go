// Package lifesat finds Game of Life patterns with a SAT solver.
package lifesat
