package logic

import (
	"context"
	"errors"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
)

// Gini is the embedded pure-Go solver github.com/go-air/gini (v1.0.4), a
// CDCL solver that can be stopped (upstream gophersat cannot; lifesat's
// copy of it can). Its zero value is ready to use.
//
// Facts of that solver (v1.0.4) that shape this adapter:
//   - A search can be stopped: Session.Solve runs it with gini's GoSolve
//     and, when ctx ends, stops it with Stop. The solver looks every 20000
//     propagations, backtracks to the top level and keeps its learned clauses, so the
//     session stays usable after a cancelled Solve. Gini's result can only
//     be waited for under a lock that Stop needs too, so a cancellable
//     Solve polls for it (every 20 us at first, backing off to every 5
//     ms); a ctx that can never end (context.Background) is solved
//     synchronously, without polling.
//   - Gini's own Try(d) is not used: it leaves its deadline set, so every
//     later Solve of the same solver gives up (returns 0) at its first
//     check, a few milliseconds in.
//   - Assumptions are gini's Assume, consumed by each Solve; clauses added
//     between solves are permanent (gini backtracks to the top level and
//     simplifies them against the top-level facts only). A literal assumed
//     together with its negation gives Unsat for that call.
//   - Gini has a bug in incremental solving: after a Solve that is Unsat
//     under assumptions, the next Solve first learns from the final
//     conflict, and when that learned clause makes the clauses themselves
//     contradictory, it analyses the top-level conflict as if it were an
//     ordinary one and can answer SAT with a wrong model. Its own model
//     check then ends the process (log.Fatalf). The adapter therefore asks
//     gini which assumptions failed (Why): none means Unsat for good, and
//     gini is not called again; otherwise it makes gini drop the pending
//     conflict (by adding a tautology, which backtracks to the top level
//     and adds nothing), so the clause of that conflict is not learned.
//   - Its initial phase (the value first tried for each variable) is set
//     from literal counts: the polarity that occurs more often in short
//     clauses (false on a tie). Flipping variables (CNF.Flip, the
//     random-XOR trick) flips those counts too, so the flipped search
//     mirrors the original one and finds the flipped image of the same
//     model: XOR diversification barely changes Gini's answers. Only
//     variables with tied counts escape the mirror.
//     Diversify Gini with other constraints (blocking clauses,
//     assumptions) instead.
//   - Variables that appear in no clause are allocated too, so a model
//     always has NumVars+1 entries.
//
// Gini keeps no package-level state: separate sessions (even of one
// formula) are independent and may solve in parallel (as lifesat's copy of
// gophersat's may, unlike upstream's). Calls on one session are
// serialized.
type Gini struct{}

var _ Solver = Gini{}

// Start loads f into a new gini session.
func (g Gini) Start(f *CNF) (Session, error) {
	return g.StartContext(context.Background(), f)
}

// StartContext is Start that looks at ctx every few thousand clauses and
// returns ctx.Err() when it has ended.
func (Gini) StartContext(ctx context.Context, f *CNF) (Session, error) {
	s := &giniSession{session: session{nvars: f.nvars, unsat: f.empty}}
	if s.unsat {
		return s, nil
	}
	s.g = gini.NewVc(f.nvars+1, f.NumClauses())
	for s.g.MaxVar() < z.Var(f.nvars) {
		s.g.Lit() // allocate variables that appear in no clause
	}
	var err error
	n := 0
	f.Clauses(func(cl []Lit) bool {
		if n++; n%checkEvery == 0 {
			if err = ctx.Err(); err != nil {
				return false
			}
		}
		for _, l := range cl {
			s.g.Add(giniLit(l))
		}
		s.g.Add(z.LitNull)
		return true
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// giniLit is l in gini's encoding: 2v for v, 2v+1 for -v.
func giniLit(l Lit) z.Lit { return z.Dimacs2Lit(int(l)) }

type giniSession struct {
	session
	g   *gini.Gini
	buf []z.Lit // assumptions
	why []z.Lit // failed assumptions
}

// Poll intervals of a cancellable Solve (see Gini): quickly at first, then
// every giniPollMax.
const (
	giniPollMin = 20 * time.Microsecond
	giniPollMax = 5 * time.Millisecond
)

// errGiniStopped reports a search that gini stopped by itself.
var errGiniStopped = errors.New("logic: gini stopped without an answer")

func (s *giniSession) Solve(ctx context.Context, assumptions ...Lit) (Status, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	set, st, err := s.begin(ctx, assumptions)
	if st != Unknown || err != nil {
		return st, err
	}
	s.buf = s.buf[:0]
	for _, l := range set {
		s.buf = append(s.buf, giniLit(l))
	}
	s.g.Assume(s.buf...)
	var r int
	if ctx.Done() == nil {
		r = s.g.Solve()
	} else {
		r = s.goSolve(ctx)
	}
	switch r {
	case 1:
		s.model = make([]bool, s.nvars+1)
		for v := 1; v <= s.nvars; v++ {
			s.model[v] = s.g.Value(z.Var(v).Pos())
		}
		s.answered(Sat, set)
		return Sat, nil
	case -1:
		// Unsat without the help of any assumption is for good: gini is
		// not asked again. Otherwise gini must forget the conflict before
		// its next Solve (see the type's doc): adding a clause does that,
		// and a tautology adds nothing.
		if len(s.buf) > 0 {
			s.why = s.g.Why(s.why[:0])
			if len(s.why) > 0 {
				m := s.why[0]
				s.g.Add(m)
				s.g.Add(m.Not())
				s.g.Add(z.LitNull)
				s.answered(Unsat, set)
				return Unsat, nil
			}
		}
		s.answered(Unsat, nil)
		return Unsat, nil
	}
	if err := ctx.Err(); err != nil {
		return Unknown, err
	}
	return Unknown, errGiniStopped
}

// goSolve runs the search in gini's background goroutine and stops it when
// ctx ends. A result that arrives as the search is being stopped is kept.
func (s *giniSession) goSolve(ctx context.Context) int {
	ctl := s.g.GoSolve()
	wait := giniPollMin
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		if r, done := ctl.Test(); done {
			return r
		}
		select {
		case <-ctx.Done():
			return ctl.Stop()
		case <-timer.C:
		}
		wait = min(2*wait, giniPollMax)
		timer.Reset(wait)
	}
}

func (s *giniSession) Add(lits ...Lit) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cl, ok := s.clause(lits)
	if !ok {
		return
	}
	// gini merges repeated literals and drops tautologies itself.
	for _, l := range cl {
		s.g.Add(giniLit(l))
	}
	s.g.Add(z.LitNull)
}
