package logic

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// Clausal proofs of unsatisfiability. An Unsat answer is a claim that no
// assignment satisfies a formula; a clausal proof lets anyone check it
// without trusting the solver: it lists the clauses the solver learned,
// each of which follows from the formula and the clauses before it by
// unit propagation (RUP) or the RAT rule, down to the empty clause. An
// independent checker (package drat, drat-trim) replays it. The SAT
// competitions ask every solver for one with each Unsat answer.

// ProofFormat is the format of a clausal proof.
type ProofFormat int8

const (
	// DRAT is text DRAT, drat-trim's format: one lemma (a learned
	// clause) a line, its literals ended by 0; a deletion is the same
	// line after "d "; the empty clause, "0", ends the proof. The checker
	// finds each lemma's antecedents itself.
	DRAT ProofFormat = iota
	// LRAT is DRAT with clause ids and hints: the formula's clauses are
	// 1..m in the order of its DIMACS text, each line starts with the id
	// of its lemma (m+1, m+2, ...), and after the 0 that ends the literals
	// come the ids of the clauses that become unit, in turn, under the
	// negation of the lemma, then 0; a deletion is "ID d IDS 0". A checker
	// follows the hints in linear time.
	LRAT
)

// String is "drat" or "lrat", the extension of the proof's file.
func (f ProofFormat) String() string {
	switch f {
	case DRAT:
		return "drat"
	case LRAT:
		return "lrat"
	}
	return fmt.Sprintf("ProofFormat(%d)", int8(f))
}

// MarshalText writes the format's name, "drat" or "lrat".
func (f ProofFormat) MarshalText() ([]byte, error) {
	if f != DRAT && f != LRAT {
		return nil, fmt.Errorf("logic: no proof format %d", int8(f))
	}
	return []byte(f.String()), nil
}

// UnmarshalText reads a format's name, "drat" or "lrat".
func (f *ProofFormat) UnmarshalText(b []byte) error {
	p, err := ParseProofFormat(string(b))
	if err == nil {
		*f = p
	}
	return err
}

// ParseProofFormat reads a format's name, "drat" or "lrat".
func ParseProofFormat(s string) (ProofFormat, error) {
	switch s {
	case "drat":
		return DRAT, nil
	case "lrat":
		return LRAT, nil
	}
	return 0, fmt.Errorf("logic: unknown proof format %q (want drat or lrat)", s)
}

// ErrNoProof is wrapped by the errors of StartProof for a solver that
// cannot write a proof in the format asked for, and of Certify for an
// answer whose proof that format cannot express.
var ErrNoProof = errors.New("logic: no proof")

// A Prover is a Solver that can write a clausal proof of its Unsat
// answers: Gophersat (DRAT and LRAT) and External for cadical (DRAT).
// Gini cannot.
type Prover interface {
	Solver
	// Proves returns nil when the solver writes proofs in the format
	// given, and otherwise why not, an error wrapping ErrNoProof.
	Proves(format ProofFormat) error
	// StartProof is Start, or StartContext, of a session that writes the
	// proof of its answers to w, in the format given. It returns the
	// error of Proves when the solver cannot write that format.
	StartProof(ctx context.Context, f *CNF, format ProofFormat, w io.Writer) (ProofSession, error)
}

var (
	_ Prover = Gophersat{}
	_ Prover = External{}
)

// A ProofSession is a Session that writes a clausal proof of its answer
// Unsat. It is used as any Session (Solve, Add, Model) and, when Solve
// has returned Unsat, Certify completes the proof and returns the
// formula that the proof refutes:
//
//   - the formula given to StartProof, comments included;
//   - then every clause added since, in order, as the formula stores it
//     (CNF.Add: without constants and repeated literals; a clause that
//     always holds is left out), up to the Solve that answered;
//   - then, when that Solve had assumptions and the clauses alone are
//     not contradictory, one unit clause for each assumption.
//
// So an answer under assumptions is proved as the formula with the
// assumptions as unit clauses, which is unsatisfiable exactly when the
// formula has no model in which they all hold. Written with
// CNF.WriteDIMACS, that formula is the one to check the proof against
// (with package drat, or drat-trim for DRAT): it is the formula given to
// StartProof itself when nothing was added and Solve had no assumptions.
//
// What the writer holds before Certify returns is no proof. After
// Certify the session is done: Solve returns an error and Add does
// nothing. Certify returns an error (and the proof is incomplete) when
// the last Solve did not return Unsat, when writing the proof failed,
// or, wrapping ErrNoProof, when the format cannot express the answer:
// Gophersat's LRAT proofs refute the formula given to StartProof alone,
// without assumptions and without clauses added (their ids would follow
// lemmas already written), so Certify refuses an LRAT proof after Add or
// of an answer under assumptions; DRAT takes both.
type ProofSession interface {
	Session
	Certify() (*CNF, error)
}

// StartProof starts a session of s (nil means Gophersat) that writes a
// proof of its answer Unsat to w, in the format given (see ProofSession
// for its use). It returns an error wrapping ErrNoProof when s is not a
// Prover, or cannot write that format, and ctx.Err() when ctx ends while
// the formula loads.
//
// Logging costs little when it is on (docs/proofs.md measures it), and
// nothing when it is off: Start and StartContext write no proof.
func StartProof(ctx context.Context, s Solver, f *CNF, format ProofFormat, w io.Writer) (ProofSession, error) {
	s = OrDefault(s)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p, ok := s.(Prover)
	if !ok {
		return nil, CanProve(s, format)
	}
	return p.StartProof(ctx, f, format, w)
}

// CanProve returns nil when s (nil means Gophersat) writes proofs in the
// format given, and otherwise the error, wrapping ErrNoProof, that
// StartProof would return: a caller that asks for proofs late in a long
// run checks it before it starts.
func CanProve(s Solver, format ProofFormat) error {
	s = OrDefault(s)
	if p, ok := s.(Prover); ok {
		return p.Proves(format)
	}
	name, _ := Name(s)
	return fmt.Errorf("%w from the solver %s: it writes none (gophersat and cadical do)", ErrNoProof, name)
}

// Prove decides f with s (nil means Gophersat) and, when f is
// unsatisfiable, writes the complete proof of it to w in the format
// given and returns Unsat. Otherwise it returns Sat, or Unknown and an
// error when ctx ended first or s cannot write the proof (ErrNoProof);
// w then holds no proof.
func Prove(ctx context.Context, s Solver, f *CNF, format ProofFormat, w io.Writer) (Status, error) {
	sess, err := StartProof(ctx, s, f, format, w)
	if err != nil {
		return Unknown, err
	}
	st, err := sess.Solve(ctx)
	if err != nil || st != Unsat {
		return st, err
	}
	if _, err := sess.Certify(); err != nil {
		return Unknown, err
	}
	return Unsat, nil
}

// proofState is what a session that writes a proof knows of it beside
// its backend's writer: the formula the proof is about and how the last
// Solve answered.
type proofState struct {
	format  ProofFormat
	formula *CNF   // the formula given to the session, and the clauses added since
	last    Status // the answer of the last Solve
	units   []Lit  // the assumptions of the answer Unsat, as unit clauses of the formula
	trivial bool   // that Unsat needed no solver: the formula and units contradict themselves
	err     error  // why the proof cannot be complete
}

// errCertified is the error of Solve after Certify.
var errCertified = errors.New("logic: the session is certified: its proof is complete")

func newProofState(f *CNF, format ProofFormat) *proofState {
	return &proofState{format: format, formula: f.Clone(), trivial: f.empty}
}

// add adds a clause to the formula.
func (p *proofState) add(lits []Lit) {
	if p.format == LRAT && p.err == nil {
		p.err = fmt.Errorf("%w in LRAT of a session with clauses added after StartProof (DRAT takes them)", ErrNoProof)
	}
	p.formula.Add(lits...)
}

// certify is the start of every backend's Certify, called with s.mu
// held: it returns the formula that the proof of the last answer refutes,
// or why there is no such proof, and ends the session.
func (s *session) certify() (*CNF, error) {
	p := s.proof
	switch {
	case p == nil:
		return nil, errors.New("logic: Certify: the session writes no proof (start it with StartProof)")
	case s.dead == errCertified:
		return nil, errCertified
	case p.last != Unsat:
		return nil, fmt.Errorf("logic: Certify: the last Solve answered %v, not UNSAT", p.last)
	case p.err != nil:
		return nil, p.err
	case p.format == LRAT && len(p.units) > 0:
		return nil, fmt.Errorf("%w in LRAT of an answer under assumptions (DRAT takes them)", ErrNoProof)
	}
	s.dead = errCertified
	f := p.formula
	for _, u := range p.units {
		f.Add(u)
	}
	return f, nil
}
