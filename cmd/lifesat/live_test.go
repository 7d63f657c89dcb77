package main

import (
	"context"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lifesat/lifesat/internal/procgroup"
)

// timedLines records each line written and when it came.
type timedLines struct {
	mu    sync.Mutex
	start time.Time
	buf   strings.Builder
	at    map[string]time.Duration
}

func (w *timedLines) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(b)
	for _, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		if _, ok := w.at[l]; !ok {
			w.at[l] = time.Since(w.start)
		}
	}
	return len(b), nil
}

// TestRaceReportsProgressLive: with -v, the members of a race report as
// they go, each line naming its member, long before the race ends; the
// lines of a single search name no member.
func TestRaceReportsProgressLive(t *testing.T) {
	if !procgroup.CanPassPipes {
		t.Skipf("members' reports are not passed live on %s", runtime.GOOS)
	}
	w := &timedLines{start: time.Now(), at: map[string]time.Duration{}}
	// Period 7 in 9x9: nothing within the 3 seconds, so the race runs to
	// its end.
	code := run(context.Background(), &env{stdin: strings.NewReader(""), stdout: &strings.Builder{}, stderr: w}, []string{"osc", "-period", "7", "-size", "9x9", "-v", "-timeout", "3s", "-jobs", "2"})
	end := time.Since(w.start)
	if code != exitStopped {
		t.Fatalf("exit %d, want %d (the timeout); stderr:\n%s", code, exitStopped, w.buf.String())
	}
	members := map[string]bool{}
	for line, at := range w.at {
		rest, ok := strings.CutPrefix(line, "lifesat: member ")
		if !ok {
			continue
		}
		k, what, _ := strings.Cut(rest, ": ")
		if !strings.HasPrefix(what, "oscillator p7 9x9") {
			t.Errorf("member line %q does not name the member's problem", line)
		}
		if end-at > time.Second {
			members[k] = true // live: it came well before the end
		}
	}
	if !members["0"] || !members["1"] {
		t.Errorf("members reporting more than a second before the end: %v, want 0 and 1 (the first two) at least; stderr:\n%s", members, w.buf.String())
	}

	code, _, errs := lifesatCmd(t, "", "osc", "-period", "3", "-size", "16x16", "-v", "-jobs", "2")
	if code != exitFound || !regexp.MustCompile(`(?m)^lifesat: member \d+ answered: the (whole problem|\S+ sub-problem), seed \d+, (direct|knuth) encoding$`).MatchString(errs) {
		t.Errorf("a race with -v that finds: exit %d, stderr %q; want the line naming the member that answered", code, errs)
	}

	code, _, errs = lifesatCmd(t, "", "osc", "-period", "2", "-size", "6x6", "-v", "-jobs", "1")
	if code != exitFound || !strings.Contains(errs, "lifesat: oscillator p2 6x6: ") || strings.Contains(errs, "member") {
		t.Errorf("-jobs 1 -v: exit %d, stderr %q; want the reports with no member", code, errs)
	}
}
