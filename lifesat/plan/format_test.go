package plan_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/plan"
)

// TestReadsFormat1Files: manifests and result files of format 1, written
// by lifesat when job.Spec held its rules, transforms, symmetries and
// modes as names it wrote itself (testdata/format1: a sweep with a task
// for every field of a spec and every rule notation, run, and a split),
// still read, check and collect, and read back are written byte for byte
// as they were: their tasks' ids and the manifests' fingerprints hold.
func TestReadsFormat1Files(t *testing.T) {
	dir := filepath.Join("testdata", "format1")
	for _, name := range []string{"sweep.jsonl", "split.jsonl"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		m, err := plan.Read(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var back bytes.Buffer
		if err := m.Write(&back); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(back.Bytes(), data) {
			t.Errorf("%s is written back as\n%s", name, back.Bytes())
		}
		for i, task := range m.Tasks {
			// The search the spec describes is written down as the
			// same spec.
			p, s, err := task.Spec.Search()
			if err != nil {
				t.Fatalf("%s task %d: %v", name, i, err)
			}
			sp, err := job.New(p, s)
			if err != nil {
				t.Fatalf("%s task %d: %v", name, i, err)
			}
			a, _ := json.Marshal(&task.Spec)
			b, _ := json.Marshal(sp)
			if !bytes.Equal(a, b) {
				t.Errorf("%s task %d: spec\n%s\nwritten again as\n%s", name, i, a, b)
			}
		}
	}

	data, err := os.ReadFile(filepath.Join(dir, "sweep.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := plan.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "sweep.results")
	tab, err := plan.Collect(m, results)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Summary.Verdict != plan.VerdictComplete || tab.Summary.Found == 0 || tab.Summary.None == 0 {
		t.Errorf("summary %+v: want a complete sweep with tasks found and none", tab.Summary)
	}
	ranges := 0
	for i := range m.Tasks {
		rec, err := plan.ReadRecord(&m.Header, &m.Tasks[i], results)
		if err != nil || rec == nil {
			t.Fatalf("task %d: %v, %v", i, rec, err)
		}
		ranges += len(rec.Result.Ranges)
		file, err := os.ReadFile(filepath.Join(results, plan.ResultFile(i)))
		if err != nil {
			t.Fatal(err)
		}
		again, _ := json.MarshalIndent(rec, "", " ")
		if !bytes.Equal(append(again, '\n'), file) {
			t.Errorf("task %d's result file is written back as\n%s", i, again)
		}
	}
	if ranges == 0 {
		t.Error("no result file holds a partial rule's ranges")
	}
}
