package logic

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	solver "github.com/lifesat/lifesat/lifesat/logic/internal/gophersat"
)

// A Term is a literal with an integer coefficient in a linear expression:
// it adds Coef when Lit is true and nothing when it is false. Lit may be a
// constant: True adds Coef always, False never.
type Term struct {
	Coef int
	Lit  Lit
}

// A Relation compares a linear expression with a bound. The zero
// Relation is none: a constraint must name one.
type Relation int8

const (
	// LessEq is <=.
	LessEq Relation = iota + 1
	// GreaterEq is >=.
	GreaterEq
	// Equal is =.
	Equal
)

// String writes the relation as OPB and the Wolfram Language do.
func (r Relation) String() string {
	switch r {
	case LessEq:
		return "<="
	case GreaterEq:
		return ">="
	case Equal:
		return "="
	}
	return "Relation(" + strconv.Itoa(int(r)) + ")"
}

// A Linear is the constraint Terms Rel Bound: the sum of the coefficients
// of the true literals among Terms compared with Bound.
type Linear struct {
	Terms []Term
	Rel   Relation
	Bound int
}

// A PB is a pseudo-Boolean optimization problem (a 0-1 integer program):
// the clauses of CNF, the linear constraints, and a linear objective over
// the same variables to minimize, or to maximize with Maximize. A nil CNF
// means no clause, over the variables the constraints and the objective
// name; else every literal must be one of CNF's variables. An empty
// objective makes any model optimal.
//
// Bosch's death-by-overcrowding constraint of a cell e with neighbours
// f1..f8, 3x_e + x_f1 + ... + x_f8 <= 6, is
//
//	Linear{Terms: []Term{{3, e}, {1, f1}, ..., {1, f8}}, Rel: LessEq, Bound: 6}
//
// and his objective, the number of live cells, is a Term{1, x} per cell
// with Maximize set.
type PB struct {
	CNF         *CNF
	Constraints []Linear
	Objective   []Term
	Maximize    bool
	// Improved, when not nil, is called with the objective's value of
	// every model found, each better than the one before, from the
	// solving goroutine.
	Improved func(value int)
}

// A PBResult is the outcome of Gophersat.Optimize.
type PBResult struct {
	// Status is Sat when Model is a model (the best one found), Unsat
	// when the problem has none (a proof), Unknown when ctx ended before
	// the first model.
	Status Status
	// Model is the best model found, indexed by variable (index 0 is
	// unused); nil unless Status is Sat.
	Model []bool
	// Value is the objective's value in Model.
	Value int
	// Optimal tells that no model has a better value (a proof).
	Optimal bool
	// Improvements is the number of models found, each better than the
	// one before.
	Improvements int
	// Conflicts is the number of the solver's conflicts.
	Conflicts int64
}

// ErrPB is wrapped by the errors that describe a malformed PB.
var ErrPB = errors.New("logic: bad pseudo-Boolean problem")

// Optimize finds a model of p with the best objective value, the analogue
// of Minimize[{obj, cons}, vars, Integers] (Maximize with p.Maximize)
// over 0-1 variables. It runs gophersat's pseudo-Boolean engine, with the
// constraints as they are (no encoding into clauses): it solves, then
// asks for a strictly better value with one more constraint, until there
// is none, which proves the last model optimal. The Seed applies, Stable
// does not (the engine keeps upstream's single mode).
//
// ctx is checked first, while the clauses are converted, at every model
// found and, while the solver runs, at every conflict: when ctx ends
// before the proof, Optimize returns the best model found so far
// (Optimal false; Status Unknown if there is none) with ctx.Err(). It
// returns an ErrPB error, and nothing else, when p is malformed: a
// constraint without a Relation, a literal 0 or outside the CNF's
// variables, a coefficient or a sum of coefficients past 2^30.
func (g Gophersat) Optimize(ctx context.Context, p *PB) (*PBResult, error) {
	in, err := p.normalize()
	if err != nil {
		return nil, err
	}
	res := &PBResult{Status: Unknown}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	var clauses [][]int
	if p.CNF != nil {
		if p.CNF.empty {
			res.Status = Unsat
			return res, nil
		}
		if clauses, err = intClauses(ctx, p.CNF); err != nil {
			return res, err
		}
	}
	if in.unsat {
		res.Status = Unsat
		return res, nil
	}
	pb := solver.ParsePB(clauses, in.constrs, in.nvars)
	if pb.Status == solver.Unsat {
		res.Status = Unsat
		return res, nil
	}
	lits := make([]solver.Lit, len(in.cost))
	weights := make([]int, len(in.cost))
	for i, t := range in.cost {
		lits[i], weights[i] = solver.IntToLit(int32(t.Lit)), t.Coef
	}
	pb.SetCostFunc(lits, weights)
	s := solver.New(pb)
	s.Seed(g.Seed)
	done := make(chan solver.Status, 1)
	go func() {
		_, st := s.Minimize(func(cost int) {
			res.Improvements++
			if p.Improved != nil {
				p.Improved(in.sign * (in.offset + cost))
			}
			if ctx.Err() != nil { // stop before the next Solve
				s.Interrupt()
			}
		})
		done <- st
	}()
	var st solver.Status
	select {
	case st = <-done:
	case <-ctx.Done():
		s.Interrupt()
		st = <-done // at the next conflict
	}
	res.Conflicts = s.Conflicts()
	if st == solver.Unsat {
		res.Status = Unsat
		return res, nil
	}
	if res.Improvements > 0 {
		res.Status, res.Optimal = Sat, st == solver.Sat
		res.Model = make([]bool, in.nvars+1)
		copy(res.Model[1:], s.Model())
		for _, t := range p.Objective {
			if t.Lit.Value(res.Model) {
				res.Value += t.Coef
			}
		}
	}
	if st == solver.Indet {
		return res, ctx.Err()
	}
	return res, nil
}

// pbInput is a PB as gophersat's engine takes it: constraints "weighted
// sum of literals >= bound" with positive weights, one literal a
// variable, and a cost to minimize, positive weights on literals; the
// objective's value is sign*(cost+offset).
type pbInput struct {
	nvars   int
	constrs []solver.PBConstr
	unsat   bool // a constraint that no assignment meets
	cost    []Term
	offset  int
	sign    int
}

// maxPBWeight bounds coefficients and their sums: gophersat keeps a
// constraint's bound in 30 bits.
const maxPBWeight = 1 << 30

// normalize checks p and writes it for gophersat's engine.
func (p *PB) normalize() (*pbInput, error) {
	in := &pbInput{sign: 1}
	if p.CNF != nil {
		in.nvars = p.CNF.nvars
	} else {
		for _, c := range p.Constraints {
			in.nvars = max(in.nvars, termsMaxVar(c.Terms))
		}
		in.nvars = max(in.nvars, termsMaxVar(p.Objective))
	}
	for i, c := range p.Constraints {
		sum, err := in.linearSum(c.Terms, fmt.Sprintf("constraint %d", i))
		if err != nil {
			return nil, err
		}
		bound := int64(c.Bound) - sum.constant
		switch c.Rel {
		case GreaterEq:
			in.atLeast(sum.coefs, bound)
		case LessEq:
			in.atLeast(negate(sum.coefs), -bound)
		case Equal:
			in.atLeast(sum.coefs, bound)
			in.atLeast(negate(sum.coefs), -bound)
		default:
			return nil, fmt.Errorf("%w: constraint %d has no relation (%v)", ErrPB, i, c.Rel)
		}
	}
	obj, err := in.linearSum(p.Objective, "the objective")
	if err != nil {
		return nil, err
	}
	coefs := obj.coefs
	if p.Maximize {
		coefs, in.sign = negate(coefs), -1
		obj.constant = -obj.constant
	}
	// a*x with a < 0 is a + |a|*(not x): a cost on the negation.
	in.offset = int(obj.constant)
	for _, t := range coefs {
		if t.Coef < 0 {
			in.offset += t.Coef
			t = Term{-t.Coef, t.Lit.Not()}
		}
		in.cost = append(in.cost, t)
	}
	return in, nil
}

// A linearSum is a constant plus a sum of coefficients times variables,
// one term a variable, none zero.
type linearSum struct {
	constant int64
	coefs    []Term // positive literals
}

// linearSum checks the terms and writes them as constant + sum of a*x.
func (in *pbInput) linearSum(terms []Term, what string) (linearSum, error) {
	var sum linearSum
	index := map[Var]int{}
	var total int64
	for _, t := range terms {
		if t.Coef <= -maxPBWeight || t.Coef >= maxPBWeight {
			return sum, fmt.Errorf("%w: %s: coefficient %d past 2^30", ErrPB, what, t.Coef)
		}
		c := int64(t.Coef)
		total += max(c, -c)
		switch {
		case t.Lit == True:
			sum.constant += c
			continue
		case t.Lit == False:
			continue
		case t.Lit == 0 || int(t.Lit.Var()) > in.nvars:
			return sum, fmt.Errorf("%w: %s: literal %d out of range 1..%d", ErrPB, what, t.Lit, in.nvars)
		}
		if t.Lit < 0 { // c*(not x) = c - c*x
			sum.constant += c
			c = -c
		}
		v := t.Lit.Var()
		if i, ok := index[v]; ok {
			sum.coefs[i].Coef += int(c)
			continue
		}
		index[v] = len(sum.coefs)
		sum.coefs = append(sum.coefs, Term{int(c), v.Pos()})
	}
	if total >= maxPBWeight {
		return sum, fmt.Errorf("%w: %s: coefficients sum to %d, past 2^30", ErrPB, what, total)
	}
	kept := sum.coefs[:0]
	for _, t := range sum.coefs {
		if t.Coef != 0 {
			kept = append(kept, t)
		}
	}
	sum.coefs = kept
	return sum, nil
}

// atLeast adds the constraint sum of coefs >= bound, on literals with
// positive weights: a*x with a < 0 is a + |a|*(not x).
func (in *pbInput) atLeast(coefs []Term, bound int64) {
	c := solver.PBConstr{}
	var total int64
	for _, t := range coefs {
		l, w := t.Lit, int64(t.Coef)
		if w < 0 {
			bound -= w
			l, w = l.Not(), -w
		}
		c.Lits = append(c.Lits, int(l))
		c.Weights = append(c.Weights, int(w))
		total += w
	}
	switch {
	case bound <= 0: // always true
		return
	case bound > total:
		in.unsat = true
		return
	}
	c.AtLeast = int(bound)
	for i, w := range c.Weights {
		c.Weights[i] = min(w, c.AtLeast) // a weight past the bound counts as the bound
	}
	in.constrs = append(in.constrs, c)
}

func negate(terms []Term) []Term {
	out := make([]Term, len(terms))
	for i, t := range terms {
		out[i] = Term{-t.Coef, t.Lit}
	}
	return out
}

func termsMaxVar(terms []Term) int {
	n := 0
	for _, t := range terms {
		if !t.Lit.IsConst() {
			n = max(n, int(t.Lit.Var()))
		}
	}
	return n
}

// WriteOPB writes p in the OPB format of the pseudo-Boolean competitions
// (and of gophersat's ParseOPB): a comment with the numbers of variables
// and constraints; the objective as a comment "objective = k + min:" (or
// "-(k + min:)" when p maximizes) and the line "min:", whose terms have
// positive coefficients, on a variable (x1 for variable 1) or its
// negation (~x1), as OPB has no constant and gophersat's optimizer takes
// no negative coefficient; then one constraint a line, with >= or =,
// every term a signed coefficient and a variable. A clause l1 || l2 || ... is the constraint that the sum of its literals
// be at least 1, a negated literal -v written as 1 - xv. A constraint
// that every assignment meets is left out; one without a term that none
// meets is written 0 x1 >= 1. It returns an ErrPB error, before writing
// anything, when p is malformed (see Optimize).
func (p *PB) WriteOPB(w io.Writer) error {
	in, err := p.normalize()
	if err != nil {
		return err
	}
	type line struct {
		coefs []Term
		rel   string
		bound int64
	}
	var lines []line
	nvars := in.nvars
	add := func(coefs []Term, rel string, bound int64) {
		lowest := int64(0) // the least the sum can be
		for _, t := range coefs {
			lowest += int64(min(t.Coef, 0))
		}
		switch {
		case rel == ">=" && bound <= lowest:
			return // always true (gophersat's reader panics on those)
		case len(coefs) == 0 && rel == "=" && bound == 0:
			return
		case len(coefs) == 0:
			coefs, rel, bound = []Term{{0, 1}}, ">=", 1 // never true
			nvars = max(nvars, 1)
		}
		lines = append(lines, line{coefs, rel, bound})
	}
	if p.CNF != nil {
		for c := range p.CNF.Clauses {
			var coefs []Term
			bound := int64(1)
			for _, l := range c {
				if l < 0 {
					coefs = append(coefs, Term{-1, l.Not()})
					bound--
				} else {
					coefs = append(coefs, Term{1, l})
				}
			}
			add(coefs, ">=", bound)
		}
	}
	for _, c := range p.Constraints {
		sum, _ := in.linearSum(c.Terms, "") // checked by normalize
		bound := int64(c.Bound) - sum.constant
		switch c.Rel {
		case GreaterEq:
			add(sum.coefs, ">=", bound)
		case LessEq:
			add(negate(sum.coefs), ">=", -bound)
		case Equal:
			add(sum.coefs, "=", bound)
		}
	}
	obj, _ := in.linearSum(p.Objective, "")
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "* #variable= %d #constraint= %d\n", nvars, len(lines))
	if len(obj.coefs) > 0 || obj.constant != 0 {
		// With a' = a, or -a to maximize: a'*x with a' < 0 is
		// a' + |a'|*~x, so that min: has positive coefficients only
		// (gophersat's Minimize takes no others).
		coefs, k, format := obj.coefs, obj.constant, "* objective = %d + min:\n"
		if p.Maximize {
			coefs, k, format = negate(coefs), -k, "* objective = -(%d + min:), maximized\n"
		}
		terms := make([]string, len(coefs))
		for i, t := range coefs {
			if t.Coef < 0 {
				k += int64(t.Coef)
				terms[i] = fmt.Sprintf("+%d ~x%d", -t.Coef, t.Lit.Var())
			} else {
				terms[i] = fmt.Sprintf("+%d x%d", t.Coef, t.Lit.Var())
			}
		}
		fmt.Fprintf(bw, format, k)
		if len(terms) > 0 {
			fmt.Fprintf(bw, "min: %s ;\n", strings.Join(terms, " "))
		}
	}
	for _, l := range lines {
		fmt.Fprintf(bw, "%s %s %d ;\n", opbTerms(l.coefs), l.rel, l.bound)
	}
	return bw.Flush()
}

// opbTerms writes terms as OPB does: "+3 x1 -2 x4".
func opbTerms(terms []Term) string {
	var b []byte
	for i, t := range terms {
		if i > 0 {
			b = append(b, ' ')
		}
		if t.Coef >= 0 {
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, int64(t.Coef), 10)
		b = append(b, " x"...)
		b = strconv.AppendInt(b, int64(t.Lit.Var()), 10)
	}
	return string(b)
}
