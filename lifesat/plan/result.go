package plan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/job"
)

// ErrResult is wrapped by the errors of result files that cannot be
// trusted: not JSON, of another format, of another manifest (a foreign
// file), of another task, or with an answer that fails re-simulation.
var ErrResult = errors.New("plan: bad result file")

// A Record is the result file of one task: its search's outcome and
// where, when and how long it ran.
type Record struct {
	// Format is the result format's version, Format.
	Format int `json:"lifesat_result"`
	// Manifest is the manifest's fingerprint; Index, Sub and ID the
	// task's.
	Manifest string `json:"manifest"`
	Index    int    `json:"index"`
	Sub      []int  `json:"sub,omitempty"`
	ID       string `json:"id"`
	// Result is the search's outcome: its status, its patterns (each
	// re-simulated before the file was written) and the solver's
	// statistics.
	Result job.Result `json:"result"`
	// Stop says why a search that was stopped stopped, when it was not
	// the limit: StatusSplit (it reached the time limit of a split that
	// re-splits, and Split holds its sub-cubes) or StatusSuperseded
	// (another task answered the split).
	Stop string `json:"stop,omitempty"`
	// Split is, for StatusSplit, the sub-cubes: for each, the cells it
	// knows beyond the task's, as [generation, x, y, state]. They
	// partition the task's cube; sub-cube k is task Sub+[k].
	Split [][][4]int `json:"split,omitempty"`
	// Proof is, for a result "none" of a split that asks for proofs
	// (Header.Proofs), where the proof of it is and the SHA-256 of its
	// files.
	Proof *ProofRef `json:"proof,omitempty"`
	// Host and Engine say where it ran: the host name, and "slurm
	// JOB_TASK", "kubernetes INDEX", "parallel SEQ" or "local".
	Host   string `json:"host,omitempty"`
	Engine string `json:"engine,omitempty"`
	// Started is when the search started; WallSeconds how long it took,
	// CPUSeconds the processor time the process spent since the record
	// before it was measured (since the process began, for its first;
	// RunTask: since the call), so that a worker's records add up to
	// its process's time.
	Started     time.Time `json:"started"`
	WallSeconds float64   `json:"wall_seconds"`
	CPUSeconds  float64   `json:"cpu_seconds"`
}

// ResultFile is the name of task i's result file in a results folder.
func ResultFile(i int) string { return fmt.Sprintf("task-%06d.json", i) }

// base is the task's files' name without extension: "task-000003" for
// task 3 of the manifest, "task-000003.1.0" for sub-cube 0 of its
// sub-cube 1.
func (t *Task) base() string {
	s := fmt.Sprintf("task-%06d", t.Index)
	for _, k := range t.Sub {
		s += fmt.Sprintf(".%d", k)
	}
	return s
}

// File is the name of the task's result file in a results folder.
func (t *Task) File() string { return t.base() + ".json" }

// Name is the task's name: its index, and its place below it for a
// re-split's sub-cube: "3", "3.1.0".
func (t *Task) Name() string {
	s := strconv.Itoa(t.Index)
	for _, k := range t.Sub {
		s += "." + strconv.Itoa(k)
	}
	return s
}

// The statuses of a task beyond its search's (found, none, stopped,
// error).
const (
	// StatusSplit: the task reached the time limit and its cube was
	// re-split; its sub-cubes are tasks of their own.
	StatusSplit = "split"
	// StatusSuperseded: another task of the split found the answer first.
	StatusSuperseded = "superseded"
	// StatusRunning: a worker holds the task's claim (Collect only).
	StatusRunning = "running"
)

// Status is the task's status as the record says it: the search's
// (found, none, stopped or error), or StatusSplit or StatusSuperseded.
func (rec *Record) Status() string {
	if rec.Stop != "" {
		return rec.Stop
	}
	return rec.Result.Status
}

// ResultsDir is the results folder of the manifest at path: the path
// without its extension, and ".results".
func ResultsDir(path string) string {
	return strings.TrimSuffix(path, filepath.Ext(path)) + ".results"
}

// MaxResult is the largest result file read, in bytes.
const MaxResult = 256 << 20

// ReadRecord reads task t's result file from dir and checks it against
// the task and its manifest's header: its format, fingerprint, index and
// ID, its status, and every pattern it holds, re-simulated against the
// task's problem (lifesat.Problem.Check). It returns nil and no error
// when the file does not exist; every other failure wraps ErrResult,
// names the file and says to delete it (RunTask then runs the task
// again).
func ReadRecord(h *Header, t *Task, dir string) (*Record, error) {
	rec, _, err := readRecord(h, t, dir)
	return rec, err
}

// readRecord is ReadRecord that also returns the record's patterns.
func readRecord(h *Header, t *Task, dir string) (*Record, []*lifesat.Pattern, error) {
	path := filepath.Join(dir, t.File())
	data, err := readSmall(path)
	if err != nil || data == nil {
		return nil, nil, err
	}
	rec, err := DecodeRecord(data)
	var pats []*lifesat.Pattern
	if err == nil {
		pats, err = rec.check(h, t)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %s: %v; delete it to run task %s again", ErrResult, path, err, t.Name())
	}
	return rec, pats, nil
}

// readSmall reads a result file, nil when it does not exist; one larger
// than MaxResult is an error.
func readSmall(path string) ([]byte, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxResult+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxResult {
		return nil, fmt.Errorf("%w: %s: larger than %d bytes; delete it to run its task again", ErrResult, path, MaxResult)
	}
	return data, nil
}

// DecodeRecord reads a result file's JSON, refusing unknown fields and
// other formats. It does not check the record against a manifest.
func DecodeRecord(data []byte) (*Record, error) {
	var rec Record
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return nil, fmt.Errorf("not a result: %v", err)
	}
	if dec.More() {
		return nil, errors.New("not a result: more than one JSON value")
	}
	if rec.Format != Format {
		return nil, fmt.Errorf("result format %d; this lifesat reads format %d", rec.Format, Format)
	}
	return &rec, nil
}

// check checks the record against task t of the manifest with header h
// and returns its patterns, re-simulated.
func (rec *Record) check(h *Header, t *Task) ([]*lifesat.Pattern, error) {
	switch {
	case rec.Manifest != h.Fingerprint:
		return nil, fmt.Errorf("it belongs to another manifest (fingerprint %s, this manifest's is %s)", rec.Manifest, h.Fingerprint)
	case rec.Index != t.Index || !slices.Equal(rec.Sub, t.Sub) || rec.ID != t.ID:
		other := Task{Index: rec.Index, Sub: rec.Sub}
		return nil, fmt.Errorf("it is the result of task %s (%s), not of task %s (%s)", other.Name(), rec.ID, t.Name(), t.ID)
	case rec.WallSeconds < 0 || rec.CPUSeconds < 0:
		return nil, errors.New("negative times")
	}
	if err := rec.checkStop(h); err != nil {
		return nil, err
	}
	if err := rec.checkProof(h, t); err != nil {
		return nil, err
	}
	return rec.Patterns(t)
}

// checkStop checks a stopped search's reason, and a split's sub-cubes:
// at least two, that partition the assignments of their cells (the
// cells a task knows already are checked by the sub-tasks' specs).
func (rec *Record) checkStop(h *Header) error {
	switch rec.Stop {
	case "":
		if len(rec.Split) > 0 {
			return errors.New("sub-cubes without a split")
		}
		return nil
	case StatusSplit, StatusSuperseded:
	default:
		return fmt.Errorf("unknown stop %q", rec.Stop)
	}
	switch {
	case rec.Result.Status != job.Stopped:
		return fmt.Errorf("%s, but the search's status is %q", rec.Stop, rec.Result.Status)
	case h.Kind != KindSplit:
		return fmt.Errorf("%s in a %s", rec.Stop, h.Kind)
	case rec.Stop == StatusSuperseded && len(rec.Split) > 0:
		return errors.New("sub-cubes of a superseded task")
	case rec.Stop == StatusSplit && len(rec.Split) < 2:
		return fmt.Errorf("a split into %d sub-cubes", len(rec.Split))
	case rec.Stop == StatusSplit && len(rec.Split) > MaxResplit:
		return fmt.Errorf("a split into %d sub-cubes, more than %d", len(rec.Split), MaxResplit)
	}
	if rec.Stop == StatusSplit {
		if err := Partition(cubesOf(rec.Split)); err != nil {
			return fmt.Errorf("the sub-cubes do not partition the cube: %v", err)
		}
	}
	return nil
}

// Patterns reads the record's patterns back and re-simulates each
// against the problem of t, its task; an answer that fails is an error,
// and so is a status other than found, none, stopped and error, or a
// result that is found without a pattern.
func (rec *Record) Patterns(t *Task) ([]*lifesat.Pattern, error) {
	r := rec.Result
	switch r.Status {
	case job.Found, job.None, job.Stopped:
	case job.Failed:
		if len(r.Patterns) > 0 {
			return nil, errors.New("a failed search with patterns")
		}
		return nil, nil
	default:
		return nil, fmt.Errorf("unknown status %q", r.Status)
	}
	if r.Status == job.None && len(r.Patterns) > 0 {
		return nil, errors.New(`status "none" with patterns`)
	}
	res, err := r.Lifesat()
	if err != nil {
		return nil, err
	}
	p, s, err := search(&t.Spec)
	if err != nil {
		return nil, err
	}
	for k, pat := range res.Patterns {
		if err := p.Check(pat, s); err != nil {
			return nil, fmt.Errorf("pattern %d fails re-simulation: %v", k, err)
		}
	}
	return res.Patterns, nil
}
