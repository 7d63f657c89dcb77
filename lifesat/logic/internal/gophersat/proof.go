package gophersat

import (
	"bufio"
	"errors"
	"io"
	"strconv"
)

// lifesat: not in gophersat v1.4.0, whose certificate (Solver.Certified,
// CertChan) sent the learned clauses as strings on a channel, with no
// deletions, no hints and nothing for the facts its parser derived.
//
// A Proof is the clausal proof of a solver's answer Unsat, written as the
// solver goes: every clause it learns, every learned clause it deletes,
// and the empty clause when it finds the problem's clauses contradictory.
// In text DRAT (drat-trim's format) a learned clause is a line of its
// literals ended by 0 and a deletion the same line after "d ":
//
//	-3 5 0
//	d -3 5 0
//	0
//
// In LRAT each line begins with the clause's id and ends with its hints:
// the ids of the clauses that, in that order, become unit or false under
// the negation of the clause (the reasons conflict analysis resolved on,
// the conflict last). The problem's clauses are 1..n in the order given to
// ParseSliceProof, and lemmas are numbered from n+1 up:
//
//	8 -3 5 0 2 6 1 0
//	8 d 8 0
//	9 0 3 7 0
//
// Every learned clause follows from the problem by unit propagation
// (RUP): the solver writes no clause that needs the RAT rule. Facts the
// parser derives are written too in LRAT (a clause shortened by a unit is
// a lemma with that unit's id among its hints); DRAT leaves them to the
// checker's unit propagation. A fact at the top level that a learned
// clause's hints need gets a unit lemma of its own, once.
//
// What a proof does not cover is recorded, not written wrong: a
// pseudo-Boolean constraint (ParsePB, Minimize) or, in LRAT, a clause
// appended after the problem (AppendClause, whose id would follow lemmas
// already written). End then returns the reason.
type Proof struct {
	w     *bufio.Writer
	lrat  bool
	next  int64 // the id of the next lemma (LRAT)
	empty bool  // the empty clause was written
	err   error // the first error of w, or why the proof is incomplete
	line  []byte
	hints []int64 // a buffer of the solver's hint computations
}

// Errors of End.
var (
	// ErrPB: the problem has pseudo-Boolean constraints, which clausal
	// proofs do not express.
	ErrPB = errors.New("gophersat: no clausal proof of a problem with pseudo-Boolean constraints")
	// ErrLRATAppend: a clause was appended to a problem proved in LRAT.
	ErrLRATAppend = errors.New("gophersat: no LRAT proof after a clause is appended to the problem (DRAT has no ids to keep in order)")
	// ErrNoEmpty: the proof has no empty clause (the problem was not
	// found Unsat, or Unsat only under assumptions) and, in LRAT, End was
	// given no hints for one.
	ErrNoEmpty = errors.New("gophersat: the proof has no empty clause")
)

// NewProof returns a proof written to w, in LRAT when lrat is true, else
// in text DRAT, of a problem of nbClauses clauses (LRAT numbers its
// lemmas from nbClauses+1). Give it to ParseSliceProof.
func NewProof(w io.Writer, lrat bool, nbClauses int) *Proof {
	return &Proof{w: bufio.NewWriterSize(w, 1<<16), lrat: lrat, next: int64(nbClauses) + 1}
}

// LRAT tells whether the proof is written in LRAT.
func (p *Proof) LRAT() bool { return p.lrat }

// Err is the first write error, or the reason the proof cannot be
// complete, or nil.
func (p *Proof) Err() error { return p.err }

// fail records why the proof cannot be complete, unless a reason was
// recorded before.
func (p *Proof) fail(err error) {
	if p.err == nil {
		p.err = err
	}
}

// lemma writes the clause of lits as a lemma, with its hints in LRAT, and
// returns its id (0 in DRAT).
func (p *Proof) lemma(lits []Lit, hints []int64) int64 {
	var id int64
	b := p.line[:0]
	if p.lrat {
		id = p.next
		p.next++
		b = strconv.AppendInt(b, id, 10)
		b = append(b, ' ')
	}
	for _, l := range lits {
		b = strconv.AppendInt(b, int64(l.Int()), 10)
		b = append(b, ' ')
	}
	b = append(b, '0')
	if p.lrat {
		for _, h := range hints {
			b = append(b, ' ')
			b = strconv.AppendInt(b, h, 10)
		}
		b = append(b, " 0"...)
	}
	b = append(b, '\n')
	p.write(b)
	if len(lits) == 0 {
		p.empty = true
	}
	return id
}

// delete writes the deletion of the clause c.
func (p *Proof) delete(c *Clause) {
	b := p.line[:0]
	if p.lrat {
		b = strconv.AppendInt(b, p.next-1, 10)
		b = append(b, " d "...)
		b = strconv.AppendInt(b, c.id, 10)
		b = append(b, " 0\n"...)
	} else {
		b = append(b, "d "...)
		for _, l := range c.lits {
			b = strconv.AppendInt(b, int64(l.Int()), 10)
			b = append(b, ' ')
		}
		b = append(b, "0\n"...)
	}
	p.write(b)
}

func (p *Proof) write(b []byte) {
	p.line = b
	if _, err := p.w.Write(b); err != nil {
		p.fail(err)
	}
}

// End completes the proof and flushes it: it writes the empty clause
// unless the solver wrote it (in LRAT with hints, which End must then be
// given: the ids of clauses that unit propagation alone makes
// contradictory). It returns the first write error, or why the proof is
// incomplete (ErrPB, ErrLRATAppend, ErrNoEmpty).
func (p *Proof) End(hints ...int64) error {
	if !p.empty && p.err == nil {
		if p.lrat && len(hints) == 0 {
			p.fail(ErrNoEmpty)
		} else {
			p.lemma(nil, hints)
		}
	}
	if err := p.w.Flush(); err != nil {
		p.fail(err)
	}
	return p.err
}

// The marks of Solver.hints.
const (
	hintNone    uint8 = iota
	hintInside        // the variable's literal is in the clause
	hintPending       // its reason is being explained
	hintDone          // its reason (or unit) is among the hints
)

// hintFrame is a step of hints' depth-first walk: variable v, whose
// reason's literals from index i on are left to explain.
type hintFrame struct {
	v Var
	i int
}

// hints returns the LRAT hints of lits, a clause that the current
// assignment falsifies, from the clause confl that it makes false too:
// the reasons of every variable between them in the implication graph,
// each after the reasons of its own antecedents (a post-order, which is
// an order of unit propagation), then confl. A variable of the top level
// is explained by its unit lemma (unitLemma). The slice is the proof's
// buffer, valid until the next call.
func (s *Solver) hints(lits []Lit, confl *Clause) []int64 {
	p := s.proof
	hints := p.hints[:0]
	for _, l := range lits {
		s.markHint(l.Var(), hintInside)
	}
	stack := s.hintStack[:0]
	// visit explains v, or puts it on the stack when its reason must
	// be explained first; it reports whether v was pushed.
	visit := func(v Var) bool {
		if s.hintMark[v] != hintNone {
			return false
		}
		if abs(s.model[v]) <= 1 {
			hints = append(hints, s.unitLemma(v))
			s.markHint(v, hintDone)
			return false
		}
		if s.reason[v] == nil { // a decision outside the clause: not implied
			p.fail(errors.New("gophersat: internal error: a learned clause does not follow from its conflict"))
			s.markHint(v, hintDone)
			return false
		}
		s.markHint(v, hintPending)
		stack = append(stack, hintFrame{v: v})
		return true
	}
	for _, l := range confl.lits {
		if !visit(l.Var()) {
			continue
		}
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			r := s.reason[f.v]
			pushed := false
			for f.i < r.Len() && !pushed {
				u := r.Get(f.i).Var()
				f.i++
				pushed = u != f.v && visit(u)
			}
			if pushed {
				continue
			}
			hints = append(hints, r.id)
			s.hintMark[f.v] = hintDone
			stack = stack[:len(stack)-1]
		}
	}
	hints = append(hints, confl.id)
	s.hintStack = stack
	for _, v := range s.hintVars {
		s.hintMark[v] = hintNone
	}
	s.hintVars = s.hintVars[:0]
	p.hints = hints
	return hints
}

// markHint marks v for hints.
func (s *Solver) markHint(v Var, m uint8) {
	if s.hintMark[v] == hintNone {
		s.hintVars = append(s.hintVars, v)
	}
	s.hintMark[v] = m
}

// unitLemma returns the id of a unit clause that holds the value of v, a
// variable of the top level: the problem's unit or a learned one, else a
// lemma written now, after those of the top-level variables its reason
// needs, whose ids are kept for later.
func (s *Solver) unitLemma(v Var) int64 {
	if id := s.unitID[v]; id != 0 {
		return id
	}
	stack := []Var{v}
	var hints []int64
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		if s.unitID[u] != 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		r := s.reason[u]
		if r == nil {
			s.proof.fail(errors.New("gophersat: internal error: a fact of the top level has neither a reason nor a unit clause"))
			return 0
		}
		hints = hints[:0]
		for _, l := range r.lits {
			if w := l.Var(); w != u {
				if id := s.unitID[w]; id != 0 {
					hints = append(hints, id)
				} else {
					stack = append(stack, w)
				}
			}
		}
		if stack[len(stack)-1] != u {
			continue // explain the antecedents first
		}
		hints = append(hints, r.id)
		s.unitID[u] = s.proof.lemma([]Lit{u.SignedLit(s.model[u] < 0)}, hints)
		stack = stack[:len(stack)-1]
	}
	return s.unitID[v]
}

// refute writes the empty clause, which follows from confl, a clause that
// the top level falsifies: in LRAT, its hints are the unit lemmas of
// confl's variables, then confl.
func (s *Solver) refute(confl *Clause) {
	var hints []int64
	if s.proof.lrat {
		if confl == nil {
			s.proof.fail(errors.New("gophersat: internal error: a contradiction without a conflicting clause"))
			return
		}
		for _, l := range confl.lits {
			hints = append(hints, s.unitLemma(l.Var()))
		}
		hints = append(hints, confl.id)
	}
	s.proof.lemma(nil, hints)
}

// proveLearned writes the clause learnClause learned from the conflict
// confl (learned, or the unit clause of unit when learned is nil) while
// the assignment that falsifies it is still in place.
func (s *Solver) proveLearned(confl, learned *Clause, unit Lit) {
	var lits []Lit
	if learned != nil {
		lits = learned.lits
	} else {
		lits = []Lit{unit}
	}
	var hints []int64
	if s.proof.lrat {
		hints = s.hints(lits, confl)
	}
	id := s.proof.lemma(lits, hints)
	if learned != nil {
		learned.id = id
	} else if s.proof.lrat {
		s.unitID[unit.Var()] = id
	}
}
