package logic

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// modelOf returns a model over variables 1..n where variable i+1 has bit i
// of row as its value.
func modelOf(n int, row int) []bool {
	m := make([]bool, n+1)
	for i := range n {
		m[i+1] = row>>i&1 == 1
	}
	return m
}

// evalClauses reports whether every clause has a true literal.
func evalClauses(clauses [][]Lit, model []bool) bool {
	for _, cl := range clauses {
		if !slices.ContainsFunc(cl, func(l Lit) bool { return l.Value(model) }) {
			return false
		}
	}
	return true
}

func TestString(t *testing.T) {
	x1, x2, x3 := V(1), V(2), V(3)
	tests := []struct {
		f    Formula
		want string
	}{
		{x1, "x1"},
		{L(-2), "!x2"},
		{Constant(true), "True"},
		{L(False), "False"},
		{And(x1, Not(x2)), "x1 && !x2"},
		{And(x1, L(-2)), "x1 && !x2"},
		{Or(And(x1, x2), x3), "x1 && x2 || x3"},
		{And(Or(x1, x2), x3), "(x1 || x2) && x3"},
		{And(And(x1, x2), x3), "(x1 && x2) && x3"},
		{Not(And(x1, x2)), "!(x1 && x2)"},
		{Not(Or(x1, x2)), "!(x1 || x2)"},
		{Not(Not(x1)), "!!x1"},
		{Not(Xor(x1, x2)), "!Xor[x1, x2]"},
		{Xor(x1, x2), "Xor[x1, x2]"},
		{Equivalent(x1, x2, x3), "Equivalent[x1, x2, x3]"},
		{Implies(x1, Or(x2, x3)), "Implies[x1, x2 || x3]"},
		{And(), "And[]"},
		{Or(), "Or[]"},
		{And(x1), "And[x1]"},
		{Xor(), "Xor[]"},
		{CountingFunction([]int{2, 3}, 1, 2, 3), "BooleanCountingFunction[{2, 3}, {x1, x2, x3}]"},
		{CountingFunction([]int{3, 1}, 1, -2, 3), "BooleanCountingFunction[{{1, 3}}, {x1, !x2, x3}]"},
		{CountingFunction([]int{1, 1, 9, -1}, 1, 2), "BooleanCountingFunction[{{-1, 1, 9}}, {x1, x2}]"},
		{CountingFunction([]int{5}, 1, 2), "BooleanCountingFunction[{5}, {x1, x2}]"},
		{CountingFunction([]int{2, 3}, 1, 2), "BooleanCountingFunction[{2, 3}, {x1, x2}]"},
		{CountingFunction(nil, 1, 2), "BooleanCountingFunction[{{}}, {x1, x2}]"},
		{AtLeast(3, 1, 2), "BooleanCountingFunction[{{}}, {x1, x2}]"},
		{AtMost(5, 1, 2), "BooleanCountingFunction[{0, 2}, {x1, x2}]"},
		{AtLeast(-1, 1, 2), "BooleanCountingFunction[{0, 2}, {x1, x2}]"},
		{Exactly(2, 1, 2, False), "BooleanCountingFunction[{2}, {x1, x2, False}]"},
		{AtMost(1, 1, 2, 3), "BooleanCountingFunction[{0, 1}, {x1, x2, x3}]"},
		{AtLeast(2, 1, 2, 3), "BooleanCountingFunction[{2, 3}, {x1, x2, x3}]"},
		{Or(x1, Exactly(1, 2, 3)), "x1 || BooleanCountingFunction[{1}, {x2, x3}]"},
	}
	for _, tt := range tests {
		if got := tt.f.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

// TestIdentities checks the n-ary connectives on their edge cases, against
// the Wolfram Language's definitions (And[] is True, Or[] and Xor[] are
// False, Equivalent[] and Equivalent[a] are True, Equivalent[a, b, c] is
// "all equal").
func TestIdentities(t *testing.T) {
	x1, x2, x3 := V(1), V(2), V(3)
	tests := []struct {
		f    Formula
		want func(a, b, c bool) bool
	}{
		{And(), func(a, b, c bool) bool { return true }},
		{Or(), func(a, b, c bool) bool { return false }},
		{Xor(), func(a, b, c bool) bool { return false }},
		{Equivalent(), func(a, b, c bool) bool { return true }},
		{Equivalent(x2), func(a, b, c bool) bool { return true }},
		{And(x1), func(a, b, c bool) bool { return a }},
		{Or(x1), func(a, b, c bool) bool { return a }},
		{Xor(x1), func(a, b, c bool) bool { return a }},
		{Xor(x1, x2, x3), func(a, b, c bool) bool { return a != b != c }},
		{Xor(x1, x1, x1), func(a, b, c bool) bool { return a }},
		{Equivalent(x1, x2, x3), func(a, b, c bool) bool { return a == b && b == c }},
		{Equivalent(x1, x2), func(a, b, c bool) bool { return a == b }},
		{Implies(x1, x2), func(a, b, c bool) bool { return !a || b }},
		{Not(x3), func(a, b, c bool) bool { return !c }},
		{Constant(false), func(a, b, c bool) bool { return false }},
		{And(x1, Constant(true)), func(a, b, c bool) bool { return a }},
		{Or(L(-1), x2, L(-3)), func(a, b, c bool) bool { return !a || b || !c }},
	}
	for _, tt := range tests {
		for row := range 8 {
			m := modelOf(3, row)
			if got, want := tt.f.Eval(m), tt.want(m[1], m[2], m[3]); got != want {
				t.Errorf("%v on x1..x3 = %v: got %v, want %v", tt.f, m[1:], got, want)
			}
		}
	}
}

func TestVars(t *testing.T) {
	f := Or(And(V(5), L(-2)), Implies(V(5), Xor(L(True), V(9))), Exactly(1, 2, False, -7))
	if got, want := Vars(f), []Var{2, 5, 7, 9}; !slices.Equal(got, want) {
		t.Errorf("Vars = %v, want %v", got, want)
	}
	if got := Vars(And(Constant(true), Or())); len(got) != 0 {
		t.Errorf("Vars of a constant formula = %v, want none", got)
	}
}

func TestConstructorPanics(t *testing.T) {
	for name, fn := range map[string]func(){
		"V(0)":           func() { V(0) },
		"L(0)":           func() { L(0) },
		"And(nil)":       func() { And(V(1), nil) },
		"Not(nil)":       func() { Not(nil) },
		"Implies(nil)":   func() { Implies(nil, V(1)) },
		"CountingFn(0)":  func() { Exactly(1, 1, 0) },
		"Assert(nil)":    func() { new(CNF).Assert(nil) },
		"Convert(nil)":   func() { Convert(nil) },
		"V(-1) negative": func() { V(-1) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			fn()
		}()
	}
}

// TestArgsCopied checks that a formula keeps its own copy of the
// arguments, so reusing a slice does not change it.
func TestArgsCopied(t *testing.T) {
	args := []Formula{V(1), V(2)}
	f := And(args...)
	args[0] = Constant(false)
	lits := []Lit{1, 2}
	g := Exactly(2, lits...)
	lits[0] = False
	m := modelOf(2, 3)
	if !f.Eval(m) || !g.Eval(m) {
		t.Errorf("formulas changed with their argument slices: %v, %v", f, g)
	}
}

// randFormula returns a random formula over variables 1..nvars of depth at
// most depth, using every connective, constants, empty and one-argument
// n-ary connectives, and counting functions over up to 8 literals (with
// repeated literals and constants), so both of Assert's encodings of
// counting functions are exercised.
func randFormula(r *rand.Rand, nvars, depth int) Formula {
	lit := func() Lit {
		switch r.IntN(12) {
		case 0:
			return True
		case 1:
			return False
		}
		return Var(1 + r.IntN(nvars)).Lit(r.IntN(2) == 0)
	}
	if depth == 0 || r.IntN(8) == 0 {
		return L(lit())
	}
	// Arity: mostly 2..max, sometimes 0 or 1 for the edge cases.
	arity := func(max int) int {
		if r.IntN(8) == 0 {
			return r.IntN(2)
		}
		return 2 + r.IntN(max-1)
	}
	args := func(max int) []Formula {
		fs := make([]Formula, arity(max))
		for i := range fs {
			fs[i] = randFormula(r, nvars, depth-1)
		}
		return fs
	}
	lits := func() []Lit {
		ls := make([]Lit, arity(8))
		for i := range ls {
			ls[i] = lit()
		}
		return ls
	}
	switch r.IntN(10) {
	case 0:
		return Not(randFormula(r, nvars, depth-1))
	case 1:
		return And(args(3)...)
	case 2:
		return Or(args(3)...)
	case 3:
		return Xor(args(4)...)
	case 4:
		return Equivalent(args(4)...)
	case 5:
		return Implies(randFormula(r, nvars, depth-1), randFormula(r, nvars, depth-1))
	case 6:
		ls := lits()
		counts := make([]int, r.IntN(4))
		for i := range counts {
			counts[i] = r.IntN(len(ls)+3) - 1
		}
		return CountingFunction(counts, ls...)
	case 7:
		ls := lits()
		return Exactly(r.IntN(len(ls)+2)-1, ls...)
	case 8:
		ls := lits()
		return AtLeast(r.IntN(len(ls)+2)-1, ls...)
	default:
		ls := lits()
		return AtMost(r.IntN(len(ls)+2)-1, ls...)
	}
}
