package logic

// Boolean formulas as trees, for teaching and for small constraints.
//
// The connectives and their n-ary meanings follow the Wolfram Language
// (And, Or, Xor, Equivalent, Implies, BooleanCountingFunction): see
// https://reference.wolfram.com/language/guide/BooleanComputation.html.
// A Formula is turned into clauses by CNF.Assert (Tseitin 1968, tseitin.go)
// or by Convert (a minimal CNF from the truth table, convert.go).

import (
	"fmt"
	"slices"
	"strings"
)

// A Formula is a Boolean formula over variables: a literal or constant, or
// a connective applied to formulas. Formulas are immutable trees built by
// the constructors of this package (V, L, Constant, Not, And, Or, Xor,
// Equivalent, Implies, CountingFunction and its helpers); the interface has
// unexported methods, so no other package can implement it.
type Formula interface {
	// Eval is the value of the formula when variable v has value
	// model[v]; model must have an entry for every variable the formula
	// mentions (model[0] is unused).
	Eval(model []bool) bool
	// String is the formula in Wolfram Language input form, variable v
	// written xv: "x1 && !x2", "Xor[x1, x2]",
	// "BooleanCountingFunction[{2, 3}, {x1, x2, x3}]".
	String() string

	// appendVars appends the variables the formula mentions (with
	// repetitions) to dst.
	appendVars(dst []Var) []Var
	// write writes the formula to sb; the formula is parenthesized when
	// its precedence is below prec.
	write(sb *strings.Builder, prec int)
}

// Precedences for String, as in the Wolfram Language: ! binds tighter than
// &&, which binds tighter than ||. Every other connective is written in
// function form, Head[args], which needs no parentheses.
const (
	precOr = iota + 1
	precAnd
	precNot
)

// The node types. Each n-ary node holds its own copy of its arguments.
type (
	litFormula     struct{ l Lit }
	notFormula     struct{ f Formula }
	andFormula     []Formula
	orFormula      []Formula
	xorFormula     []Formula
	equivFormula   []Formula
	impliesFormula struct{ a, b Formula }
)

var (
	_ Formula = litFormula{}
	_ Formula = notFormula{}
	_ Formula = andFormula(nil)
	_ Formula = orFormula(nil)
	_ Formula = xorFormula(nil)
	_ Formula = equivFormula(nil)
	_ Formula = impliesFormula{}
	_ Formula = (*countingFormula)(nil)
)

// V is the formula made of variable v alone. It panics unless v >= 1.
func V(v Var) Formula {
	if v < 1 || v > MaxVars {
		panic(fmt.Sprintf("logic: V(%d): variables are numbered from 1", v))
	}
	return litFormula{v.Pos()}
}

// L is the formula made of literal l alone; l may be True or False. It
// panics if l is zero.
func L(l Lit) Formula {
	if l == 0 {
		panic("logic: L(0): zero is not a literal")
	}
	return litFormula{l}
}

// Constant is the constant formula b: True or False.
func Constant(b bool) Formula { return litFormula{Const(b)} }

// Not is the negation of f, !f.
func Not(f Formula) Formula {
	checkArgs("Not", f)
	return notFormula{f}
}

// And is the conjunction of fs, fs[0] && fs[1] && ...; it is true when
// every argument is true, so And() is true.
func And(fs ...Formula) Formula {
	checkArgs("And", fs...)
	return andFormula(slices.Clone(fs))
}

// Or is the disjunction of fs, fs[0] || fs[1] || ...; it is true when some
// argument is true, so Or() is false.
func Or(fs ...Formula) Formula {
	checkArgs("Or", fs...)
	return orFormula(slices.Clone(fs))
}

// Xor is the exclusive or of fs: true when an odd number of arguments are
// true, so Xor() is false and Xor(f) is f (Xor[...] in the Wolfram
// Language).
func Xor(fs ...Formula) Formula {
	checkArgs("Xor", fs...)
	return xorFormula(slices.Clone(fs))
}

// Equivalent is true when all its arguments have the same value, as
// Equivalent[...] in the Wolfram Language; with fewer than two arguments it
// is true. Equivalent(a, b, c) means a, b and c are all equal, which is not
// the same as Xor(a, b, c) negated.
func Equivalent(fs ...Formula) Formula {
	checkArgs("Equivalent", fs...)
	return equivFormula(slices.Clone(fs))
}

// Implies is a => b, that is !a || b.
func Implies(a, b Formula) Formula {
	checkArgs("Implies", a, b)
	return impliesFormula{a, b}
}

// checkArgs panics if one of fs is nil: a nil Formula is a programmer
// error that would otherwise surface much later, inside Eval or Assert.
func checkArgs(name string, fs ...Formula) {
	for i, f := range fs {
		if f == nil {
			panic(fmt.Sprintf("logic: %s: argument %d is a nil Formula", name, i))
		}
	}
}

// Vars returns the distinct variables f mentions, in increasing order.
// Constants mention no variable.
func Vars(f Formula) []Var {
	vs := f.appendVars(nil)
	slices.Sort(vs)
	return slices.Compact(vs)
}

// maxVar is the largest variable f mentions, or 0 if none.
func maxVar(f Formula) Var {
	m := Var(0)
	for _, v := range f.appendVars(nil) {
		m = max(m, v)
	}
	return m
}

// formulaString is String for every node type.
func formulaString(f Formula) string {
	var sb strings.Builder
	f.write(&sb, 0)
	return sb.String()
}

// writeLit writes a literal: x3, !x3, True or False.
func writeLit(sb *strings.Builder, l Lit) {
	switch {
	case l == True:
		sb.WriteString("True")
	case l == False:
		sb.WriteString("False")
	case l < 0:
		fmt.Fprintf(sb, "!x%d", -l)
	default:
		fmt.Fprintf(sb, "x%d", l)
	}
}

// writeCall writes head[f1, f2, ...].
func writeCall(sb *strings.Builder, head string, fs []Formula) {
	sb.WriteString(head)
	sb.WriteByte('[')
	for i, f := range fs {
		if i > 0 {
			sb.WriteString(", ")
		}
		f.write(sb, 0)
	}
	sb.WriteByte(']')
}

// writeInfix writes f1 op f2 op ..., in parentheses when the operator's
// precedence is below the context's. Fewer than two arguments are written
// in function form, And[] or Or[x1], which is how the Wolfram Language
// reads them too.
func writeInfix(sb *strings.Builder, head, op string, own, prec int, fs []Formula) {
	if len(fs) < 2 {
		writeCall(sb, head, fs)
		return
	}
	if own < prec {
		sb.WriteByte('(')
	}
	for i, f := range fs {
		if i > 0 {
			sb.WriteString(op)
		}
		// An argument of the same operator is parenthesized, so that
		// And(And(a, b), c) does not print as the flat a && b && c.
		f.write(sb, own+1)
	}
	if own < prec {
		sb.WriteByte(')')
	}
}

func (f litFormula) Eval(model []bool) bool { return f.l.Value(model) }
func (f litFormula) String() string         { return formulaString(f) }
func (f litFormula) appendVars(dst []Var) []Var {
	if f.l.IsConst() {
		return dst
	}
	return append(dst, f.l.Var())
}
func (f litFormula) write(sb *strings.Builder, prec int) { writeLit(sb, f.l) }

func (f notFormula) Eval(model []bool) bool     { return !f.f.Eval(model) }
func (f notFormula) String() string             { return formulaString(f) }
func (f notFormula) appendVars(dst []Var) []Var { return f.f.appendVars(dst) }
func (f notFormula) write(sb *strings.Builder, prec int) {
	// Not binds tightest, so it never needs parentheses itself.
	sb.WriteByte('!')
	f.f.write(sb, precNot)
}

func (f andFormula) Eval(model []bool) bool {
	for _, g := range f {
		if !g.Eval(model) {
			return false
		}
	}
	return true
}
func (f andFormula) String() string             { return formulaString(f) }
func (f andFormula) appendVars(dst []Var) []Var { return appendAllVars(dst, f) }
func (f andFormula) write(sb *strings.Builder, prec int) {
	writeInfix(sb, "And", " && ", precAnd, prec, f)
}

func (f orFormula) Eval(model []bool) bool {
	for _, g := range f {
		if g.Eval(model) {
			return true
		}
	}
	return false
}
func (f orFormula) String() string             { return formulaString(f) }
func (f orFormula) appendVars(dst []Var) []Var { return appendAllVars(dst, f) }
func (f orFormula) write(sb *strings.Builder, prec int) {
	writeInfix(sb, "Or", " || ", precOr, prec, f)
}

func (f xorFormula) Eval(model []bool) bool {
	odd := false
	for _, g := range f {
		odd = odd != g.Eval(model)
	}
	return odd
}
func (f xorFormula) String() string                      { return formulaString(f) }
func (f xorFormula) appendVars(dst []Var) []Var          { return appendAllVars(dst, f) }
func (f xorFormula) write(sb *strings.Builder, prec int) { writeCall(sb, "Xor", f) }

func (f equivFormula) Eval(model []bool) bool {
	for _, g := range f[min(1, len(f)):] {
		if g.Eval(model) != f[0].Eval(model) {
			return false
		}
	}
	return true
}
func (f equivFormula) String() string                      { return formulaString(f) }
func (f equivFormula) appendVars(dst []Var) []Var          { return appendAllVars(dst, f) }
func (f equivFormula) write(sb *strings.Builder, prec int) { writeCall(sb, "Equivalent", f) }

func (f impliesFormula) Eval(model []bool) bool { return !f.a.Eval(model) || f.b.Eval(model) }
func (f impliesFormula) String() string         { return formulaString(f) }
func (f impliesFormula) appendVars(dst []Var) []Var {
	return f.b.appendVars(f.a.appendVars(dst))
}
func (f impliesFormula) write(sb *strings.Builder, prec int) {
	writeCall(sb, "Implies", []Formula{f.a, f.b})
}

func appendAllVars(dst []Var, fs []Formula) []Var {
	for _, g := range fs {
		dst = g.appendVars(dst)
	}
	return dst
}
