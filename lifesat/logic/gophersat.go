package logic

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	solver "github.com/lifesat/lifesat/lifesat/logic/internal/gophersat"
)

// Gophersat is the embedded pure-Go solver github.com/crillab/gophersat
// (v1.4.0), a CDCL solver. Its zero value is ready to use.
//
// Facts of that solver that shape this adapter:
//   - Upstream's Solve cannot be interrupted, and it keeps a package-level
//     scratch buffer (bufLits in learn.go, the literals of the clause being
//     learned) that two searches running at once in one process would
//     corrupt. lifesat therefore uses a copy of its solver package with
//     the buffer moved into the solver and an Interrupt
//     (internal/gophersat): searches run in parallel without a lock, and
//     on cancellation Session.Solve returns at once with ctx.Err() while
//     the search stops at its next conflict, usually within milliseconds.
//     The session is then unusable (ErrAbandoned).
//   - Its Assume forgets every top-level fact: the unit clauses, the units
//     that loading derived by propagation (after deleting the clauses
//     those satisfy), the units a clause added later was reduced to. It
//     does not notice a literal assumed together with its negation. And a
//     clause added after a solve under assumptions is simplified against
//     those assumptions as if they were permanent. So the adapter adds
//     clauses incrementally only until assumptions are first used; from
//     then on a clause added between solves makes the next solve start
//     from a fresh solver loaded with every clause. Units are passed
//     again with every set of assumptions and checked for clashes.
//   - Upstream panicked inside conflict analysis after many clauses were
//     appended (seen while enumerating still lifes under a population
//     bound, before the copy fixed the shared buffer, the likely cause;
//     not seen since). A panic is still recovered: the session reloads
//     every clause into a fresh solver and solves again; a second panic
//     in the same call is an error.
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
	g := &gophersatSession{nvars: f.nvars, clauses: clauses, unsat: f.empty, seed: gs.Seed, stable: gs.Stable}
	if g.unsat {
		return g, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if ctx.Done() == nil {
		g.load()
		return g, nil
	}
	loaded := make(chan struct{})
	go func() {
		g.load()
		close(loaded)
	}()
	select {
	case <-loaded:
		return g, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

type gophersatSession struct {
	mu        sync.Mutex
	s         *solver.Solver
	nvars     int
	seed      uint64
	stable    bool
	clauses   [][]int // every clause, those added later included
	units     []Lit   // top-level units of the last load, for Assume
	assumed   bool    // assumptions were used: add clauses by reloading
	dirty     bool    // clauses were added since the last load
	unsat     bool    // the clauses alone are unsatisfiable
	abandoned bool
	panics    int // times the solver panicked in this Solve call (see run)
	model     []bool
	cur       atomic.Pointer[solver.Solver] // g.s, for Conflicts
	past      atomic.Int64                  // conflicts of the solvers load replaced
}

var _ ConflictCounter = (*gophersatSession)(nil)

// Conflicts is the number of conflicts of every solver the session has
// loaded so far.
func (g *gophersatSession) Conflicts() int64 {
	n := g.past.Load()
	if s := g.cur.Load(); s != nil {
		n += s.Conflicts()
	}
	return n
}

// load builds a fresh solver from all the clauses.
func (g *gophersatSession) load() {
	pb := solver.ParseSliceNb(g.clauses, g.nvars)
	g.dirty = false
	if pb.Status == solver.Unsat {
		g.unsat = true
		return
	}
	g.units = g.units[:0]
	for _, u := range pb.Units {
		g.units = append(g.units, Lit(u.Int()))
	}
	if g.s != nil {
		g.past.Add(g.s.Conflicts())
	}
	g.s = solver.New(pb)
	g.cur.Store(g.s)
	g.s.Seed(g.seed)
	if g.stable {
		g.s.Stabilize()
	}
}

// assumption lits for gophersat: the units of the load and the
// assumptions, or false when they clash.
func (g *gophersatSession) assumption(assumptions []Lit) ([]solver.Lit, bool) {
	set, ok := assumptionSet(g.nvars, g.units, assumptions)
	lits := make([]solver.Lit, len(set))
	for i, l := range set {
		lits[i] = solver.IntToLit(int32(l))
	}
	return lits, ok
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
	g.panics = 0
	if len(assumptions) > 0 || g.assumed {
		g.assumed = true
		if g.dirty {
			g.load()
			if g.unsat {
				return Unsat, nil
			}
		}
	}
	st, err := g.run(ctx, assumptions)
	if errors.Is(err, errSolverPanic) {
		// The incremental state broke; start again from every clause.
		g.load()
		if g.unsat {
			return Unsat, nil
		}
		st, err = g.run(ctx, assumptions)
	}
	if err != nil {
		return Unknown, err
	}
	switch st {
	case solver.Sat:
		g.model = make([]bool, g.nvars+1)
		copy(g.model[1:], g.s.Model())
		return Sat, nil
	case solver.Unsat:
		if len(assumptions) == 0 {
			g.unsat = true
		}
		return Unsat, nil
	}
	return Unknown, nil
}

// errSolverPanic reports a panic inside gophersat.
var errSolverPanic = errors.New("logic: gophersat panicked")

// run passes the assumptions and solves in a goroutine, turning a panic
// of the solver into errSolverPanic; on cancellation it interrupts the
// search and returns at once.
func (g *gophersatSession) run(ctx context.Context, assumptions []Lit) (solver.Status, error) {
	if len(assumptions) > 0 || g.assumed {
		lits, ok := g.assumption(assumptions)
		if !ok || g.s.Assume(lits) == solver.Unsat {
			return solver.Unsat, nil
		}
	}
	type outcome struct {
		st       solver.Status
		panicked any
	}
	done := make(chan outcome, 1)
	go func() {
		var out outcome
		defer func() {
			out.panicked = recover()
			done <- out
		}()
		out.st = g.s.Solve()
	}()
	select {
	case out := <-done:
		if out.panicked != nil {
			g.panics++
			if g.panics > 1 {
				return solver.Indet, fmt.Errorf("%w twice: %v", errSolverPanic, out.panicked)
			}
			return solver.Indet, fmt.Errorf("%w: %v", errSolverPanic, out.panicked)
		}
		return out.st, nil
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
	cl := make([]int, len(lc))
	for i, l := range lc {
		cl[i] = int(l)
	}
	if len(cl) == 0 {
		g.unsat = true
		return
	}
	g.clauses = append(g.clauses, cl)
	g.dirty = true // the next solve under assumptions reloads
	if g.assumed {
		return
	}
	sl := make([]solver.Lit, len(cl))
	for i, l := range cl {
		sl[i] = solver.IntToLit(int32(l))
	}
	g.s.AppendClause(solver.NewClause(sl))
}
