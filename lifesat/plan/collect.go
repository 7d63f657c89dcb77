package plan

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"

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
	Index  int               `json:"index"`
	ID     string            `json:"id"`
	Labels map[string]string `json:"labels,omitempty"`
	// Status is the result's (found, none, stopped, error) or Missing.
	Status string `json:"status"`
	// Answers are the patterns found, generation 0 of each as the body
	// of an RLE file on one line; each was re-simulated.
	Answers []string `json:"answers,omitempty"`
	Error   string   `json:"error,omitempty"`
	// The times and the solver's statistics, from the result file.
	WallSeconds   float64 `json:"wall_seconds,omitempty"`
	CPUSeconds    float64 `json:"cpu_seconds,omitempty"`
	EncodeSeconds float64 `json:"encode_seconds,omitempty"`
	SolveSeconds  float64 `json:"solve_seconds,omitempty"`
	Vars          int     `json:"vars,omitempty"`
	Clauses       int     `json:"clauses,omitempty"`
	Solves        int     `json:"solves,omitempty"`
	Host          string  `json:"host,omitempty"`
	Engine        string  `json:"engine,omitempty"`
}

// Times summarize the tasks' times: of the tasks that ran to an end
// (found, none or stopped), how many, the sum and the largest of their
// wall times, the mean and coefficient of variation (standard deviation
// over mean) of the wall times, and the sum of their CPU times. For a
// split, Max over Mean measures the cubes' balance: 1 when all took
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
	Tasks   int    `json:"tasks"`
	Found   int    `json:"found"`
	None    int    `json:"none"`
	Stopped int    `json:"stopped"`
	Failed  int    `json:"failed"`
	Missing int    `json:"missing"`
	// MissingTasks are the indices of the tasks without a result file.
	MissingTasks []int `json:"missing_tasks,omitempty"`
	// FoundBy is, for a split that found its answer, the first task (by
	// index) that did, and Answer its pattern, every generation as rows
	// of '.' and 'O', re-simulated against the whole search.
	FoundBy *int       `json:"found_by,omitempty"`
	Answer  [][]string `json:"answer,omitempty"`
	Times   Times      `json:"times"`
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

// resultName matches the names of result files.
var resultName = regexp.MustCompile(`^task-([0-9]+)\.json$`)

// Collect reads the result files of m's tasks from dir and merges them
// into a table. Every result file is checked (ReadRecord: its manifest,
// its task, every pattern re-simulated); a corrupt or foreign one, or a
// file named as a result that is no task's, is an error that wraps
// ErrResult: a table is never merged from results that cannot be
// trusted. Tasks without a file are Missing and named in the summary.
//
// A split's verdict is VerdictFound with the answer of the first task
// that found one, re-simulated against the whole search too;
// VerdictNone when every cube has a result "none" and the cubes
// partition the search (Partition); VerdictIncomplete otherwise. A sweep is
// VerdictComplete when every task has a result file.
func Collect(m *Manifest, dir string) (*Table, error) {
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	for _, e := range entries {
		sub := resultName.FindStringSubmatch(e.Name())
		if sub == nil {
			continue // the found mark, temporary files, logs
		}
		i, err := strconv.Atoi(sub[1])
		if err != nil || i >= len(m.Tasks) || e.Name() != ResultFile(i) {
			return nil, fmt.Errorf("%w: %s/%s is the result file of no task of this manifest (it has %d)", ErrResult, dir, e.Name(), len(m.Tasks))
		}
	}
	t := &Table{Axes: m.Header.Axes, Summary: Summary{Kind: m.Header.Kind, Tasks: len(m.Tasks)}}
	var walls []float64
	sum := &t.Summary
	for i := range m.Tasks {
		task := &m.Tasks[i]
		row := Row{Index: i, ID: task.ID, Labels: task.Labels, Status: Missing}
		rec, pats, err := readRecord(&m.Header, task, dir)
		if err != nil {
			return nil, err
		}
		if rec == nil {
			sum.Missing++
			sum.MissingTasks = append(sum.MissingTasks, i)
			t.Rows = append(t.Rows, row)
			continue
		}
		r := rec.Result
		row.Status, row.Error = r.Status, r.Error
		row.WallSeconds, row.CPUSeconds = rec.WallSeconds, rec.CPUSeconds
		row.EncodeSeconds, row.SolveSeconds = r.EncodeSeconds, r.SolveSeconds
		row.Vars, row.Clauses, row.Solves = r.Vars, r.Clauses, r.Solves
		row.Host, row.Engine = rec.Host, rec.Engine
		for _, pat := range pats {
			row.Answers = append(row.Answers, rleLine(pat))
		}
		switch r.Status {
		case job.Found:
			sum.Found++
			if sum.FoundBy == nil && m.Header.Kind == KindSplit {
				if err := t.splitAnswer(m, i, pats[0]); err != nil {
					return nil, err
				}
			}
		case job.None:
			sum.None++
		case job.Stopped:
			sum.Stopped++
		case job.Failed:
			sum.Failed++
		}
		if r.Status != job.Failed {
			walls = append(walls, rec.WallSeconds)
			sum.Times.CPUSum += rec.CPUSeconds
		}
		t.Rows = append(t.Rows, row)
	}
	sum.Times.fill(walls)
	switch {
	case m.Header.Kind == KindSplit && sum.FoundBy != nil:
		sum.Verdict = VerdictFound
	case m.Header.Kind == KindSplit && sum.None == len(m.Tasks):
		// Read checked that the cubes partition the search; a manifest
		// made in memory is checked here.
		if err := m.checkCubes(); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrManifest, err)
		}
		sum.Verdict = VerdictNone
	case m.Header.Kind == KindSweep && sum.Missing == 0:
		sum.Verdict = VerdictComplete
	default:
		sum.Verdict = VerdictIncomplete
	}
	return t, nil
}

// splitAnswer makes task i's pattern the split's answer, once it is
// re-simulated against the whole search as well as its cube.
func (t *Table) splitAnswer(m *Manifest, i int, pat *lifesat.Pattern) error {
	p, s, err := search(m.Header.Whole)
	if err != nil {
		return fmt.Errorf("%w: the whole search: %v", ErrManifest, err)
	}
	if err := p.Check(pat, s); err != nil {
		return fmt.Errorf("%w: task %d's pattern is no answer of the whole search: %v", ErrResult, i, err)
	}
	t.Summary.FoundBy = &i
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
		rec := []string{strconv.Itoa(r.Index), r.ID}
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
