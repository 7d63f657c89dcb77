package plan_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/plan"
)

// driverEnv makes the test binary a tiny stand-in for the lifesat
// command, for the engines' tests (the command itself lives elsewhere):
//
//	plan.test task [-results DIR] [-batch B] MANIFEST [I]
//	plan.test collect [-results DIR] [-csv FILE] [-json FILE] MANIFEST
//
// with the command's exit statuses: task 0 (it has its result, or was
// superseded), 1 (its search failed), 2 (bad input), 3 (stopped by a
// signal: nothing written); collect 0 (found, or a complete sweep), 1
// (none exists), 2 (bad input), 3 (incomplete).
const driverEnv = "LIFESAT_PLAN_DRIVER"

// pauseEnv, in driver mode, names a file that a task creates when its
// result is written to the temporary file and about to be renamed;
// then the task waits to be killed.
const pauseEnv = "LIFESAT_PLAN_PAUSE"

// holdEnv, in driver mode, is "I:FILE": task I, at the search's first
// report (its formula is built, the solver about to start), creates
// FILE and waits to be killed, unless FILE exists already.
const holdEnv = "LIFESAT_PLAN_HOLD"

// hostEnv and expiryEnv, in driver mode, set the worker's host name and
// the claims' expiry (TaskOptions.Host, Expiry), for the claims' tests.
const (
	hostEnv   = "LIFESAT_PLAN_HOST"
	expiryEnv = "LIFESAT_PLAN_EXPIRY"
)

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
	if len(args) == 0 {
		return fail(2, errors.New("usage: task|collect ..."))
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	results := fs.String("results", "", "results folder")
	csvFile := fs.String("csv", "", "table as CSV")
	jsonFile := fs.String("json", "", "table as JSON")
	batch := fs.Int("batch", 1, "tasks an index")
	if err := fs.Parse(args[1:]); err != nil || fs.NArg() < 1 {
		return fail(2, fmt.Errorf("usage: %s [flags] MANIFEST", args[0]))
	}
	dir := *results
	if dir == "" {
		dir = plan.ResultsDir(fs.Arg(0))
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		return fail(2, err)
	}
	defer f.Close()
	switch args[0] {
	case "task":
		i, engine, err := plan.Index(fs.Arg(1), os.Getenv)
		if err != nil {
			return fail(2, err)
		}
		h, tasks, err := plan.ReadTasks(f, i**batch, (i+1)**batch)
		if err != nil {
			return fail(2, err)
		}
		var m *plan.Manifest
		if h.Kind == plan.KindSplit {
			f.Seek(0, 0)
			if m, err = plan.Read(f); err != nil {
				return fail(2, err)
			}
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		timeUp := make(chan struct{})
		usr1 := make(chan os.Signal, 1)
		signal.Notify(usr1, syscall.SIGUSR1)
		go func() { <-usr1; close(timeUp) }()
		progress := func(lifesat.Progress) {}
		if h := os.Getenv(holdEnv); strings.HasPrefix(h, strconv.Itoa(i)+":") {
			mark := strings.TrimPrefix(h, strconv.Itoa(i)+":")
			if _, err := os.Stat(mark); err != nil {
				progress = func(lifesat.Progress) {
					os.WriteFile(mark, nil, 0o644)
					time.Sleep(time.Hour) // until killed
				}
			}
		}
		failed := false
		o := &plan.WorkOptions{TaskOptions: plan.TaskOptions{Engine: engine, Progress: progress, TimeUp: timeUp, Host: os.Getenv(hostEnv)},
			Report: func(r plan.Report) {
				status := ""
				switch {
				case r.Record != nil:
					status = " " + r.Record.Status()
					failed = failed || r.Record.Result.Status == "error"
				case r.Holder != nil:
					status = " by " + r.Holder.String()
				}
				fmt.Printf("task %s: %s%s\n", r.Task.Name(), r.Outcome, status)
			}}
		if d, err := time.ParseDuration(os.Getenv(expiryEnv)); err == nil {
			o.Expiry = d
			o.Heartbeat = d / 4
			o.Poll = d / 10
		}
		err = plan.Work(ctx, h, tasks, m, dir, o)
		switch {
		case errors.Is(err, context.Canceled), errors.Is(err, plan.ErrTimeUp):
			return fail(3, fmt.Errorf("task %d stopped; no result written", i))
		case errors.Is(err, plan.ErrIndex), errors.Is(err, plan.ErrResult):
			return fail(2, err)
		case err != nil:
			return fail(1, err)
		case failed:
			return 1
		}
		select {
		case <-timeUp:
			return fail(3, fmt.Errorf("the engine's time is up"))
		default:
		}
		return 0
	case "collect":
		m, err := plan.Read(f)
		if err != nil {
			return fail(2, err)
		}
		t, err := plan.Collect(m, dir)
		if err != nil {
			return fail(2, err)
		}
		for _, out := range []struct {
			name  string
			write func(*os.File) error
		}{
			{*csvFile, func(f *os.File) error { return t.WriteCSV(f) }},
			{*jsonFile, func(f *os.File) error { return t.WriteJSON(f) }},
		} {
			if out.name == "" {
				continue
			}
			f, err := os.Create(out.name)
			if err != nil {
				return fail(2, err)
			}
			if err := out.write(f); err != nil {
				return fail(2, err)
			}
			if err := f.Close(); err != nil {
				return fail(2, err)
			}
		}
		s := t.Summary
		fmt.Printf("%s: %d tasks, %d found, %d none, %d stopped, %d failed, %d missing %v\n",
			s.Verdict, s.Tasks, s.Found, s.None, s.Stopped, s.Failed, s.Missing, s.MissingTasks)
		switch s.Verdict {
		case plan.VerdictFound, plan.VerdictComplete:
			return 0
		case plan.VerdictNone:
			return 1
		}
		return 3
	}
	return fail(2, fmt.Errorf("unknown command %q", args[0]))
}
