package lifesat

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// A watch tells Settings.Progress, every Settings.ProgressEvery while a
// search's solver loads or runs, for how long it has run, how many
// conflicts its sessions have met (when they count them, see
// logic.ConflictCounter) and how many patterns it has found. A nil *watch
// (no Progress) does nothing.
type watch struct {
	what     string // the problem, as the other reports name it
	report   func(Progress)
	every    time.Duration
	start    time.Time
	found    atomic.Int64
	mu       sync.Mutex
	loaded   bool // a session was added: the solver is at work
	counters []logic.ConflictCounter
	quit     chan struct{}
	done     chan struct{}
}

// startWatch starts the reports on the search of what. From then on
// set.Progress is a locked version of itself, so that the search's own
// reports and the watch's never overlap. Call it on the search's own copy
// of the settings.
func (set *Settings) startWatch(what string) *watch {
	if set.Progress == nil {
		return nil
	}
	var mu sync.Mutex
	report := set.Progress
	locked := func(p Progress) {
		mu.Lock()
		defer mu.Unlock()
		report(p)
	}
	set.Progress = locked
	every := set.ProgressEvery
	if every <= 0 {
		every = DefaultProgressEvery
	}
	w := &watch{what: what, report: locked, every: every, start: time.Now(), quit: make(chan struct{}), done: make(chan struct{})}
	go w.run()
	return w
}

func (w *watch) run() {
	defer close(w.done)
	t := time.NewTicker(w.every)
	defer t.Stop()
	for {
		select {
		case <-w.quit:
			return
		case <-t.C:
			w.report(w.now())
		}
	}
}

// now is the report of the moment.
func (w *watch) now() Progress {
	p := Progress{Phase: PhaseLoading, What: w.what, Elapsed: time.Since(w.start), Conflicts: -1}
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.loaded {
		return p
	}
	p.Phase = PhaseSearching
	for _, c := range w.counters {
		if k := c.Conflicts(); k >= 0 {
			p.Conflicts = max(p.Conflicts, 0) + k
		}
	}
	p.Found = int(w.found.Load())
	return p
}

// add tells the watch that sess is loaded and searching, and counts its
// conflicts too, when it can tell them.
func (w *watch) add(sess logic.Session) {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.loaded = true
	if c, ok := sess.(logic.ConflictCounter); ok {
		w.counters = append(w.counters, c)
	}
}

// foundOne counts a pattern found.
func (w *watch) foundOne() {
	if w != nil {
		w.found.Add(1)
	}
}

// stop ends the reports; none comes after stop returns.
func (w *watch) stop() {
	if w == nil {
		return
	}
	close(w.quit)
	<-w.done
}
