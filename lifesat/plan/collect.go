package plan

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/rle"
)

// Missing is the status of a task without a result file.
const Missing = "missing"

// The verdicts of a collected plan.
const (
	// A split's: a pattern was found; it is proved that none exists
	// (every cube has none, and the cubes partition the search); neither
	// yet (some cube is missing, stopped or failed).
	VerdictFound = "found"
	VerdictNone  = "none"
	// A split's without an answer yet, or a sweep's with a task that has
	// no result file.
	VerdictIncomplete = "incomplete"
	// A sweep's whose every task has a result file.
	VerdictComplete = "complete"
)

// A Row is one task of a collected plan.
type Row struct {
	// Index is the task's in the manifest; Task its name, which is
	// Index and, for a re-split's sub-cube, its place below ("3.1.0").
	Index  int               `json:"index"`
	Task   string            `json:"task"`
	ID     string            `json:"id"`
	Labels map[string]string `json:"labels,omitempty"`
	// Status is the result's (found, none, stopped, error, split or
	// superseded); StatusRunning when a worker holds the task's claim;
	// StatusSuperseded too for a task of an answered split that never
	// ran; else Missing.
	Status string `json:"status"`
	// Answers are the patterns found, generation 0 of each as the body
	// of an RLE file on one line; each was re-simulated.
	Answers []string `json:"answers,omitempty"`
	Error   string   `json:"error,omitempty"`
	// The times and the solver's statistics, from the result file; for
	// a running task, Started and Host are its claim's.
	Started       time.Time `json:"started,omitzero"`
	WallSeconds   float64   `json:"wall_seconds,omitempty"`
	CPUSeconds    float64   `json:"cpu_seconds,omitempty"`
	EncodeSeconds float64   `json:"encode_seconds,omitempty"`
	SolveSeconds  float64   `json:"solve_seconds,omitempty"`
	Vars          int       `json:"vars,omitempty"`
	Clauses       int       `json:"clauses,omitempty"`
	Solves        int       `json:"solves,omitempty"`
	Host          string    `json:"host,omitempty"`
	Engine        string    `json:"engine,omitempty"`
	// Proof is, for a result "none" of a split that asks for proofs, its
	// proof's folder in the results folder.
	Proof string `json:"proof,omitempty"`
}

// Times summarize the tasks' times: of the tasks that ran to an end
// (found, none, stopped, split or superseded), how many, the sum and the
// largest of their wall times, the mean and coefficient of variation
// (standard deviation over mean) of the wall times; and the sum of the
// CPU times of every task that wrote a result, failed ones included. For
// a split, Max over Mean measures the cubes' balance: 1 when all took
// equally long, the number of cubes when one took all the time.
type Times struct {
	Tasks      int     `json:"tasks"`
	WallSum    float64 `json:"wall_sum_seconds"`
	WallMax    float64 `json:"wall_max_seconds"`
	WallMean   float64 `json:"wall_mean_seconds"`
	WallCV     float64 `json:"wall_cv"`
	CPUSum     float64 `json:"cpu_sum_seconds"`
	MaxPerMean float64 `json:"max_per_mean,omitempty"`
}

// A Summary is what a collected plan says as a whole.
type Summary struct {
	Kind    string `json:"kind"`
	Verdict string `json:"verdict"`
	// Tasks counts the table's rows: the manifest's tasks and the
	// sub-cubes of its re-splits (Planned the manifest's alone).
	Tasks      int `json:"tasks"`
	Planned    int `json:"planned"`
	Found      int `json:"found"`
	None       int `json:"none"`
	Stopped    int `json:"stopped"`
	Failed     int `json:"failed"`
	Split      int `json:"split,omitempty"`
	Superseded int `json:"superseded,omitempty"`
	Running    int `json:"running,omitempty"`
	Missing    int `json:"missing"`
	// MissingTasks names the tasks without a result file or a live
	// claim.
	MissingTasks []string `json:"missing_tasks,omitempty"`
	// FoundBy names, for a split that found its answer, the first task
	// (in the table's order) that did, and Answer is its pattern, every
	// generation as rows of '.' and 'O', re-simulated against the whole
	// search.
	FoundBy string     `json:"found_by,omitempty"`
	Answer  [][]string `json:"answer,omitempty"`
	// Proofs is the format of the proofs a split asks for (Header.Proofs),
	// "" when it asks for none: then its verdict VerdictNone rests on the
	// tasks' word. Verified counts the leaves whose proof was verified,
	// all of them for VerdictNone (none before: proofs are checked only
	// for that verdict), and VerifySeconds is the wall time it took.
	Proofs        string  `json:"proofs,omitempty"`
	Verified      int     `json:"verified,omitempty"`
	VerifySeconds float64 `json:"verify_seconds,omitempty"`
	Times         Times   `json:"times"`
}

// A Table is a collected plan: the summary and a row per task.
type Table struct {
	Summary Summary  `json:"summary"`
	Axes    []string `json:"axes,omitempty"`
	Rows    []Row    `json:"rows"`
	answer  *lifesat.Pattern
}

// Answer is a split's answer, re-simulated against the whole search, or
// nil.
func (t *Table) Answer() *lifesat.Pattern { return t.answer }

// resultName matches the names of result files: a manifest's task's,
// and a re-split's sub-cube's.
var resultName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^task-([0-9]+)((?:\.[0-9]+)*)\.json$`) }) // compiled on first use: no cost at start

// Collect reads the result files of m's tasks from dir and merges them
// into a table, a row per task: the manifest's, each followed by the
// sub-cubes of its re-split (Record.Split) when it has one. Every result
// file is checked (checkResult: its manifest, its task, a split's
// sub-cubes, every pattern re-simulated); a corrupt or foreign one, or a
// file named as a result that is no task's, is an error that wraps
// ErrResult: a table is never merged from results that cannot be
// trusted. Tasks without a file are StatusRunning while a live worker
// claims them (see RunTask), else Missing, and named in the summary.
//
// A split's verdict is VerdictFound with the answer of the first task
// that found one, re-simulated against the whole search too;
// VerdictNone when every leaf of the tree of cubes (a task that was not
// re-split) has a result "none" and the leaves partition the whole
// search (Partition), and, when the split asks for proofs
// (Header.Proofs), every leaf's proof is verified: its files are those
// its record names, its formula is the cube's, and package drat accepts
// it (a leaf whose proof fails is an error that wraps ErrResult and
// names the task); VerdictIncomplete otherwise. A sweep is
// VerdictComplete when every task has a result file.
func Collect(m *Manifest, dir string) (*Table, error) {
	return CollectContext(context.Background(), m, dir)
}

// CollectContext is Collect that stops the proofs' checking when ctx
// ends, and then returns ctx's error.
func CollectContext(ctx context.Context, m *Manifest, dir string) (*Table, error) {
	c := &collector{ctx: ctx, m: m, dir: dir, files: map[string]bool{}, me: myClaim("", "")}
	c.me.Host, _ = os.Hostname()
	return c.collect()
}

// A collector merges one plan's results.
type collector struct {
	ctx    context.Context
	m      *Manifest
	dir    string
	files  map[string]bool // the result files of the tasks seen
	me     Claim           // this process, to judge claims
	t      *Table
	walls  []float64
	leaves []*Task   // a split's tasks that were not re-split
	recs   []*Record // their records, nil for a task without one
}

func (c *collector) collect() (*Table, error) {
	m := c.m
	c.t = &Table{Axes: m.Header.Axes, Summary: Summary{Kind: m.Header.Kind, Planned: len(m.Tasks), Proofs: m.Header.Proofs}}
	for i := range m.Tasks {
		if err := c.task(&m.Tasks[i]); err != nil {
			return nil, err
		}
	}
	if err := c.strayFiles(); err != nil {
		return nil, err
	}
	sum := &c.t.Summary
	sum.Tasks = len(c.t.Rows)
	sum.Times.fill(c.walls)
	split := m.Header.Kind == KindSplit
	if split && sum.FoundBy != "" {
		// The tasks that never ran were superseded, not missing.
		for i := range c.t.Rows {
			if r := &c.t.Rows[i]; r.Status == Missing {
				r.Status = StatusSuperseded
				sum.Superseded++
			}
		}
		sum.Missing, sum.MissingTasks = 0, nil
	}
	switch {
	case split && sum.FoundBy != "":
		sum.Verdict = VerdictFound
	case split && sum.None == len(c.leaves):
		// Read checked that the manifest's cubes partition the search,
		// and checkTask each re-split's sub-cubes; the leaves as a whole
		// are checked here, and so is a manifest made in memory.
		if err := c.partition(); err != nil {
			return nil, err
		}
		if err := c.verify(); err != nil {
			return nil, err
		}
		sum.Verdict = VerdictNone
	case !split && sum.Missing == 0 && sum.Running == 0:
		sum.Verdict = VerdictComplete
	default:
		sum.Verdict = VerdictIncomplete
	}
	return c.t, nil
}

// task adds the row of task t and, when it was re-split, the rows of
// its sub-cubes' tasks.
func (c *collector) task(t *Task) error {
	h := &c.m.Header
	c.files[t.File()] = true
	row := Row{Index: t.Index, Task: t.Name(), ID: t.ID, Labels: t.Labels, Status: Missing}
	sum := &c.t.Summary
	rec, pats, err := checkResult(h, t, c.dir)
	if err != nil {
		return err
	}
	if rec == nil {
		if cl, _ := readClaim(filepath.Join(c.dir, t.ClaimFile())); cl != nil && cl.live(&c.me, ClaimExpiry) {
			row.Status, row.Started, row.Host, row.Engine = StatusRunning, cl.Started, cl.Host, cl.Engine
			sum.Running++
		} else {
			sum.Missing++
			sum.MissingTasks = append(sum.MissingTasks, row.Task)
		}
		c.t.Rows = append(c.t.Rows, row)
		c.leaf(t, nil)
		return nil
	}
	r := rec.Result
	row.Status, row.Error = rec.Status(), r.Error
	row.Started, row.WallSeconds, row.CPUSeconds = rec.Started, rec.WallSeconds, rec.CPUSeconds
	row.EncodeSeconds, row.SolveSeconds = r.EncodeSeconds, r.SolveSeconds
	row.Vars, row.Clauses, row.Solves = r.Vars, r.Clauses, r.Solves
	row.Host, row.Engine = rec.Host, rec.Engine
	if rec.Proof != nil {
		row.Proof = rec.Proof.Dir
	}
	for _, pat := range pats {
		row.Answers = append(row.Answers, rleLine(pat))
	}
	switch row.Status {
	case job.Found:
		sum.Found++
		if sum.FoundBy == "" && h.Kind == KindSplit {
			if err := c.t.splitAnswer(c.m, row.Task, pats[0]); err != nil {
				return err
			}
		}
	case job.None:
		sum.None++
	case job.Stopped:
		sum.Stopped++
	case job.Failed:
		sum.Failed++
	case StatusSplit:
		sum.Split++
	case StatusSuperseded:
		sum.Superseded++
	}
	if row.Status != job.Failed {
		c.walls = append(c.walls, rec.WallSeconds)
	}
	sum.Times.CPUSum += rec.CPUSeconds
	c.t.Rows = append(c.t.Rows, row)
	if row.Status != StatusSplit {
		c.leaf(t, rec)
		return nil
	}
	subs, err := children(h, t, rec)
	if err != nil {
		return fmt.Errorf("%w: %s/%s: %v", ErrResult, c.dir, t.File(), err)
	}
	for i := range subs {
		if err := c.task(&subs[i]); err != nil {
			return err
		}
	}
	return nil
}

// leaf notes a split's task that was not re-split, and its record.
func (c *collector) leaf(t *Task, rec *Record) {
	if c.m.Header.Kind == KindSplit {
		c.leaves = append(c.leaves, t)
		c.recs = append(c.recs, rec)
	}
}

// verify checks the proof of every leaf, all "none", when the split asks
// for proofs: on every processor (GOMAXPROCS), a leaf at a time each;
// the error is that of the first failing leaf, in the table's order,
// of those checked before a failure stopped the others.
func (c *collector) verify() error {
	h := &c.m.Header
	if h.Proofs == "" {
		return nil
	}
	start := time.Now()
	ctx, cancel := context.WithCancel(c.ctx)
	defer cancel()
	errs := make([]error, len(c.leaves))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(c.leaves)) {
		wg.Go(func() {
			for i := range next {
				if _, errs[i] = verifyProof(ctx, h, c.leaves[i], c.dir, c.recs[i]); errs[i] != nil {
					cancel() // the others need not finish
				}
			}
		})
	}
	for i := range c.leaves {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := c.ctx.Err(); err != nil {
		return err
	}
	for _, err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) {
			return err
		}
	}
	sum := &c.t.Summary
	sum.Verified = len(c.leaves)
	sum.VerifySeconds = time.Since(start).Seconds()
	return nil
}

// partition checks that the leaves' cubes partition the whole search.
func (c *collector) partition() error {
	cubes := make([]Cube, len(c.leaves))
	for i, t := range c.leaves {
		cube, err := cubeOf(c.m.Header.Whole, &t.Spec)
		if err != nil {
			return fmt.Errorf("%w: task %s: %v", ErrManifest, t.Name(), err)
		}
		cubes[i] = cube
	}
	if err := Partition(cubes); err != nil {
		return fmt.Errorf("%w: the cubes of the split's leaves do not partition its search: %v", ErrManifest, err)
	}
	return nil
}

// strayFiles fails on a file named as a result that is no task's: of a
// task the manifest does not have, or a sub-cube of a split that no
// result says.
func (c *collector) strayFiles() error {
	entries, err := os.ReadDir(c.dir)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	for _, e := range entries {
		if resultName().MatchString(e.Name()) && !c.files[e.Name()] {
			return fmt.Errorf("%w: %s/%s is the result file of no task of this manifest (it has %d, and %d sub-cubes of re-splits)",
				ErrResult, c.dir, e.Name(), len(c.m.Tasks), len(c.files)-len(c.m.Tasks))
		}
	}
	return nil
}

// checkResult reads task t's result file from dir and checks it: its
// manifest, its task, a split's sub-cubes, every pattern re-simulated
// against the task's problem (ReadRecord). It returns nil when the task
// has none.
func checkResult(h *Header, t *Task, dir string) (*Record, []*lifesat.Pattern, error) {
	return readRecord(h, t, dir)
}

// splitAnswer makes task name's pattern the split's answer, once it is
// re-simulated against the whole search as well as its cube.
func (t *Table) splitAnswer(m *Manifest, name string, pat *lifesat.Pattern) error {
	p, s, err := search(m.Header.Whole)
	if err != nil {
		return fmt.Errorf("%w: the whole search: %v", ErrManifest, err)
	}
	if err := p.Check(pat, s); err != nil {
		return fmt.Errorf("%w: task %s's pattern is no answer of the whole search: %v", ErrResult, name, err)
	}
	t.Summary.FoundBy = name
	for _, b := range pat.Phases {
		t.Summary.Answer = append(t.Summary.Answer, strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n"))
	}
	t.answer = pat
	return nil
}

// fill computes the times of the given wall times.
func (tm *Times) fill(walls []float64) {
	tm.Tasks = len(walls)
	if len(walls) == 0 {
		return
	}
	for _, w := range walls {
		tm.WallSum += w
		tm.WallMax = max(tm.WallMax, w)
	}
	tm.WallMean = tm.WallSum / float64(len(walls))
	var ss float64
	for _, w := range walls {
		ss += (w - tm.WallMean) * (w - tm.WallMean)
	}
	if tm.WallMean > 0 {
		tm.WallCV = math.Sqrt(ss/float64(len(walls))) / tm.WallMean
		tm.MaxPerMean = tm.WallMax / tm.WallMean
	}
}

// rleLine is generation 0 of pat as the body of an RLE file, on one line.
func rleLine(pat *lifesat.Pattern) string {
	var buf bytes.Buffer
	if err := rle.Write(&buf, &rle.File{Board: pat.Board()}); err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	return strings.Join(lines[1:], "") // without the header
}

// WriteJSON writes the table as one JSON document.
func (t *Table) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	return enc.Encode(t)
}

// WriteCSV writes the table's rows as CSV: the index and id, a column
// per axis, then the status, the number of answers and the first one,
// the times and statistics.
func (t *Table) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	head := append([]string{"index", "id"}, t.Axes...)
	head = append(head, "status", "answers", "answer", "error", "wall_seconds", "cpu_seconds",
		"encode_seconds", "solve_seconds", "vars", "clauses", "solves", "host", "engine")
	cw.Write(head)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 3, 64) }
	for _, r := range t.Rows {
		rec := []string{r.Task, r.ID}
		for _, a := range t.Axes {
			rec = append(rec, r.Labels[a])
		}
		first := ""
		if len(r.Answers) > 0 {
			first = r.Answers[0]
		}
		rec = append(rec, r.Status, strconv.Itoa(len(r.Answers)), first, r.Error,
			f(r.WallSeconds), f(r.CPUSeconds), f(r.EncodeSeconds), f(r.SolveSeconds),
			strconv.Itoa(r.Vars), strconv.Itoa(r.Clauses), strconv.Itoa(r.Solves), r.Host, r.Engine)
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}
