package logic

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// extensions counts, up to limit, the ways to extend model (which fixes
// variables 1..base) to the variables base+1..NumVars of c so that every
// clause holds. It is a plain exhaustive search, with no unit propagation
// and no SAT solver: the variables are tried in increasing order, and a
// clause is checked as soon as its largest variable is set. Assert
// defines each auxiliary variable after the variables it depends on, so
// the search rarely goes more than one level down a dead end.
func extensions(c *CNF, base int, model []bool, limit int) int {
	if c.Trivial() {
		return 0
	}
	n := c.NumVars()
	m := make([]bool, n+1)
	copy(m, model[:base+1])
	byTop := make([][][]Lit, n+1) // clauses by their largest variable
	for cl := range c.Clauses {
		top := 0
		for _, l := range cl {
			top = max(top, int(l.Var()))
		}
		byTop[top] = append(byTop[top], cl)
	}
	sat := func(v int) bool {
		for _, cl := range byTop[v] {
			ok := false
			for _, l := range cl {
				if l.Value(m) {
					ok = true
					break
				}
			}
			if !ok {
				return false
			}
		}
		return true
	}
	for v := 0; v <= base; v++ {
		if !sat(v) {
			return 0
		}
	}
	count, nodes := 0, 0
	var search func(v int)
	search = func(v int) {
		if v > n {
			count++
			return
		}
		for _, b := range []bool{false, true} {
			if nodes++; nodes > 1<<22 {
				panic("extensions: search too long; are auxiliary variables defined in order?")
			}
			m[v] = b
			if sat(v) {
				search(v + 1)
			}
			if count >= limit {
				return
			}
		}
	}
	search(base + 1)
	return count
}

// checkAssert checks Assert(f) on a CNF with pre variables allocated
// beforehand: every assignment of the variables up to max(pre, largest in
// f) that satisfies f extends in exactly one way to the auxiliary
// variables, and every other in none.
func checkAssert(t *testing.T, f Formula, pre int) {
	t.Helper()
	c := new(CNF)
	c.NewVars(pre)
	c.Assert(f)
	base := max(pre, int(maxVar(f)))
	if c.NumVars() < base {
		t.Fatalf("%v: Assert allocated %d variables, want at least %d", f, c.NumVars(), base)
	}
	nf := int(maxVar(f))
	for row := range 1 << nf {
		m := modelOf(base, row)
		want := 0
		if f.Eval(m) {
			want = 1
		}
		if got := extensions(c, base, m, 2); got != want {
			t.Fatalf("%v (after %d variables) on x1..x%d = %v: %d extensions, want %d\n%s",
				f, pre, nf, m[1:nf+1], got, want, dimacs(c))
		}
	}
}

// checkConvert checks Convert(f) and AssertDirect(f) against f.Eval on
// every assignment.
func checkConvert(t *testing.T, f Formula) {
	t.Helper()
	clauses, err := Convert(f)
	if err != nil {
		t.Fatalf("%v: %v", f, err)
	}
	vars := Vars(f)
	for _, cl := range clauses {
		for _, l := range cl {
			if !slices.Contains(vars, l.Var()) {
				t.Fatalf("%v: clause %v mentions x%d, not a variable of f", f, cl, l.Var())
			}
		}
	}
	c := new(CNF)
	if err := c.AssertDirect(f); err != nil {
		t.Fatalf("%v: AssertDirect: %v", f, err)
	}
	nf := int(maxVar(f))
	for row := range 1 << nf {
		m := modelOf(nf, row)
		want := f.Eval(m)
		if got := evalClauses(clauses, m); got != want {
			t.Fatalf("%v on %v: Convert's clauses %v give %v, want %v", f, m[1:], clauses, got, want)
		}
		if got := c.Eval(m); got != want {
			t.Fatalf("%v on %v: AssertDirect gives %v, want %v", f, m[1:], got, want)
		}
	}
}

func dimacs(c *CNF) string {
	var sb strings.Builder
	c.WriteDIMACS(&sb)
	return sb.String()
}

// TestDifferential is the project's differential test of the CNF layer:
// random formulas over 1..6 variables, using every connective and counting
// functions, evaluated on every assignment, against (a) Convert's and
// AssertDirect's clauses and (b) Assert's clauses, searched exhaustively
// over the auxiliary variables.
func TestDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	trials := 5000
	if testing.Short() {
		trials = 500
	}
	for i := range trials {
		nvars := min(6, 1+r.IntN(8)) // 1..6, more often 6
		f := randFormula(r, nvars, 2+r.IntN(3))
		checkConvert(t, f)
		checkAssert(t, f, 0)
		checkAssert(t, Not(f), 0)
		switch i % 4 {
		case 0: // with variables allocated beforehand
			checkAssert(t, f, nvars+2)
		case 1: // nested, so the root connective is a gate
			checkAssert(t, Xor(f, randFormula(r, nvars, 2)), 0)
		}
	}
}

// TestEmptyConnectives is a regression test for the n-ary identities in
// every path: And() is true and Or() is false in Eval, Convert, AssertDirect
// and Assert. gophersat v1.4.0's bf package gets the first wrong: its
// and.nnf returns False for an And with no arguments left (bf/bf.go,
// "if len(res) == 0 { return False }"), so bf.And() and even
// bf.And(bf.True) are unsatisfiable.
func TestEmptyConnectives(t *testing.T) {
	tests := []struct {
		f    Formula
		want bool
	}{
		{And(), true},
		{Or(), false},
		{And(Constant(true)), true},
		{Or(Constant(false)), false},
		{Not(And()), false},
		{Not(Or()), true},
		{And(Or()), false},
		{Or(And()), true},
		{Xor(), false},
		{Equivalent(), true},
		{Equivalent(Constant(false)), true},
		{CountingFunction(nil), false},
		{Exactly(0), true},
	}
	for _, tt := range tests {
		if got := tt.f.Eval(nil); got != tt.want {
			t.Errorf("%v.Eval = %v, want %v", tt.f, got, tt.want)
		}
		clauses, err := Convert(tt.f)
		if err != nil {
			t.Fatal(err)
		}
		if got := evalClauses(clauses, nil); got != tt.want {
			t.Errorf("Convert(%v) = %v, which is %v, want %v", tt.f, clauses, got, tt.want)
		}
		direct := new(CNF)
		direct.AssertDirect(tt.f)
		if got := direct.Eval(nil); got != tt.want {
			t.Errorf("AssertDirect(%v) is %v, want %v", tt.f, got, tt.want)
		}
		c := new(CNF)
		c.Assert(tt.f)
		if got := c.Eval(nil); got != tt.want || c.NumVars() != 0 {
			t.Errorf("Assert(%v) is %v with %d variables, want %v with none", tt.f, got, c.NumVars(), tt.want)
		}
	}
}

// TestAssertSizes checks the simplifications of Assert on small formulas,
// with sizes counted by hand.
func TestAssertSizes(t *testing.T) {
	n := []Lit{1, 2, 3, 4, 5, 6, 7, 8}
	tests := []struct {
		f             Formula
		vars, clauses int
	}{
		{And(V(1), Or(L(-2), V(3)), L(-4)), 4, 3},
		{Or(V(1), V(2), V(3)), 3, 1},
		{Equivalent(V(1), V(2), V(3)), 3, 3},
		{Not(Equivalent(V(1), V(2), V(3))), 3, 2},
		{Xor(V(1), V(2)), 2, 2},
		{Exactly(1, 1, 2, 3), 3, 4},          // x1 || x2 || x3, and 3 pairs
		{And(V(1), Exactly(1, -1, 2)), 2, 3}, // x1, then Equivalent-like 2 clauses
	}
	for _, tt := range tests {
		c := new(CNF)
		c.Assert(tt.f)
		if c.NumVars() != tt.vars || c.NumClauses() != tt.clauses {
			t.Errorf("Assert(%v): %d variables, %d clauses, want %d and %d\n%s",
				tt.f, c.NumVars(), c.NumClauses(), tt.vars, tt.clauses, dimacs(c))
		}
	}
	c := new(CNF)
	c.Assert(Exactly(3, n...))
	t.Logf("Exactly(3) of 8 by totalizer: %d variables, %d clauses", c.NumVars(), c.NumClauses())
	checkAssert(t, Exactly(3, n...), 0)
}

// TestAssertAllocates checks that Assert allocates the variables of f
// itself, so asserting x5 on an empty CNF makes variables 1..5.
func TestAssertAllocates(t *testing.T) {
	c := new(CNF)
	c.Assert(V(5))
	if c.NumVars() != 5 || c.NumClauses() != 1 {
		t.Errorf("Assert(x5): %d variables, %d clauses, want 5 and 1", c.NumVars(), c.NumClauses())
	}
	c.NewVars(3)
	c.Assert(Xor(V(1), V(2), V(3)))
	if c.NumVars() != 9 { // one auxiliary variable, x9, after the 8
		t.Errorf("after Xor of 3: %d variables, want 9\n%s", c.NumVars(), dimacs(c))
	}
}

// TestStillLifeConditionEncodings encodes the seed blog post's
// StillLifeCondition for one cell both ways and checks them on all 512
// assignments: AssertDirect gives the 134 prime implicates of
// TestMinimalCNFStillLife, Assert a Tseitin CNF with auxiliary variables.
func TestStillLifeConditionEncodings(t *testing.T) {
	z := Var(1)
	nb := []Lit{2, 3, 4, 5, 6, 7, 8, 9}
	f := Or(
		And(V(z), CountingFunction([]int{2, 3}, nb...)),
		And(Not(V(z)), Not(CountingFunction([]int{3}, nb...))),
	)
	direct := new(CNF)
	if err := direct.AssertDirect(f); err != nil {
		t.Fatal(err)
	}
	if direct.NumClauses() != 134 || direct.NumVars() != 9 {
		t.Errorf("AssertDirect: %d variables, %d clauses, want 9 and 134", direct.NumVars(), direct.NumClauses())
	}
	tseitin := new(CNF)
	tseitin.Assert(f)
	t.Logf("Assert: %d variables, %d clauses", tseitin.NumVars(), tseitin.NumClauses())
	table := stillLifeTable()
	for row := range 1 << 9 {
		m := modelOf(9, row)
		if f.Eval(m) != table[row] || direct.Eval(m) != table[row] {
			t.Fatalf("row %b: formula or direct CNF disagrees with the still-life table", row)
		}
	}
	checkAssert(t, f, 0)
}
