package plan

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/internal/cputime"
	"github.com/lifesat/lifesat/lifesat/job"
)

// ErrIndex is wrapped by the errors of task indices that name no task.
var ErrIndex = errors.New("plan: bad task index")

// Index is the task index a task runs: arg when it is not "", else the
// engine's, from its environment (getenv, such as os.Getenv):
// SLURM_ARRAY_TASK_ID (an array submitted as --array=0-N), Kubernetes'
// JOB_COMPLETION_INDEX (an Indexed Job), or GNU parallel's PARALLEL_SEQ,
// which counts from 1, less 1. It also names the engine for the record:
// "slurm JOB_TASK", "kubernetes INDEX", "parallel SEQ" or "local".
func Index(arg string, getenv func(string) string) (int, string, error) {
	engine := "local"
	src, val := "the argument", arg
	switch {
	case getenv("SLURM_ARRAY_TASK_ID") != "":
		engine = "slurm " + getenv("SLURM_ARRAY_JOB_ID") + "_" + getenv("SLURM_ARRAY_TASK_ID")
		if arg == "" {
			src, val = "SLURM_ARRAY_TASK_ID", getenv("SLURM_ARRAY_TASK_ID")
		}
	case getenv("JOB_COMPLETION_INDEX") != "":
		engine = "kubernetes " + getenv("JOB_COMPLETION_INDEX")
		if arg == "" {
			src, val = "JOB_COMPLETION_INDEX", getenv("JOB_COMPLETION_INDEX")
		}
	case getenv("PARALLEL_SEQ") != "":
		engine = "parallel " + getenv("PARALLEL_SEQ")
		if arg == "" {
			src, val = "PARALLEL_SEQ", getenv("PARALLEL_SEQ")
		}
	}
	if val == "" {
		return 0, "", fmt.Errorf("%w: no task index: give one, or run under Slurm (SLURM_ARRAY_TASK_ID), Kubernetes (JOB_COMPLETION_INDEX) or GNU parallel (PARALLEL_SEQ)", ErrIndex)
	}
	i, err := strconv.Atoi(val)
	if err != nil {
		return 0, "", fmt.Errorf("%w: %s is %q, not a number", ErrIndex, src, val)
	}
	if src == "PARALLEL_SEQ" {
		i-- // parallel counts jobs from 1
	}
	if i < 0 {
		return 0, "", fmt.Errorf("%w: %s gives task %d", ErrIndex, src, i)
	}
	return i, engine, nil
}

// TaskOptions tune RunTask. A nil *TaskOptions means the defaults, and so
// does the zero value of every field.
type TaskOptions struct {
	// Engine names where the task runs, for its record; "" means "local".
	Engine string
	// Progress, when not nil, hears the search's reports.
	Progress func(lifesat.Progress)
	// Poll is how often a task of a split looks whether another task
	// has found the answer; 0 means every second.
	Poll time.Duration
}

// What RunTask did.
type Outcome int

const (
	// Ran: the search ran and its result file was written.
	Ran Outcome = iota
	// Skipped: the task had a result file already; nothing ran.
	Skipped
	// Superseded: another task of the split found the answer, before
	// this one started or while it ran; no result file was written.
	Superseded
)

func (o Outcome) String() string {
	switch o {
	case Skipped:
		return "skipped"
	case Superseded:
		return "superseded"
	}
	return "ran"
}

// FoundFile is the name of the file in a split's results folder that
// says which task found the answer: two lines, the task's index and the
// manifest's fingerprint. Running tasks look for it and stop; an engine's
// script reads its first line to know whether its own task found the
// answer (and then cancels the others).
const FoundFile = "found"

// RunTask runs task t of the manifest with header h (as ReadTask or Read
// reads them) and writes its result file in dir, which it
// creates if need be. A task whose result file exists and is valid is
// not run again (Skipped), so a killed or requeued array resumes where
// it stopped; a result file that is corrupt or foreign is an error, and
// is left alone. A task of a split does not start, or stops, once
// another task has found the answer (Superseded, no file written).
//
// The result file is written whole or not at all: to a temporary file
// in dir, synced, then renamed to ResultFile(i). Every pattern it holds
// is re-simulated first. A search that reaches the manifest's time limit
// is written as stopped, which is final; one that ctx stops (a signal,
// a cancelled job) writes nothing and returns ctx's error, so the task
// runs again on resume. A search that fails is written with the status
// "error" and its message, and RunTask returns no error: the failure is
// the task's result.
func RunTask(ctx context.Context, h *Header, t *Task, dir string, opt *TaskOptions) (*Record, Outcome, error) {
	var o TaskOptions
	if opt != nil {
		o = *opt
	}
	if o.Engine == "" {
		o.Engine = "local"
	}
	if o.Poll <= 0 {
		o.Poll = time.Second
	}
	i := t.Index
	if i < 0 || i >= h.Tasks {
		return nil, Ran, fmt.Errorf("%w: task %d: the manifest has tasks 0..%d", ErrIndex, i, h.Tasks-1)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, Ran, err
	}
	if rec, err := ReadRecord(h, t, dir); err != nil || rec != nil {
		return rec, Skipped, err
	}
	split := h.Kind == KindSplit
	if split {
		if _, ok := FoundBy(h, dir); ok {
			return nil, Superseded, nil
		}
	}
	run, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if h.LimitSeconds > 0 {
		var stop context.CancelFunc
		run, stop = context.WithTimeout(run, time.Duration(h.LimitSeconds*float64(time.Second)))
		defer stop()
	}
	superseded := errors.New("another task found the answer")
	if split {
		go func() {
			tick := time.NewTicker(o.Poll)
			defer tick.Stop()
			for {
				select {
				case <-run.Done():
					return
				case <-tick.C:
					if _, ok := FoundBy(h, dir); ok {
						cancel(superseded)
						return
					}
				}
			}
		}()
	}
	host, _ := os.Hostname()
	start := time.Now()
	rec := &Record{Format: Format, Manifest: h.Fingerprint, Index: i, ID: t.ID,
		Host: host, Engine: o.Engine, Started: start.UTC().Round(time.Millisecond)}
	cpu := cputime.Process()
	sp := t.Spec
	res := job.Run(run, &sp, o.Progress)
	rec.WallSeconds = time.Since(start).Seconds()
	rec.CPUSeconds = max(0, (cputime.Process() - cpu).Seconds())
	rec.Result = *res
	// A search stopped from outside writes nothing: it runs again on
	// resume. One that ended first keeps its answer.
	if res.Status == job.Stopped {
		switch {
		case ctx.Err() != nil:
			return nil, Ran, ctx.Err()
		case context.Cause(run) == superseded:
			return nil, Superseded, nil
		}
	}
	// The answer as it will be read back, re-simulated.
	if _, err := rec.Patterns(t); err != nil {
		return nil, Ran, fmt.Errorf("plan: task %d: internal error: %v", i, err)
	}
	data, err := json.MarshalIndent(rec, "", " ")
	if err != nil {
		return nil, Ran, err
	}
	if err := writeAtomic(dir, ResultFile(i), append(data, '\n')); err != nil {
		return nil, Ran, err
	}
	if split && res.Status == job.Found {
		mark := fmt.Sprintf("%d\n%s\n", i, h.Fingerprint)
		if err := writeAtomic(dir, FoundFile, []byte(mark)); err != nil {
			return rec, Ran, err
		}
	}
	return rec, Ran, nil
}

// beforeRename, when not nil, is called by writeAtomic between the
// temporary file's sync and its rename: the tests kill a task there.
var beforeRename func()

// FoundBy reports which task of the split with header h found its
// answer, as the FoundFile of dir says, when that task's result file is
// of this manifest and says found. It does not re-simulate the answer: a
// FoundFile only stops tasks, and Collect checks the answer itself.
func FoundBy(h *Header, dir string) (int, bool) {
	data, err := os.ReadFile(filepath.Join(dir, FoundFile))
	if err != nil || len(data) > 1<<10 {
		return 0, false
	}
	lines := strings.Split(string(data), "\n")
	if len(lines) != 3 || lines[1] != h.Fingerprint || lines[2] != "" {
		return 0, false
	}
	i, err := strconv.Atoi(lines[0])
	if err != nil || i < 0 || i >= h.Tasks {
		return 0, false
	}
	data, err = os.ReadFile(filepath.Join(dir, ResultFile(i)))
	if err != nil || len(data) > MaxResult {
		return 0, false
	}
	rec, err := DecodeRecord(data)
	if err != nil || rec.Manifest != h.Fingerprint || rec.Index != i || rec.Result.Status != job.Found {
		return 0, false
	}
	return i, true
}

// writeAtomic writes data to dir/name whole or not at all: to a
// temporary file in dir, synced to disk, renamed over name, and the
// folder synced so that the rename lasts. A reader never sees part of
// the file, and a writer killed on the way leaves only a temporary file
// whose name starts with ".".
func writeAtomic(dir, name string, data []byte) error {
	f, err := os.CreateTemp(dir, "."+name+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp) // after a failure; after the rename there is nothing to remove
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if beforeRename != nil {
		beforeRename()
	}
	if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
