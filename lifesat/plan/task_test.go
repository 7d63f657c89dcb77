package plan_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/plan"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// runAll runs every task of m in order, in dir.
func runAll(t testing.TB, m *plan.Manifest, dir string) {
	t.Helper()
	for i := range m.Tasks {
		if _, _, err := plan.RunTask(context.Background(), &m.Header, &m.Tasks[i], dir, nil); err != nil {
			t.Fatalf("task %d: %v", i, err)
		}
	}
}

// outcome is a task's status and its answers' generation 0, as rows
// of '.' and 'O'.
type outcome struct {
	status  string
	answers []string
}

// sequential is what lifesat.Search says of each task.
func sequential(t *testing.T, m *plan.Manifest) []outcome {
	t.Helper()
	var out []outcome
	for _, task := range m.Tasks {
		p, s, err := task.Spec.Search()
		if err != nil {
			t.Fatal(err)
		}
		res, err := lifesat.Search(context.Background(), p, s)
		if err != nil {
			t.Fatal(err)
		}
		o := outcome{status: map[logic.Status]string{logic.Sat: job.Found, logic.Unsat: job.None}[res.Status]}
		for _, pat := range res.Patterns {
			o.answers = append(o.answers, pat.Board().String())
		}
		out = append(out, o)
	}
	return out
}

// collected is a row's status and answers, each read by package rle.
func collected(t *testing.T, m *plan.Manifest, row plan.Row) outcome {
	t.Helper()
	o := outcome{status: row.Status}
	for _, a := range row.Answers {
		sp := m.Tasks[row.Index].Spec
		f, err := rle.Read(strings.NewReader(fmt.Sprintf("x = %d, y = %d\n%s\n", sp.Width, sp.Height, a)))
		if err != nil {
			t.Fatalf("task %d: answer %q: %v", row.Index, a, err)
		}
		o.answers = append(o.answers, f.Board.String())
	}
	return o
}

// TestSweepAgreesWithSequential: a sweep's tasks, each run by RunTask and
// merged by Collect, give the statuses and answers that lifesat.Search
// gives for each search; the CSV and JSON say the same.
func TestSweepAgreesWithSequential(t *testing.T) {
	m, err := (&plan.Sweep{
		Problem:  lifesat.Oscillator(2, 5, 5),
		Settings: &lifesat.Settings{Seed: 2, Solutions: 2},
		Rules:    []rule.Rule{rule.Life, rule.MustParse("B36/S23"), rule.MustParse("B2/S")},
		Sizes:    []image.Point{{4, 4}, {5, 5}},
	}).Plan()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	runAll(t, m, dir)
	tab, err := plan.Collect(m, dir)
	if err != nil {
		t.Fatal(err)
	}
	want := sequential(t, m)
	for i, row := range tab.Rows {
		if got := collected(t, m, row); !reflect.DeepEqual(got, want[i]) {
			t.Errorf("task %d (%v): %q, sequentially %q", i, row.Labels, got, want[i])
		}
	}
	if s := tab.Summary; s.Verdict != plan.VerdictComplete || s.Missing != 0 || s.Found+s.None != len(m.Tasks) || s.Times.Tasks != len(m.Tasks) {
		t.Errorf("summary %+v", s)
	}
	var js bytes.Buffer
	if err := tab.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back plan.Table
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || !reflect.DeepEqual(back.Rows, tab.Rows) || !reflect.DeepEqual(back.Summary, tab.Summary) {
		t.Errorf("JSON reads back differently: %v", err)
	}
	var cs bytes.Buffer
	if err := tab.WriteCSV(&cs); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&cs).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(m.Tasks)+1 || recs[0][2] != "rule" || recs[0][3] != "size" || recs[0][4] != "status" {
		t.Fatalf("CSV head %q, %d records", recs[0], len(recs))
	}
	for i, r := range recs[1:] {
		if r[2] != m.Tasks[i].Labels["rule"] || r[4] != want[i].status || r[5] != strconv.Itoa(len(want[i].answers)) ||
			len(tab.Rows[i].Answers) > 0 && r[6] != tab.Rows[i].Answers[0] {
			t.Errorf("CSV row %d: %q, want %v", i, r, want[i])
		}
	}
}

// smallSweep is a sweep of four quick searches.
func smallSweep(t testing.TB) *plan.Manifest {
	t.Helper()
	m, err := (&plan.Sweep{Problem: lifesat.Oscillator(2, 5, 5), Seeds: []uint64{1, 2, 3, 4}}).Plan()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestResume: a task with a result file is skipped and its file left as
// it was; a task without one runs; Collect names the missing tasks.
func TestResume(t *testing.T) {
	m := smallSweep(t)
	dir := t.TempDir()
	runAll(t, m, dir)
	before, err := os.ReadFile(filepath.Join(dir, plan.ResultFile(2)))
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, plan.ResultFile(1)))
	os.Remove(filepath.Join(dir, plan.ResultFile(3)))
	// A writer killed before its rename leaves a temporary file, which
	// nobody reads.
	os.WriteFile(filepath.Join(dir, "."+plan.ResultFile(1)+".tmp-123"), []byte(`{"lifesat_res`), 0o644)
	tab, err := plan.Collect(m, dir)
	if err != nil {
		t.Fatal(err)
	}
	if s := tab.Summary; s.Verdict != plan.VerdictIncomplete || !reflect.DeepEqual(s.MissingTasks, []string{"1", "3"}) || tab.Rows[1].Status != plan.Missing {
		t.Errorf("with tasks 1 and 3 missing: %+v", s)
	}
	for i := range m.Tasks {
		_, out, err := plan.RunTask(context.Background(), &m.Header, &m.Tasks[i], dir, nil)
		if want := map[bool]plan.Outcome{true: plan.Ran, false: plan.Skipped}[i == 1 || i == 3]; err != nil || out != want {
			t.Errorf("task %d: %v, %v; want %v", i, out, err, want)
		}
	}
	after, _ := os.ReadFile(filepath.Join(dir, plan.ResultFile(2)))
	if !bytes.Equal(before, after) {
		t.Error("a skipped task's result file changed")
	}
	if tab, err := plan.Collect(m, dir); err != nil || tab.Summary.Verdict != plan.VerdictComplete {
		t.Errorf("after the resume: %+v, %v", tab.Summary, err)
	}
}

// TestBadResultFiles: a result file that is corrupt, of another format,
// of another manifest or task, or holds an answer that fails
// re-simulation, and a file named as a result that is no task's, make
// Collect fail with one line that names the file; RunTask refuses to run
// over such a file and leaves it as it is.
func TestBadResultFiles(t *testing.T) {
	m := smallSweep(t)
	dir := t.TempDir()
	runAll(t, m, dir)
	other := t.TempDir()
	m2, err := (&plan.Sweep{Problem: lifesat.Oscillator(2, 5, 5), Seeds: []uint64{1, 2, 3, 5}}).Plan()
	if err != nil {
		t.Fatal(err)
	}
	runAll(t, m2, other)
	good, _ := os.ReadFile(filepath.Join(dir, plan.ResultFile(0)))
	foreign, _ := os.ReadFile(filepath.Join(other, plan.ResultFile(0))) // the same search, another manifest
	third, _ := os.ReadFile(filepath.Join(dir, plan.ResultFile(3)))
	var rec plan.Record
	if err := json.Unmarshal(good, &rec); err != nil || rec.Result.Status != job.Found {
		t.Fatalf("task 0: %+v, %v", rec, err)
	}
	edit := func(f func(r *plan.Record)) []byte {
		var r plan.Record
		json.Unmarshal(good, &r)
		f(&r)
		data, _ := json.Marshal(&r)
		return data
	}
	for _, tt := range []struct {
		name, file string
		data       []byte
		want       string
	}{
		{"truncated", plan.ResultFile(0), good[:len(good)/2], "not a result"},
		{"empty", plan.ResultFile(0), nil, "not a result"},
		{"format", plan.ResultFile(0), edit(func(r *plan.Record) { r.Format = 9 }), "format 9"},
		{"foreign", plan.ResultFile(0), foreign, "another manifest"},
		{"another task's", plan.ResultFile(0), third, "task 3"},
		{"moved answer", plan.ResultFile(0), edit(func(r *plan.Record) {
			g := r.Result.Patterns[0][0]
			g[0], g[len(g)-1] = g[len(g)-1], g[0] // generation 0 upside down, generation 1 not
		}), "re-simulation"},
		{"unknown status", plan.ResultFile(0), edit(func(r *plan.Record) { r.Result.Status = "maybe" }), "maybe"},
		{"none with patterns", plan.ResultFile(0), edit(func(r *plan.Record) { r.Result.Status = job.None }), "none"},
		{"found without pattern", plan.ResultFile(0), edit(func(r *plan.Record) { r.Result.Patterns = nil }), "no pattern"},
		{"no such task", plan.ResultFile(4), good, "no task"},
		{"unknown field", plan.ResultFile(0), []byte(strings.Replace(string(good), "{", `{"colour":1,`, 1)), "colour"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := t.TempDir()
			for i := range m.Tasks {
				data, _ := os.ReadFile(filepath.Join(dir, plan.ResultFile(i)))
				os.WriteFile(filepath.Join(d, plan.ResultFile(i)), data, 0o644)
			}
			path := filepath.Join(d, tt.file)
			os.WriteFile(path, tt.data, 0o644)
			_, err := plan.Collect(m, d)
			if !errors.Is(err, plan.ErrResult) || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.file) || strings.Contains(err.Error(), "\n") {
				t.Errorf("Collect: %v; want one line, an ErrResult that names %s and says %q", err, tt.file, tt.want)
			}
			if tt.file == plan.ResultFile(0) {
				_, _, err := plan.RunTask(context.Background(), &m.Header, &m.Tasks[0], d, nil)
				if !errors.Is(err, plan.ErrResult) {
					t.Errorf("RunTask: %v; want an ErrResult", err)
				}
				if after, _ := os.ReadFile(path); !bytes.Equal(after, tt.data) {
					t.Error("RunTask changed the bad file")
				}
			}
		})
	}
}

// TestSplitFound: the tasks of a split that has answers, run in order,
// stop at the first answer; the later tasks are superseded and write
// nothing; Collect gives that answer, which solves the whole search.
func TestSplitFound(t *testing.T) {
	p := lifesat.Oscillator(2, 6, 6)
	m := splitManifest(t, p, 8)
	dir := t.TempDir()
	found := -1
	for i := range m.Tasks {
		rec, out, err := plan.RunTask(context.Background(), &m.Header, &m.Tasks[i], dir, nil)
		switch {
		case err != nil:
			t.Fatalf("task %d: %v", i, err)
		case found >= 0 && out != plan.Superseded:
			t.Errorf("task %d after task %d found the answer: %v", i, found, out)
		case found < 0 && out != plan.Ran:
			t.Errorf("task %d: %v", i, out)
		case found < 0 && rec.Result.Status == job.Found:
			found = i
		}
	}
	if found < 0 {
		t.Fatal("no cube has an oscillator")
	}
	for i := found + 1; i < len(m.Tasks); i++ {
		if _, err := os.Stat(filepath.Join(dir, plan.ResultFile(i))); !os.IsNotExist(err) {
			t.Errorf("superseded task %d has a result file", i)
		}
	}
	tab, err := plan.Collect(m, dir)
	if err != nil {
		t.Fatal(err)
	}
	s := tab.Summary
	if s.Verdict != plan.VerdictFound || s.FoundBy != strconv.Itoa(found) || s.Superseded != len(m.Tasks)-found-1 || s.Missing != 0 {
		t.Errorf("summary %+v", s)
	}
	if err := p.Check(tab.Answer(), &lifesat.Settings{Seed: 1}); err != nil {
		t.Errorf("the answer: %v", err)
	}
	if len(s.Answer) != 2 || strings.Join(s.Answer[0], "\n")+"\n" != tab.Answer().Board().String() {
		t.Errorf("the summary's answer %q", s.Answer)
	}
}

// TestSplitNone: a split of a search without answers is proved empty
// once every cube is, as lifesat.Search proves it whole; with a cube
// missing it is incomplete, and says which.
func TestSplitNone(t *testing.T) {
	p := lifesat.Spaceship(2, 1, 0, 5, 5) // no c/2 ship of period 2 fits in 5x5
	res, err := lifesat.Search(context.Background(), p, &lifesat.Settings{Seed: 1})
	if err != nil || res.Status != logic.Unsat {
		t.Fatalf("the whole search: %+v, %v", res, err)
	}
	m := splitManifest(t, p, 6)
	dir := t.TempDir()
	runAll(t, m, dir)
	tab, err := plan.Collect(m, dir)
	if err != nil {
		t.Fatal(err)
	}
	if s := tab.Summary; s.Verdict != plan.VerdictNone || s.None != len(m.Tasks) || tab.Answer() != nil {
		t.Errorf("summary %+v", s)
	}
	last := len(m.Tasks) - 1
	os.Remove(filepath.Join(dir, plan.ResultFile(last)))
	tab, err = plan.Collect(m, dir)
	if err != nil {
		t.Fatal(err)
	}
	if s := tab.Summary; s.Verdict != plan.VerdictIncomplete || !reflect.DeepEqual(s.MissingTasks, []string{strconv.Itoa(last)}) {
		t.Errorf("with cube %d missing: %+v", last, s)
	}
}

// TestCollectNoneNeedsAPartition: a split made in memory whose cubes do
// not cover its search (a cube dropped) is never "none", even when every
// one of its cubes is empty.
func TestCollectNoneNeedsAPartition(t *testing.T) {
	m := splitManifest(t, lifesat.Spaceship(2, 1, 0, 5, 5), 4)
	m.Tasks = m.Tasks[:len(m.Tasks)-1]
	m.Seal()
	dir := t.TempDir()
	runAll(t, m, dir)
	tab, err := plan.Collect(m, dir)
	if !errors.Is(err, plan.ErrManifest) {
		t.Errorf("Collect: %+v, %v; want an ErrManifest", tab, err)
	}
}

// TestRecordsAddUp: a worker's records add up to its process's
// processor time at its last record, each counting from the one before
// (the first from the process's start), whatever happens between two
// measures: a clock that ticks once a reading shows any reading left
// out. A task whose result is there already is skipped, and what the
// worker spent on it counts in the next record.
func TestRecordsAddUp(t *testing.T) {
	var ticks time.Duration
	old := *plan.RecordCPU
	*plan.RecordCPU = func() time.Duration { ticks += time.Millisecond; return ticks }
	defer func() { *plan.RecordCPU = old }()
	m, err := (&plan.Sweep{Problem: lifesat.Oscillator(2, 4, 4), Settings: &lifesat.Settings{Seed: 1}, Seeds: []uint64{1, 2, 3, 4, 5, 6}}).Plan()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, _, err := plan.RunTask(context.Background(), &m.Header, &m.Tasks[2], dir, nil); err != nil {
		t.Fatal(err)
	}
	alone := ticks // RunTask counts from its call: one tick
	ticks = 0      // the worker's process starts
	if err := plan.Work(context.Background(), &m.Header, m.Tasks, m, dir, nil); err != nil {
		t.Fatal(err)
	}
	tab, err := plan.Collect(m, dir)
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for _, row := range tab.Rows {
		sum += row.CPUSeconds
	}
	// Five records of the worker, one a reading: 5 ms; task 2's 1 ms.
	if want := (ticks + alone/2).Seconds(); math.Abs(sum-want) > 1e-9 || ticks != 5*time.Millisecond {
		t.Errorf("the records add up to %.4f s; the worker's clock read %v at its last record, task 2's record %v", sum, ticks, alone/2)
	}
}
