package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"time"

	"github.com/lifesat/lifesat/lifesat"
)

// The portfolio runs its members as child processes of this same
// program: a process can always be killed, and a member's memory and
// solver die with it. Every member is started by startOwned and reaped
// before race returns, on every way out (procs.go).

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

// maxJobs bounds -jobs: 4 members per core. Beyond that the members only
// share the cores, each slower, and memory grows with every member
// (measured: "still -size 6x6 -jobs 1000" took 38 s at a load of 51).
func maxJobs() int { return 4 * runtime.NumCPU() }

// memberMemoryEnv passes a member its share of the memory budget, in
// bytes: the members of a race share the machine's memory, so that the
// command's peak stays under 4 GB with any -jobs (README, "Known limits").
const memberMemoryEnv = "LIFESAT_MEMBER_MEMORY"

// memberMemory is this process's share of the memory budget when it is a
// member of a race, or 0.
func memberMemory() int64 {
	n, err := strconv.ParseInt(os.Getenv(memberMemoryEnv), 10, 64)
	if err != nil || n <= 0 {
		return 0
	}
	return n
}

// jobsThatFit is jobs, or fewer when the members' formulas would not fit
// the memory budget side by side (each gets lifesat.MaxMemory/jobs); at
// least 1. The whole problem is the largest member.
func jobsThatFit(p lifesat.Problem, s *lifesat.Settings, jobs int) int {
	need, err := lifesat.Memory(p, s)
	if err != nil || need <= 0 {
		return jobs // the search itself reports what is wrong
	}
	return max(1, min(jobs, int(lifesat.MaxMemory/need)))
}

// maxSymmetries bounds the restricted members of lifesat.Strategies (one
// per symmetry).
const maxSymmetries = 9

// race runs the strategies of p as workers, each the command cmd with
// args plus its own flags, jobs at a time, and reports the first
// definitive outcome: a pattern found (exit 0), "none exists" (exit 1)
// from a member that was not restricted, or an error (exit 2). A
// restricted member that ends without an answer (its sub-problem is
// empty) is replaced by the next strategy, so no core idles. The other
// workers are killed and reaped before race returns; timeout bounds the
// whole race. When no member is definitive, member 0's outcome stands.
// With live (-v), the members' progress reports are passed on as they
// come, and the member that answered is named (live.go).
func race(ctx context.Context, cmd []string, args []string, p lifesat.Problem, s *lifesat.Settings, jobs int, timeout time.Duration, live *liveLines, stdout, stderr io.Writer) (int, error) {
	strategies := lifesat.Strategies(p, s, jobs+2*maxSymmetries)
	if live != nil {
		stderr = live // the members' reports and the race's own lines, one at a time
	}
	ctx, cancel := withTimeout(ctx, timeout)
	defer cancel()
	results := make(chan outcome)
	running, next := 0, 0
	// Whatever happens, every started member is killed (by the context)
	// and reaped (by its goroutine) before race returns.
	defer func() {
		cancel()
		for ; running > 0; running-- {
			<-results
		}
	}()
	start := func() error {
		k, st := next, strategies[next]
		next++
		wargs := append(append(append([]string{}, cmd...), args...),
			"-jobs=1", "-seed="+strconv.FormatUint(st.Settings.Seed, 10),
			"-encoding="+string(st.Settings.Encoding))
		if st.Problem.Symmetry != "" {
			wargs = append(wargs, "-sym="+string(st.Problem.Symmetry))
		}
		c, err := workerCommand(ctx, wargs)
		if err != nil {
			return err
		}
		if c.Env == nil {
			c.Env = os.Environ()
		}
		c.Env = append(c.Env, memberMemoryEnv+"="+strconv.FormatInt(lifesat.MaxMemory/int64(jobs), 10))
		var out, errb bytes.Buffer
		c.Stdout, c.Stderr = &out, &errb
		started, passed, err := live.attach(c, k)
		if err != nil {
			return fmt.Errorf("portfolio: %w", err)
		}
		err = startOwned(c)
		started()
		if err != nil {
			passed()
			return fmt.Errorf("portfolio: %w", err)
		}
		running++
		go func() {
			err := c.Wait()
			passed() // its last reports are out before its outcome
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				code = exitUsage
			}
			results <- outcome{k, code, out.Bytes(), errb.Bytes(), st.Restricted}
		}()
		return nil
	}
	for next < len(strategies) && next < jobs {
		if err := start(); err != nil {
			return 0, err
		}
	}
	var first *outcome
	for running > 0 {
		var r outcome
		select {
		case r = <-results:
			running--
		case <-ctx.Done():
			return 0, ctx.Err()
		}
		if r.code < 0 {
			continue // killed from outside
		}
		if r.code == exitFound || r.code == exitUsage || (r.code == exitNone && !r.restricted) {
			if live != nil && r.code == exitFound {
				fmt.Fprintf(stderr, "lifesat: member %d answered: %s\n", r.k, describeMember(strategies[r.k]))
			}
			return emit(r, stdout, stderr)
		}
		if r.k == 0 {
			first = &r
		}
		if next < len(strategies) && ctx.Err() == nil {
			if err := start(); err != nil {
				return 0, err
			}
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

// describeMember says what a member searched: "the D4+ sub-problem, seed
// 4, direct encoding".
func describeMember(st lifesat.Strategy) string {
	what := "the whole problem"
	if st.Restricted {
		what = "the " + string(st.Problem.Symmetry) + " sub-problem"
	}
	enc := st.Settings.Encoding
	if enc == "" {
		enc = lifesat.Direct
	}
	return fmt.Sprintf("%s, seed %d, %s encoding", what, st.Settings.Seed, enc)
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
