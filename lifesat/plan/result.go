package plan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
	// Manifest is the manifest's fingerprint; Index and ID the task's.
	Manifest string `json:"manifest"`
	Index    int    `json:"index"`
	ID       string `json:"id"`
	// Result is the search's outcome: its status, its patterns (each
	// re-simulated before the file was written) and the solver's
	// statistics.
	Result job.Result `json:"result"`
	// Host and Engine say where it ran: the host name, and "slurm
	// JOB_TASK", "kubernetes INDEX", "parallel SEQ" or "local".
	Host   string `json:"host,omitempty"`
	Engine string `json:"engine,omitempty"`
	// Started is when the search started; WallSeconds how long it took,
	// CPUSeconds the processor time the process spent meanwhile.
	Started     time.Time `json:"started"`
	WallSeconds float64   `json:"wall_seconds"`
	CPUSeconds  float64   `json:"cpu_seconds"`
}

// ResultFile is the name of task i's result file in a results folder.
func ResultFile(i int) string { return fmt.Sprintf("task-%06d.json", i) }

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
	path := filepath.Join(dir, ResultFile(t.Index))
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxResult+1))
	if err != nil {
		return nil, nil, err
	}
	if len(data) > MaxResult {
		return nil, nil, fmt.Errorf("%w: %s: larger than %d bytes; delete it to run task %d again", ErrResult, path, MaxResult, t.Index)
	}
	rec, err := DecodeRecord(data)
	var pats []*lifesat.Pattern
	if err == nil {
		pats, err = rec.check(h, t)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %s: %v; delete it to run task %d again", ErrResult, path, err, t.Index)
	}
	return rec, pats, nil
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
	case rec.Index != t.Index || rec.ID != t.ID:
		return nil, fmt.Errorf("it is the result of task %d (%s), not of task %d (%s)", rec.Index, rec.ID, t.Index, t.ID)
	case rec.WallSeconds < 0 || rec.CPUSeconds < 0:
		return nil, errors.New("negative times")
	}
	return rec.Patterns(t)
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
