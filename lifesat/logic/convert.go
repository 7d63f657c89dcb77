package logic

// The "direct" encoding: a formula's truth table, minimized to prime
// implicates (minimize.go; Quine 1952, McCluskey 1956). No auxiliary
// variables, as in the seed blog post's BooleanConvert[..., "CNF"].

import (
	"errors"
	"fmt"
)

// ErrTooManyVars is wrapped by the errors of Convert and CNF.AssertDirect
// for a formula with more than MaxConvertVars variables.
var ErrTooManyVars = errors.New("logic: too many variables for a truth table")

// Convert returns a minimal CNF of f over f's own variables, the analogue
// of BooleanConvert[f, "CNF"] (or BooleanMinimize[f, "CNF"]): clauses whose
// conjunction equals f for every assignment, without auxiliary variables.
// It tabulates f on every assignment of Vars(f) and calls MinimalCNF, so
// the clauses are prime implicates of f in MinimalCNF's canonical order,
// written with f's variables. A formula that is always true gives no
// clauses; one that is always false gives one empty clause.
//
// The error wraps ErrTooManyVars when f has more than MaxConvertVars
// variables; encode such a formula with CNF.Assert instead.
func Convert(f Formula) ([][]Lit, error) {
	checkArgs("Convert", f)
	vars := Vars(f)
	n := len(vars)
	if n > MaxConvertVars {
		return nil, fmt.Errorf("%w: %d > %d; use CNF.Assert", ErrTooManyVars, n, MaxConvertVars)
	}
	model := make([]bool, 1)
	if n > 0 {
		model = make([]bool, vars[n-1]+1)
	}
	table := make([]bool, 1<<n)
	for row := range table {
		for i, v := range vars {
			model[v] = row>>i&1 == 1
		}
		table[row] = f.Eval(model)
	}
	clauses := MinimalCNF(n, table, nil)
	for _, cl := range clauses {
		for j, l := range cl {
			cl[j] = vars[l.Var()-1].Lit(l.Negative())
		}
	}
	return clauses, nil
}

// AssertDirect adds Convert(f)'s clauses to c, first allocating the
// variables up to the largest one f mentions, as Assert does. Unlike
// Assert it adds no auxiliary variable, but its clauses can be
// exponentially many, and it fails like Convert on a formula of more than
// MaxConvertVars variables, leaving c unchanged.
func (c *CNF) AssertDirect(f Formula) error {
	clauses, err := Convert(f)
	if err != nil {
		return err
	}
	c.allocate(f)
	for _, cl := range clauses {
		c.Add(cl...)
	}
	return nil
}
