package logic

import (
	"context"
	"fmt"
	"io"

	solver "github.com/lifesat/lifesat/lifesat/logic/internal/gophersat"
)

// Gophersat is the embedded pure-Go solver github.com/crillab/gophersat
// (v1.4.0), a CDCL solver. Its zero value is ready to use.
//
// lifesat runs a copy of its solver package (internal/gophersat; its
// UPSTREAM.md lists every change), because upstream's Solve cannot be
// interrupted, two of its solvers running at once corrupt each other's
// learned clauses (they share a package-level buffer), and its Assume
// forgets the problem's top-level facts. With the copy, searches run in
// parallel without a lock; on cancellation Session.Solve returns at once
// with ctx.Err() while the search stops at its next conflict, usually
// within milliseconds, and the session is then unusable (ErrAbandoned).
// Assumptions are decisions of the search, so a session keeps its
// learned clauses from one Solve to the next, with or without
// assumptions, and clauses added between them. A panic of the solver is
// a bug, and is not recovered.
//
// It has no phase control: the first value it tries for every variable
// is false. Upstream it has no seed either; Seed, when not 0, gives every
// variable a tiny random initial activity, so that the first decisions
// differ from seed to seed (see WithSeed). Upstream it restarts often,
// which suits proofs that a problem is empty; with Stable, lifesat's copy
// alternates that with a stable mode (rare restarts, the phases of the
// longest conflict-free assignment seen), as CaDiCaL and Kissat do, which
// finds the answers of hard satisfiable searches several times sooner
// and makes proofs slower (see the README, "gophersat's restarts").
//
// Gophersat.Optimize solves pseudo-Boolean problems with the same
// solver (see PB).
//
// With StartProof the solver writes a DRAT or LRAT proof as it goes (see
// ProofSession): the clauses it learns with, in LRAT, the ids of the
// clauses its conflict analysis resolved, the learned clauses it deletes,
// and the empty clause. Every lemma follows by unit propagation (RUP).
// The copy has no preprocessing, no inprocessing and no clause
// minimization beyond removing a literal whose reason's other literals
// are all in the clause, so each of these is a RUP step: the facts its
// parser derives (a clause shortened by a unit clause of the formula:
// in LRAT, a lemma; DRAT leaves them to the checker's unit
// propagation), the learned clauses (their top-level literals are kept),
// and the deletions of learned clauses, which never delete a unit or a
// reason. Its pseudo-Boolean engine (Optimize) writes no proof.
type Gophersat struct {
	Seed   uint64
	Stable bool
}

var _ Seeder = Gophersat{}

// ForSat returns the solver with Stable set.
func (g Gophersat) ForSat() (Solver, bool) {
	g.Stable = true
	return g, true
}

// WithSeed returns the solver with Seed set.
func (g Gophersat) WithSeed(seed uint64) (Solver, bool) {
	g.Seed = seed
	return g, true
}

// Start loads f into a new gophersat session.
func (g Gophersat) Start(f *CNF) (Session, error) {
	return g.StartContext(context.Background(), f)
}

// Proves returns nil for DRAT and LRAT, the formats gophersat writes.
func (Gophersat) Proves(format ProofFormat) error {
	if format != DRAT && format != LRAT {
		return fmt.Errorf("%w: unknown format %v", ErrNoProof, format)
	}
	return nil
}

// StartProof is StartContext of a session that writes a proof of its
// answer Unsat to w, DRAT or LRAT (see ProofSession). It keeps a copy of
// f, the formula the proof is about. Once f is converted it loads it
// without looking at ctx, as the load writes to w (in LRAT, the facts
// the parser derives), which must not go on after StartProof returns.
func (gs Gophersat) StartProof(ctx context.Context, f *CNF, format ProofFormat, w io.Writer) (ProofSession, error) {
	if err := gs.Proves(format); err != nil {
		return nil, err
	}
	p := newProofState(f, format)
	g, err := gs.start(ctx, f, p, solver.NewProof(w, format == LRAT, f.NumClauses()))
	if err != nil {
		return nil, err
	}
	return g, nil
}

// StartContext is Start that returns ctx.Err() when ctx ends first. It
// looks at ctx every few thousand clauses while it converts them, then
// lets gophersat load them in a goroutine, which cannot be stopped: when
// ctx ends during that load, StartContext returns at once and the load
// runs on in the background until it ends by itself (seconds for millions
// of clauses), its result dropped.
func (gs Gophersat) StartContext(ctx context.Context, f *CNF) (Session, error) {
	g, err := gs.start(ctx, f, nil, nil)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// start is StartContext, with the proof state and the solver's proof
// writer of a session that writes a proof (nil, nil without).
func (gs Gophersat) start(ctx context.Context, f *CNF, p *proofState, proof *solver.Proof) (*gophersatSession, error) {
	clauses, err := intClauses(ctx, f)
	if err != nil {
		return nil, err
	}
	g := &gophersatSession{session: session{nvars: f.nvars, unsat: f.empty, proof: p}, p: proof}
	if g.unsat {
		return g, nil
	}
	load := func() {
		pb := solver.ParseSliceProof(clauses, f.nvars, proof)
		if pb.Status == solver.Unsat {
			g.unsat = true
			return
		}
		g.s = solver.New(pb)
		g.s.Seed(gs.Seed)
		if gs.Stable {
			g.s.Stabilize()
		}
	}
	if ctx.Done() == nil || proof != nil {
		load()
		return g, nil
	}
	loaded := make(chan struct{})
	go func() {
		load()
		close(loaded)
	}()
	select {
	case <-loaded:
		return g, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// intClauses is f's clauses as gophersat reads them, sharing one slice of
// literals; it looks at ctx every few thousand clauses.
func intClauses(ctx context.Context, f *CNF) ([][]int, error) {
	flat := make([]int, len(f.lits))
	for i, l := range f.lits {
		if i%(8*checkEvery) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		flat[i] = int(l)
	}
	clauses := make([][]int, 0, f.NumClauses())
	start := int32(0)
	for _, end := range f.ends {
		clauses = append(clauses, flat[start:end:end])
		start = end
	}
	return clauses, ctx.Err()
}

// A gophersatSession is a solver loaded once: clauses added later are
// appended to it, and assumptions are passed to it at every Solve.
type gophersatSession struct {
	session
	s *solver.Solver // set before the session is returned, unless unsat
	p *solver.Proof  // the proof's writer, nil without a proof
}

var (
	_ ConflictCounter = (*gophersatSession)(nil)
	_ ProofSession    = (*gophersatSession)(nil)
	_ Peeker          = (*gophersatSession)(nil)
)

// Conflicts is the number of conflicts of the session's solver.
func (g *gophersatSession) Conflicts() int64 {
	if g.s == nil {
		return 0
	}
	return g.s.Conflicts()
}

// Peek shows the running search's values of vars (see Peeker).
func (g *gophersatSession) Peek(vars []Var, vals []int8) bool {
	if g.s == nil {
		return false
	}
	sv := make([]solver.Var, len(vars))
	for i, v := range vars {
		sv[i] = solver.Var(v - 1) // -1 (none) for 0, as for any var outside
	}
	return g.s.Peek(sv, vals)
}

func (g *gophersatSession) Solve(ctx context.Context, assumptions ...Lit) (Status, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	set, st, err := g.begin(ctx, assumptions)
	if st != Unknown || err != nil {
		return st, err
	}
	lits := make([]solver.Lit, len(set))
	for i, l := range set {
		lits[i] = solver.IntToLit(int32(l))
	}
	g.s.Assume(lits) // also when there are none: it drops the last ones
	gst, err := g.run(ctx)
	if err != nil {
		return Unknown, err
	}
	switch gst {
	case solver.Sat:
		g.model = make([]bool, g.nvars+1)
		copy(g.model[1:], g.s.Model())
		st = Sat
	case solver.Unsat:
		st = Unsat
	}
	g.answered(st, set)
	return st, nil
}

// run solves in a goroutine; on cancellation it interrupts the search and
// returns at once.
func (g *gophersatSession) run(ctx context.Context) (solver.Status, error) {
	if ctx.Done() == nil {
		return g.s.Solve(), nil
	}
	done := make(chan solver.Status, 1)
	go func() { done <- g.s.Solve() }()
	select {
	case st := <-done:
		return st, nil
	case <-ctx.Done():
		g.dead = ErrAbandoned
		g.s.Interrupt()
		return solver.Indet, ctx.Err()
	}
}

func (g *gophersatSession) Add(lits ...Lit) {
	g.mu.Lock()
	defer g.mu.Unlock()
	lc, ok := g.clause(lits)
	if !ok {
		return
	}
	sl := make([]solver.Lit, len(lc))
	for i, l := range lc {
		sl[i] = solver.IntToLit(int32(l))
	}
	g.s.AppendClause(solver.NewClause(sl))
}

// Certify completes the proof (see ProofSession).
func (g *gophersatSession) Certify() (*CNF, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	f, err := g.certify()
	if err != nil {
		return nil, err
	}
	var hints []int64
	if g.proof.trivial && g.proof.format == LRAT {
		// The formula has the empty clause, its last (CNF.Clauses).
		hints = []int64{int64(f.NumClauses())}
	}
	if err := g.p.End(hints...); err != nil {
		return nil, fmt.Errorf("logic: proof: %w", err)
	}
	return f, nil
}
