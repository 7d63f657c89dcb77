package logic

import (
	"fmt"
	"math"
)

// A Var is a Boolean variable, numbered from 1 as in DIMACS.
type Var int32

// A Lit is a variable or its negation, in DIMACS convention: +v is v, -v is
// not v. Zero is not a literal.
//
// Two constant literals, True and False, may appear wherever a literal is
// expected; CNF.Add simplifies them away, so encoders can treat cells known
// to be dead exactly like unknown ones.
type Lit int32

// The constant literals. True is never a variable's literal: CNF refuses to
// allocate that many variables.
const (
	True  Lit = math.MaxInt32
	False Lit = -True
)

// MaxVars is the largest number of variables a CNF may hold.
const MaxVars = math.MaxInt32 - 1

// Pos is the positive literal of v.
func (v Var) Pos() Lit { return Lit(v) }

// Neg is the negative literal of v.
func (v Var) Neg() Lit { return -Lit(v) }

// Lit is v's literal, negated when neg is true.
func (v Var) Lit(neg bool) Lit {
	if neg {
		return -Lit(v)
	}
	return Lit(v)
}

// Const is the constant literal for b.
func Const(b bool) Lit {
	if b {
		return True
	}
	return False
}

// Not is the negation of l.
func (l Lit) Not() Lit { return -l }

// Var is the variable of l. It is meaningless for constants.
func (l Lit) Var() Var {
	if l < 0 {
		return Var(-l)
	}
	return Var(l)
}

// Negative reports whether l is a negated variable (or False).
func (l Lit) Negative() bool { return l < 0 }

// IsConst reports whether l is True or False.
func (l Lit) IsConst() bool { return l == True || l == False }

// Xor is l negated when b is true: the literal of (l XOR b).
func (l Lit) Xor(b bool) Lit {
	if b {
		return -l
	}
	return l
}

// Value is l's truth value under the assignment model, where model[v] is the
// value of variable v (model[0] is unused).
func (l Lit) Value(model []bool) bool {
	switch {
	case l == True:
		return true
	case l == False:
		return false
	case l > 0:
		return model[l]
	default:
		return !model[-l]
	}
}

// String is the DIMACS form of l, or "T"/"F" for the constants.
func (l Lit) String() string {
	switch l {
	case True:
		return "T"
	case False:
		return "F"
	}
	return fmt.Sprint(int32(l))
}
