package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"

	"github.com/lifesat/lifesat/internal/procgroup"
	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// The race's members run as child processes of this same program, "lifesat
// member K", for isolation: a process can always be killed, and a member's
// memory and solver die with it. The parent hands each member its problem
// and settings as a job spec on standard input, so no member reads a file
// the parent read; the member prints its job result on standard output,
// and lifesat.Race checks every pattern of it against the parent's own
// problem. With -v each member gets a pipe as its descriptor 3 (Linux:
// procgroup.CanPassPipes) and writes its progress there, "lifesat: member
// K: ...", which the parent passes on to its standard error as it comes.

// memberCommand builds the command of a member; tests replace it.
var memberCommand = defaultMemberCommand

// defaultMemberCommand runs this program's own file again, as "lifesat
// member K": on Linux through /proc/self/exe, which stays this process's
// file even when another is put at its path while the race runs.
func defaultMemberCommand(ctx context.Context, k int) (*exec.Cmd, error) {
	self, err := procgroup.Self()
	if err != nil {
		return nil, err
	}
	return exec.CommandContext(ctx, self, "member", strconv.Itoa(k)), nil
}

// memberProgressFD is the member's end of its progress pipe.
const memberProgressFD = 3

// processMember returns a lifesat.RaceOptions.Member that runs each member
// as a child process. A member whose settings have a Progress sends its
// reports back as they come, and they are passed on to it.
func processMember() func(ctx context.Context, k int, st lifesat.Strategy) (*lifesat.Result, error) {
	return func(ctx context.Context, k int, st lifesat.Strategy) (*lifesat.Result, error) {
		spec, err := job.New(st.Problem, &st.Settings)
		if err != nil {
			return nil, err
		}
		in, err := json.Marshal(spec)
		if err != nil {
			return nil, err
		}
		c, err := memberCommand(ctx, k)
		if err != nil {
			return nil, err
		}
		report := st.Settings.Progress
		if report != nil && procgroup.CanPassPipes {
			c.Args = append(c.Args, "-progress")
		}
		procgroup.Own(c)
		var out, errb bytes.Buffer
		c.Stdin, c.Stdout, c.Stderr = bytes.NewReader(in), &out, &errb
		started, passed, err := attachProgress(c, report)
		if err != nil {
			return nil, err
		}
		err = c.Start()
		started()
		if err != nil {
			passed()
			return nil, err
		}
		err = c.Wait()
		passed() // its last reports are out before its outcome
		if ctx.Err() != nil {
			return &lifesat.Result{Status: logic.Unknown}, ctx.Err()
		}
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() < 0 {
			// Killed from outside (by a signal): no answer, and no
			// error of the search's either.
			return &lifesat.Result{}, nil
		}
		var res job.Result
		if jerr := json.Unmarshal(out.Bytes(), &res); jerr != nil {
			why := strings.TrimSpace(errb.String())
			if why == "" && err != nil {
				why = err.Error()
			}
			return nil, fmt.Errorf("the member process failed: %s", why)
		}
		return res.Lifesat()
	}
}

// memberCmd is "lifesat member K [-progress]": one member of a race. It
// reads a job spec on standard input, searches, and writes the job result
// on standard output; with -progress, its reports go to the pipe it was
// handed as descriptor 3. Its memory limit is its share of the budget
// (the spec's MaxMemory) with a tenth of room.
func memberCmd(ctx context.Context, e *env, _ string, args []string) (int, error) {
	piped := len(args) == 2 && args[1] == "-progress"
	if len(args) != 1 && !piped {
		return 0, usageError{errors.New("member is run by the race: lifesat member K [-progress], a job spec on standard input")}
	}
	if _, err := strconv.Atoi(args[0]); err != nil {
		return 0, usageError{fmt.Errorf("member %q: want a number", args[0])}
	}
	spec, err := job.Decode(e.stdin)
	if err != nil {
		return 0, usageError{err}
	}
	if spec.MaxMemory > 0 && e.memoryLimit != nil {
		e.memoryLimit(spec.MaxMemory + spec.MaxMemory/10)
	}
	var report func(lifesat.Progress)
	if piped {
		if w := procgroup.InheritedPipe(memberProgressFD); w != nil {
			enc := json.NewEncoder(w)
			report = func(p lifesat.Progress) { _ = enc.Encode(p) } // one JSON line each
		}
	}
	res := job.Run(ctx, spec, report)
	if err := json.NewEncoder(e.stdout).Encode(res); err != nil {
		return 0, err
	}
	return exitFound, nil
}

// attachProgress gives c the write end of a new pipe as its descriptor 3,
// on which the member writes its reports as JSON lines, and returns a
// function to call once c has started (it closes this process's copy of
// the write end and passes each report on to report until c and every
// process holding the pipe have closed it) and one to wait for that.
// With a nil report, or where pipes cannot be passed, it does nothing.
func attachProgress(c *exec.Cmd, report func(lifesat.Progress)) (started func(), wait func(), err error) {
	nothing := func() {}
	if report == nil || !procgroup.CanPassPipes {
		return nothing, nothing, nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	c.ExtraFiles = []*os.File{w} // descriptor 3 in the child
	done := make(chan struct{})
	started = func() {
		w.Close()
		go func() {
			defer close(done)
			defer r.Close()
			sc := bufio.NewScanner(r)
			for sc.Scan() {
				var p lifesat.Progress
				if json.Unmarshal(sc.Bytes(), &p) == nil {
					report(p)
				}
			}
			_, _ = io.Copy(io.Discard, r) // past a line too long: the member must not block
		}()
	}
	return started, func() { <-done }, nil
}

// liveLines is a Writer to w that writes whole lines at a time, so that
// the race's own lines and its members' reports never overlap.
type liveLines struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *liveLines) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
