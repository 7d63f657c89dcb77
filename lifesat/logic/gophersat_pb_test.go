package logic_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// linearHolds evaluates a constraint on an assignment directly from its
// definition.
func linearHolds(c logic.Linear, m []bool) bool {
	sum := 0
	for _, t := range c.Terms {
		if t.Lit.Value(m) {
			sum += t.Coef
		}
	}
	switch c.Rel {
	case logic.LessEq:
		return sum <= c.Bound
	case logic.GreaterEq:
		return sum >= c.Bound
	case logic.Equal:
		return sum == c.Bound
	}
	panic("no relation")
}

func objective(terms []logic.Term, m []bool) int {
	v := 0
	for _, t := range terms {
		if t.Lit.Value(m) {
			v += t.Coef
		}
	}
	return v
}

// pbHolds tells whether m satisfies every clause and constraint of p.
func pbHolds(p *logic.PB, m []bool) bool {
	if p.CNF != nil && !p.CNF.Eval(m) {
		return false
	}
	for _, c := range p.Constraints {
		if !linearHolds(c, m) {
			return false
		}
	}
	return true
}

// bruteOptimum is the best objective value over all assignments of n
// variables, and whether there is a model at all.
func bruteOptimum(p *logic.PB, n int) (int, bool) {
	best, found := 0, false
	m := make([]bool, n+1)
	for bits := range 1 << n {
		for v := 1; v <= n; v++ {
			m[v] = bits>>(v-1)&1 == 1
		}
		if !pbHolds(p, m) {
			continue
		}
		v := objective(p.Objective, m)
		if !found || p.Maximize && v > best || !p.Maximize && v < best {
			best, found = v, true
		}
	}
	return best, found
}

// randomPB draws a problem over 2 to 10 variables with everything the
// normalization must handle: negative coefficients, negated literals, a
// variable twice in one constraint, constants, all three relations,
// clauses, and an objective with negative coefficients to minimize or
// maximize.
func randomPB(rng *rand.Rand) (*logic.PB, int) {
	n := 2 + rng.IntN(9)
	lit := func() logic.Lit {
		switch rng.IntN(20) {
		case 0:
			return logic.True
		case 1:
			return logic.False
		}
		return logic.Var(1 + rng.IntN(n)).Lit(rng.IntN(2) == 0)
	}
	f := &logic.CNF{}
	f.NewVars(n)
	for range rng.IntN(n) {
		f.Add(lit(), lit())
	}
	p := &logic.PB{CNF: f, Maximize: rng.IntN(2) == 0}
	for range 1 + rng.IntN(n) {
		var c logic.Linear
		for range 1 + rng.IntN(6) {
			c.Terms = append(c.Terms, logic.Term{Coef: rng.IntN(11) - 4, Lit: lit()})
		}
		c.Rel = logic.Relation(1 + rng.IntN(3))
		if c.Rel == logic.Equal && rng.IntN(2) == 0 {
			c.Rel = logic.LessEq // fewer equations, more models
		}
		c.Bound = rng.IntN(9) - 2
		p.Constraints = append(p.Constraints, c)
	}
	for range rng.IntN(2 * n) {
		p.Objective = append(p.Objective, logic.Term{Coef: rng.IntN(13) - 4, Lit: lit()})
	}
	return p, n
}

// TestOptimizeBruteForce checks Gophersat.Optimize on random problems
// (randomPB) against every assignment: the same answer, the optimum, and
// a model that meets every clause and constraint and has the value.
func TestOptimizeBruteForce(t *testing.T) {
	const trials = 2000
	ctx := context.Background()
	found := 0
	for trial := range trials {
		rng := rand.New(rand.NewPCG(uint64(trial), 5))
		p, n := randomPB(rng)
		want, ok := bruteOptimum(p, n)
		var values []int
		p.Improved = func(v int) { values = append(values, v) }
		res, err := logic.Gophersat{Seed: uint64(trial % 3)}.Optimize(ctx, p)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if !ok {
			if res.Status != logic.Unsat {
				t.Fatalf("trial %d: %+v, %+v: %v, brute force finds no model", trial, p, p.Constraints, res.Status)
			}
			continue
		}
		found++
		if res.Status != logic.Sat || !res.Optimal || res.Value != want {
			t.Fatalf("trial %d: %+v %+v: status %v, optimal %v, value %d; brute force: %d", trial, p, p.Constraints, res.Status, res.Optimal, res.Value, want)
		}
		if !pbHolds(p, res.Model) || objective(p.Objective, res.Model) != want {
			t.Fatalf("trial %d: the model breaks the problem or is worth %d, not %d", trial, objective(p.Objective, res.Model), want)
		}
		if len(values) != res.Improvements || values[len(values)-1] != want {
			t.Fatalf("trial %d: Improved heard %v, %d improvements, optimum %d", trial, values, res.Improvements, want)
		}
		for i := 1; i < len(values); i++ {
			if p.Maximize && values[i] <= values[i-1] || !p.Maximize && values[i] >= values[i-1] {
				t.Fatalf("trial %d: values %v do not improve", trial, values)
			}
		}
	}
	t.Logf("%d problems, %d with a model", trials, found)
	if found < trials/4 || found > trials*3/4 {
		t.Errorf("%d of %d problems have a model: the sample leans to one answer", found, trials)
	}
}

// pigeonsPB places as many of n pigeons as it can in n-1 holes, one
// pigeon a hole at most, as linear constraints; the optimum, n-1 pigeons
// placed, is proved by the pigeonhole principle (PHP(n, n-1)), which
// takes conflict-driven solvers thousands of conflicts for n = 8.
func pigeonsPB(n int) *logic.PB {
	f := &logic.CNF{}
	p := &logic.PB{CNF: f, Maximize: true}
	in := make([][]logic.Lit, n)
	for i := range in {
		in[i] = make([]logic.Lit, n-1)
		for h := range in[i] {
			in[i][h] = f.NewVar().Pos()
		}
	}
	for i := range in {
		placed := f.NewVar().Pos() // placed => in some hole
		c := logic.Linear{Terms: []logic.Term{{Coef: -1, Lit: placed}}, Rel: logic.GreaterEq, Bound: 0}
		for _, l := range in[i] {
			c.Terms = append(c.Terms, logic.Term{Coef: 1, Lit: l})
		}
		p.Constraints = append(p.Constraints, c)
		p.Objective = append(p.Objective, logic.Term{Coef: 1, Lit: placed})
	}
	for h := range n - 1 {
		c := logic.Linear{Rel: logic.LessEq, Bound: 1}
		for i := range in {
			c.Terms = append(c.Terms, logic.Term{Coef: 1, Lit: in[i][h]})
		}
		p.Constraints = append(p.Constraints, c)
	}
	return p
}

// TestOptimizeCancelled: a context cancelled from Improved, at the first
// model, stops the search before its next solve; the model comes back,
// not proved optimal, with the context's error. (The last solve of
// pigeonsPB(8), the proof, takes thousands of conflicts.)
func TestOptimizeCancelled(t *testing.T) {
	p := pigeonsPB(8)
	ctx, cancel := context.WithCancel(context.Background())
	p.Improved = func(int) { cancel() }
	res, err := logic.Gophersat{}.Optimize(ctx, p)
	if !errors.Is(err, context.Canceled) || res.Status != logic.Sat || res.Optimal || res.Improvements != 1 {
		t.Fatalf("cancelled at the first model: %+v, %v", res, err)
	}
	if !pbHolds(p, res.Model) || res.Value != objective(p.Objective, res.Model) {
		t.Errorf("the model breaks the problem or is not worth %d", res.Value)
	}
	if res, err := (logic.Gophersat{}).Optimize(ctx, p); !errors.Is(err, context.Canceled) || res.Status != logic.Unknown {
		t.Errorf("with a cancelled context: %+v, %v", res, err)
	}
	p.Improved = nil
	res, err = logic.Gophersat{}.Optimize(context.Background(), p)
	if err != nil || !res.Optimal || res.Value != 7 {
		t.Errorf("8 pigeons, 7 holes: %+v, %v; want 7 placed, proved optimal", res, err)
	}
	t.Logf("8 pigeons, 7 holes: 7 placed after %d improvements and %d conflicts", res.Improvements, res.Conflicts)
}

func TestOptimizeErrors(t *testing.T) {
	f := &logic.CNF{}
	f.NewVars(2)
	for _, p := range []*logic.PB{
		{CNF: f, Constraints: []logic.Linear{{Terms: []logic.Term{{Coef: 1, Lit: 1}}, Bound: 1}}},                    // no relation
		{CNF: f, Constraints: []logic.Linear{{Terms: []logic.Term{{Coef: 1, Lit: 3}}, Rel: logic.LessEq, Bound: 1}}}, // not a variable of f
		{CNF: f, Constraints: []logic.Linear{{Terms: []logic.Term{{Coef: 1, Lit: 0}}, Rel: logic.LessEq, Bound: 1}}}, // zero
		{CNF: f, Constraints: []logic.Linear{{Terms: []logic.Term{{Coef: 1 << 30, Lit: 1}}, Rel: logic.LessEq}}},     // too large
		{CNF: f, Objective: []logic.Term{{Coef: 1 << 29, Lit: 1}, {Coef: 1 << 29, Lit: 2}}},                          // sum too large
		{CNF: f, Objective: []logic.Term{{Coef: 1, Lit: -3}}},                                                        // not a variable of f
	} {
		if _, err := (logic.Gophersat{}).Optimize(context.Background(), p); !errors.Is(err, logic.ErrPB) {
			t.Errorf("%+v: error %v, want ErrPB", p, err)
		}
	}
	// An empty problem: any model, value 0.
	res, err := logic.Gophersat{}.Optimize(context.Background(), &logic.PB{})
	if err != nil || res.Status != logic.Sat || !res.Optimal || res.Value != 0 {
		t.Errorf("empty problem: %+v, %v", res, err)
	}
}

// Maximum weight by the pseudo-Boolean engine: in a row of five cells,
// no two neighbours both alive (x_i + x_i+1 <= 1), the middle cell
// counting double. Three live cells at the ends and in the middle are
// worth 4, and no model is worth more.
func ExampleGophersat_Optimize() {
	var c logic.CNF
	x := make([]logic.Lit, 5)
	for i := range x {
		x[i] = c.NewVar().Pos()
	}
	p := &logic.PB{CNF: &c, Maximize: true}
	for i := 1; i < len(x); i++ {
		p.Constraints = append(p.Constraints, logic.Linear{
			Terms: []logic.Term{{Coef: 1, Lit: x[i-1]}, {Coef: 1, Lit: x[i]}},
			Rel:   logic.LessEq,
			Bound: 1,
		})
	}
	for i, l := range x {
		w := 1
		if i == 2 {
			w = 2
		}
		p.Objective = append(p.Objective, logic.Term{Coef: w, Lit: l})
	}
	res, err := logic.Gophersat{}.Optimize(context.Background(), p)
	if err != nil {
		panic(err)
	}
	row := ""
	for _, l := range x {
		if l.Value(res.Model) {
			row += "O"
		} else {
			row += "."
		}
	}
	fmt.Println(res.Status, res.Value, res.Optimal, row)
	// Output:
	// SAT 4 true O.O.O
}
