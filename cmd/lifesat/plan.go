package main

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/plan"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// maxRulesIn bounds -rules-in: the rules of a partial rule's range.
const maxRulesIn = 4096

// planFlags are plan's own flags, beside the search flags.
type planFlags struct {
	out, icnf                    string
	force, scripts, proofs       bool
	proofFormat                  string
	rules, rulesIn, sizes        string
	periods, shifts, syms, seeds string
	templates                    string
	split, resplit, batch        int
	cube                         string
	taskTime, deadline           time.Duration
	throttle                     int
	sbatch                       stringList
	image, claim, mount, command string
}

// axisFlags are the flags of a sweep's axes, which -split excludes.
var axisFlags = []string{"rules", "rules-in", "sizes", "periods", "shifts", "syms", "seeds", "templates"}

// A stringList is a flag that may be given several times.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, " ") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// planCmd writes the manifest of a sweep or a split (package plan), and
// with -scripts the engines' scripts beside it.
func planCmd(ctx context.Context, e *env, _ string, args []string) (int, error) {
	kind, rest, err := kindOf("plan", args, e)
	if err != nil {
		return 0, err
	}
	f := newSearchFlags("plan "+kind, kind, e)
	var pf planFlags
	fs := f.fs
	k, _ := find(kind)
	fs.synopsis = kind + " " + k.args + " [axes | -split N] -o FILE.jsonl [-scripts]"
	fs.StringVar(&pf.out, "o", "", "the manifest `FILE.jsonl` to write; required")
	fs.BoolVar(&pf.force, "force", false, "overwrite the -o file if it exists")
	fs.StringVar(&pf.rules, "rules", "", "axis: the rules `R1,R2,...` (each as -rule reads one)")
	fs.StringVar(&pf.rulesIn, "rules-in", "", fmt.Sprintf("axis: every rule of the partial rule `P`'s range (at most %d)", maxRulesIn))
	fs.StringVar(&pf.sizes, "sizes", "", "axis: the boxes `WxH,...` (N for N x N); -size defaults to the first")
	fs.StringVar(&pf.periods, "periods", "", "axis: the periods `P,...` or a range such as 2-8; -period defaults to the first")
	fs.StringVar(&pf.shifts, "shifts", "", "axis: the shifts `\"DX,DY DX,DY ...\"`, separated by spaces; -shift defaults to the first")
	fs.StringVar(&pf.syms, "syms", "", "axis: the symmetries `S1,S2,...` (C1 C2 C4 D2- D2| D2\\ D2/ D4+ D4x D8)")
	fs.StringVar(&pf.seeds, "seeds", "", "axis: the seeds `N,...` or a range such as 1-8")
	fs.StringVar(&pf.templates, "templates", "", "axis: the template files `F1,F2,...` (as -template reads one; each sets the box)")
	fs.IntVar(&pf.split, "split", 0, "cut the search into about `N` cubes, the first answer of any answering it (excludes every axis)")
	fs.StringVar(&pf.cube, "cube", plan.Centre, "(with -split) how to cut: centre (2^k cubes on the cells nearest the centre), lookahead or first-alive")
	fs.DurationVar(&pf.taskTime, "task-time", 0, "bound each task's search, in processor time (default 10m for a split, none for a sweep): a split's cube re-splits, a sweep's task is \"stopped\", final")
	fs.DurationVar(&pf.taskTime, "task-timeout", 0, "the same as -task-time")
	fs.IntVar(&pf.resplit, "resplit", 4, "(with -split) the sub-cubes a cube that reaches -task-time cuts into; 0: none, the limit is final")
	fs.IntVar(&pf.batch, "batch", 0, "(with -scripts) tasks an array index runs in turn (default: from 3 tasks timed now, about 20 s of work an index)")
	fs.DurationVar(&pf.deadline, "deadline", 0, "(with -scripts) the Kubernetes Job's deadline (default: from -task-time, else 24h)")
	fs.BoolVar(&pf.scripts, "scripts", false, "also write FILE.slurm.sh, FILE.parallel.sh and FILE.job.yaml (Kubernetes) beside the manifest")
	fs.IntVar(&pf.throttle, "throttle", 0, "(with -scripts) tasks at once; 0: as many as Slurm allows, one per core for GNU parallel, 8 for Kubernetes")
	fs.Var(&pf.sbatch, "sbatch", "(with -scripts) an extra sbatch `OPTION` such as --partition=long (repeatable)")
	fs.StringVar(&pf.image, "image", "", "(with -scripts) the Kubernetes Job's container `IMAGE` (default lifesat:latest)")
	fs.StringVar(&pf.claim, "claim", "", "(with -scripts) the volume `CLAIM` holding the manifest and results (default lifesat-data)")
	fs.StringVar(&pf.mount, "mount", "", "(with -scripts) where the claim is mounted in the pod (default /data)")
	fs.StringVar(&pf.command, "command", "lifesat", "(with -scripts) the lifesat `PATH` the tasks run")
	fs.BoolVar(&pf.proofs, "proofs", false, "(with -split) each task whose cube has no answer writes the clausal proof of it beside its result, and collect verifies every proof before it says none exists")
	fs.StringVar(&pf.proofFormat, "proof-format", "drat", "(with -proofs) the proofs' format: drat, or lrat (gophersat only; checked ten times faster)")
	fs.StringVar(&pf.icnf, "icnf", "", "(with -split) also write the split as an incremental CNF `FILE` for a cube solver (cadical)")
	// The axes give the search flags they replace their first value.
	f.fallback = func(name string) string {
		first := func(list, sep string) string { v, _, _ := strings.Cut(strings.TrimSpace(list), sep); return v }
		switch name {
		case "size":
			return first(pf.sizes, ",")
		case "period":
			v := first(pf.periods, ",")
			v, _, _ = strings.Cut(v, "-")
			return v
		case "shift":
			if fields := strings.Fields(pf.shifts); len(fields) > 0 {
				return fields[0]
			}
		case "template":
			return first(pf.templates, ",")
		}
		return ""
	}
	p, s, _, err := f.parse(rest)
	if err != nil {
		return 0, err
	}
	if err := pf.check(f); err != nil {
		return 0, err
	}
	ctx, cancel := e.withTimeout(ctx, f.timeout)
	defer cancel()
	s.Progress = nil
	var m *plan.Manifest
	if pf.split > 0 {
		limit, resplit := pf.taskTime, pf.resplit
		if !f.fs.set("task-time") && !f.fs.set("task-timeout") {
			limit = defaultSplitTime
		}
		if resplit == 0 {
			resplit = -1
		}
		format, _ := logic.ParseProofFormat(pf.proofFormat) // checked
		m, err = plan.Split(ctx, p, s, &plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: pf.split, Method: pf.cube}, Limit: limit, Resplit: resplit,
			Proofs: pf.proofs, ProofFormat: format})
	} else {
		sw := &plan.Sweep{Problem: p, Settings: s, Limit: pf.taskTime}
		if err := pf.axes(sw, &inputs{e: e}); err != nil {
			return 0, err
		}
		m, err = sw.Plan()
	}
	switch {
	case err != nil && ctx.Err() != nil:
		return 0, ctx.Err()
	case err != nil:
		return 0, usageError{err}
	}
	if err := pf.write(ctx, e, m); err != nil {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		return 0, err
	}
	return exitFound, nil
}

// check refuses the flags that make no sense for a plan, and the plan
// flags that contradict each other.
func (pf *planFlags) check(f *searchFlags) error {
	fail := func(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }
	for _, name := range []string{"jobs", "phases", "format"} {
		if f.fs.set(name) {
			return fail("-%s: plan writes searches down, it runs none (each task runs one search, on one core)", name)
		}
	}
	axes := false
	for _, name := range axisFlags {
		axes = axes || f.fs.set(name)
	}
	switch {
	case pf.out == "":
		return fail("-o FILE.jsonl is required: the manifest to write")
	case f.fs.set("split") && pf.split < 2:
		return fail("-split %d: want a number of cubes, 2 or more", pf.split)
	case pf.split > 0 && axes:
		return fail("-split cuts one search into cubes: it takes no axis (-rules, -sizes, ...); plan a sweep of splits one by one")
	case f.fs.set("cube") && pf.split == 0:
		return fail("-cube %s needs -split N", pf.cube)
	case pf.proofs && pf.split == 0:
		return fail("-proofs needs -split N: a split's \"none exists\" is what its proofs certify")
	case f.fs.set("proof-format") && !pf.proofs:
		return fail("-proof-format %s needs -proofs", pf.proofFormat)
	case pf.icnf != "" && pf.split == 0:
		return fail("-icnf needs -split N: the iCNF's cubes are a split's")
	case pf.rules != "" && pf.rulesIn != "":
		return fail("-rules and -rules-in are both a rule axis: give one")
	case pf.taskTime < 0:
		return fail("-task-time %v: want a positive duration", pf.taskTime)
	case f.fs.set("resplit") && pf.split == 0:
		return fail("-resplit needs -split N: a sweep's tasks are not cubes")
	case pf.resplit < 0 || pf.resplit == 1 || pf.resplit > plan.MaxResplit:
		return fail("-resplit %d: want 2 to %d sub-cubes, or 0 for none", pf.resplit, plan.MaxResplit)
	case f.fs.set("batch") && pf.batch < 1:
		return fail("-batch %d: want 1 or more tasks an array index", pf.batch)
	case f.fs.set("batch") && pf.split > 0:
		return fail("-batch: a split's array index runs one cube, then the split's open cubes")
	case pf.deadline < 0:
		return fail("-deadline %v: want a positive duration", pf.deadline)
	case pf.throttle < 0:
		return fail("-throttle %d: want 1 or more (0: the engine's default)", pf.throttle)
	case f.kind == "search" && pf.templates != "":
		return fail("-templates: search takes its template as FILE; plan still, osc or ship with -templates")
	}
	if _, err := logic.ParseProofFormat(pf.proofFormat); err != nil {
		return fail("-proof-format: %v", err)
	}
	switch pf.cube {
	case plan.Centre, plan.Lookahead, plan.FirstAlive:
	default:
		return fail("-cube %q: want centre, lookahead or first-alive%s", pf.cube, didYouMean(pf.cube, []string{plan.Centre, plan.Lookahead, plan.FirstAlive}))
	}
	if !pf.scripts {
		for _, name := range []string{"throttle", "sbatch", "image", "claim", "mount", "command", "batch", "deadline"} {
			if f.fs.set(name) {
				return fail("-%s is an option of the engines' scripts: add -scripts", name)
			}
		}
	}
	if !pf.force {
		for _, path := range pf.outputs() {
			if _, err := os.Stat(path); err == nil {
				return fail("%s exists: plan writes a new manifest (its results would not match it); remove it or add -force", path)
			}
		}
	}
	return nil
}

// outputs are the files plan writes.
func (pf *planFlags) outputs() []string {
	files := []string{pf.out}
	if pf.scripts {
		base := strings.TrimSuffix(pf.out, filepath.Ext(pf.out))
		files = append(files, base+".slurm.sh", base+".parallel.sh", base+".job.yaml")
	}
	if pf.icnf != "" {
		files = append(files, pf.icnf)
	}
	return files
}

// axes reads the axis flags into the sweep.
func (pf *planFlags) axes(sw *plan.Sweep, in *inputs) error {
	fail := func(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }
	split := func(s string) []string {
		var out []string
		for _, w := range strings.Split(s, ",") {
			if w = strings.TrimSpace(w); w != "" {
				out = append(out, w)
			}
		}
		return out
	}
	for _, w := range split(pf.rules) {
		r, err := rule.Parse(w)
		if err != nil {
			return fail("-rules %q: %v", w, err)
		}
		sw.Rules = append(sw.Rules, r)
	}
	if pf.rulesIn != "" {
		r, err := rule.Parse(pf.rulesIn)
		if err != nil {
			return fail("-rules-in: %v", err)
		}
		if sw.Rules, err = plan.RulesIn(r, maxRulesIn); err != nil {
			return fail("-rules-in %s: %v", pf.rulesIn, err)
		}
	}
	for _, w := range split(pf.sizes) {
		x, y, err := parseSize(w)
		if err != nil {
			return fail("-sizes: %v", err)
		}
		sw.Sizes = append(sw.Sizes, image.Pt(x, y))
	}
	periods, err := numbers("-periods", pf.periods, 1, lifesat.MaxPeriod)
	if err != nil {
		return err
	}
	for _, n := range periods {
		sw.Periods = append(sw.Periods, int(n))
	}
	for _, w := range strings.Fields(pf.shifts) {
		pt, err := parsePoint("-shifts", w)
		if err != nil {
			return fail("%v", err)
		}
		sw.Shifts = append(sw.Shifts, pt)
	}
	for _, w := range split(pf.syms) {
		sym, err := life.ParseSymmetry(w)
		if err != nil {
			return fail("-syms: %v", err)
		}
		sw.Symmetries = append(sw.Symmetries, sym)
	}
	if sw.Seeds, err = numbers("-seeds", pf.seeds, 0, 1<<63); err != nil {
		return err
	}
	for _, w := range split(pf.templates) {
		t, err := in.template(w, "-templates")
		if err != nil {
			return fail("%v", err)
		}
		sw.Templates = append(sw.Templates, t)
	}
	return nil
}

// numbers reads a list of numbers and ranges, "1,3,5-8", each in [lo, hi].
func numbers(flagName, s string, lo, hi uint64) ([]uint64, error) {
	var out []uint64
	for _, w := range strings.Split(s, ",") {
		w = strings.TrimSpace(w)
		if w == "" {
			continue
		}
		a, b, isRange := strings.Cut(w, "-")
		from, err1 := strconv.ParseUint(strings.TrimSpace(a), 10, 64)
		to, err2 := from, error(nil)
		if isRange {
			to, err2 = strconv.ParseUint(strings.TrimSpace(b), 10, 64)
		}
		switch {
		case err1 != nil || err2 != nil:
			return nil, usageError{fmt.Errorf("%s %q: want numbers and ranges, like 2,3 or 2-8", flagName, w)}
		case from > to:
			return nil, usageError{fmt.Errorf("%s %q: an empty range", flagName, w)}
		case from < lo || to > hi:
			return nil, usageError{fmt.Errorf("%s %q: want numbers from %d to %d", flagName, w, lo, hi)}
		case to-from >= plan.MaxTasks || len(out)+int(to-from) >= plan.MaxTasks:
			return nil, usageError{fmt.Errorf("%s %q: more than %d values", flagName, w, plan.MaxTasks)}
		}
		for n := from; ; n++ {
			out = append(out, n)
			if n == to {
				break
			}
		}
	}
	return out, nil
}

// write writes the manifest, the scripts and the iCNF, and says what
// each is on standard output.
func (pf *planFlags) write(ctx context.Context, e *env, m *plan.Manifest) error {
	h := m.Header
	what := fmt.Sprintf("sweep of %s (axes %s)", plural(h.Tasks, "1 task", fmt.Sprintf("%d tasks", h.Tasks)), strings.Join(h.Axes, ", "))
	if len(h.Axes) == 0 {
		what = fmt.Sprintf("sweep of %s", plural(h.Tasks, "1 task", fmt.Sprintf("%d tasks", h.Tasks)))
	}
	if h.Kind == plan.KindSplit {
		cells := fmt.Sprintf("%d", h.Cut.MinCells)
		if h.Cut.MaxCells != h.Cut.MinCells {
			cells = fmt.Sprintf("%d to %d", h.Cut.MinCells, h.Cut.MaxCells)
		}
		what = fmt.Sprintf("split into %s (%s, %s cells each", plural(h.Tasks, "1 cube", fmt.Sprintf("%d cubes", h.Tasks)), h.Cut.Method, cells)
		if h.Cut.Refuted > 0 {
			what += fmt.Sprintf("; %d refuted by unit propagation", h.Cut.Refuted)
		}
		what += ")"
		if h.Proofs != "" {
			what += fmt.Sprintf(", with %s proofs of the cubes that have none", strings.ToUpper(h.Proofs))
		}
	}
	if err := writeAtomic(pf.out, m.Write); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s: %s\n", pf.out, what)
	if pf.scripts {
		abs, err := filepath.Abs(pf.out)
		if err != nil {
			return err
		}
		batch, srun := pf.batch, false
		if batch == 0 {
			batch, srun = pf.autoBatch(ctx, m)
		}
		per := ""
		if batch > 1 {
			per = fmt.Sprintf(", %d tasks an index", batch)
		}
		wait := " --wait"
		if srun {
			wait += ": one srun job, for the plan takes seconds"
		}
		files := pf.outputs()[1:4]
		engines := []struct {
			file, what string
			write      func(io.Writer, *plan.EngineOptions) error
		}{
			{files[0], "Slurm job array" + per + " (bash " + files[0] + wait + ")", m.WriteSlurm},
			{files[1], "GNU parallel" + per + " (bash " + files[1] + ")", m.WriteParallel},
			{files[2], "Kubernetes Indexed Job and collect Job" + per + " (kubectl apply -f " + files[2] + "; not run on a cluster)", m.WriteKubernetes},
		}
		for k, en := range engines {
			o := &plan.EngineOptions{
				Manifest: abs, Command: []string{pf.command}, Jobs: pf.throttle, Batch: batch,
				Script: filepath.Base(en.file), Sbatch: pf.sbatch, Srun: srun,
				Image: pf.image, Claim: pf.claim, Mount: pf.mount, Deadline: pf.deadline,
			}
			if k == 2 { // the pod sees the claim, not this folder
				o.Manifest = filepath.Base(pf.out)
			}
			if err := writeAtomic(en.file, func(w io.Writer) error { return en.write(w, o) }); err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "%s: %s\n", en.file, en.what)
		}
	}
	if pf.icnf != "" {
		if err := writeAtomic(pf.icnf, func(w io.Writer) error { _, err := m.WriteICNF(ctx, w); return err }); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "%s: iCNF, cube k is task k-1 (cadical %s)\n", pf.icnf, pf.icnf)
	}
	return nil
}

// defaultSplitTime is a split's task time limit without -task-time.
const defaultSplitTime = 10 * time.Minute

// The batches -batch chooses: enough tasks for batchTarget of work an
// array index, timed on batchSamples tasks of at most a second each,
// leaving at least twice -throttle indices (batchIndices without it) -
// or -throttle indices when they do the whole sweep within batchTarget:
// one wave, for a second would wait for the engine's next start, and the
// Slurm script's --wait runs that wave as one srun job, which starts at
// once, where an array waits for the scheduler's next pass.
const (
	batchTarget  = 20 * time.Second
	batchSamples = 3
	batchIndices = 16
)

// autoBatch chooses a sweep's batch, and whether its indices are one
// wave of seconds: 1 when each array index would get one task anyway,
// or a sample task runs for a second.
func (pf *planFlags) autoBatch(ctx context.Context, m *plan.Manifest) (batch int, oneWave bool) {
	indices := batchIndices
	if pf.throttle > 0 {
		indices = 2 * pf.throttle
	}
	if m.Header.Kind != plan.KindSweep || len(m.Tasks) < 2*indices {
		return 1, false
	}
	took, ok := m.Estimate(ctx, batchSamples, time.Second)
	if !ok {
		return 1, false
	}
	n := len(m.Tasks)
	if pf.throttle > 0 && time.Duration(n)*took <= time.Duration(pf.throttle)*batchTarget {
		return (n + pf.throttle - 1) / pf.throttle, true
	}
	return plan.Batch(n, took, batchTarget, indices), false
}

// writeAtomic writes a file whole or not at all: a temporary file beside
// it, renamed.
func writeAtomic(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// taskCmd runs one array index of a manifest: its task, or its batch of
// tasks, and in a split then the split's open tasks (plan.Work). It says
// what became of each task on a line of its own.
func taskCmd(ctx context.Context, e *env, name string, args []string) (int, error) {
	fs := newFlagSet(name, e.stdout)
	results := fs.String("results", "", "the results `DIR` (default: the manifest's path without .jsonl, and .results)")
	batch := fs.Int("batch", 1, "run tasks `B`I to BI+B-1, one after the other (the scripts' batches)")
	verbose := fs.Bool("v", false, "report the formula size and progress on stderr")
	if err := fs.parse(args); err != nil {
		return 0, err
	}
	if fs.NArg() < 1 || fs.NArg() > 2 {
		return 0, usageError{fmt.Errorf("task takes a manifest and a task index: \"lifesat task [-results DIR] [-batch B] MANIFEST [I]\" (without I, the engine's: SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or PARALLEL_SEQ less 1)")}
	}
	if *batch < 1 {
		return 0, usageError{fmt.Errorf("-batch %d: want 1 or more", *batch)}
	}
	path := fs.Arg(0)
	dir := *results
	if dir == "" {
		dir = plan.ResultsDir(path)
	}
	i, engine, err := plan.Index(fs.Arg(1), os.Getenv)
	if err != nil {
		return 0, usageError{err}
	}
	if i > plan.MaxTasks/(*batch) {
		return 0, usageError{fmt.Errorf("%w: index %d of batches of %d", plan.ErrIndex, i, *batch)}
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, usageError{err}
	}
	h, tasks, err := plan.ReadTasks(f, i**batch, (i+1)**batch)
	var m *plan.Manifest
	if err == nil && h.Kind == plan.KindSplit {
		// A split's worker takes its open tasks once its own are done:
		// it reads the whole manifest (the cubes' partition checked).
		if _, err = f.Seek(0, io.SeekStart); err == nil {
			m, err = plan.Read(f)
		}
	}
	f.Close()
	if err != nil {
		return 0, usageError{err}
	}
	// SIGUSR1: the engine's time for this index is up (Slurm's --signal,
	// GNU parallel's --termseq).
	timeUp := make(chan struct{})
	usr1 := make(chan os.Signal, 1)
	signal.Notify(usr1, syscall.SIGUSR1)
	defer signal.Stop(usr1)
	go func() {
		if _, ok := <-usr1; ok {
			close(timeUp)
		}
	}()
	failed := false
	report := func(r plan.Report) {
		line := fmt.Sprintf("task %s (%s): %s", r.Task.Name(), r.Task.ID, r.Outcome)
		switch {
		case r.Holder != nil:
			line += fmt.Sprintf(" by %s, heartbeat %s ago", r.Holder, time.Since(r.Holder.Beat).Round(time.Second))
		case r.Record != nil:
			line += ", " + r.Record.Status()
		}
		fmt.Fprintln(e.stdout, line)
		if r.Record != nil && r.Record.Result.Status == "error" {
			failed = true
			fmt.Fprintf(e.stderr, "lifesat: task %s failed: %s\n", r.Task.Name(), r.Record.Result.Error)
		}
	}
	opt := &plan.WorkOptions{TaskOptions: plan.TaskOptions{Engine: engine, Progress: progress(e.stderr, "lifesat: ", *verbose), TimeUp: timeUp}, Report: report}
	err = plan.Work(ctx, h, tasks, m, dir, opt)
	switch {
	case err != nil && ctx.Err() != nil:
		fmt.Fprintf(e.stderr, "lifesat: task %s stopped before its end; no result written (it runs again on resume)\n", tasks[0].Name())
		return exitStopped, nil
	case errors.Is(err, plan.ErrTimeUp):
		fmt.Fprintln(e.stderr, "lifesat: the engine's time is up; the tasks left run again on resume")
		return exitStopped, nil
	case errors.Is(err, plan.ErrManifest), errors.Is(err, plan.ErrIndex), errors.Is(err, plan.ErrResult):
		return 0, usageError{err}
	case err != nil:
		fmt.Fprintln(e.stderr, message(err))
		return exitNone, nil
	case failed:
		return exitNone, nil
	}
	select {
	case <-timeUp:
		fmt.Fprintln(e.stderr, "lifesat: the engine's time is up; the open tasks run again on resume")
		return exitStopped, nil
	default:
	}
	return exitFound, nil
}

// collectCmd merges the result files of a manifest into a table.
func collectCmd(ctx context.Context, e *env, name string, args []string) (int, error) {
	fs := newFlagSet(name, e.stdout)
	results := fs.String("results", "", "the results `DIR` (default: the manifest's path without .jsonl, and .results)")
	csvFile := fs.String("csv", "", "write the table as CSV to `FILE` (- for standard output)")
	jsonFile := fs.String("json", "", "write the table as JSON to `FILE` (- for standard output)")
	format := fs.String("format", "rle", "a split's answer's format: rle, cells, matrix or apgcode (printed when the table goes to files)")
	watch := fs.Bool("watch", false, "show the progress on stderr, redrawn every -every, until the plan is answered or complete; then write the table")
	every := fs.Duration("every", 2*time.Second, "(with -watch) how often to look")
	exit0 := fs.Bool("exit0", false, "exit 0 whatever the verdict (a Kubernetes Job's collect step; the verdict is the last line on stderr)")
	if err := fs.parse(args); err != nil {
		return 0, err
	}
	if fs.NArg() != 1 {
		return 0, usageError{fmt.Errorf("collect takes one manifest: \"lifesat collect [-results DIR] [-csv FILE] [-json FILE] [-watch] MANIFEST\"")}
	}
	if *every <= 0 {
		return 0, usageError{fmt.Errorf("-every %v: want a positive duration", *every)}
	}
	pf, err := pattern.ParseFormat(*format)
	if err != nil {
		return 0, usageError{fmt.Errorf("-format: %v", err)}
	}
	if *csvFile == "-" && *jsonFile == "-" {
		return 0, usageError{fmt.Errorf("-csv - and -json -: one table on standard output at most")}
	}
	if *csvFile == "" && *jsonFile == "" {
		*csvFile = "-"
	}
	path := fs.Arg(0)
	dir := *results
	if dir == "" {
		dir = plan.ResultsDir(path)
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, usageError{err}
	}
	m, err := plan.Read(f)
	f.Close()
	if err != nil {
		return 0, usageError{err}
	}
	tab, err := plan.CollectContext(ctx, m, dir)
	if err != nil {
		if ctx.Err() != nil {
			return exitStopped, nil
		}
		return 0, usageError{err}
	}
	if *watch {
		if tab, err = watchPlan(ctx, e, m, dir, tab, *every, filepath.Base(path)); err != nil {
			if ctx.Err() != nil {
				return exitStopped, nil
			}
			return 0, usageError{err}
		}
	}
	for _, out := range []struct {
		name  string
		write func(io.Writer) error
	}{{*csvFile, tab.WriteCSV}, {*jsonFile, tab.WriteJSON}} {
		switch out.name {
		case "":
		case "-":
			if err := out.write(e.stdout); err != nil {
				return 0, err
			}
		default:
			if err := writeAtomic(out.name, out.write); err != nil {
				return 0, err
			}
		}
	}
	fmt.Fprintln(e.stderr, "lifesat: "+summaryLine(&tab.Summary))
	if ans := tab.Answer(); ans != nil && *csvFile != "-" && *jsonFile != "-" {
		_, set, err := m.Header.Whole.Search()
		if err != nil {
			return 0, usageError{err}
		}
		w := &patternWriter{w: e.stdout, format: pf, rule: set.Rule}
		if err := w.write(ans); err != nil {
			return 0, err
		}
	}
	switch {
	case *exit0:
		return exitFound, nil
	case tab.Summary.Verdict == plan.VerdictFound, tab.Summary.Verdict == plan.VerdictComplete:
		return exitFound, nil
	case tab.Summary.Verdict == plan.VerdictNone:
		return exitNone, nil
	}
	return exitStopped, nil
}

// settled says whether a plan's verdict is final: a split answered, a
// sweep complete.
func settled(s *plan.Summary) bool { return s.Verdict != plan.VerdictIncomplete }

// watchPlan collects m's results every so often and shows the progress
// on e.stderr, until the plan is settled or ctx ends; it returns the
// last table. On a terminal the block is redrawn in place; elsewhere (a
// log) it is printed again when its counts change.
func watchPlan(ctx context.Context, e *env, m *plan.Manifest, dir string, tab *plan.Table, every time.Duration, name string) (*plan.Table, error) {
	lines, last := 0, ""
	start := time.Now()
	for {
		block := progressBlock(tab, name, time.Since(start))
		switch {
		case e.stderrTerminal:
			if lines > 0 {
				fmt.Fprintf(e.stderr, "\x1b[%dA\x1b[J", lines)
			}
			fmt.Fprint(e.stderr, block)
			lines = strings.Count(block, "\n")
		case countsOf(block) != last:
			fmt.Fprint(e.stderr, block)
			last = countsOf(block)
		}
		if settled(&tab.Summary) {
			return tab, nil
		}
		select {
		case <-ctx.Done():
			return tab, ctx.Err()
		case <-time.After(every):
		}
		var err error
		if tab, err = plan.CollectContext(ctx, m, dir); err != nil {
			return nil, err
		}
	}
}

// countsOf is a progress block without its clock lines, to tell whether
// anything changed.
func countsOf(block string) string {
	var keep []string
	for _, l := range strings.Split(block, "\n") {
		if !strings.Contains(l, " s ") && !strings.HasSuffix(l, " s") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// progressBlock is what collect -watch shows: the tasks done, running
// and missing, what they found, the CPU time so far and the slowest
// running task.
func progressBlock(tab *plan.Table, name string, watched time.Duration) string {
	s := &tab.Summary
	var b strings.Builder
	done := s.Tasks - s.Running - s.Missing
	fmt.Fprintf(&b, "%s: %s, %s\n", name, s.Kind, s.Verdict)
	what := fmt.Sprintf("%d planned", s.Planned)
	if s.Tasks > s.Planned {
		what += fmt.Sprintf(", %d sub-cubes of %d re-splits", s.Tasks-s.Planned, s.Split)
	}
	fmt.Fprintf(&b, "  tasks     %d done, %d running, %d missing (%d in all: %s)\n", done, s.Running, s.Missing, s.Tasks, what)
	res := fmt.Sprintf("%d found, %d none", s.Found, s.None)
	for _, c := range []struct {
		n    int
		what string
	}{{s.Split, "split"}, {s.Superseded, "superseded"}, {s.Stopped, "stopped"}, {s.Failed, "failed"}} {
		if c.n > 0 {
			res += fmt.Sprintf(", %d %s", c.n, c.what)
		}
	}
	fmt.Fprintf(&b, "  results   %s\n", res)
	fmt.Fprintf(&b, "  cpu       %.1f s in the results so far\n", s.Times.CPUSum)
	var slow *plan.Row
	for i := range tab.Rows {
		if r := &tab.Rows[i]; r.Status == plan.StatusRunning && (slow == nil || r.Started.Before(slow.Started)) {
			slow = r
		}
	}
	if slow != nil {
		fmt.Fprintf(&b, "  slowest   task %s on %s, running for %.0f s\n", slow.Task, slow.Host, time.Since(slow.Started).Seconds())
	}
	fmt.Fprintf(&b, "  watched   %.0f s\n", watched.Seconds())
	return b.String()
}

// summaryLine says what a collected plan says as a whole, and its times.
func summaryLine(s *plan.Summary) string {
	var line string
	switch {
	case s.Verdict == plan.VerdictFound:
		line = fmt.Sprintf("found by task %s", s.FoundBy)
		if s.Split > 0 {
			line += fmt.Sprintf(" (%d planned cubes, %d re-split)", s.Planned, s.Split)
		}
	case s.Verdict == plan.VerdictNone:
		line = fmt.Sprintf("none exists: every one of %d cubes is empty", s.Tasks-s.Split)
		if s.Split > 0 {
			line += fmt.Sprintf(" (%d planned, %d re-split)", s.Planned, s.Split)
		}
		if s.Proofs != "" {
			line += fmt.Sprintf(", and the %s proof of each is verified (%.2f s)", strings.ToUpper(s.Proofs), s.VerifySeconds)
		} else {
			line += ", not certified (the tasks' word: plan -proofs for checked proofs)"
		}
	default:
		line = fmt.Sprintf("%s: %d tasks, %d found, %d none", s.Verdict, s.Tasks, s.Found, s.None)
		if s.Stopped > 0 {
			line += fmt.Sprintf(", %d stopped", s.Stopped)
		}
		if s.Failed > 0 {
			line += fmt.Sprintf(", %d failed", s.Failed)
		}
		if s.Split > 0 {
			line += fmt.Sprintf(", %d split", s.Split)
		}
		if s.Superseded > 0 {
			line += fmt.Sprintf(", %d superseded", s.Superseded)
		}
		if s.Running > 0 {
			line += fmt.Sprintf(", %d running", s.Running)
		}
		if s.Missing > 0 {
			var idx []string
			for k, name := range s.MissingTasks {
				if k == 8 {
					idx = append(idx, "...")
					break
				}
				idx = append(idx, name)
			}
			line += fmt.Sprintf(", %d missing (%s)", s.Missing, strings.Join(idx, ","))
		}
	}
	t := s.Times
	line += fmt.Sprintf("; cpu %.2f s in all, wall %.2f s at most", t.CPUSum, t.WallMax)
	if s.Kind == plan.KindSplit && t.Tasks > 0 {
		line += fmt.Sprintf(", max/mean %.1f", t.MaxPerMean)
	}
	return line
}
