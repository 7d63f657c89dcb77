package drat

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// A Result is the verdict of a check: Verified, or the reason the proof
// fails and where, and what the check did.
type Result struct {
	Verified bool
	// When the proof fails: the line of the proof where the failing
	// lemma begins (the last line when the proof has no empty clause),
	// the lemma (nil when none fails), and why it fails.
	Line   int
	Lemma  []int
	Reason string

	Lemmas    int // lemmas read, up to the first empty clause
	Deletions int // deletions read, up to the first empty clause
	Ignored   int // deletions not applied (see Check)
	Checked   int // lemmas checked: all of them forward, the core backward
	RAT       int // lemmas checked by the RAT rule, none being RUP
	Core      []int
}

// String is the verdict on one line: "verified (N lemmas, M checked)" or
// "refuted: line L: lemma 1 -2 0: REASON".
func (r Result) String() string {
	if r.Verified {
		return fmt.Sprintf("verified (%d lemmas, %d checked, %d by RAT)", r.Lemmas, r.Checked, r.RAT)
	}
	if r.Lemma == nil {
		return fmt.Sprintf("refuted: line %d: %s", r.Line, r.Reason)
	}
	var b strings.Builder
	for _, l := range r.Lemma {
		fmt.Fprintf(&b, "%d ", l)
	}
	b.WriteString("0")
	return fmt.Sprintf("refuted: line %d: lemma %s: %s", r.Line, b.String(), r.Reason)
}

// Options change how Check works; a nil *Options means the zero value.
type Options struct {
	// Forward checks every lemma in order as it is read, and stops at
	// the first that fails. By default Check reads the whole proof, then
	// checks, from the empty clause backward, only the lemmas the empty
	// clause depends on (the core), as drat-trim does.
	Forward bool
	// Core asks a backward check for the lines of the core's lemmas, in
	// the order of the proof (Result.Core).
	Core bool
}

// Reasons a lemma fails.
const (
	reasonNotRAT   = "neither RUP nor RAT on its first literal"
	reasonNotRUP   = "the empty clause does not follow by unit propagation"
	reasonEmptyRAT = "not RUP (the empty clause has no literal for RAT)"
)

// Check reads a proof in text DRAT (drat-trim's format: a lemma is a
// line of literals ended by 0, a deletion the same after "d", comments
// begin with "c", and a clause may run over several lines) and checks
// that it refutes f: that every lemma it adds is RUP (unit propagation
// on the clauses present, the formula's and the lemmas' before it,
// falsifies its negation) or else RAT on its first literal, and that it
// adds the empty clause. Lines after the first empty clause are not
// read.
//
// A deletion removes one copy of its clause (the literals in any order).
// As in drat-trim, a deletion is not applied, and counted in
// Result.Ignored, when its clause is not present, is a unit clause, or
// is the reason of a fact that unit propagation derives from the clauses
// present without assumptions: keeping a clause never makes a wrong
// proof pass (a lemma that is RUP or RAT with it present preserves
// satisfiability all the same). Once those facts contradict each other,
// the empty clause is RUP and the lemmas between are not checked.
//
// A proof may name variables past f.Vars, up to ExtraVars more. A proof
// that cannot be read is an error (*SyntaxError); one that fails is a
// Result with Verified false, not an error. ctx is looked at every few
// thousand steps.
func Check(ctx context.Context, f *Formula, proof io.Reader, opt *Options) (Result, error) {
	if opt == nil {
		opt = &Options{}
	}
	c, err := newChecker(f)
	if err != nil {
		return Result{}, err
	}
	c.ctx = ctx
	pr := &stepReader{s: newScanner(proof, "proof"), max: int64(min(f.Vars+ExtraVars, MaxVars))}
	res := &c.res
	for {
		if (res.Lemmas+res.Deletions)%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
		}
		del, lits, line, err := pr.next()
		if err == io.EOF {
			res.Line, res.Reason = pr.s.line, errNoEmpty.Error()
			return *res, nil
		}
		if err != nil {
			return Result{}, err
		}
		if del {
			res.Deletions++
			if c.conflict < 0 {
				c.delete(lits)
			}
			continue
		}
		res.Lemmas++
		if len(lits) == 0 {
			res.Checked++
			if c.conflict < 0 {
				res.Line, res.Lemma, res.Reason = line, []int{}, reasonNotRUP
				return *res, nil
			}
			break
		}
		if c.conflict >= 0 {
			continue // the empty clause is RUP already
		}
		i := c.add(lits, line)
		if opt.Forward {
			res.Checked++
			if reason := c.redundant(i, false); reason != "" {
				res.Line, res.Lemma, res.Reason = line, c.lemma(i), reason
				return *res, nil
			}
		}
		c.steps = append(c.steps, step{c: i, trail: int32(len(c.trail))})
		c.attach(i)
		if c.conflict >= 0 {
			c.conflictStep = len(c.steps) - 1
		}
	}
	if !opt.Forward {
		if err := c.backward(opt.Core); err != nil {
			return Result{}, err
		}
		if res.Reason != "" {
			return *res, nil
		}
	}
	res.Verified = true
	return *res, nil
}

// A stepReader reads the steps of a DRAT proof.
type stepReader struct {
	s    *scanner
	max  int64 // the largest variable
	lits []int
}

// next reads a step: a deletion or not, its literals (valid until the
// next call) and the line where it begins; io.EOF at the end.
func (r *stepReader) next() (del bool, lits []int, line int, err error) {
	s := r.s
	c, err := s.skip()
	if err != nil {
		return false, nil, 0, err
	}
	line = s.line
	if c == 'd' {
		s.br.ReadByte()
		del = true
	}
	r.lits = r.lits[:0]
	for {
		c, err := s.skip()
		if err != nil {
			return false, nil, 0, s.readErr(err)
		}
		if c == 'd' {
			return false, nil, 0, s.errorf("%q inside a clause", "d")
		}
		n, err := s.int(r.max)
		if err != nil {
			return false, nil, 0, err
		}
		if n == 0 {
			return del, r.lits, line, nil
		}
		r.lits = append(r.lits, int(n))
	}
}

// A lit is a literal inside the checker: 2v for v, 2v+1 for -v.
type lit uint32

func toLit(n int) lit {
	if n < 0 {
		return lit(-n)<<1 | 1
	}
	return lit(n) << 1
}

func (l lit) neg() lit    { return l ^ 1 }
func (l lit) v() uint32   { return uint32(l >> 1) }
func (l lit) dimacs() int { return int(l>>1) * (1 - 2*int(l&1)) }

// The flags of a clause.
const (
	fActive  uint8 = 1 << iota // present: added and not deleted
	fWatched                   // in the watch lists of its first two literals
	fCore                      // needed by the empty clause (backward)
	fTaut                      // holds a literal and its negation
)

// A clause of the checker: n literals from lits[off], its first two
// watched, without repeats; pivot is its first literal as written.
type clause struct {
	off   int
	n     int32
	flags uint8
	pivot lit
	line  int32  // of the proof, 0 for the formula's
	next  int32  // the next clause of its hash chain, -1 for none
	hash  uint64 // of its set of literals
}

// A step of the proof: the clause added or deleted (deletions only when
// applied) and, for an addition, the trail's length before it.
type step struct {
	c     int32
	del   bool
	trail int32
}

// noReason is the reason of an assumption of a check.
const noReason = -1

type checker struct {
	ctx   context.Context
	lits  []lit
	cls   []clause
	steps []step
	table map[uint64]int32 // hash -> first clause of its chain

	// The assignment: values by literal, reasons and trail positions by
	// variable; the top level's facts come first on the trail.
	watch  [][]int32
	val    []int8 // 1 true, -1 false, 0 unassigned
	reason []int32
	pos    []int32
	trail  []lit

	// conflict is the clause the top level falsifies, or -1;
	// conflictStep the step that made it so (-1: the formula).
	conflict     int32
	conflictStep int

	mark   []bool // by literal: add and find
	seen   []bool // by variable: analyze
	chain  []bool // by variable: a fact whose reasons are all core
	seenV  []uint32
	stack  []uint32
	buf    []lit
	res    Result
	maxVar int
}

func newChecker(f *Formula) (*checker, error) {
	c := &checker{table: make(map[uint64]int32), conflict: -1, conflictStep: -1}
	for i, cl := range f.Clauses {
		for _, l := range cl {
			if l == 0 || l > f.Vars || -l > f.Vars {
				return nil, &SyntaxError{Name: "formula", Line: i + 1, Msg: fmt.Sprintf("clause %d: literal %d out of range 1..%d", i+1, l, f.Vars)}
			}
		}
		j := c.add(cl, 0)
		if c.conflict < 0 {
			c.attach(j)
		}
	}
	return c, nil
}

// grow makes room for variable v.
func (c *checker) grow(v int) {
	if v <= c.maxVar {
		return
	}
	n := max(v+1, 2*c.maxVar)
	c.maxVar = n - 1
	growTo(&c.watch, 2*n)
	growTo(&c.val, 2*n)
	growTo(&c.mark, 2*n)
	growTo(&c.reason, n)
	growTo(&c.pos, n)
	growTo(&c.seen, n)
	growTo(&c.chain, n)
}

func growTo[T any](s *[]T, n int) {
	*s = append(*s, make([]T, n-len(*s))...)
}

// add stores a clause and returns its index; it is active, not watched.
func (c *checker) add(lits []int, line int) int32 {
	cl := clause{off: len(c.lits), flags: fActive, line: int32(line), next: -1}
	for _, n := range lits {
		c.grow(max(n, -n))
	}
	if len(lits) > 0 {
		cl.pivot = toLit(lits[0])
	}
	for _, n := range lits {
		l := toLit(n)
		if c.mark[l] {
			continue
		}
		if c.mark[l.neg()] {
			cl.flags |= fTaut
		}
		c.mark[l] = true
		c.lits = append(c.lits, l)
		cl.hash += mix(l)
	}
	cl.n = int32(len(c.lits) - cl.off)
	for _, l := range c.lits[cl.off:] {
		c.mark[l] = false
	}
	i := int32(len(c.cls))
	if head, ok := c.table[cl.hash]; ok {
		cl.next = head
	}
	c.table[cl.hash] = i
	c.cls = append(c.cls, cl)
	return i
}

// mix is a literal's share of a clause's hash (splitmix64's finalizer).
func mix(l lit) uint64 {
	x := uint64(l) + 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

func (c *checker) clauseLits(i int32) []lit {
	cl := &c.cls[i]
	return c.lits[cl.off : cl.off+int(cl.n)]
}

// lemma is clause i as DIMACS literals, its first literal as written
// first.
func (c *checker) lemma(i int32) []int {
	cl := &c.cls[i]
	out := []int{}
	if cl.n > 0 {
		out = append(out, cl.pivot.dimacs())
	}
	for _, l := range c.clauseLits(i) {
		if l != cl.pivot {
			out = append(out, l.dimacs())
		}
	}
	return out
}

// delete applies a deletion, or counts it as ignored (see Check).
func (c *checker) delete(lits []int) {
	i := c.find(lits)
	if i < 0 || c.cls[i].n <= 1 || c.isReason(i) {
		c.res.Ignored++
		return
	}
	c.unlink(i)
	c.detach(i)
	c.cls[i].flags &^= fActive
	c.steps = append(c.steps, step{c: i, del: true})
}

// find returns an active clause with the set of literals of lits, or -1.
func (c *checker) find(lits []int) int32 {
	var h uint64
	n := 0
	for _, x := range lits {
		if max(x, -x) > c.maxVar {
			return -1
		}
		l := toLit(x)
		if !c.mark[l] {
			c.mark[l] = true
			h += mix(l)
			n++
		}
	}
	found := int32(-1)
	head, ok := c.table[h]
	if !ok {
		head = -1
	}
	for i := head; i >= 0 && found < 0; i = c.cls[i].next {
		cl := &c.cls[i]
		if cl.hash != h || int(cl.n) != n || cl.flags&fActive == 0 {
			continue
		}
		found = i
		for _, l := range c.clauseLits(i) {
			if !c.mark[l] {
				found = -1
				break
			}
		}
	}
	for _, x := range lits {
		c.mark[toLit(x)] = false
	}
	return found
}

// unlink takes clause i out of its hash chain.
func (c *checker) unlink(i int32) {
	h := c.cls[i].hash
	head := c.table[h]
	if head == i {
		if next := c.cls[i].next; next >= 0 {
			c.table[h] = next
		} else {
			delete(c.table, h)
		}
		return
	}
	for j := head; j >= 0; j = c.cls[j].next {
		if c.cls[j].next == i {
			c.cls[j].next = c.cls[i].next
			return
		}
	}
}

// isReason tells whether clause i is the reason of an assigned variable.
func (c *checker) isReason(i int32) bool {
	l := c.lits[c.cls[i].off]
	return c.val[l] != 0 && c.reason[l.v()] == i
}

func (c *checker) assign(l lit, reason int32) {
	c.val[l], c.val[l.neg()] = 1, -1
	c.reason[l.v()] = reason
	c.pos[l.v()] = int32(len(c.trail))
	c.trail = append(c.trail, l)
}

// backtrack unassigns the trail from position t on.
func (c *checker) backtrack(t int) {
	for _, l := range c.trail[t:] {
		c.val[l], c.val[l.neg()] = 0, 0
		c.chain[l.v()] = false
	}
	c.trail = c.trail[:t]
}

// attach brings clause i into unit propagation at the top level: it
// watches it, assigns its unit, or records the contradiction, and
// propagates.
func (c *checker) attach(i int32) {
	cl := &c.cls[i]
	lits := c.clauseLits(i)
	switch {
	case cl.flags&fTaut != 0:
		return
	case cl.n == 0:
		c.conflict = i
		return
	case cl.n == 1:
		switch c.val[lits[0]] {
		case -1:
			c.conflict = i
		case 0:
			c.assign(lits[0], i)
			c.conflict = c.propagate(len(c.trail) - 1)
		}
		return
	}
	// Watch two literals that are not false if there are, else the
	// latest false ones: literals that are not false first, the false
	// ones by decreasing trail position.
	for k := 0; k < 2; k++ {
		best := k
		for j := k + 1; j < len(lits); j++ {
			if c.better(lits[j], lits[best]) {
				best = j
			}
		}
		lits[k], lits[best] = lits[best], lits[k]
	}
	c.watchClause(i)
	switch {
	case c.val[lits[0]] == -1:
		c.conflict = i
	case c.val[lits[0]] == 0 && c.val[lits[1]] == -1:
		c.assign(lits[0], i)
		c.conflict = c.propagate(len(c.trail) - 1)
	}
}

// better tells whether a is a better literal to watch than b.
func (c *checker) better(a, b lit) bool {
	va, vb := c.val[a], c.val[b]
	if va != -1 || vb != -1 {
		return va > vb // true over unassigned over false
	}
	return c.pos[a.v()] > c.pos[b.v()]
}

func (c *checker) watchClause(i int32) {
	lits := c.clauseLits(i)
	c.watch[lits[0]] = append(c.watch[lits[0]], i)
	c.watch[lits[1]] = append(c.watch[lits[1]], i)
	c.cls[i].flags |= fWatched
}

// detach takes clause i out of the watch lists.
func (c *checker) detach(i int32) {
	if c.cls[i].flags&fWatched == 0 {
		return
	}
	for _, l := range c.clauseLits(i)[:2] {
		ws := c.watch[l]
		for j, w := range ws {
			if w == i {
				ws[j] = ws[len(ws)-1]
				c.watch[l] = ws[:len(ws)-1]
				break
			}
		}
	}
	c.cls[i].flags &^= fWatched
}

// propagate propagates the trail from position h and returns a clause
// that the assignment falsifies, or -1. It propagates core first (Heule,
// Hunt and Wetzler, "Trimming while checking clausal proofs", 2013): the
// core clauses to a fixpoint, then the other clauses that watch one
// literal of the trail, then the core clauses again, so that a check
// uses core clauses where it can and the core stays small.
func (c *checker) propagate(h int) int32 {
	for hc := h; ; {
		for ; hc < len(c.trail); hc++ {
			if confl := c.propagateLit(c.trail[hc], true); confl >= 0 {
				return confl
			}
		}
		if h == len(c.trail) {
			return -1
		}
		if confl := c.propagateLit(c.trail[h], false); confl >= 0 {
			return confl
		}
		h++
	}
}

// propagateLit visits the core clauses (or the others) that watch the
// negation of l, which l made false, and returns a clause that the
// assignment falsifies, or -1.
func (c *checker) propagateLit(l lit, core bool) int32 {
	f := l.neg()
	ws := c.watch[f]
	j := 0
	for k := 0; k < len(ws); k++ {
		i := ws[k]
		if (c.cls[i].flags&fCore != 0) != core {
			ws[j] = i
			j++
			continue
		}
		lits := c.clauseLits(i)
		if lits[0] == f {
			lits[0], lits[1] = lits[1], lits[0]
		}
		if c.val[lits[0]] == 1 {
			ws[j] = i
			j++
			continue
		}
		moved := false
		for m := 2; m < len(lits); m++ {
			if c.val[lits[m]] != -1 {
				lits[1], lits[m] = lits[m], lits[1]
				c.watch[lits[1]] = append(c.watch[lits[1]], i)
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		ws[j] = i
		j++
		if c.val[lits[0]] == -1 {
			j += copy(ws[j:], ws[k+1:])
			c.watch[f] = ws[:j]
			return i
		}
		c.assign(lits[0], i)
	}
	c.watch[f] = ws[:j]
	return -1
}

// redundant checks clause i against the active clauses: RUP, else RAT
// on its first literal as written. It returns "" when it holds, else
// why not. With mark, the clauses the check uses become core.
func (c *checker) redundant(i int32, mark bool) string {
	lits := c.clauseLits(i)
	if c.rup(lits, nil, mark) {
		return ""
	}
	if len(lits) == 0 {
		return reasonEmptyRAT
	}
	if c.rat(i, mark) {
		c.res.RAT++
		return ""
	}
	return reasonNotRAT
}

// rup tells whether unit propagation from the negation of the literals
// of a and b falsifies an active clause (or they hold a literal and its
// negation, or one is true at the top level). With mark, the clauses of
// that propagation become core.
func (c *checker) rup(a, b []lit, mark bool) bool {
	t0 := len(c.trail)
	defer c.backtrack(t0)
	for _, part := range [2][]lit{a, b} {
		for _, l := range part {
			switch c.val[l] {
			case 1:
				if int(c.pos[l.v()]) < t0 && mark { // a fact of the top level
					c.analyze(-1, l.v(), t0)
				}
				return true
			case 0:
				c.assign(l.neg(), noReason)
			}
		}
	}
	confl := c.propagate(t0)
	if confl < 0 {
		return false
	}
	if mark {
		c.analyze(confl, 0, t0)
	}
	return true
}

// rat tells whether clause i is RAT on its pivot: every resolvent with
// an active clause holding the pivot's negation is RUP. With mark, those
// clauses and the clauses their checks use become core.
func (c *checker) rat(i int32, mark bool) bool {
	lits := c.clauseLits(i)
	np := c.cls[i].pivot.neg()
	buf := c.buf[:0]
	defer func() { c.buf = buf }()
	for j := range c.cls {
		d := &c.cls[j]
		if int32(j) == i || d.flags&fActive == 0 {
			continue
		}
		dl := c.clauseLits(int32(j))
		has := false
		for _, l := range dl {
			has = has || l == np
		}
		if !has {
			continue
		}
		buf = buf[:0]
		for _, l := range dl {
			if l != np {
				buf = append(buf, l)
			}
		}
		if !c.rup(lits, buf, mark) {
			return false
		}
		if mark {
			c.core(int32(j))
		}
	}
	return true
}

// core marks clause i as core.
func (c *checker) core(i int32) {
	c.cls[i].flags |= fCore
}

// analyze marks as core the clauses that derive the conflict: clause
// confl (when not -1) or, when confl is -1, the value of variable v; the
// reasons of their false literals, and of theirs, down to the
// assumptions of the check, which begin at trail position t0. A fact of
// the top level whose reasons are all core (chain) is not followed again.
func (c *checker) analyze(confl int32, v uint32, t0 int) {
	stack := c.stack[:0]
	if confl >= 0 {
		c.core(confl)
		for _, l := range c.clauseLits(confl) {
			stack = append(stack, l.v())
		}
	} else {
		stack = append(stack, v)
	}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if c.seen[v] || c.chain[v] {
			continue
		}
		c.seen[v] = true
		c.seenV = append(c.seenV, v)
		r := c.reason[v]
		if r == noReason {
			continue
		}
		c.core(r)
		if int(c.pos[v]) < t0 {
			c.chain[v] = true // its reasons are core once this walk ends
		}
		for _, l := range c.clauseLits(r) {
			if l.v() != v {
				stack = append(stack, l.v())
			}
		}
	}
	for _, v := range c.seenV {
		c.seen[v] = false
	}
	c.seenV = c.seenV[:0]
	c.stack = stack
}

// backward checks the core: from the contradiction of the top level, it
// undoes the steps in reverse order, and checks each lemma of the core
// against the clauses present before it; the clauses each check uses
// join the core. The earliest lemma that fails is the result's.
func (c *checker) backward(wantCore bool) error {
	c.analyze(c.conflict, 0, len(c.trail))
	res := &c.res
	for s := c.conflictStep; s >= 0; s-- {
		if s%1024 == 0 {
			if err := c.ctx.Err(); err != nil {
				return err
			}
		}
		st := c.steps[s]
		i := st.c
		if st.del { // a clause of two literals or more: see delete
			c.cls[i].flags |= fActive
			if c.cls[i].flags&fTaut == 0 {
				c.watchClause(i)
			}
			continue
		}
		c.detach(i)
		c.cls[i].flags &^= fActive
		c.backtrack(int(st.trail))
		if c.cls[i].flags&fCore == 0 {
			continue
		}
		res.Checked++
		if reason := c.redundant(i, true); reason != "" {
			res.Line, res.Lemma, res.Reason = int(c.cls[i].line), c.lemma(i), reason
		}
	}
	if wantCore && res.Reason == "" {
		for _, st := range c.steps {
			if cl := &c.cls[st.c]; !st.del && cl.flags&fCore != 0 {
				res.Core = append(res.Core, int(cl.line))
			}
		}
	}
	return nil
}
