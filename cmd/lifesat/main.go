//go:generate env LIFESAT_UPDATE_DOC=1 go test -run TestPackageDocIsTheUsage .

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/lifesat/lifesat/internal/procgroup"
	_ "github.com/lifesat/lifesat/lifesat/density" // Count and Maximize hand plain problems to its row programs
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/member"
	"golang.org/x/term"
)

// Exit statuses.
const (
	exitFound   = 0
	exitNone    = 1
	exitUsage   = 2 // also any other error, as grep does
	exitStopped = 3
)

func main() {
	member.Serve() // a race's member searches here, and exits
	os.Exit(mainCode(os.Args[1:]))
}

// stopSignals end the command with exit status 3: an interrupt, and what
// timeout(1), schedulers and container runtimes send (SIGTERM), and a
// closed terminal (SIGHUP).
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// graceTime is how long the command may take to stop after a signal before
// it kills its descendants and exits anyway; timeoutGrace the same after
// -timeout, so that a command stopped by -timeout D ends within D plus
// half a second even while it waits on a read or a write that never
// returns (standard input nobody writes, standard output nobody reads).
const (
	graceTime    = 2 * time.Second
	timeoutGrace = 500 * time.Millisecond
)

// mainCode is main without os.Exit: it runs the command and, on every way
// out (a panic included), kills and reaps every process the command
// started. A signal cancels the command's context; a second signal, or
// graceTime without an end, kills the descendants and exits at once.
func mainCode(args []string) int {
	procgroup.AdoptOrphans()
	defer procgroup.KillDescendants()
	defer logic.WaitRemovals() // a stopped solver's proof, unlinked after the answer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, stopSignals...)
	defer signal.Stop(sigs)
	var ended exitAfter // run's exit status, once it has returned
	stop := func(why string) {
		procgroup.KillDescendants()
		code, words := ended.lastWords(why)
		if words != "" {
			fmt.Fprintln(os.Stderr, words)
		}
		os.Exit(code)
	}
	go func() {
		<-sigs
		cancel()
		select {
		case <-sigs:
		case <-time.After(graceTime):
		}
		stop("interrupted before an answer")
	}()
	e := &env{
		stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr,
		stdinTerminal:  term.IsTerminal(int(os.Stdin.Fd())),
		stderrTerminal: term.IsTerminal(int(os.Stderr.Fd())),
		stderrWidth:    terminalWidth(int(os.Stderr.Fd())),
		limit: func(d time.Duration) {
			time.AfterFunc(d+timeoutGrace, func() { stop("stopped by -timeout before an answer") })
		},
	}
	code := run(ctx, e, args)
	ended.set(code)
	return code
}

// exitAfter is the exit status of a command that has returned (and is
// removing a stopped solver's files, which can outlast a limit's grace
// on large proofs), or nothing before then.
type exitAfter struct{ code atomic.Int32 } // the status + 1; 0 before

func (a *exitAfter) set(code int) { a.code.Store(int32(code) + 1) }

// lastWords is what a limit (-timeout's, or a second signal's) ends the
// process with when it comes, why being the reason it names: before the
// command has returned, exit status 3 and the line "lifesat: why"; after,
// the command's own status and no line, since its answer, or its
// error, is already out.
func (a *exitAfter) lastWords(why string) (int, string) {
	if c := a.code.Load(); c > 0 {
		return int(c - 1), ""
	}
	return exitStopped, "lifesat: " + why
}

// An env is what a command runs in: its standard streams, what they are,
// and the hard time limit. Tests make their own.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	stdinTerminal  bool // standard input is a terminal: say that it is read
	stderrTerminal bool // standard error is a terminal: live status lines
	stderrWidth    int  // its columns, 0 when unknown
	// limit, when not nil, ends the whole process (exit status 3)
	// timeoutGrace after d, whatever it is doing then.
	limit    func(d time.Duration)
	deadline time.Time // of -timeout, once armed
}

// arm starts the command's time limit of d from now, once: the deadline
// of withTimeout and the hard limit. A command arms it as soon as its
// flags are read, so that reading its files counts too.
func (e *env) arm(d time.Duration) {
	if d <= 0 || !e.deadline.IsZero() {
		return
	}
	e.deadline = time.Now().Add(d)
	if e.limit != nil {
		e.limit(d)
	}
}

// withTimeout bounds ctx by the time limit d (armed now, unless it was
// before).
func (e *env) withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	e.arm(d)
	if e.deadline.IsZero() {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, e.deadline)
}

// run is the whole command, with its environment passed in for tests.
func run(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, usage())
		return exitUsage
	}
	code, err := dispatch(ctx, e, args[0], args[1:])
	if err == nil {
		return code
	}
	var ue usageError
	switch {
	case errors.Is(err, errHelp):
		return exitFound // help was asked for and given
	case errors.As(err, &ue):
		fmt.Fprintln(e.stderr, message(err))
		return exitUsage
	case errors.Is(err, context.DeadlineExceeded):
		fmt.Fprintln(e.stderr, "lifesat: stopped by -timeout before an answer")
		return exitStopped
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(e.stderr, "lifesat: interrupted before an answer")
		return exitStopped
	}
	fmt.Fprintln(e.stderr, message(err))
	return exitUsage
}

// message is err as a one-line message that starts "lifesat:" once (the
// library's errors already do).
func message(err error) string {
	msg := strings.ReplaceAll(err.Error(), "\n", " ")
	if !strings.HasPrefix(msg, "lifesat: ") {
		msg = "lifesat: " + msg
	}
	return msg
}

// A usageError is bad usage or bad input: exit status 2.
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

// errHelp is a request for help (-h), already answered.
var errHelp = errors.New("help requested")

// terminalWidth is the columns of the terminal fd, 0 when it is none.
func terminalWidth(fd int) int {
	w, _, err := term.GetSize(fd)
	if err != nil {
		return 0
	}
	return w
}
