package statusline_test

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/lifesat/lifesat/internal/statusline"
)

// buffer is a bytes.Buffer safe for the line's own goroutine.
type buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestLine: the status is drawn, cut to fit;
// printed lines stand above the status line, which is cleared before them
// and after Done; no drawing is wider than the terminal. Nothing here
// depends on when the line's own redraws come.
func TestLine(t *testing.T) {
	var w buffer
	l := statusline.New(&w, 40, 9)
	l.Set("counts: count still life 3x3, seed 1 and more words", 0)
	l.Println("  row one")
	l.Set("counts: 4x4", 1)
	l.Println("  row two")
	l.Done()
	l.Done() // again: nothing

	text := w.String()
	if !strings.Contains(text, " counts: co...") || !strings.Contains(text, "(0/9)") {
		t.Errorf("the status is never drawn: %q", text)
	}
	for _, part := range strings.Split(text, "\r") {
		if !strings.Contains(part, "\n") && utf8.RuneCountInString(part) >= 40 {
			t.Errorf("a drawing of %d columns on a 40-column terminal: %q", utf8.RuneCountInString(part), part)
		}
	}
	lines := strings.Split(text, "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines, want the two printed and the status's last: %q", len(lines), text)
	}
	for i, want := range []string{"  row one", "  row two", ""} {
		if got := statusline.Visible(lines[i]); got != want {
			t.Errorf("line %d shows %q, want %q (written %q)", i, got, want, lines[i])
		}
	}
}

// A nil *Line does nothing.
func TestNil(t *testing.T) {
	var l *statusline.Line
	l.Set("x", 1)
	l.Println("y")
	l.Done()
}

// Without a total, the count shows only once something is done.
func TestNoTotal(t *testing.T) {
	var w buffer
	l := statusline.New(&w, 80, 0)
	l.Set("searching", 0)
	l.Done()
	if text := w.String(); strings.Contains(text, "(0)") || !strings.Contains(text, "searching") {
		t.Errorf("no total, nothing done: %q", text)
	}
}
