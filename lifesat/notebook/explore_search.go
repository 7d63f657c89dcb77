package notebook

import (
	"context"
	"sync"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// counter sums the conflicts of the solver sessions of one search, for a
// progress line that is read at any moment rather than every few seconds
// (Settings.Progress reports every 10 s).
type counter struct {
	mu       sync.Mutex
	sessions []logic.ConflictCounter
	started  bool // a session was started: the formula is in the solver
}

// conflicts is the sum of the sessions' conflicts, or -1 when no session
// counts them.
func (c *counter) conflicts() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, counting := int64(0), false
	for _, s := range c.sessions {
		if k := s.Conflicts(); k >= 0 {
			n, counting = n+k, true
		}
	}
	if !counting {
		return -1
	}
	return n
}

// solving reports whether the formula has reached the solver.
func (c *counter) solving() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.started
}

func (c *counter) add(s logic.Session) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.started = true
	if cc, ok := s.(logic.ConflictCounter); ok {
		c.sessions = append(c.sessions, cc)
	}
}

// countingSolver is a solver that tells its counter of every session it
// starts. It is the solver it wraps in every other respect: it passes on
// the seed and the configuration for satisfiable formulas, so a search
// runs as it would without it.
type countingSolver struct {
	inner logic.Solver
	c     *counter
}

var (
	_ logic.Seeder         = countingSolver{}
	_ logic.SatTuner       = countingSolver{}
	_ logic.ContextStarter = countingSolver{}
)

func (s countingSolver) Start(f *logic.CNF) (logic.Session, error) {
	sess, err := s.inner.Start(f)
	if err == nil {
		s.c.add(sess)
	}
	return sess, err
}

func (s countingSolver) StartContext(ctx context.Context, f *logic.CNF) (logic.Session, error) {
	sess, err := logic.StartContext(ctx, s.inner, f)
	if err == nil {
		s.c.add(sess)
	}
	return sess, err
}

func (s countingSolver) WithSeed(seed uint64) (logic.Solver, bool) {
	if sd, ok := s.inner.(logic.Seeder); ok {
		if in, ok := sd.WithSeed(seed); ok {
			return countingSolver{in, s.c}, true
		}
	}
	return s, false
}

func (s countingSolver) ForSat() (logic.Solver, bool) {
	if t, ok := s.inner.(logic.SatTuner); ok {
		if in, ok := t.ForSat(); ok {
			return countingSolver{in, s.c}, true
		}
	}
	return s, false
}

// A search runs lifesat.Enumerate in a goroutine of its own and hands its
// patterns one at a time: after each it waits for more (next) or for its
// end (stop).
type search struct {
	problem lifesat.Problem
	rule    rule.Rule
	count   *counter
	cancel  context.CancelFunc
	more    chan struct{} // one pattern more, please
	found   chan *lifesat.Pattern
	done    chan error // the end: nil when no pattern is left, else why it ended

	// Bookkeeping of the goroutine that owns the search (the explorer's
	// loop): the patterns found, the time spent searching (not waiting at
	// a pattern), and when the current leg began.
	patterns int
	elapsed  time.Duration
	legStart time.Time
	waiting  bool // at a pattern, waiting for next or stop
	stopAt   time.Time
}

// startSearch starts the search of p under set (its Solver wrapped to
// count conflicts; its Progress unused). The search ends when ctx ends,
// when stop is called, or when no pattern is left.
func startSearch(ctx context.Context, p lifesat.Problem, set lifesat.Settings) *search {
	ctx, cancel := context.WithCancel(ctx)
	s := &search{
		problem: p, rule: set.Rule, count: new(counter), cancel: cancel,
		more: make(chan struct{}), found: make(chan *lifesat.Pattern), done: make(chan error, 1),
		legStart: time.Now(),
	}
	if s.rule.IsZero() {
		s.rule = rule.Life
	}
	set.Solver = countingSolver{logic.OrDefault(set.Solver), s.count}
	set.Progress = nil
	go func() {
		err := lifesat.Enumerate(ctx, p, &set, func(pat *lifesat.Pattern) bool {
			select {
			case s.found <- pat:
			case <-ctx.Done():
				return false
			}
			select {
			case <-s.more:
				return true
			case <-ctx.Done():
				return false
			}
		})
		if err == nil && ctx.Err() != nil {
			err = ctx.Err() // yield saw the end first
		}
		cancel()
		s.done <- err
	}()
	return s
}

// next asks for one more pattern; the caller has received one from found.
func (s *search) next() {
	s.waiting = false
	s.legStart = time.Now()
	s.more <- struct{}{}
}

// stop ends the search; its end arrives on done.
func (s *search) stop() {
	if s.stopAt.IsZero() {
		s.stopAt = time.Now()
	}
	s.cancel()
}

// pause notes that the search handed a pattern and now waits.
func (s *search) pause() {
	s.patterns++
	s.elapsed += time.Since(s.legStart)
	s.waiting = true
}

// spent is the time spent searching so far.
func (s *search) spent() time.Duration {
	if s.waiting {
		return s.elapsed
	}
	return s.elapsed + time.Since(s.legStart)
}

// finish notes the end of the search.
func (s *search) finish() {
	if !s.waiting {
		s.elapsed += time.Since(s.legStart)
		s.waiting = true
	}
}

// firstPattern runs a search of p to its first pattern: the pattern, or
// nil when none exists, and the search for its statistics. An error is a
// bad problem or the end of ctx.
func firstPattern(ctx context.Context, p lifesat.Problem, set lifesat.Settings) (*lifesat.Pattern, *search, error) {
	s := startSearch(ctx, p, set)
	select {
	case pat := <-s.found:
		s.pause()
		s.stop()
		<-s.done
		return pat, s, nil
	case err := <-s.done:
		s.finish()
		return nil, s, err
	}
}
