package plan_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat/plan"
)

// driverEnv makes the test binary a tiny stand-in for the lifesat
// command, for the engines' tests (the command itself is elsewhere):
//
//	plan.test task MANIFEST [I]    RunTask, the index from the engine when I is not given
//	plan.test collect MANIFEST     Collect, the table as CSV on stdout
//
// with the command's exit statuses: 0 done (task: it has its result or
// was superseded; collect: found or complete), 1 (task: the search
// failed; collect: a split with no answer), 2 bad input, 3 (task: stopped
// by a signal, nothing written; collect: incomplete).
const driverEnv = "LIFESAT_PLAN_DRIVER"

// pauseEnv, in driver mode, names a file that a task creates when its
// result is written to the temporary file and about to be renamed;
// then the task waits to be killed.
const pauseEnv = "LIFESAT_PLAN_PAUSE"

func TestMain(m *testing.M) {
	if os.Getenv(driverEnv) != "" {
		if mark := os.Getenv(pauseEnv); mark != "" {
			*plan.BeforeRename = func() {
				os.WriteFile(mark, nil, 0o644)
				time.Sleep(time.Hour) // until killed
			}
		}
		os.Exit(driver(os.Args[1:]))
	}
	os.Exit(m.Run())
}

func driver(args []string) int {
	fail := func(code int, err error) int {
		fmt.Fprintln(os.Stderr, "lifesat:", err)
		return code
	}
	if len(args) < 2 {
		return fail(2, errors.New("usage: task MANIFEST [I] | collect MANIFEST"))
	}
	f, err := os.Open(args[1])
	if err != nil {
		return fail(2, err)
	}
	m, err := plan.Read(f)
	f.Close()
	if err != nil {
		return fail(2, err)
	}
	dir := plan.ResultsDir(args[1])
	switch args[0] {
	case "task":
		arg := ""
		if len(args) > 2 {
			arg = args[2]
		}
		i, engine, err := plan.Index(arg, os.Getenv)
		if err != nil {
			return fail(2, err)
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		rec, out, err := plan.RunTask(ctx, m, dir, i, &plan.TaskOptions{Engine: engine,
			Progress: func(format string, args ...any) { fmt.Fprintf(os.Stderr, format+"\n", args...) }})
		switch {
		case errors.Is(err, context.Canceled):
			return fail(3, fmt.Errorf("task %d stopped; no result written", i))
		case errors.Is(err, plan.ErrIndex), errors.Is(err, plan.ErrResult):
			return fail(2, err)
		case err != nil:
			return fail(1, err)
		}
		fmt.Printf("task %d: %s", i, out)
		if rec != nil {
			fmt.Printf(" %s", rec.Result.Status)
		}
		fmt.Println()
		if rec != nil && rec.Result.Status == "error" {
			return 1
		}
		return 0
	case "collect":
		t, err := plan.Collect(m, dir)
		if err != nil {
			return fail(2, err)
		}
		if err := t.WriteCSV(os.Stdout); err != nil {
			return fail(2, err)
		}
		fmt.Fprintf(os.Stderr, "%s: %d tasks, %d missing %v\n", t.Summary.Verdict, t.Summary.Tasks, t.Summary.Missing, t.Summary.MissingTasks)
		switch t.Summary.Verdict {
		case plan.VerdictFound, plan.VerdictComplete:
			return 0
		case plan.VerdictNone:
			return 1
		}
		return 3
	}
	return fail(2, fmt.Errorf("unknown command %q", args[0]))
}
