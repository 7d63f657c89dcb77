package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"

	"github.com/lifesat/lifesat/lifesat"
)

// The portfolio runs its members as child processes of this same
// program: gophersat cannot be stopped, nor run twice at once in one
// process, while a process can always be killed.

// workerCommand builds the command of one member; tests replace it.
var workerCommand = func(ctx context.Context, args []string) (*exec.Cmd, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return exec.CommandContext(ctx, self, args...), nil
}

// A member's outcome.
type outcome struct {
	k              int
	code           int
	stdout, stderr []byte
	restricted     bool
}

// race runs the strategies of p as workers, each the command cmd with
// args plus its own flags, and reports the first definitive outcome: a
// pattern found (exit 0), or "none exists" (exit 1) from a member that
// was not restricted. The other workers are killed. When no member is
// definitive, member 0's outcome stands.
func race(ctx context.Context, cmd []string, args []string, p lifesat.Problem, s *lifesat.Settings, jobs int, stdout, stderr io.Writer) (int, error) {
	strategies := lifesat.Strategies(p, s, jobs)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan outcome, len(strategies))
	var wg sync.WaitGroup
	for k, st := range strategies {
		wargs := append(append(append([]string{}, cmd...), args...),
			"-jobs=1", "-seed="+strconv.FormatUint(st.Settings.Seed, 10))
		if st.Problem.Symmetry != "" {
			wargs = append(wargs, "-sym="+string(st.Problem.Symmetry))
		}
		c, err := workerCommand(ctx, wargs)
		if err != nil {
			return 0, err
		}
		var out, errb bytes.Buffer
		c.Stdout, c.Stderr = &out, &errb
		c.Cancel = func() error { return c.Process.Signal(syscall.SIGKILL) }
		if err := c.Start(); err != nil {
			return 0, fmt.Errorf("portfolio: %w", err)
		}
		wg.Add(1)
		go func(k int, restricted bool) {
			defer wg.Done()
			err := c.Wait()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				code = exitUsage
			}
			results <- outcome{k, code, out.Bytes(), errb.Bytes(), restricted}
		}(k, st.Restricted)
	}
	go func() { wg.Wait(); close(results) }()
	var first *outcome
	for r := range results {
		if ctx.Err() != nil && r.code < 0 {
			continue // killed
		}
		definitive := r.code == exitFound || (r.code == exitNone && !r.restricted)
		if definitive {
			cancel()
			return emit(r, stdout, stderr)
		}
		if r.k == 0 {
			first = &r
		}
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if first == nil {
		return 0, errors.New("portfolio: no member finished")
	}
	return emit(*first, stdout, stderr)
}

// emit passes a member's output on and returns its exit status.
func emit(r outcome, stdout, stderr io.Writer) (int, error) {
	if _, err := stdout.Write(r.stdout); err != nil {
		return 0, err
	}
	if _, err := stderr.Write(r.stderr); err != nil {
		return 0, err
	}
	return r.code, nil
}
