package logic

// Counting functions (BooleanCountingFunction in the Wolfram Language) and
// their CNF encoding for CNF.Assert.
//
// A counting function of at most directCountingMax literals is expanded to
// the prime implicates of its truth table (minimize.go). A larger one is
// encoded with the totalizer of O. Bailleux and Y. Boufkhad, "Efficient CNF
// encoding of Boolean cardinality constraints", CP 2003, LNCS 2833,
// 108-122: a binary tree of unary adders whose root outputs u1, u2, ... mean
// "at least 1, 2, ... literals are true". Both of their clause sets are
// added, so every output is defined by the inputs. Outputs above the largest
// count the function tests are cut off, as in the k-simplified totalizer of
// M. Buttner and J. Rintanen, "Satisfiability planning with constraints on
// the number of actions", ICAPS 2005. Knuth, TAOCP 7.2.2.2, discusses
// the same clauses. The totalizer itself, totalize, is in cardinality.go.

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// directCountingMax is the largest number of non-constant literals for
// which Assert expands a counting function from its truth table instead of
// building a totalizer.
const directCountingMax = 4

// A countingFormula is true when the number of its true literals is one of
// its counts: ok[k] for k true literals, len(ok) == len(lits)+1. counts
// is the specification as given, sorted and without repetitions, for
// String.
type countingFormula struct {
	ok     []bool
	lits   []Lit
	counts []int
}

// CountingFunction is true when the number of true literals among lits is
// one of counts, the analogue of BooleanCountingFunction[{{k1, k2, ...}},
// {a1, a2, ...}] in the Wolfram Language. Each argument counts on its own:
// a literal given twice counts twice, True counts 1 and False 0. Counts
// below 0 or above len(lits) are never met, so CountingFunction([]int{3},
// x1, x2) is false; with no counts at all it is false.
//
// Its String writes the counts as given, in the Wolfram Language's
// specification: {k} for exactly k, {kmin, kmax} for a range,
// {{k1, k2, ...}} for another set. It panics if a literal is zero.
func CountingFunction(counts []int, lits ...Lit) Formula {
	for i, l := range lits {
		if l == 0 {
			panic(fmt.Sprintf("logic: CountingFunction: literal %d is zero", i))
		}
	}
	f := &countingFormula{
		ok:     make([]bool, len(lits)+1),
		lits:   slices.Clone(lits),
		counts: slices.Compact(slices.Sorted(slices.Values(counts))),
	}
	for _, k := range counts {
		if 0 <= k && k <= len(lits) {
			f.ok[k] = true
		}
	}
	return f
}

// Exactly is true when exactly k of lits are true,
// BooleanCountingFunction[{k}, lits].
func Exactly(k int, lits ...Lit) Formula { return CountingFunction([]int{k}, lits...) }

// AtLeast is true when at least k of lits are true,
// BooleanCountingFunction[{k, Length[lits]}, lits]. It is true when k <= 0
// and false when k > len(lits).
func AtLeast(k int, lits ...Lit) Formula {
	return CountingFunction(countRange(max(k, 0), len(lits)), lits...)
}

// AtMost is true when at most k of lits are true,
// BooleanCountingFunction[k, lits]. It is false when k < 0 and true when
// k >= len(lits).
func AtMost(k int, lits ...Lit) Formula {
	return CountingFunction(countRange(0, min(k, len(lits))), lits...)
}

// countRange is a..b, empty if a > b.
func countRange(a, b int) []int {
	var ks []int
	for k := a; k <= b; k++ {
		ks = append(ks, k)
	}
	return ks
}

func (f *countingFormula) Eval(model []bool) bool {
	k := 0
	for _, l := range f.lits {
		if l.Value(model) {
			k++
		}
	}
	return f.ok[k]
}

func (f *countingFormula) String() string { return formulaString(f) }

func (f *countingFormula) appendVars(dst []Var) []Var {
	for _, l := range f.lits {
		if !l.IsConst() {
			dst = append(dst, l.Var())
		}
	}
	return dst
}

func (f *countingFormula) write(sb *strings.Builder, prec int) {
	ks := f.counts
	sb.WriteString("BooleanCountingFunction[")
	switch {
	case len(ks) == 1:
		fmt.Fprintf(sb, "{%d}", ks[0])
	case len(ks) > 1 && ks[len(ks)-1]-ks[0] == len(ks)-1:
		fmt.Fprintf(sb, "{%d, %d}", ks[0], ks[len(ks)-1])
	default:
		sb.WriteString("{{")
		for i, k := range ks {
			if i > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprint(sb, k)
		}
		sb.WriteString("}}")
	}
	sb.WriteString(", {")
	for i, l := range f.lits {
		if i > 0 {
			sb.WriteString(", ")
		}
		writeLit(sb, l)
	}
	sb.WriteString("}]")
}

// fold removes the constant literals: it returns the other literals and
// which counts of them make f true.
func (f *countingFormula) fold() (lits []Lit, ok []bool) {
	ones := 0
	for _, l := range f.lits {
		switch l {
		case True:
			ones++
		case False:
		default:
			lits = append(lits, l)
		}
	}
	return lits, f.ok[ones : ones+len(lits)+1]
}

// countingIntervals returns the maximal runs [a, b] of allowed counts.
func countingIntervals(ok []bool) [][2]int {
	var runs [][2]int
	for k := 0; k < len(ok); k++ {
		if !ok[k] {
			continue
		}
		a := k
		for k+1 < len(ok) && ok[k+1] {
			k++
		}
		runs = append(runs, [2]int{a, k})
	}
	return runs
}

// counting returns a literal equivalent to f when want is nil; otherwise
// it asserts that f has the value *want and returns 0.
func (t *tseitin) counting(f *countingFormula, want *bool) Lit {
	lits, ok := f.fold()
	m := len(lits)
	runs := countingIntervals(ok)
	switch {
	case len(runs) == 0:
		return t.constant(false, want)
	case len(runs) == 1 && runs[0] == [2]int{0, m}:
		return t.constant(true, want)
	case m <= directCountingMax:
		return t.countingDirect(lits, ok, want)
	}

	// The totalizer, cut off above the largest output needed.
	top := 0
	for _, r := range runs {
		if r[0] >= 1 {
			top = max(top, r[0])
		}
		if r[1] < m {
			top = max(top, r[1]+1)
		}
	}
	// Counting functions over the same literals share one totalizer, as
	// the two neighbour counts of the still-life condition do.
	key := fmt.Sprint(lits)
	u := t.totals[key]
	if len(u) < min(top, m) {
		u = totalize(t.c, lits, top)
		if t.totals == nil {
			t.totals = make(map[string][]Lit)
		}
		t.totals[key] = u
	}
	atLeast := func(k int) Lit { // u_k, with u_0 = True and u_{m+1} = False
		switch {
		case k <= 0:
			return True
		case k > m:
			return False
		}
		return u[k-1]
	}
	switch {
	case want == nil:
		ins := make([]Lit, len(runs))
		for i, r := range runs {
			ins[i] = t.and([]Lit{atLeast(r[0]), atLeast(r[1] + 1).Not()})
		}
		return t.or(ins)
	case *want && len(runs) == 1:
		t.c.Add(atLeast(runs[0][0]))
		t.c.Add(atLeast(runs[0][1] + 1).Not())
	case *want:
		ins := make([]Lit, len(runs))
		for i, r := range runs {
			ins[i] = t.and([]Lit{atLeast(r[0]), atLeast(r[1] + 1).Not()})
		}
		t.c.Add(ins...)
	default:
		for _, r := range runs {
			t.c.Add(atLeast(r[0]).Not(), atLeast(r[1]+1))
		}
	}
	return 0
}

// countingDirect encodes a counting function of a few literals with the
// prime implicates of it and of its negation: f = C1 && C2 && ..., and
// !f = D1 && D2 && ....
func (t *tseitin) countingDirect(lits []Lit, ok []bool, want *bool) Lit {
	m := len(lits)
	table := make([]bool, 1<<m)
	for row := range table {
		table[row] = ok[bits.OnesCount(uint(row))]
	}
	subst := func(cl []Lit, extra Lit) []Lit {
		out := make([]Lit, 0, len(cl)+1)
		for _, l := range cl {
			out = append(out, lits[l.Var()-1].Xor(l.Negative()))
		}
		if extra != 0 {
			out = append(out, extra)
		}
		return out
	}
	if want != nil {
		if !*want {
			for row := range table {
				table[row] = !table[row]
			}
		}
		for _, cl := range MinimalCNF(m, table, nil) {
			t.c.Add(subst(cl, 0)...)
		}
		return 0
	}
	x := t.c.NewVar().Pos()
	for _, cl := range MinimalCNF(m, table, nil) {
		t.c.Add(subst(cl, x.Not())...) // x => f
	}
	for row := range table {
		table[row] = !table[row]
	}
	for _, cl := range MinimalCNF(m, table, nil) {
		t.c.Add(subst(cl, x)...) // !x => !f
	}
	return x
}
