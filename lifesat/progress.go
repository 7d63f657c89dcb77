package lifesat

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lifesat/lifesat/lifesat/logic"
)

// progressEvery is how often a running search tells Settings.Progress
// that it is still at work.
var progressEvery = 10 * time.Second

// A watch tells Settings.Progress, every progressEvery while a search's
// solver loads or runs, for how long it has run, how many conflicts its
// sessions have met (when they count them, see logic.ConflictCounter) and
// how many patterns it has found. A nil *watch (no Progress) does
// nothing.
type watch struct {
	what     any // the problem, as the other reports name it
	report   func(format string, args ...any)
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
func (set *Settings) startWatch(what any) *watch {
	if set.Progress == nil {
		return nil
	}
	var mu sync.Mutex
	report := set.Progress
	locked := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		report(format, args...)
	}
	set.Progress = locked
	w := &watch{what: what, report: locked, start: time.Now(), quit: make(chan struct{}), done: make(chan struct{})}
	go w.run()
	return w
}

func (w *watch) run() {
	defer close(w.done)
	t := time.NewTicker(progressEvery)
	defer t.Stop()
	for {
		select {
		case <-w.quit:
			return
		case <-t.C:
			w.report("%s", w.line())
		}
	}
}

// line is one report: "oscillator p3 16x16: searching for 20s, 523114
// conflicts (26155 a second)".
func (w *watch) line() string {
	elapsed := time.Since(w.start)
	w.mu.Lock()
	if !w.loaded {
		w.mu.Unlock()
		return fmt.Sprintf("%v: loading the formula into the solver for %v", w.what, elapsed.Round(time.Second))
	}
	msg := fmt.Sprintf("%v: searching for %v", w.what, elapsed.Round(time.Second))
	counting := false
	var n int64
	for _, c := range w.counters {
		if k := c.Conflicts(); k >= 0 {
			n += k
			counting = true
		}
	}
	w.mu.Unlock()
	if counting {
		msg += fmt.Sprintf(", %d conflicts (%.0f a second)", n, float64(n)/elapsed.Seconds())
	}
	if k := w.found.Load(); k > 0 {
		msg += fmt.Sprintf(", %d found", k)
	}
	return msg
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
