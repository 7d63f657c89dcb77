package logic

import (
	"context"
	"sync"

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

// StartContext is Start that returns ctx.Err() when ctx ends first. It
// looks at ctx every few thousand clauses while it converts them, then
// lets gophersat load them in a goroutine, which cannot be stopped: when
// ctx ends during that load, StartContext returns at once and the load
// runs on in the background until it ends by itself (seconds for millions
// of clauses), its result dropped.
func (gs Gophersat) StartContext(ctx context.Context, f *CNF) (Session, error) {
	clauses, err := intClauses(ctx, f)
	if err != nil {
		return nil, err
	}
	g := &gophersatSession{nvars: f.nvars, unsat: f.empty}
	if g.unsat {
		return g, nil
	}
	load := func() {
		pb := solver.ParseSliceNb(clauses, f.nvars)
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
	if ctx.Done() == nil {
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
	mu        sync.Mutex
	s         *solver.Solver // set before the session is returned
	nvars     int
	unsat     bool // the clauses alone are unsatisfiable
	abandoned bool
	model     []bool
}

var _ ConflictCounter = (*gophersatSession)(nil)

// Conflicts is the number of conflicts of the session's solver.
func (g *gophersatSession) Conflicts() int64 {
	if g.s == nil {
		return 0
	}
	return g.s.Conflicts()
}

func (g *gophersatSession) Solve(ctx context.Context, assumptions ...Lit) (Status, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.abandoned {
		return Unknown, ErrAbandoned
	}
	if err := ctx.Err(); err != nil {
		return Unknown, err
	}
	if g.unsat {
		return Unsat, nil
	}
	set, ok := assumptionSet(g.nvars, assumptions)
	if !ok {
		return Unsat, nil
	}
	lits := make([]solver.Lit, len(set))
	for i, l := range set {
		lits[i] = solver.IntToLit(int32(l))
	}
	g.s.Assume(lits) // also when there are none: it drops the last ones
	st, err := g.run(ctx)
	if err != nil {
		return Unknown, err
	}
	switch st {
	case solver.Sat:
		g.model = make([]bool, g.nvars+1)
		copy(g.model[1:], g.s.Model())
		return Sat, nil
	case solver.Unsat:
		if len(lits) == 0 {
			g.unsat = true
		}
		return Unsat, nil
	}
	return Unknown, nil
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
		g.abandoned = true
		g.s.Interrupt()
		return solver.Indet, ctx.Err()
	}
}

func (g *gophersatSession) Model() []bool { return g.model }

func (g *gophersatSession) Add(lits ...Lit) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.abandoned || g.unsat {
		return
	}
	lc, holds := clauseLits(g.nvars, lits)
	if holds {
		return
	}
	if len(lc) == 0 {
		g.unsat = true
		return
	}
	sl := make([]solver.Lit, len(lc))
	for i, l := range lc {
		sl[i] = solver.IntToLit(int32(l))
	}
	g.s.AppendClause(solver.NewClause(sl))
}
