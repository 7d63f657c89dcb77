package logic_test

// lifesat's copy of gophersat (internal/gophersat, through logic.Gophersat)
// against the release it was copied from, github.com/crillab/gophersat
// v1.4.0. Upstream keeps a package-level buffer that two of its solvers
// running at once corrupt, so no test or benchmark here runs two upstream
// solvers at the same time: none calls t.Parallel, and each solves its
// formulas one after the other.

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	upstream "github.com/crillab/gophersat/solver"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// upstreamSolve decides f with upstream gophersat, as its documentation
// says to (ParseSliceNb, New, Solve), and returns its model indexed by
// variable (model[0] unused) when it is satisfiable.
func upstreamSolve(f *logic.CNF) (logic.Status, []bool, int) {
	s := upstream.New(upstreamProblem(f))
	switch s.Solve() {
	case upstream.Sat:
		return logic.Sat, append([]bool{false}, s.Model()...), s.Stats.NbConflicts
	case upstream.Unsat:
		return logic.Unsat, nil, s.Stats.NbConflicts
	}
	return logic.Unknown, nil, s.Stats.NbConflicts
}

// upstreamProblem is f as an upstream problem.
func upstreamProblem(f *logic.CNF) *upstream.Problem {
	clauses := make([][]int, 0, f.NumClauses())
	for c := range f.Clauses {
		cl := make([]int, len(c))
		for i, l := range c {
			cl[i] = int(l)
		}
		clauses = append(clauses, cl)
	}
	return upstream.ParseSliceNb(clauses, f.NumVars())
}

// copySolve decides f with lifesat's copy through the logic adapter.
func copySolve(tb testing.TB, f *logic.CNF, g logic.Gophersat) (logic.Status, []bool, int64) {
	sess, err := g.Start(f)
	if err != nil {
		tb.Fatal(err)
	}
	st, err := sess.Solve(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	n := sess.(logic.ConflictCounter).Conflicts()
	if st == logic.Sat {
		return st, sess.Model(), n
	}
	return st, nil, n
}

// random3SAT is a random 3-SAT formula over n variables with ratio*n/100
// clauses of three distinct variables each.
func random3SAT(rng *rand.Rand, n, ratio int) *logic.CNF {
	f := &logic.CNF{}
	f.NewVars(n)
	for range n * ratio / 100 {
		vars := rng.Perm(n)[:3]
		c := make([]logic.Lit, 3)
		for j, v := range vars {
			c[j] = logic.Var(v + 1).Pos()
			if rng.IntN(2) == 0 {
				c[j] = c[j].Not()
			}
		}
		f.Add(c...)
	}
	return f
}

// A namedFormula is a formula of the differential test.
type namedFormula struct {
	name string
	f    *logic.CNF
}

// lifeFormulas are lifesat's own formulas for the differential test:
// still lifes, oscillators and a glider, satisfiable, and a still life
// asked for more cells than its box holds (6x6 holds 18 at most: Bosch's
// Table 1, OEIS A055397), which is not. Both encodings, seeded flips.
func lifeFormulas(tb testing.TB, stress bool) []namedFormula {
	dense := lifesat.StillLife(6, 6)
	dense.MinPop = 19
	problems := []lifesat.Problem{
		lifesat.StillLife(8, 8),
		lifesat.Oscillator(2, 6, 6),
		lifesat.Spaceship(4, 1, 1, 5, 5),
		dense,
	}
	seeds := 1
	if stress {
		problems = append(problems,
			lifesat.StillLife(16, 16),
			lifesat.Oscillator(3, 7, 7),
			lifesat.Oscillator(2, 10, 10),
			lifesat.Spaceship(4, 0, 2, 7, 7),
		)
		seeds = 3
	}
	var out []namedFormula
	for _, p := range problems {
		for _, e := range lifesat.Encodings() {
			for seed := range uint64(seeds) {
				in, err := lifesat.Encode(p, &lifesat.Settings{Encoding: e, Seed: seed + 1, Diversify: lifesat.FlipAll})
				if err != nil {
					tb.Fatal(err)
				}
				out = append(out, namedFormula{fmt.Sprintf("%v %s seed %d", p, e, seed+1), in.CNF})
			}
		}
	}
	return out
}

// randomFormulas are random 3-SAT formulas at the threshold ratio 4.26,
// where about half are satisfiable.
func randomFormulas(stress bool) []namedFormula {
	sizes, seeds := []int{20, 60, 120}, 6
	if stress {
		sizes, seeds = []int{20, 60, 120, 180, 220}, 40
	}
	var out []namedFormula
	for _, n := range sizes {
		for seed := range uint64(seeds) {
			rng := rand.New(rand.NewPCG(seed, uint64(n)))
			out = append(out, namedFormula{fmt.Sprintf("3-SAT n=%d seed %d", n, seed), random3SAT(rng, n, 426)})
		}
	}
	return out
}

// TestCopyAgainstUpstream solves random 3-SAT formulas near the threshold
// and lifesat's own formulas with upstream gophersat v1.4.0 and with
// lifesat's copy (in upstream's single mode, and seeded in its stable
// mode): the answers must agree, and every model of either must satisfy
// every clause. LIFESAT_STRESS=1 takes a larger sample.
func TestCopyAgainstUpstream(t *testing.T) {
	stress := os.Getenv("LIFESAT_STRESS") != ""
	formulas := append(randomFormulas(stress), lifeFormulas(t, stress)...)
	count := map[logic.Status]int{}
	for i, nf := range formulas {
		want, um, _ := upstreamSolve(nf.f)
		if want == logic.Unknown {
			t.Fatalf("%s: upstream stopped without an answer", nf.name)
		}
		if want == logic.Sat && !nf.f.Eval(um) {
			t.Errorf("%s: upstream's model breaks a clause", nf.name)
		}
		count[want]++
		for _, g := range []logic.Gophersat{{}, {Seed: uint64(i + 1), Stable: true}} {
			got, m, _ := copySolve(t, nf.f, g)
			if got != want {
				t.Errorf("%s: copy %+v says %v, upstream %v", nf.name, g, got, want)
				continue
			}
			if got == logic.Sat && !nf.f.Eval(m) {
				t.Errorf("%s: the copy's (%+v) model breaks a clause", nf.name, g)
			}
		}
	}
	t.Logf("%d formulas: %d satisfiable, %d not", len(formulas), count[logic.Sat], count[logic.Unsat])
	if count[logic.Sat] == 0 || count[logic.Unsat] == 0 {
		t.Errorf("the sample does not test both answers: %v", count)
	}
}

// upstreamHolds evaluates a problem as upstream parsed it (its units and
// its constraints, simplified against them) on the assignment m.
func upstreamHolds(pb *upstream.Problem, m []bool) bool {
	if pb.Status == upstream.Unsat {
		return false
	}
	val := func(l upstream.Lit) bool { return m[l.Var().Int()] == l.IsPositive() }
	for _, u := range pb.Units {
		if !val(u) {
			return false
		}
	}
	for _, c := range pb.Clauses {
		sum := 0
		for i := range c.Len() {
			if val(c.Get(i)) {
				sum += c.Weight(i)
			}
		}
		if sum < c.Cardinality() {
			return false
		}
	}
	return true
}

// upstreamCost is the value on m of the "min:" line of upstream's
// rendering of its problem (PBString), 0 when there is none.
func upstreamCost(t *testing.T, pb *upstream.Problem, m []bool) int {
	first, _, _ := strings.Cut(pb.PBString(), "\n")
	line, ok := strings.CutPrefix(first, "min: ")
	if !ok {
		return 0
	}
	cost := 0
	for _, term := range costTerm.FindAllStringSubmatch(line, -1) {
		w, _ := strconv.Atoi(term[1])
		v, _ := strconv.Atoi(term[3])
		if m[v] == (term[2] == "") {
			cost += w
		}
	}
	return cost
}

var costTerm = regexp.MustCompile(`([+-]?\d+) (~?)x(\d+)`)

// opbObjective reads the objective comment of an OPB text that
// WriteOPB wrote: the objective is sign*(k + min:).
func opbObjective(t *testing.T, opb []byte) (sign, k int) {
	m := objectiveComment.FindSubmatch(opb)
	if m == nil {
		return 1, 0 // no objective
	}
	k, err := strconv.Atoi(string(m[2]))
	if err != nil {
		t.Fatalf("objective comment %q: %v", m[0], err)
	}
	if len(m[1]) > 0 {
		return -1, k
	}
	return 1, k
}

var objectiveComment = regexp.MustCompile(`(?m)^\* objective = (-\()?(-?\d+) \+ min:`)

// TestWriteOPBAcceptedByUpstream writes random problems (randomPB) as OPB
// and reads them with upstream gophersat's ParseOPB, the reader of the
// OPB files lifesat writes for gophersat: it must accept them, its
// constraints must hold exactly on the assignments that satisfy the
// problem, and its objective, with the sign and constant of the
// objective comment, must be the problem's, on every assignment.
func TestWriteOPBAcceptedByUpstream(t *testing.T) {
	for trial := range 400 {
		rng := rand.New(rand.NewPCG(uint64(trial), 6))
		p, n := randomPB(rng)
		var buf bytes.Buffer
		if err := p.WriteOPB(&buf); err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		pb, err := upstream.ParseOPB(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("trial %d: upstream refuses\n%s: %v", trial, buf.Bytes(), err)
		}
		m := make([]bool, n+1)
		for bits := range 1 << n {
			for v := 1; v <= n; v++ {
				m[v] = bits>>(v-1)&1 == 1
			}
			if got, want := upstreamHolds(pb, m), pbHolds(p, m); got != want {
				t.Fatalf("trial %d: on %v upstream's reading says %v, the problem %v\n%s", trial, m, got, want, buf.Bytes())
			}
			sign, k := opbObjective(t, buf.Bytes())
			if got, want := sign*(k+upstreamCost(t, pb, m)), objective(p.Objective, m); got != want {
				t.Fatalf("trial %d: on %v upstream's objective is worth %d, want %d\n%s", trial, m, got, want, buf.Bytes())
			}
		}
	}
}

// TestWriteOPBSpecialCases: a constraint no assignment meets, with terms
// (x1 + x1 >= 3, the terms merged: 2 x1 >= 3) and without (True >= 2,
// written 0 x1 >= 1), and one that every assignment meets (x1 - x2 >=
// -1, left out: upstream's reader panics on such a line).
func TestWriteOPBSpecialCases(t *testing.T) {
	x1, x2 := logic.Lit(1), logic.Lit(2)
	for _, c := range []struct {
		lin  logic.Linear
		want string
		st   upstream.Status
	}{
		{logic.Linear{Terms: []logic.Term{{Coef: 1, Lit: x1}, {Coef: 1, Lit: x1}}, Rel: logic.GreaterEq, Bound: 3},
			"* #variable= 1 #constraint= 1\n+2 x1 >= 3 ;\n", upstream.Unsat},
		{logic.Linear{Terms: []logic.Term{{Coef: 1, Lit: logic.True}}, Rel: logic.GreaterEq, Bound: 2},
			"* #variable= 1 #constraint= 1\n+0 x1 >= 1 ;\n", upstream.Unsat},
		{logic.Linear{Terms: []logic.Term{{Coef: 1, Lit: x1}, {Coef: -1, Lit: x2}}, Rel: logic.GreaterEq, Bound: -1},
			"* #variable= 2 #constraint= 0\n", upstream.Sat},
	} {
		p := &logic.PB{Constraints: []logic.Linear{c.lin}}
		var buf bytes.Buffer
		if err := p.WriteOPB(&buf); err != nil {
			t.Fatal(err)
		}
		if buf.String() != c.want {
			t.Errorf("%+v: WriteOPB wrote\n%s\nwant\n%s", c.lin, buf.String(), c.want)
		}
		pb, err := upstream.ParseOPB(&buf)
		if err != nil || pb.Status != c.st {
			t.Errorf("%+v: upstream reads it as %v, %v; want %v", c.lin, pb.Status, err, c.st)
		}
	}
}

// TestPBCopyAgainstUpstream runs the pseudo-Boolean engine of upstream
// gophersat v1.4.0 (its OPB reader and Minimize, without cutting planes)
// and lifesat's copy (Gophersat.Optimize) on random problems (randomPB)
// and checks both against brute force: the copy must always be right,
// and where upstream's answer differs from the copy's, brute force must
// prove upstream wrong (a model that breaks a constraint, or a cost that
// is not the least). It logs how often upstream was wrong: the reasons
// UPSTREAM.md gives for the copy's PB fixes.
func TestPBCopyAgainstUpstream(t *testing.T) {
	trials := 1000
	if os.Getenv("LIFESAT_STRESS") != "" {
		trials = 20000
	}
	var agree, phantom, missed, broken, badCost, panics int
	for trial := range trials {
		rng := rand.New(rand.NewPCG(uint64(trial), 7))
		p, n := randomPB(rng)
		want, ok := bruteOptimum(p, n)
		res, err := logic.Gophersat{}.Optimize(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if ok != (res.Status == logic.Sat) || ok && (res.Value != want || !res.Optimal || !pbHolds(p, res.Model)) {
			t.Fatalf("trial %d: the copy: %+v; brute force: %d, %v", trial, res, want, ok)
		}
		var buf bytes.Buffer
		if err := p.WriteOPB(&buf); err != nil {
			t.Fatal(err)
		}
		sign, k := opbObjective(t, buf.Bytes())
		pb, err := upstream.ParseOPB(&buf)
		if err != nil {
			t.Fatalf("trial %d: upstream refuses the OPB: %v", trial, err)
		}
		cost, model, panicked := upstreamMinimize(pb, n)
		switch {
		case panicked:
			panics++
		case !ok && cost == -1:
			agree++
		case !ok:
			phantom++ // a model where brute force finds none
		case cost == -1:
			missed++ // no model, where brute force finds one
		case !pbHolds(p, model):
			broken++
		case sign*(k+cost) != want:
			badCost++
		default:
			agree++
		}
	}
	t.Logf("upstream on %d problems: %d right; %d models of problems without one, %d problems with a model called empty, %d models that break a constraint, %d costs not the optimum, %d panics",
		trials, agree, phantom, missed, broken, badCost, panics)
}

// upstreamMinimize runs upstream's Minimize on a problem it parsed; it
// returns the cost (-1 when it finds no model), the model (indexed by
// variable), and whether it panicked.
func upstreamMinimize(pb *upstream.Problem, n int) (cost int, model []bool, panicked bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	if pb.Status == upstream.Unsat {
		return -1, nil, false
	}
	s := upstream.New(pb)
	cost = s.Minimize()
	if cost < 0 {
		return -1, nil, false
	}
	model = make([]bool, n+1)
	copy(model[1:], s.Model())
	return cost, model, false
}
