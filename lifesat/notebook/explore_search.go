package notebook

import (
	"context"
	"sync"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// reportEvery is how often a search of the explorer reports its progress:
// the progress line is redrawn about as often.
const reportEvery = 200 * time.Millisecond

// counter keeps the last report of one search (its Settings.Progress),
// for a progress line that is drawn at any moment, and the last partial
// board it showed (Progress.Cells and Known), numbered by seq.
type counter struct {
	mu           sync.Mutex
	last         lifesat.Progress
	cells, known *life.Board
	seq          int
}

func (c *counter) report(p lifesat.Progress) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.last = p
	if p.Cells != nil {
		c.cells, c.known = p.Cells, p.Known
		c.seq++
	}
}

// partial is the last partial board reported, and its number (0: none
// yet).
func (c *counter) partial() (cells, known *life.Board, seq int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cells, c.known, c.seq
}

// conflicts is the solver's conflicts so far, or -1 when it does not
// count them or has not started.
func (c *counter) conflicts() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last.Phase != lifesat.PhaseSearching {
		return -1
	}
	return c.last.Conflicts
}

// solving reports whether the formula has reached the solver.
func (c *counter) solving() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.last.Phase == lifesat.PhaseSearching
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
	drawn    int // the number (counter.seq) of the partial board last drawn
}

// startSearch starts the search of p under set (its Progress reporting to
// the search's counter every reportEvery, with the solver's partial board
// of generation 0). The search ends when ctx ends, when stop is called,
// or when no pattern is left.
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
	set.Progress, set.ProgressEvery, set.ProgressCells = s.count.report, reportEvery, true
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

// settings are the settings of a search of the form: base with the
// form's rule, and the unknown cells' first values (see unknowns).
func (f form) settings(base lifesat.Settings) lifesat.Settings {
	s := base
	s.Rule = f.rule
	switch f.unknown {
	case unknownDead:
		s.Diversify = lifesat.NoFlip
	case unknownAlive:
		s.Diversify = lifesat.AliveFirst
	case unknownRandom:
		s.Diversify = lifesat.FlipAll
	}
	return s
}
