package drat

import (
	"context"
	"fmt"
	"io"
	"math"
)

// CheckLRAT reads a proof in text LRAT and checks that it refutes f, in
// one pass, each lemma by its hints alone. The formula's clauses are
// 1..len(f.Clauses). A lemma is a line
//
//	ID LITERALS 0 HINTS 0
//
// whose ID exceeds every id before it, and whose HINTS are ids of
// clauses present: under the negation of the lemma, each must become
// unit (its one literal not false is then true) or false, and the first
// false one ends the check (RUP). A negative hint -J opens the RAT check
// of clause J: after the hints before the first negative one, every
// clause present that holds the negation of the lemma's first literal
// must have its group, "-J HINTS", and the resolvent on it must be RUP
// by HINTS. A deletion is "ID d IDS 0" (its ID is not looked at); one of
// a clause not present is counted in Result.Ignored. The first lemma
// that fails ends the check; the first empty clause that holds ends the
// proof, and the lines after it are not read.
//
// A proof that cannot be read is an error (*SyntaxError); one that fails
// is a Result with Verified false. ctx is looked at every few thousand
// lines.
func CheckLRAT(ctx context.Context, f *Formula, proof io.Reader) (Result, error) {
	c := &lchecker{ids: make(map[int64]int32), last: int64(len(f.Clauses))}
	for i, cl := range f.Clauses {
		for _, l := range cl {
			if l == 0 || l > f.Vars || -l > f.Vars {
				return Result{}, &SyntaxError{Name: "formula", Line: i + 1, Msg: fmt.Sprintf("clause %d: literal %d out of range 1..%d", i+1, l, f.Vars)}
			}
		}
		c.add(int64(i+1), cl)
	}
	s := newScanner(proof, "proof")
	maxVar := int64(min(f.Vars+ExtraVars, MaxVars))
	res := &c.res
	var lits []int
	var hints []int64
	for step := 0; ; step++ {
		if step%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
		}
		ch, err := s.skip()
		if err == io.EOF {
			res.Line, res.Reason = s.line, errNoEmpty.Error()
			return *res, nil
		}
		if err != nil {
			return Result{}, err
		}
		line := s.line
		if ch == '-' {
			return Result{}, s.errorf("a negative clause id")
		}
		id, err := s.int(math.MaxInt64)
		if err != nil {
			return Result{}, err
		}
		if ch, err = s.skip(); err != nil {
			return Result{}, s.readErr(err)
		}
		if ch == 'd' {
			s.br.ReadByte()
			if hints, err = readIDs(s, hints[:0], false); err != nil {
				return Result{}, err
			}
			res.Deletions++
			for _, h := range hints {
				if !c.remove(h) {
					res.Ignored++
				}
			}
			continue
		}
		if id <= c.last {
			return Result{}, s.errorf("lemma id %d does not exceed the id %d before it", id, c.last)
		}
		c.last = id
		lits = lits[:0]
		for {
			if ch, err = s.skip(); err != nil {
				return Result{}, s.readErr(err)
			}
			n, err := s.int(maxVar)
			if err != nil {
				return Result{}, err
			}
			if n == 0 {
				break
			}
			lits = append(lits, int(n))
		}
		if hints, err = readIDs(s, hints[:0], true); err != nil {
			return Result{}, err
		}
		res.Lemmas++
		res.Checked++
		if reason := c.check(lits, hints); reason != "" {
			res.Line, res.Lemma, res.Reason = line, append([]int{}, lits...), reason
			return *res, nil
		}
		if len(lits) == 0 {
			res.Verified = true
			return *res, nil
		}
		c.add(id, lits)
	}
}

// readIDs reads clause ids up to 0; negative ones (RAT hints) only when
// neg.
func readIDs(s *scanner, ids []int64, neg bool) ([]int64, error) {
	for {
		if _, err := s.skip(); err != nil {
			return nil, s.readErr(err)
		}
		n, err := s.int(math.MaxInt64)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return ids, nil
		}
		if n < 0 && !neg {
			return nil, s.errorf("a negative clause id")
		}
		ids = append(ids, n)
	}
}

// An lchecker holds the clauses of an LRAT check by id, and the
// assignment of the lemma being checked: literal l is true when val[l]
// is the check's stamp.
type lchecker struct {
	lits  []lit
	cls   []lclause
	ids   map[int64]int32 // id -> clause
	last  int64           // the largest id so far
	val   []uint32
	stamp uint32
	undo  []lit
	res   Result
}

type lclause struct {
	id     int64
	off, n int32
	active bool
}

// add stores the clause of lits with its id.
func (c *lchecker) add(id int64, lits []int) {
	cl := lclause{id: id, off: int32(len(c.lits)), n: int32(len(lits)), active: true}
	for _, n := range lits {
		l := toLit(n)
		c.grow(l)
		c.lits = append(c.lits, l)
	}
	c.ids[id] = int32(len(c.cls))
	c.cls = append(c.cls, cl)
}

// remove deletes the clause of id, and reports whether it was present.
func (c *lchecker) remove(id int64) bool {
	i, ok := c.ids[id]
	if !ok {
		return false
	}
	delete(c.ids, id)
	c.cls[i].active = false
	return true
}

func (c *lchecker) clauseLits(i int32) []lit {
	cl := &c.cls[i]
	return c.lits[cl.off : cl.off+cl.n]
}

func (c *lchecker) isTrue(l lit) bool  { return int(l) < len(c.val) && c.val[l] == c.stamp }
func (c *lchecker) isFalse(l lit) bool { return c.isTrue(l.neg()) }

// set makes l true.
func (c *lchecker) set(l lit) {
	c.grow(l)
	c.val[l] = c.stamp
}

// grow makes room for l and its negation.
func (c *lchecker) grow(l lit) {
	if n := int(l|1) + 1; n > len(c.val) {
		growTo(&c.val, max(n, 2*len(c.val)))
	}
}

// check checks the lemma of lits by its hints and returns "" when it
// holds, else why not.
func (c *lchecker) check(lits []int, hints []int64) string {
	c.stamp++
	if c.stamp == 0 { // wrapped: clear the old stamps
		clear(c.val)
		c.stamp = 1
	}
	taut := false
	for _, n := range lits {
		l := toLit(n)
		taut = taut || c.isFalse(l)
		c.set(l.neg())
	}
	if taut {
		return ""
	}
	k, done, reason := c.propagate(hints, false)
	if done || reason != "" {
		return reason
	}
	if len(lits) == 0 {
		return reasonEmptyRAT
	}
	// RAT on the first literal: every clause present with its negation
	// needs its group of hints (none needs any when no clause holds it).
	groups := map[int64]int{}
	for j := k; j < len(hints); j++ {
		if hints[j] < 0 {
			groups[-hints[j]] = j + 1
		}
	}
	np := toLit(lits[0]).neg()
	for i := range c.cls {
		d := &c.cls[i]
		if !d.active {
			continue
		}
		dl := c.clauseLits(int32(i))
		has := false
		for _, l := range dl {
			has = has || l == np
		}
		if !has {
			continue
		}
		g, ok := groups[d.id]
		switch {
		case !ok && k == len(hints):
			return "the hints end without a conflict"
		case !ok:
			return fmt.Sprintf("RAT: clause %d holds %d and has no hints", d.id, np.dimacs())
		}
		if reason := c.resolvent(dl, np, hints[g:]); reason != "" {
			return fmt.Sprintf("RAT on clause %d: %s", d.id, reason)
		}
	}
	c.res.RAT++
	return ""
}

// resolvent checks the RUP of the lemma (assigned false) joined to the
// literals of dl but np, by the hints up to the next negative one, and
// then forgets what it assigned.
func (c *lchecker) resolvent(dl []lit, np lit, hints []int64) string {
	defer func() {
		for _, l := range c.undo {
			c.val[l] = 0
		}
		c.undo = c.undo[:0]
	}()
	for _, l := range dl {
		if l == np || c.isFalse(l) {
			continue
		}
		if c.isTrue(l) {
			return "" // the resolvent holds a literal and its negation
		}
		c.set(l.neg())
		c.undo = append(c.undo, l.neg())
	}
	_, done, reason := c.propagate(hints, true)
	if !done && reason == "" {
		reason = "its hints end without a conflict"
	}
	return reason
}

// propagate applies the hints up to the first negative one (or the
// end), each clause unit or false; it returns where it stopped, whether
// a clause was false (the check holds), or why a hint is wrong. With
// undo, it records the literals it sets.
func (c *lchecker) propagate(hints []int64, undo bool) (int, bool, string) {
	for k, h := range hints {
		if h < 0 {
			return k, false, ""
		}
		i, ok := c.ids[h]
		if !ok {
			return k, false, fmt.Sprintf("hint %d is no clause present", h)
		}
		var unit lit
		free := 0
		for _, l := range c.clauseLits(i) {
			if !c.isFalse(l) {
				free++
				unit = l
			}
		}
		switch free {
		case 0:
			return k, true, ""
		case 1:
			if !c.isTrue(unit) {
				c.set(unit)
				if undo {
					c.undo = append(c.undo, unit)
				}
			}
		default:
			return k, false, fmt.Sprintf("hint %d is not unit: %d literals of it are not false", h, free)
		}
	}
	return len(hints), false, ""
}
