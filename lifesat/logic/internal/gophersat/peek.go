package gophersat

import (
	"sync"
	"sync/atomic"
)

// lifesat: not in gophersat v1.4.0. Peek shows the partial assignment of
// a running Solve to another goroutine without a data race: the search
// copies it itself, at a point of its own, when asked.

// peeks is the handover of Peek's requests to the search. The search
// looks at wanted, one atomic load, before each free decision; the rest
// is touched only when a request is pending, under mu.
type peeks struct {
	wanted  atomic.Bool // a request is pending
	mu      sync.Mutex  // guards solving and req
	solving bool        // a Solve runs (under mu)
	req     *peekRequest
	caller  sync.Mutex // one Peek at a time
}

// A peekRequest asks for the values of vars, to be written to vals; done
// is closed once they are (answered says whether they were).
type peekRequest struct {
	vars     []Var
	vals     []int8
	answered bool
	done     chan struct{}
}

// Peek writes to vals[i] the value that the running Solve has given
// vars[i]: 1 true, -1 false, 0 unassigned. It may be called from any
// goroutine. The search answers at its next free decision, once every
// assumption holds and propagation left no conflict (so the values are
// one assignment that unit propagation left consistent, the assumptions
// in it), or as Solve returns, with the assignment as it then is; Peek
// waits for that. It reports false, vals untouched, when no Solve runs.
// len(vals) must be len(vars).
func (s *Solver) Peek(vars []Var, vals []int8) bool {
	s.peek.caller.Lock()
	defer s.peek.caller.Unlock()
	r := &peekRequest{vars: vars, vals: vals, done: make(chan struct{})}
	s.peek.mu.Lock()
	if !s.peek.solving {
		s.peek.mu.Unlock()
		return false
	}
	s.peek.req = r
	s.peek.wanted.Store(true)
	s.peek.mu.Unlock()
	<-r.done
	return r.answered
}

// answerPeek answers the pending request, if any, from the search's
// goroutine.
func (s *Solver) answerPeek() {
	s.peek.mu.Lock()
	defer s.peek.mu.Unlock()
	s.answerLocked()
}

// answerLocked is answerPeek with peek.mu held.
func (s *Solver) answerLocked() {
	r := s.peek.req
	if r == nil {
		return
	}
	for i, v := range r.vars {
		switch {
		case v < 0 || int(v) >= len(s.model):
			r.vals[i] = 0
		case s.model[v] > 0:
			r.vals[i] = 1
		case s.model[v] < 0:
			r.vals[i] = -1
		default:
			r.vals[i] = 0
		}
	}
	r.answered = true
	s.peek.req = nil
	s.peek.wanted.Store(false)
	close(r.done)
}

// beginPeeks opens Peek's requests for a Solve, and endPeeks closes them
// as it returns, answering the one pending.
func (s *Solver) beginPeeks() {
	s.peek.mu.Lock()
	s.peek.solving = true
	s.peek.mu.Unlock()
}

func (s *Solver) endPeeks() {
	s.peek.mu.Lock()
	defer s.peek.mu.Unlock()
	s.answerLocked()
	s.peek.solving = false
}
