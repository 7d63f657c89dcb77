package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// A status is the live line at the bottom of a terminal's standard error
// while a suite runs: the suite, the run under way, the runs done of the
// suite's total and the time since the suite began. The measured rows are
// printed above it as they come. It shows only when standard error is a
// terminal; a nil *status does nothing.
type status struct {
	mu    sync.Mutex // the line and the rows printed above it
	w     io.Writer
	bar   *progressbar.ProgressBar
	suite string
	width int // the terminal's columns
	stop  chan struct{}
	ended chan struct{}
}

// statusWidth is the room the bar, the count and the time take on the
// line, beside the description.
const statusWidth = 40

// newStatus starts the status line of a suite of total runs on w, a
// terminal of the given width in columns.
func newStatus(w io.Writer, suite string, total, width int) *status {
	s := &status{w: w, suite: suite, width: width, stop: make(chan struct{}), ended: make(chan struct{})}
	s.bar = progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(s.describe("starting")),
		progressbar.OptionSetWidth(10),
		progressbar.OptionShowCount(),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetPredictTime(false), // the runs' times differ too much
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
	go s.tick()
	return s
}

// describe is the line's text for the run under way, cut to fit.
func (s *status) describe(what string) string {
	text := s.suite + ": " + what
	if room := s.width - statusWidth; room > 10 && len(text) > room {
		text = text[:room-3] + "..."
	}
	return text
}

// tick redraws the line every second, so that the time runs.
func (s *status) tick() {
	defer close(s.ended)
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			s.mu.Lock()
			_ = s.bar.RenderBlank()
			s.mu.Unlock()
		}
	}
}

// starting says which run begins and how many are done.
func (s *status) starting(what string, done int) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bar.Describe(s.describe(what))
	_ = s.bar.Set(done)
}

// println prints a line above the status line, or alone without one.
func (s *status) println(w io.Writer, line string) {
	if s == nil {
		fmt.Fprintln(w, line)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_ = s.bar.Clear()
	fmt.Fprintln(s.w, line)
	_ = s.bar.RenderBlank()
}

// done clears the line for good.
func (s *status) done() {
	if s == nil {
		return
	}
	close(s.stop)
	<-s.ended
	s.mu.Lock()
	defer s.mu.Unlock()
	_ = s.bar.Finish()
	_ = s.bar.Clear()
}
