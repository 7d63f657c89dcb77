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
	"github.com/lifesat/lifesat/lifesat/logic"
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
	// LimitSeconds bounds each task's search, in processor time (wall
	// time for an external solver, whose work a child process does); 0
	// means no bound. A task that reaches it has the result "stopped",
	// which is final, unless Resplit says to cut its cube.
	LimitSeconds float64 `json:"limit_seconds,omitempty"`
	// Resplit is, for a split with a time limit, how many sub-cubes a
	// task that reaches the limit without an answer cuts its cube into
	// (Cut, by the method of Cut, on the cube's own formula): its result
	// is "split", and the sub-cubes are new tasks (Record.Split). 0
	// means no re-split.
	Resplit int `json:"resplit,omitempty"`
	// Whole is, for a split, the search that the tasks are cubes of.
	Whole *job.Spec `json:"whole,omitempty"`
	// Cut describes a split's cubes as they were planned.
	Cut *CutStats `json:"cut,omitempty"`
	// Proofs is, for a split whose "none exists" must be certified, the
	// format of the proofs its tasks write ("drat" or "lrat", as
	// logic.ProofFormat names them); "" means no proofs. A task whose
	// cube has no answer then writes the clausal proof of it beside its
	// result (Record.Proof), and Collect verifies every leaf's proof
	// before it says that none exists.
	Proofs string `json:"proofs,omitempty"`
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
	// Sub is, for a task of a split that a cube's re-split made, its
	// place below task Index: the child number at each level (see
	// Record.Split). A manifest's tasks have none.
	Sub []int `json:"-"`
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
		panic(err) // a Spec made by job.New or read from JSON has its values' names
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// Seal numbers the tasks, gives them their IDs and the header its Tasks
// count and Fingerprint: the SHA-256 of the manifest as Write writes it
// with an empty fingerprint. Change nothing after Seal, or Read refuses
// the manifest. Seal panics on a spec that holds a value without a name
// (a life.Transform(9), say), which job.New never makes.
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
// search lifesat can run, whatever solver it names), that every line is
// as Write writes it, for a split that the tasks are exactly the whole
// search with the cells of cubes that partition it (Partition), and the
// fingerprint. Every error wraps ErrManifest and names the line.
func Read(r io.Reader) (*Manifest, error) {
	m, _, err := read(r, -1, 0)
	return m, err
}

// ReadTask reads the header and task i of a manifest, for a task that
// runs alone: it checks the header and task i as Read does, and the
// fingerprint of the whole manifest, but reads the other tasks' lines
// only to hash them, so that each task of a large manifest reads it in
// milliseconds. (Whether a split's cubes partition its search is not
// checked: Collect's Read does that.) Its errors wrap ErrManifest, or
// ErrIndex when the manifest has no task i.
func ReadTask(r io.Reader, i int) (*Header, *Task, error) {
	if i < 0 {
		return nil, nil, fmt.Errorf("%w: task %d", ErrIndex, i)
	}
	h, ts, err := ReadTasks(r, i, i+1)
	if err != nil {
		return nil, nil, err
	}
	return h, &ts[0], nil
}

// ReadTasks reads the header and the tasks from..to-1 of a manifest, as
// ReadTask reads one: the tasks of one array index of a batch. It wants
// at least task from; the tasks past the manifest's last are left out.
func ReadTasks(r io.Reader, from, to int) (*Header, []Task, error) {
	if from < 0 || to <= from {
		return nil, nil, fmt.Errorf("%w: tasks %d..%d", ErrIndex, from, to-1)
	}
	m, ts, err := read(r, from, to)
	if err != nil {
		return nil, nil, err
	}
	if len(ts) == 0 {
		return nil, nil, fmt.Errorf("%w: task %d: the manifest has tasks 0..%d", ErrIndex, from, m.Header.Tasks-1)
	}
	return &m.Header, ts, nil
}

// read reads a manifest: every task when from is negative, else only
// the tasks from..to-1, which it returns; the other lines are hashed.
func read(r io.Reader, from, to int) (*Manifest, []Task, error) {
	only := from
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
	bad := func(format string, args ...any) (*Manifest, []Task, error) {
		return nil, nil, fmt.Errorf("%w: line %d: %s", ErrManifest, line, fmt.Sprintf(format, args...))
	}
	first, err := next()
	if err == io.EOF {
		return nil, nil, fmt.Errorf("%w: empty", ErrManifest)
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
	case h.Tasks <= 0 || h.Tasks > MaxTasks:
		return bad("%d tasks; a manifest has 1 to %d", h.Tasks, MaxTasks)
	case h.LimitSeconds < 0:
		return bad("negative time limit")
	case h.Resplit < 0 || h.Resplit > 0 && (h.Kind != KindSplit || h.LimitSeconds == 0 || h.Cut == nil):
		return bad("only a split with a time limit re-splits its cubes, into 2 or more")
	case h.Resplit == 1:
		return bad("a cube re-splits into 2 or more cubes, not 1")
	case (h.Kind == KindSplit) != (h.Whole != nil):
		return bad("a split, and only a split, names its whole search")
	case h.Proofs != "" && h.Kind != KindSplit:
		return bad("only a split's tasks write proofs")
	case h.Proofs != "" && h.Proofs != logic.DRAT.String() && h.Proofs != logic.LRAT.String():
		return bad("proofs %q: want %s or %s", h.Proofs, logic.DRAT, logic.LRAT)
	case !bytes.Equal(first, canonical(h)):
		return bad("the header is not written as lifesat writes it")
	}
	if h.Kind == KindSplit {
		if _, _, err := search(h.Whole); err != nil {
			return bad("the whole search: %v", err)
		}
		if err := noProofDir(h.Whole); err != nil {
			return bad("the whole search: %v", err)
		}
	}
	hash := sha256.New()
	noFP := *h
	noFP.Fingerprint = ""
	hash.Write(canonical(&noFP))
	var found []Task
	n := 0
	for ; ; n++ {
		data, err := next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return bad("%v", err)
		}
		if n == h.Tasks {
			return bad("more tasks than the header's %d", h.Tasks)
		}
		hash.Write(data)
		if only >= 0 && (n < from || n >= to) {
			continue
		}
		if len(bytes.TrimSpace(data)) == 0 {
			return bad("empty line")
		}
		var t Task
		if err := strict(data, &t); err != nil {
			return bad("%v", err)
		}
		if err := checkTask(h, &t, n); err != nil {
			return bad("task %d: %v", n, err)
		}
		if !bytes.Equal(data, canonical(&t)) {
			return bad("task %d is not written as lifesat writes it", n)
		}
		if only >= 0 {
			found = append(found, t)
			continue
		}
		m.Tasks = append(m.Tasks, t)
	}
	if n != h.Tasks {
		return nil, nil, fmt.Errorf("%w: %d tasks, the header says %d", ErrManifest, n, h.Tasks)
	}
	if only < 0 && h.Kind == KindSplit {
		if err := m.checkCubes(); err != nil {
			return nil, nil, fmt.Errorf("%w: %v", ErrManifest, err)
		}
	}
	if fp := "sha256:" + hex.EncodeToString(hash.Sum(nil)); fp != h.Fingerprint {
		return nil, nil, fmt.Errorf("%w: the fingerprint is %s, the manifest's content hashes to %s: it was changed after it was planned", ErrManifest, h.Fingerprint, fp)
	}
	return m, found, nil
}

// canonical is v's line as Write writes it, its newline included.
func canonical(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // headers and tasks are data whose values have names (job.New)
	}
	return buf.Bytes()
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

// checkTask checks task t, found at place i of a manifest with header h:
// its index and ID, its labels, its spec, and for a split that it is the
// whole search with a cube's cells known.
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
	if err := noProofDir(&t.Spec); err != nil {
		return err
	}
	if h.Kind == KindSplit {
		if _, err := cubeOf(h.Whole, &t.Spec); err != nil {
			return err
		}
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

// noProofDir refuses a spec that asks for a proof itself: a plan's
// proofs are asked by its header (Header.Proofs), and each task's goes
// beside its result, not to a path written in the manifest.
func noProofDir(sp *job.Spec) error {
	if sp.ProofDir != "" || sp.ProofFormat != logic.DRAT {
		return errors.New("its search names a proof directory or format: a plan asks for proofs in its header (plan -proofs)")
	}
	return nil
}

// cubeOf is the cube of a split's task: the cells it knows beyond the
// whole search's. It fails when the task is not the whole search with
// more cells known.
func cubeOf(whole, sp *job.Spec) (Cube, error) {
	if len(sp.Known) < len(whole.Known) || !slices.Equal(sp.Known[:len(whole.Known)], whole.Known) {
		return nil, errors.New("it does not know the cells the whole search knows")
	}
	q := *sp
	q.Known = whole.Known
	if !reflect.DeepEqual(&q, whole) {
		return nil, errors.New("it is not the whole search with a cube's cells known")
	}
	if sp.Solutions > 1 {
		return nil, fmt.Errorf("it asks for %d patterns; a split stops at the first", sp.Solutions)
	}
	var c Cube
	for _, k := range sp.Known[len(whole.Known):] {
		c = append(c, lifesat.KnownCell{Gen: k[0], X: k[1], Y: k[2], Alive: k[3] == 1})
	}
	return c, nil
}

// checkCubes checks that the cubes of a split's tasks partition its
// whole search.
func (m *Manifest) checkCubes() error {
	cubes := make([]Cube, len(m.Tasks))
	for i := range m.Tasks {
		c, err := cubeOf(m.Header.Whole, &m.Tasks[i].Spec)
		if err != nil {
			return fmt.Errorf("task %d: %v", i, err)
		}
		cubes[i] = c
	}
	return Partition(cubes)
}
