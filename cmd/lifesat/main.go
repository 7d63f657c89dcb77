// Command lifesat finds Game of Life patterns with a SAT solver.
//
// Usage:
//
//	lifesat still -size WxH [flags]                a still life in a W x H box
//	lifesat osc -period P -size WxH [flags]        an oscillator of period P
//	lifesat ship -period P -shift DX,DY -size WxH  a spaceship
//	lifesat search FILE [-period P] [flags]        the search of a template (LLS file or picture)
//	lifesat pred [-steps N] [-mode M] [FILE|-]     a predecessor of a pattern
//	lifesat max -size WxH [flags]                  a maximum-density still life
//	lifesat count still|osc|ship -size WxH         the number of such patterns
//	lifesat step [-n N] [FILE|-]                   simulate a pattern N generations
//	lifesat cnf still|osc|ship [flags]             the DIMACS of a search, for any solver
//
// Patterns are printed in the box frame (RLE by default), several of them
// separated by a blank line. The exit status is like grep's: 0 found, 1
// proved that no such pattern exists, 2 bad usage or input, 3 stopped by
// -timeout or a signal (SIGINT, SIGTERM, SIGHUP) before an answer. No
// process the command starts outlives it.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
)

// Exit statuses.
const (
	exitFound   = 0
	exitNone    = 1
	exitUsage   = 2 // also any other error, as grep does
	exitStopped = 3
)

func main() {
	os.Exit(mainCode(os.Args[1:]))
}

// stopSignals end the command with exit status 3: an interrupt, and what
// timeout(1), schedulers and container runtimes send (SIGTERM), and a
// closed terminal (SIGHUP).
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// graceTime is how long the command may take to stop after a signal before
// it kills its descendants and exits anyway.
const graceTime = 2 * time.Second

// mainCode is main without os.Exit: it runs the command and, on every way
// out (a panic included), kills and reaps every process the command
// started. A signal cancels the command's context; a second signal, or
// graceTime without an end, kills the descendants and exits at once.
func mainCode(args []string) int {
	adoptOrphans()
	defer killDescendants()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, stopSignals...)
	defer signal.Stop(sigs)
	go func() {
		<-sigs
		cancel()
		select {
		case <-sigs:
		case <-time.After(graceTime):
		}
		killDescendants()
		fmt.Fprintln(os.Stderr, "lifesat: interrupted before an answer")
		os.Exit(exitStopped)
	}()
	return run(ctx, args, os.Stdin, os.Stdout, os.Stderr)
}

const usage = `lifesat finds Game of Life patterns with a SAT solver.

Usage:
  lifesat still -size WxH [flags]                  a still life in a W x H box
  lifesat osc -period P -size WxH [flags]          an oscillator of period P
  lifesat ship -period P -shift DX,DY -size WxH    a spaceship moving (DX,DY) every P
  lifesat search FILE [-period P] [flags]          the search of a template: an LLS search
                                                   pattern or a picture with ? for unknown cells
  lifesat pred [-steps N] [-mode M] [FILE|-]       a predecessor of a pattern
  lifesat max -size WxH [flags]                    a still life (or -period 2
                                                   oscillator) of maximum density
  lifesat count still|osc|ship -size WxH [flags]   the number of such patterns
  lifesat step [-n N] [-rule R] [FILE|-]           simulate a pattern N generations
  lifesat cnf still|osc|ship [flags]               print the DIMACS CNF of a search

Run "lifesat COMMAND -h" for the flags of a command.
Exit status: 0 found, 1 no such pattern exists, 2 bad usage or input,
3 stopped by -timeout or an interrupt before an answer.
`

// run is the whole command, with its environment passed in for tests.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	cmd, rest := args[0], args[1:]
	var err error
	var code int
	switch cmd {
	case "still", "osc", "ship", "search":
		code, err = search(ctx, cmd, rest, stdout, stderr)
	case "pred":
		code, err = pred(ctx, rest, stdin, stdout, stderr)
	case "max":
		code, err = maximize(ctx, rest, stdout, stderr)
	case "count":
		code, err = countCmd(ctx, rest, stdout, stderr)
	case "bench":
		err = usageError{errors.New("the timing suites are a command of their own: lifesat-bench (go run ./cmd/lifesat-bench -h)")}
	case "cnf":
		code, err = cnf(ctx, rest, stdout, stderr)
	case "step":
		code, err = step(ctx, rest, stdin, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitFound
	default:
		err = usageError{fmt.Errorf("unknown command %q", cmd)}
	}
	if err != nil {
		var ue usageError
		switch {
		case errors.As(err, &ue):
			if errors.Is(err, errHelp) {
				return exitFound // help was asked for and given
			}
			fmt.Fprintln(stderr, message(err))
			return exitUsage
		case errors.Is(err, context.DeadlineExceeded):
			fmt.Fprintln(stderr, "lifesat: stopped by -timeout before an answer")
			return exitStopped
		case errors.Is(err, context.Canceled):
			fmt.Fprintln(stderr, "lifesat: interrupted before an answer")
			return exitStopped
		default:
			fmt.Fprintln(stderr, message(err))
			return exitUsage
		}
	}
	return code
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

// errHelp is a request for help (-h), already answered by the flag set.
var errHelp = errors.New("help requested")
