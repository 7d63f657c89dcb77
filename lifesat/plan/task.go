package plan

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/internal/cputime"
	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// ErrIndex is wrapped by the errors of task indices that name no task.
var ErrIndex = errors.New("plan: bad task index")

// Index is the task index a task runs: arg when it is not "", else the
// engine's, from its environment (getenv, such as os.Getenv):
// SLURM_ARRAY_TASK_ID (an array submitted as --array=0-N), Kubernetes'
// JOB_COMPLETION_INDEX (an Indexed Job), or GNU parallel's PARALLEL_SEQ,
// which counts from 1, less 1. It also names the engine for the record:
// "slurm JOB_TASK", "kubernetes INDEX", "parallel SEQ", "slurm JOB rank
// R" (a task of a Slurm job that is no array, such as the srun job of
// a Slurm script's --wait, which gives the index as arg) or "local".
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
	case getenv("SLURM_JOB_ID") != "":
		engine = "slurm " + getenv("SLURM_JOB_ID") + " rank " + getenv("SLURM_PROCID")
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
	// Poll is how often a running task looks whether another task of
	// the split has found the answer, or another worker its own result;
	// 0 means every second.
	Poll time.Duration
	// TimeUp, when it is closed, says that the engine's time for this
	// worker is up (Slurm's --signal, GNU parallel's --timeout): a task
	// of a split that re-splits cuts its cube at once, as at its time
	// limit; any other task stops and writes nothing (ErrTimeUp), and
	// runs again on resume.
	TimeUp <-chan struct{}
	// Host names the machine in the record and the claim; "" means
	// os.Hostname. Heartbeat and Expiry are the claims' (0 means the
	// constants of those names): every worker of a plan must agree on
	// Expiry.
	Host      string
	Heartbeat time.Duration
	Expiry    time.Duration
}

// ErrTimeUp is returned by RunTask and Work when TaskOptions.TimeUp
// stopped a task that then wrote nothing.
var ErrTimeUp = errors.New("plan: the engine's time is up")

// What RunTask did.
type Outcome int

const (
	// Ran: the search ran and its result file was written.
	Ran Outcome = iota
	// Skipped: the task had a result file already; nothing ran.
	Skipped
	// Superseded: another task of the split found the answer, before
	// this one started (nothing written) or while it ran (a record
	// StatusSuperseded, with the time spent).
	Superseded
	// Claimed: another live worker holds the task's claim, or took it
	// over while this one ran; this one wrote nothing.
	Claimed
)

func (o Outcome) String() string {
	switch o {
	case Skipped:
		return "skipped"
	case Superseded:
		return "superseded"
	case Claimed:
		return "claimed"
	}
	return "ran"
}

// FoundFile is the name of the file in a split's results folder that
// says which task found the answer: two lines, the task's name and the
// manifest's fingerprint. Running tasks look for it and stop; an
// engine's script looks for it to cancel the indices not yet started.
const FoundFile = "found"

// RunTask runs task t of the manifest with header h (as ReadTask or Read
// reads them, or a sub-task of a re-split) and writes its result file in
// dir, which it creates if need be. A task whose result file exists and
// is valid is not run again (Skipped), so a killed or requeued array
// resumes where it stopped; a result file that is corrupt or foreign is
// an error, and is left alone. A task of a split does not start once
// another task has found the answer (Superseded).
//
// While it runs, the task holds a claim in dir (ClaimFile), renewed
// every Heartbeat: a second worker on the same task finds it and returns
// Claimed at once, unless the claim is stale (its heartbeat older than
// Expiry, or its process gone), which it then takes over. A running task
// stops within a Poll when another task of its split finds the answer (a
// record StatusSuperseded is written, with the time spent), when another
// worker wrote its result, or when its claim was taken over (Claimed,
// nothing written).
//
// The result file is written whole or not at all, and never over another
// (a temporary file in dir, synced, then linked to its name: of two
// workers the first wins). Every pattern it holds is re-simulated first.
// A search that reaches the manifest's time limit is written as stopped,
// which is final, unless the split re-splits (Header.Resplit): then its
// cube is cut and the record says StatusSplit. One that ctx stops (a
// signal, a cancelled job) writes nothing and returns ctx's error, so
// the task runs again on resume. A search that fails is written with the
// status "error" and its message, and RunTask returns no error: the
// failure is the task's result.
//
// In a split that asks for proofs (Header.Proofs) the search writes its
// proof into a hidden temporary folder in dir; a result "none" records
// the SHA-256 of its formula and proof files (Record.Proof), and once
// the result file is written the folder takes its name, Task.ProofDir.
// A search that answers "none" without a proof is a failed task.
func RunTask(ctx context.Context, h *Header, t *Task, dir string, opt *TaskOptions) (*Record, Outcome, error) {
	cpu := recordCPU()
	rec, out, _, err := runTask(ctx, h, t, dir, options(opt), &cpu)
	return rec, out, err
}

// options fills in the defaults.
func options(opt *TaskOptions) TaskOptions {
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
	if o.Host == "" {
		o.Host, _ = os.Hostname()
	}
	if o.Heartbeat <= 0 {
		o.Heartbeat = Heartbeat
	}
	if o.Expiry <= 0 {
		o.Expiry = ClaimExpiry
	}
	return o
}

// Why a task's search was stopped from inside.
var (
	errLimit      = errors.New("the task's time limit")
	errTimeUp     = errors.New("the engine's time is up")
	errSuperseded = errors.New("another task found the answer")
	errElsewhere  = errors.New("another worker wrote the result")
	errLost       = errors.New("the claim was taken over")
)

// runTask is RunTask with the options filled in. Its record's CPU time
// counts from *cpu, the process's processor time when the worker's last
// record was measured (or 0, the process's start, for its first), and
// runTask moves *cpu to its own record's measure: so the checking and
// writing of one record count in the next, and the records of a worker
// add up to its process's time but for what follows its last measure.
// It returns the live claim of another worker when the outcome is
// Claimed.
func runTask(ctx context.Context, h *Header, t *Task, dir string, o TaskOptions, cpu *time.Duration) (*Record, Outcome, *Claim, error) {
	name := t.Name()
	if t.Index < 0 || t.Index >= h.Tasks {
		return nil, Ran, nil, fmt.Errorf("%w: task %s: the manifest has tasks 0..%d", ErrIndex, name, h.Tasks-1)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, Ran, nil, err
	}
	if rec, err := ReadRecord(h, t, dir); err != nil || rec != nil {
		return rec, Skipped, nil, err
	}
	split := h.Kind == KindSplit
	if split {
		if _, ok := FoundBy(h, dir); ok {
			return nil, Superseded, nil, nil
		}
	}
	me := myClaim(o.Host, o.Engine)
	cl, other, err := claim(filepath.Join(dir, t.ClaimFile()), me, o.Expiry)
	if err != nil {
		return nil, Ran, nil, err
	}
	if other != nil {
		return nil, Claimed, other, nil
	}
	defer cl.release()
	// The result may have been written between the look and the claim.
	if rec, err := ReadRecord(h, t, dir); err != nil || rec != nil {
		return rec, Skipped, nil, err
	}
	run, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if h.LimitSeconds > 0 {
		go overLimit(run, cancel, time.Duration(h.LimitSeconds*float64(time.Second)), wallLimit(&t.Spec))
	}
	go watch(run, cancel, h, t, dir, cl, o)
	start := time.Now()
	rec := &Record{Format: Format, Manifest: h.Fingerprint, Index: t.Index, Sub: t.Sub, ID: t.ID,
		Host: o.Host, Engine: o.Engine, Started: start.UTC().Round(time.Millisecond)}
	if beforeSearch != nil {
		beforeSearch(run)
	}
	sp := t.Spec
	proof, err := startProof(h, t, dir, &sp)
	if err != nil {
		return nil, Ran, nil, err
	}
	defer proof.discard() // unless placed
	res := job.Run(run, &sp, o.Progress)
	rec.Result = *res
	if res.Status == job.None && proof != nil {
		if rec.Proof, err = proof.seal(); err != nil {
			rec.Result.Status, rec.Result.Error = job.Failed, "proof: "+err.Error()
		}
	}
	if res.Status == job.Stopped {
		switch why := context.Cause(run); {
		case ctx.Err() != nil:
			// Stopped from outside: nothing is written, the task runs
			// again on resume.
			return nil, Ran, nil, ctx.Err()
		case why == errElsewhere || why == errLost:
			return nil, Claimed, nil, nil
		case why == errSuperseded:
			rec.Stop = StatusSuperseded
		case why == errLimit || why == errTimeUp:
			if _, ok := FoundBy(h, dir); split && ok {
				rec.Stop = StatusSuperseded
				break
			}
			if split && h.Resplit > 0 {
				sub, err := resplit(ctx, h, t)
				if err != nil && ctx.Err() != nil {
					return nil, Ran, nil, ctx.Err()
				}
				if err != nil {
					return nil, Ran, nil, fmt.Errorf("plan: task %s: re-split: %v", name, err)
				}
				if sub != nil {
					rec.Stop, rec.Split = StatusSplit, sub
					break
				}
			}
			if why == errTimeUp {
				return nil, Ran, nil, ErrTimeUp
			}
		}
	}
	rec.WallSeconds = time.Since(start).Seconds()
	now := recordCPU()
	rec.CPUSeconds, *cpu = max(0, (now-*cpu).Seconds()), now
	// The answer as it will be read back, re-simulated.
	if _, err := rec.Patterns(t); err != nil {
		return nil, Ran, nil, fmt.Errorf("plan: task %s: internal error: %v", name, err)
	}
	if rec.Stop != "" {
		if err := rec.checkStop(h); err != nil {
			return nil, Ran, nil, fmt.Errorf("plan: task %s: internal error: %v", name, err)
		}
	}
	data, err := json.MarshalIndent(rec, "", " ")
	if err != nil {
		return nil, Ran, nil, err
	}
	won, err := writeNew(dir, t.File(), append(data, '\n'))
	if err != nil {
		return nil, Ran, nil, err
	}
	if !won { // another worker's result came first: it stands
		rec, err := ReadRecord(h, t, dir)
		return rec, Skipped, nil, err
	}
	if rec.Proof != nil {
		if err := proof.place(); err != nil {
			return nil, Ran, nil, fmt.Errorf("plan: task %s: its proof: %v", name, err)
		}
	}
	out := Ran
	if rec.Stop == StatusSuperseded {
		out = Superseded
	}
	if split && res.Status == job.Found {
		mark := fmt.Sprintf("%s\n%s\n", name, h.Fingerprint)
		if err := writeAtomic(dir, FoundFile, []byte(mark)); err != nil {
			return rec, out, nil, err
		}
	}
	return rec, out, nil, nil
}

// watch runs beside a task's search until run ends: every o.Poll it
// stops the search when the split has its answer or another worker
// wrote this task's result, every o.Heartbeat it renews the claim (and
// stops the search when the claim is no longer this worker's), and it
// stops the search when o.TimeUp is closed.
func watch(run context.Context, cancel context.CancelCauseFunc, h *Header, t *Task, dir string, cl *held, o TaskOptions) {
	tick := time.NewTicker(min(o.Poll, o.Heartbeat))
	defer tick.Stop()
	beat := time.Now()
	for {
		select {
		case <-run.Done():
			return
		case <-o.TimeUp:
			cancel(errTimeUp)
			return
		case <-tick.C:
		}
		if _, ok := FoundBy(h, dir); ok && h.Kind == KindSplit {
			cancel(errSuperseded)
			return
		}
		if _, err := os.Stat(filepath.Join(dir, t.File())); err == nil {
			cancel(errElsewhere)
			return
		}
		if time.Since(beat) >= o.Heartbeat {
			beat = time.Now()
			if !cl.beat() {
				cancel(errLost)
				return
			}
		}
	}
}

// overLimit stops the search run (errLimit) once it has used limit of
// processor time: this process's, from the call on, so that a task's
// limit is the same on a busy machine as on an idle one. With wall it
// counts wall time instead.
func overLimit(run context.Context, cancel context.CancelCauseFunc, limit time.Duration, wall bool) {
	start, cpu0 := time.Now(), cputime.Process()
	tick := time.NewTicker(min(max(limit/64, 10*time.Millisecond), 250*time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-run.Done():
			return
		case <-tick.C:
		}
		used := cputime.Process() - cpu0
		if wall {
			used = time.Since(start)
		}
		if used >= limit {
			cancel(errLimit)
			return
		}
	}
}

// wallLimit reports whether a task's limit counts wall time: where the
// processor time is not measured, and for an external solver, whose
// work is a child process's, which Process sees only once it has ended.
func wallLimit(sp *job.Spec) bool {
	if !cputime.Measured {
		return true
	}
	s, err := logic.ParseSolver(sp.Solver)
	_, external := s.(logic.External)
	return err != nil || external
}

// beforeSearch, when not nil, is called with the search's context just
// before the search: the tests make a task's time run out there.
var beforeSearch func(context.Context)

// recordCPU is the process's processor time as the records count it (a
// test counts calls instead).
var recordCPU = cputime.Process

// FoundBy reports which task of the split with header h found its
// answer, by name ("3", "3.1"), as the FoundFile of dir says, when that
// task's result file is of this manifest and says found. It does not
// re-simulate the answer: a FoundFile only stops tasks, and Collect
// checks the answer itself.
func FoundBy(h *Header, dir string) (string, bool) {
	data, err := os.ReadFile(filepath.Join(dir, FoundFile))
	if err != nil || len(data) > 1<<10 {
		return "", false
	}
	lines := strings.Split(string(data), "\n")
	if len(lines) != 3 || lines[1] != h.Fingerprint || lines[2] != "" {
		return "", false
	}
	t, ok := parseName(lines[0])
	if !ok || t.Index >= h.Tasks {
		return "", false
	}
	data, err = os.ReadFile(filepath.Join(dir, t.File()))
	if err != nil || len(data) > MaxResult {
		return "", false
	}
	rec, err := DecodeRecord(data)
	if err != nil || rec.Manifest != h.Fingerprint || rec.Index != t.Index || !slices.Equal(rec.Sub, t.Sub) || rec.Result.Status != job.Found {
		return "", false
	}
	return lines[0], true
}

// parseName reads a task's name, "3" or "3.1.0", as a task's Index and
// Sub.
func parseName(s string) (Task, bool) {
	var t Task
	for i, w := range strings.Split(s, ".") {
		n, err := strconv.Atoi(w)
		if err != nil || n < 0 || strconv.Itoa(n) != w {
			return Task{}, false
		}
		if i == 0 {
			t.Index = n
		} else {
			t.Sub = append(t.Sub, n)
		}
	}
	return t, true
}
