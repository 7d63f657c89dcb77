package main

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/plan"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// maxRulesIn bounds -rules-in: the rules of a partial rule's range.
const maxRulesIn = 4096

// planFlags are plan's own flags, beside the search flags.
type planFlags struct {
	out, icnf                    string
	force, scripts               bool
	rules, rulesIn, sizes        string
	periods, shifts, syms, seeds string
	templates                    string
	split                        int
	cube                         string
	taskTimeout                  time.Duration
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
	fs.DurationVar(&pf.taskTimeout, "task-timeout", 0, "bound each task's search; a task that reaches it is \"stopped\", final")
	fs.BoolVar(&pf.scripts, "scripts", false, "also write FILE.slurm.sh, FILE.parallel.sh and FILE.job.yaml (Kubernetes) beside the manifest")
	fs.IntVar(&pf.throttle, "throttle", 0, "(with -scripts) tasks at once; 0: as many as Slurm allows, one per core for GNU parallel, 8 for Kubernetes")
	fs.Var(&pf.sbatch, "sbatch", "(with -scripts) an extra sbatch `OPTION` such as --partition=long (repeatable)")
	fs.StringVar(&pf.image, "image", "", "(with -scripts) the Kubernetes Job's container `IMAGE` (default lifesat:latest)")
	fs.StringVar(&pf.claim, "claim", "", "(with -scripts) the volume `CLAIM` holding the manifest and results (default lifesat-data)")
	fs.StringVar(&pf.mount, "mount", "", "(with -scripts) where the claim is mounted in the pod (default /data)")
	fs.StringVar(&pf.command, "command", "lifesat", "(with -scripts) the lifesat `PATH` the tasks run")
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
		m, err = plan.Split(ctx, p, s, &plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: pf.split, Method: pf.cube}, Limit: pf.taskTimeout})
	} else {
		sw := &plan.Sweep{Problem: p, Settings: s, Limit: pf.taskTimeout}
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
	case pf.icnf != "" && pf.split == 0:
		return fail("-icnf needs -split N: the iCNF's cubes are a split's")
	case pf.rules != "" && pf.rulesIn != "":
		return fail("-rules and -rules-in are both a rule axis: give one")
	case pf.taskTimeout < 0:
		return fail("-task-timeout %v: want a positive duration", pf.taskTimeout)
	case pf.throttle < 0:
		return fail("-throttle %d: want 1 or more (0: the engine's default)", pf.throttle)
	case f.kind == "search" && pf.templates != "":
		return fail("-templates: search takes its template as FILE; plan still, osc or ship with -templates")
	}
	switch pf.cube {
	case plan.Centre, plan.Lookahead, plan.FirstAlive:
	default:
		return fail("-cube %q: want centre, lookahead or first-alive%s", pf.cube, didYouMean(pf.cube, []string{plan.Centre, plan.Lookahead, plan.FirstAlive}))
	}
	if !pf.scripts {
		for _, name := range []string{"throttle", "sbatch", "image", "claim", "mount", "command"} {
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
		files := pf.outputs()[1:4]
		engines := []struct {
			file, what string
			write      func(io.Writer, *plan.EngineOptions) error
		}{
			{files[0], "Slurm job array (bash " + files[0] + " --wait)", m.WriteSlurm},
			{files[1], "GNU parallel (bash " + files[1] + ")", m.WriteParallel},
			{files[2], "Kubernetes Indexed Job (kubectl apply -f " + files[2] + "; untested on a cluster)", m.WriteKubernetes},
		}
		for k, en := range engines {
			o := &plan.EngineOptions{
				Manifest: abs, Command: []string{pf.command}, Jobs: pf.throttle,
				Script: filepath.Base(en.file), Sbatch: pf.sbatch,
				Image: pf.image, Claim: pf.claim, Mount: pf.mount,
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

// taskCmd runs one task of a manifest and writes its result file.
func taskCmd(ctx context.Context, e *env, name string, args []string) (int, error) {
	fs := newFlagSet(name, e.stdout)
	results := fs.String("results", "", "the results `DIR` (default: the manifest's path without .jsonl, and .results)")
	verbose := fs.Bool("v", false, "report the formula size and progress on stderr")
	if err := fs.parse(args); err != nil {
		return 0, err
	}
	if fs.NArg() < 1 || fs.NArg() > 2 {
		return 0, usageError{fmt.Errorf("task takes a manifest and a task index: \"lifesat task [-results DIR] MANIFEST [I]\" (without I, the engine's: SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or PARALLEL_SEQ less 1)")}
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
	f, err := os.Open(path)
	if err != nil {
		return 0, usageError{err}
	}
	h, t, err := plan.ReadTask(f, i)
	f.Close()
	if err != nil {
		return 0, usageError{err}
	}
	rec, out, err := plan.RunTask(ctx, h, t, dir, &plan.TaskOptions{Engine: engine, Progress: progress(e.stderr, "lifesat: ", *verbose)})
	switch {
	case err != nil && ctx.Err() != nil:
		fmt.Fprintf(e.stderr, "lifesat: task %d stopped before its end; no result written (it runs again on resume)\n", i)
		return exitStopped, nil
	case errors.Is(err, plan.ErrManifest), errors.Is(err, plan.ErrIndex), errors.Is(err, plan.ErrResult):
		return 0, usageError{err}
	case err != nil:
		fmt.Fprintln(e.stderr, message(err))
		return exitNone, nil
	}
	line := fmt.Sprintf("task %d (%s): %s", i, t.ID, out)
	if rec != nil {
		line += ", " + rec.Result.Status
	}
	fmt.Fprintln(e.stdout, line)
	if rec != nil && rec.Result.Status == "error" {
		fmt.Fprintf(e.stderr, "lifesat: task %d failed: %s\n", i, rec.Result.Error)
		return exitNone, nil
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
	if err := fs.parse(args); err != nil {
		return 0, err
	}
	if fs.NArg() != 1 {
		return 0, usageError{fmt.Errorf("collect takes one manifest: \"lifesat collect [-results DIR] [-csv FILE] [-json FILE] MANIFEST\"")}
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
	tab, err := plan.Collect(m, dir)
	if err != nil {
		return 0, usageError{err}
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
	switch tab.Summary.Verdict {
	case plan.VerdictFound, plan.VerdictComplete:
		return exitFound, nil
	case plan.VerdictNone:
		return exitNone, nil
	}
	return exitStopped, nil
}

// summaryLine says what a collected plan says as a whole, and its times.
func summaryLine(s *plan.Summary) string {
	var line string
	switch {
	case s.Verdict == plan.VerdictFound:
		line = fmt.Sprintf("found by task %s", s.FoundBy)
	case s.Verdict == plan.VerdictNone:
		line = fmt.Sprintf("none exists: every one of %d cubes is empty", s.Tasks)
	default:
		line = fmt.Sprintf("%s: %d tasks, %d found, %d none", s.Verdict, s.Tasks, s.Found, s.None)
		if s.Stopped > 0 {
			line += fmt.Sprintf(", %d stopped", s.Stopped)
		}
		if s.Failed > 0 {
			line += fmt.Sprintf(", %d failed", s.Failed)
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
