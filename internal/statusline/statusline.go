// Package statusline draws the live line at the bottom of a terminal's
// standard error while long work runs: a spinner, a text, an optional
// count of work done with a small bar, and the time since the line
// began. Lines printed with Println appear above it; Done clears it.
//
// It is the small status line of lifesat's commands, in place of a
// progress-bar module (which brought net/http into every command):
//
//	l := statusline.New(os.Stderr, 80, 9) // an 80-column terminal, 9 runs
//	l.Set("counts: still life 3x3", 0)
//	l.Println("  a row of results")       // printed above the line
//	l.Set("counts: still life 4x4", 1)
//	l.Done()                              // the line is cleared
//
// drawn as "⠋ counts: still life 4x4 [#         ] (1/9) (3s)".
// The line redraws itself every second, so that the time runs, and at
// most every 100 ms when Set changes it. A nil *Line does nothing, so a
// caller without a terminal passes nil around. Every method is safe to
// call from several goroutines.
package statusline

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// A Line is one status line on a terminal.
type Line struct {
	mu     sync.Mutex
	w      io.Writer
	width  int // the terminal's columns
	total  int // the count's total; 0: no count
	start  time.Time
	text   string
	done   int
	shown  int // the runes of the line as last drawn
	drawn  time.Time
	frame  int
	stop   chan struct{}
	ended  chan struct{}
	closed bool
}

// spinner is the braille spinner of the line's first column.
var spinner = []rune("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

// Throttle is the least time between two drawings caused by Set.
const Throttle = 100 * time.Millisecond

// New starts a status line on w, a terminal of width columns (80 when
// width <= 0). total > 0 shows a count of done of total with a bar;
// total <= 0 shows the count of done alone when it is not zero.
func New(w io.Writer, width, total int) *Line {
	if width <= 0 {
		width = 80
	}
	l := &Line{w: w, width: width, total: total, start: time.Now(), stop: make(chan struct{}), ended: make(chan struct{})}
	go l.tick()
	return l
}

// tick redraws the line every second until Done.
func (l *Line) tick() {
	defer close(l.ended)
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
			l.mu.Lock()
			l.draw()
			l.mu.Unlock()
		}
	}
}

// Set changes the line's text and count of work done, and draws it unless
// it was drawn less than Throttle ago.
func (l *Line) Set(text string, done int) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.text, l.done = text, done
	if time.Since(l.drawn) >= Throttle {
		l.draw()
	}
}

// Println prints line, and a newline, above the status line.
func (l *Line) Println(line string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clear()
	fmt.Fprintln(l.w, line)
	l.draw()
}

// Done stops the line and clears it; it may be called more than once.
func (l *Line) Done() {
	if l == nil {
		return
	}
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return
	}
	l.closed = true
	l.mu.Unlock()
	close(l.stop)
	<-l.ended
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clear()
}

// draw writes the line over the one shown. It is called with mu held.
func (l *Line) draw() {
	if l.closed {
		return
	}
	l.frame++
	tail := ""
	switch {
	case l.total > 0:
		filled := min(10, 10*l.done/l.total)
		tail = fmt.Sprintf(" [%s%s] (%d/%d)", strings.Repeat("#", filled), strings.Repeat(" ", 10-filled), l.done, l.total)
	case l.done > 0:
		tail = fmt.Sprintf(" (%d)", l.done)
	}
	tail += fmt.Sprintf(" (%s)", time.Since(l.start).Round(time.Second))
	text := l.text
	room := l.width - 3 - utf8.RuneCountInString(tail) // the spinner, a blank, and a last column left free
	if n := utf8.RuneCountInString(text); n > room {
		if room > 3 {
			text = string([]rune(text)[:room-3]) + "..."
		} else {
			text = ""
		}
	}
	line := string(spinner[l.frame%len(spinner)]) + " " + text + tail
	n := utf8.RuneCountInString(line)
	pad := max(0, l.shown-n)
	fmt.Fprint(l.w, "\r"+line+strings.Repeat(" ", pad))
	l.shown = n
	l.drawn = time.Now()
}

// clear blanks the line shown and returns the cursor to its start. It is
// called with mu held.
func (l *Line) clear() {
	if l.shown > 0 {
		fmt.Fprint(l.w, "\r"+strings.Repeat(" ", l.shown)+"\r")
		l.shown = 0
	}
}

// Visible is what a terminal shows of one line written as s: a carriage
// return sends the cursor back to the first column, and what follows
// overwrites what was there. Trailing blanks are dropped.
func Visible(s string) string {
	var cells []rune
	col := 0
	for _, r := range s {
		if r == '\r' {
			col = 0
			continue
		}
		if col < len(cells) {
			cells[col] = r
		} else {
			cells = append(cells, r)
		}
		col++
	}
	return strings.TrimRight(string(cells), " ")
}
