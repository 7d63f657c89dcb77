package plan

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/job"
)

// Format is the version of the manifests and result files this package
// writes; it reads no other.
const Format = 1

// The kinds of plans, and what their answers mean.
const (
	// KindSweep is a list of independent searches, each with its own
	// answer: every task runs, and every answer is kept.
	KindSweep = "sweep"
	// KindSplit is one search cut into cubes: the first pattern found in
	// any cube answers it, and it has none when every cube has none.
	KindSplit = "split"

	AnswerAll   = "all"   // a sweep's: every task's answers
	AnswerFirst = "first" // a split's: the first pattern of any task
)

// ErrManifest is wrapped by the errors of manifests that cannot be read
// or trusted: bad JSON, an unknown format, tasks out of order, a task
// that is not the search its id names, a split whose cubes do not
// partition its problem, a fingerprint that does not match.
var ErrManifest = errors.New("plan: bad manifest")

// A Header is the first line of a manifest.
type Header struct {
	// Format is the manifest format's version, Format.
	Format int `json:"lifesat_manifest"`
	// Kind is KindSweep or KindSplit; Answer is AnswerAll for a sweep,
	// AnswerFirst for a split.
	Kind   string `json:"kind"`
	Answer string `json:"answer"`
	// Tasks is the number of task lines that follow.
	Tasks int `json:"tasks"`
	// Axes names the labels of the tasks, in the order of a table's
	// columns: a sweep's axes ("rule", "size", ...), a split's "cube".
	Axes []string `json:"axes,omitempty"`
	// LimitSeconds bounds each task's search; 0 means no bound. A task
	// that reaches it has the result "stopped", which is final.
	LimitSeconds float64 `json:"limit_seconds,omitempty"`
	// Whole is, for a split, the search that the tasks are cubes of.
	Whole *job.Spec `json:"whole,omitempty"`
	// Cut describes a split's cubes as they were planned.
	Cut *CutStats `json:"cut,omitempty"`
	// MemoryBytes is the largest memory estimate of a task's search
	// (lifesat.Memory): what a scheduler should grant a task, with room
	// for the program itself.
	MemoryBytes int64 `json:"memory_bytes,omitempty"`
	// Fingerprint is "sha256:" and the hash of the manifest with this
	// field empty (see Manifest.Seal). Every result file carries it.
	Fingerprint string `json:"fingerprint"`
}

// A Task is one line of a manifest: one search.
type Task struct {
	// Index is the task's place, from 0: task I of an array job.
	Index int `json:"index"`
	// ID is the first 16 hex digits of the SHA-256 of the spec's JSON:
	// the same search has the same ID in every manifest.
	ID string `json:"id"`
	// Labels are the values of the task on the header's axes.
	Labels map[string]string `json:"labels,omitempty"`
	// Spec is the exact search.
	Spec job.Spec `json:"spec"`
}

// A Manifest is a plan: its header, then one task a line, in JSON.
type Manifest struct {
	Header Header
	Tasks  []Task
}

// specID is the ID of a spec.
func specID(sp *job.Spec) string {
	data, err := json.Marshal(sp)
	if err != nil {
		panic(err) // a Spec is plain data
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// Seal numbers the tasks, gives them their IDs and the header its Tasks
// count and Fingerprint: the SHA-256 of the manifest as Write writes it
// with an empty fingerprint. Change nothing after Seal, or Read refuses
// the manifest.
func (m *Manifest) Seal() {
	m.Header.Format = Format
	m.Header.Tasks = len(m.Tasks)
	for i := range m.Tasks {
		m.Tasks[i].Index = i
		m.Tasks[i].ID = specID(&m.Tasks[i].Spec)
	}
	m.Header.Fingerprint = m.fingerprint()
}

// fingerprint hashes the manifest as written with an empty fingerprint.
func (m *Manifest) fingerprint() string {
	h := sha256.New()
	hd := m.Header
	hd.Fingerprint = ""
	if err := writeLines(h, &hd, m.Tasks); err != nil {
		panic(err) // a hash takes every write
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// Write writes the manifest: the header line, then one line per task.
func (m *Manifest) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	if err := writeLines(bw, &m.Header, m.Tasks); err != nil {
		return err
	}
	return bw.Flush()
}

func writeLines(w io.Writer, h *Header, tasks []Task) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(h); err != nil {
		return err
	}
	for i := range tasks {
		if err := enc.Encode(&tasks[i]); err != nil {
			return err
		}
	}
	return nil
}

// MaxLine is the longest manifest line Read takes, in bytes.
const MaxLine = 16 << 20

// Read reads a manifest and checks it whole: the format, the header's
// kind and answer, every task's index, ID and spec (each must describe a
// search lifesat can run), for a split that the tasks are exactly the
// whole search with the cells of cubes that partition it (Partition),
// and the fingerprint. Every error wraps ErrManifest and names the line.
func Read(r io.Reader) (*Manifest, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	line := 0
	next := func() ([]byte, error) {
		var buf []byte
		for {
			chunk, err := br.ReadSlice('\n')
			buf = append(buf, chunk...)
			if len(buf) > MaxLine {
				return nil, fmt.Errorf("line %d is longer than %d bytes", line+1, MaxLine)
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err == io.EOF && len(buf) > 0 {
				err = nil
			}
			if err != nil {
				return nil, err
			}
			line++
			return buf, nil
		}
	}
	bad := func(format string, args ...any) (*Manifest, error) {
		return nil, fmt.Errorf("%w: line %d: %s", ErrManifest, line, fmt.Sprintf(format, args...))
	}
	first, err := next()
	if err == io.EOF {
		return nil, fmt.Errorf("%w: empty", ErrManifest)
	}
	if err != nil {
		return bad("%v", err)
	}
	m := &Manifest{}
	if err := strict(first, &m.Header); err != nil {
		return bad("header: %v", err)
	}
	h := &m.Header
	switch {
	case h.Format != Format:
		return bad("manifest format %d; this lifesat reads format %d", h.Format, Format)
	case h.Kind == KindSweep && h.Answer != AnswerAll, h.Kind == KindSplit && h.Answer != AnswerFirst:
		return bad("a %s's answer is %q, not %q", h.Kind, map[string]string{KindSweep: AnswerAll, KindSplit: AnswerFirst}[h.Kind], h.Answer)
	case h.Kind != KindSweep && h.Kind != KindSplit:
		return bad("unknown kind %q (want %s or %s)", h.Kind, KindSweep, KindSplit)
	case h.Tasks <= 0:
		return bad("%d tasks", h.Tasks)
	case h.LimitSeconds < 0:
		return bad("negative time limit")
	case (h.Kind == KindSplit) != (h.Whole != nil):
		return bad("a split, and only a split, names its whole search")
	}
	for {
		data, err := next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return bad("%v", err)
		}
		if len(bytes.TrimSpace(data)) == 0 {
			return bad("empty line")
		}
		if len(m.Tasks) == h.Tasks {
			return bad("more tasks than the header's %d", h.Tasks)
		}
		var t Task
		if err := strict(data, &t); err != nil {
			return bad("%v", err)
		}
		if err := checkTask(h, &t, len(m.Tasks)); err != nil {
			return bad("task %d: %v", len(m.Tasks), err)
		}
		m.Tasks = append(m.Tasks, t)
	}
	if len(m.Tasks) != h.Tasks {
		return nil, fmt.Errorf("%w: %d tasks, the header says %d", ErrManifest, len(m.Tasks), h.Tasks)
	}
	if h.Kind == KindSplit {
		if err := m.checkSplit(); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrManifest, err)
		}
	}
	if fp := m.fingerprint(); fp != h.Fingerprint {
		return nil, fmt.Errorf("%w: the fingerprint is %s, the manifest's content hashes to %s: it was changed after it was planned", ErrManifest, h.Fingerprint, fp)
	}
	return m, nil
}

// strict decodes one JSON value from data, refusing unknown fields and
// anything after the value.
func strict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value on the line")
	}
	return nil
}

// checkTask checks task t, found at place i of a manifest with header h.
func checkTask(h *Header, t *Task, i int) error {
	if t.Index != i {
		return fmt.Errorf("its index is %d", t.Index)
	}
	if id := specID(&t.Spec); t.ID != id {
		return fmt.Errorf("its id is %q, but its search's is %q", t.ID, id)
	}
	for k := range t.Labels {
		if !slices.Contains(h.Axes, k) {
			return fmt.Errorf("label %q is not among the header's axes %q", k, h.Axes)
		}
	}
	if _, _, err := search(&t.Spec); err != nil {
		return err
	}
	return nil
}

// search reads a spec's problem and settings, as Spec.Search does, but
// for its solver, which is left to the machine that runs the task: a
// manifest that names cadical can be planned and collected where cadical
// is not installed.
func search(sp *job.Spec) (lifesat.Problem, *lifesat.Settings, error) {
	q := *sp
	q.Solver = ""
	return q.Search()
}

// checkSplit checks that every task of a split is the whole search with
// a cube's cells known, and that the cubes partition it.
func (m *Manifest) checkSplit() error {
	whole := *m.Header.Whole
	if _, _, err := search(&whole); err != nil {
		return fmt.Errorf("the whole search: %v", err)
	}
	cubes := make([]Cube, len(m.Tasks))
	for i := range m.Tasks {
		sp := m.Tasks[i].Spec
		if len(sp.Known) < len(whole.Known) || !slices.Equal(sp.Known[:len(whole.Known)], whole.Known) {
			return fmt.Errorf("task %d does not know the cells the whole search knows", i)
		}
		cube := sp.Known[len(whole.Known):]
		sp.Known = whole.Known
		if !reflect.DeepEqual(sp, whole) {
			return fmt.Errorf("task %d is not the whole search with a cube's cells known", i)
		}
		if sp.Solutions > 1 {
			return fmt.Errorf("task %d asks for %d patterns; a split stops at the first", i, sp.Solutions)
		}
		for _, k := range cube {
			cubes[i] = append(cubes[i], lifesat.KnownCell{Gen: k[0], X: k[1], Y: k[2], Alive: k[3] == 1})
		}
	}
	return Partition(cubes)
}
