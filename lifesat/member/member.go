package member

// The parent's side: Process, a lifesat.RaceOptions.Member that starts
// each member as a child process and reads its answer back.

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

	"github.com/lifesat/lifesat/internal/procgroup"
	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// Env is the environment variable that marks a process as member K of a
// race: its value is K. Command sets it; Serve reads it, and removes it
// from the environment before the member searches, so that the member's
// own children are not members.
const Env = "LIFESAT_RACE_MEMBER"

// progressFD is the member's descriptor of its progress pipe.
const progressFD = 3

// ErrProcess is wrapped by the errors of a member's process that ended
// without an answer of its own: it failed to start, crashed, or wrote
// something else than a job result.
var ErrProcess = errors.New("member: the member's process failed")

// Options tune Process. A nil *Options means the defaults, and so does
// the zero value of every field.
type Options struct {
	// Command makes the command that runs member k, before it is
	// started; nil means Command, this program run again. It may set
	// the command's path, arguments and environment (the child must
	// call Serve, and see Env); Process sets its standard streams, its
	// extra files, its process group and its cancellation.
	Command func(ctx context.Context, k int) (*exec.Cmd, error)
}

// Command is the command of member k: this program's own executable run
// again (on Linux through /proc/self/exe, which stays this process's file
// even when another is put at its path while the race runs), with Env set
// to k. It fails in a process that was started as a member but did not
// call Serve, which would otherwise start members of its own without end.
func Command(ctx context.Context, k int) (*exec.Cmd, error) {
	if v, ok := os.LookupEnv(Env); ok {
		return nil, fmt.Errorf("member: this process was started as race member %s but did not call member.Serve first in main", v)
	}
	self, err := procgroup.Self()
	if err != nil {
		return nil, err
	}
	c := exec.CommandContext(ctx, self)
	c.Args[0] = os.Args[0]
	c.Env = append(os.Environ(), Env+"="+strconv.Itoa(k))
	return c, nil
}

// Process returns a lifesat.RaceOptions.Member that runs each member of
// a race as a child process (opt.Command; by default this same program,
// whose main calls Serve first). The member's problem and settings go to
// the child as a job spec on its standard input, its share of the memory
// budget (Settings.MaxMemory) with them, and its answer comes back as a
// job result on its standard output, which lifesat.Race checks against
// the raced problem. When the member's Settings.Progress is set (Race
// sets it, marking the member, when the race's is), the child's reports
// come back on a pipe, its descriptor 3 (Linux only; elsewhere the member
// reports nothing), each a lifesat.Progress as a line of JSON, and are
// passed on to it as they come.
//
// The child runs in a process group of its own (internal/procgroup):
// when ctx ends the whole group is killed, and the Member returns
// ctx.Err() once it is reaped; what it leaves in its group is killed
// when it exits; on Linux it dies with this process, even by SIGKILL. A
// child killed by a signal from outside is no answer and no error. A
// child that fails otherwise is an error that wraps ErrProcess, with its
// standard error.
func Process(opt *Options) func(ctx context.Context, k int, st lifesat.Strategy) (*lifesat.Result, error) {
	command := Command
	if opt != nil && opt.Command != nil {
		command = opt.Command
	}
	return func(ctx context.Context, k int, st lifesat.Strategy) (*lifesat.Result, error) {
		sp, err := job.New(st.Problem, &st.Settings)
		if err != nil {
			return nil, err
		}
		in, err := json.Marshal(sp)
		if err != nil {
			return nil, err
		}
		c, err := command(ctx, k)
		if err != nil {
			return nil, err
		}
		procgroup.Own(c)
		var out, errb bytes.Buffer
		c.Stdin, c.Stdout, c.Stderr = bytes.NewReader(in), &out, &errb
		started, passed, err := passReports(c, st.Settings.Progress)
		if err != nil {
			return nil, err
		}
		err = c.Start()
		started()
		if err != nil {
			passed()
			if ctx.Err() != nil {
				return &lifesat.Result{Status: logic.Unknown}, ctx.Err()
			}
			return nil, fmt.Errorf("%w: %v", ErrProcess, err)
		}
		err = c.Wait()
		procgroup.Kill(c) // what it left in its group
		passed()          // its last reports are out before its answer
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
			if why == "" {
				why = "no job result: " + jerr.Error()
			}
			return nil, fmt.Errorf("%w: %s", ErrProcess, why)
		}
		return res.Lifesat()
	}
}

// passReports gives c the write end of a new pipe as its descriptor 3,
// on which it writes its reports as lines of JSON, and returns a function
// to call once c has started (it closes this process's copy of the write
// end and passes each report on to progress until every process holding
// the pipe has closed it) and one to wait for that. A line that is no
// report is skipped. With a nil progress, or where pipes cannot be
// passed, it does nothing.
func passReports(c *exec.Cmd, progress func(lifesat.Progress)) (started func(), wait func(), err error) {
	nothing := func() {}
	if progress == nil || !procgroup.CanPassPipes {
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
					progress(p)
				}
			}
			_, _ = io.Copy(io.Discard, r) // past a line too long: the member must not block
		}()
	}
	return started, func() { <-done }, nil
}
