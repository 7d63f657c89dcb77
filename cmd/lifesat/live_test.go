package main

import (
	"context"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/lifesat/lifesat/internal/procgroup"
)

// seenLines records the lines written and calls done once every member
// named in want has written one.
type seenLines struct {
	mu   sync.Mutex
	buf  strings.Builder
	want map[string]bool // member numbers not seen yet
	done func()
}

func (w *seenLines) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(b)
	for _, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		if rest, ok := strings.CutPrefix(l, "lifesat: member "); ok {
			k, _, _ := strings.Cut(rest, ": ")
			delete(w.want, k)
		}
	}
	if len(w.want) == 0 && w.done != nil {
		w.done()
		w.done = nil
	}
	return len(b), nil
}

// TestRaceReportsProgressLive: with -v, the members of a race report as
// they go, each line naming its member, while they still run; the lines
// of a single search name no member. The members here report, then wait
// to be killed: the race ends only when the test, having read a line of
// each, interrupts it.
func TestRaceReportsProgressLive(t *testing.T) {
	if !procgroup.CanPassPipes {
		t.Skipf("members' reports are not passed live on %s", runtime.GOOS)
	}
	real := memberCommand
	defer func() { memberCommand = real }()
	memberCommand = func(ctx context.Context, k int) (*exec.Cmd, error) {
		// A member's report: a lifesat.Progress as a JSON line.
		report := `cat >/dev/null; echo '{"Phase":"searching","What":"oscillator p7 9x9","Elapsed":1000000000,"Conflicts":-1}' >&3; exec sleep 60`
		return exec.CommandContext(ctx, "sh", "-c", report), nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &seenLines{want: map[string]bool{"0": true, "1": true}, done: cancel}
	code := run(ctx, &env{stdin: strings.NewReader(""), stdout: &strings.Builder{}, stderr: w}, []string{"osc", "-period", "7", "-size", "9x9", "-v", "-jobs", "2"})
	if code != exitStopped || len(w.want) != 0 || !strings.Contains(w.buf.String(), "lifesat: member 1: oscillator p7 9x9: searching for 1s\n") {
		t.Fatalf("exit %d, want %d (interrupted once both members reported); members not heard: %v; stderr:\n%s", code, exitStopped, w.want, w.buf.String())
	}
	memberCommand = real

	code, _, errs := lifesatCmd(t, "", "osc", "-period", "3", "-size", "16x16", "-v", "-jobs", "2")
	if code != exitFound || !regexp.MustCompile(`(?m)^lifesat: member \d+ answered: the (whole problem|\S+ sub-problem), seed \d+, (direct|knuth) encoding$`).MatchString(errs) {
		t.Errorf("a race with -v that finds: exit %d, stderr %q; want the line naming the member that answered", code, errs)
	}

	code, _, errs = lifesatCmd(t, "", "osc", "-period", "2", "-size", "6x6", "-v", "-jobs", "1")
	if code != exitFound || !strings.Contains(errs, "lifesat: oscillator p2 6x6: ") || strings.Contains(errs, "member") {
		t.Errorf("-jobs 1 -v: exit %d, stderr %q; want the reports with no member", code, errs)
	}
}
