package lifesat

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// A watch tells Settings.Progress, every Settings.ProgressEvery while a
// search's solver loads or runs, for how long it has run, how many
// conflicts its sessions have met (when they count them, see
// logic.ConflictCounter), how many patterns it has found and, with
// Settings.ProgressCells, generation 0 as the solver sees it (see
// showCells). A nil *watch (no Progress) does nothing.
type watch struct {
	what     string // the problem, as the other reports name it
	report   func(Progress)
	every    time.Duration
	start    time.Time
	found    atomic.Int64
	mu       sync.Mutex
	loaded   bool // a session was added: the solver is at work
	counters []logic.ConflictCounter
	cells    bool      // Settings.ProgressCells
	board    *peekable // the session whose cells are shown, or nil
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
	w := &watch{what: what, report: locked, every: every, start: time.Now(), cells: set.ProgressCells, quit: make(chan struct{}), done: make(chan struct{})}
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
	if !w.loaded {
		w.mu.Unlock()
		return p
	}
	p.Phase = PhaseSearching
	for _, c := range w.counters {
		if k := c.Conflicts(); k >= 0 {
			p.Conflicts = max(p.Conflicts, 0) + k
		}
	}
	p.Found = int(w.found.Load())
	board := w.board
	w.mu.Unlock()
	if board != nil { // outside the lock: Peek waits for the search
		p.Cells, p.Known = board.peek()
	}
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

// showCells makes the reports show generation 0 of in as sess's running
// search sees it, when Settings.ProgressCells asked for it and sess can
// show it (logic.Peeker).
func (w *watch) showCells(in *Instance, sess logic.Session) {
	if w == nil || !w.cells {
		return
	}
	pk, ok := sess.(logic.Peeker)
	if !ok {
		return
	}
	p := in.Problem
	b := &peekable{sess: pk, w: p.Width, h: p.Height, lits: make([]logic.Lit, 0, p.Width*p.Height)}
	for y := range p.Height {
		for x := range p.Width {
			l := in.Cell(0, x, y)
			b.lits = append(b.lits, l)
			if !l.IsConst() {
				b.vars = append(b.vars, l.Var())
			}
		}
	}
	b.vals = make([]int8, len(b.vars))
	w.mu.Lock()
	defer w.mu.Unlock()
	w.board = b
}

// A peekable is a session whose search shows its values of the cells of
// generation 0 of a w x h box, whose literals are lits, row by row; vars
// are the variables among them and vals the buffer for their values.
type peekable struct {
	sess logic.Peeker
	w, h int
	lits []logic.Lit
	vars []logic.Var
	vals []int8
}

// peek is generation 0 as the search sees it at the moment (see
// Progress.Cells), or nil, nil when no Solve runs.
func (b *peekable) peek() (cells, known *life.Board) {
	if len(b.vars) > 0 && !b.sess.Peek(b.vars, b.vals) {
		return nil, nil
	}
	cells, known = life.NewBoard(b.w, b.h), life.NewBoard(b.w, b.h)
	j := 0
	for i, l := range b.lits {
		x, y := i%b.w, i/b.w
		var v int8 // the literal's value
		switch {
		case l == logic.True:
			v = 1
		case l == logic.False:
			v = -1
		default:
			v = b.vals[j]
			j++
			if l.Negative() {
				v = -v
			}
		}
		known.Set(x, y, v != 0)
		cells.Set(x, y, v > 0)
	}
	return cells, known
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
