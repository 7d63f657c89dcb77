package plan_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/plan"
)

// resplitManifest cuts p into n cubes, each re-split into 2 when it
// reaches the time limit (an hour: the tests make a task reach it by
// TimeUp instead).
func resplitManifest(t testing.TB, p lifesat.Problem, n int) *plan.Manifest {
	t.Helper()
	m, err := plan.Split(context.Background(), p, &lifesat.Settings{Seed: 1},
		&plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: n}, Limit: time.Hour, Resplit: 2})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// splitNow runs task tk with its time up as its search starts, as an
// engine's signal would make it: the task writes its re-split.
func splitNow(t testing.TB, m *plan.Manifest, tk *plan.Task, dir string) *plan.Record {
	t.Helper()
	up := make(chan struct{})
	*plan.BeforeSearch = func(ctx context.Context) {
		close(up)
		<-ctx.Done() // the search starts once the time is up
	}
	defer func() { *plan.BeforeSearch = nil }()
	rec, out, err := plan.RunTask(context.Background(), &m.Header, tk, dir, &plan.TaskOptions{TimeUp: up})
	if err != nil || out != plan.Ran || rec == nil || rec.Status() != plan.StatusSplit || len(rec.Split) != 2 {
		t.Fatalf("task %s with its time up: %+v, %v, %v; want a split into 2", tk.Name(), rec, out, err)
	}
	return rec
}

// TestResplitNone: a split of a search without answers, whose cube 0 is
// re-split and whose sub-cube 0.0 is re-split again, is proved empty
// over the leaves (0.0.0, 0.0.1, 0.1, 1, ...), as lifesat.Search proves
// it whole; a worker takes the sub-cubes once its own task is done. With
// a sub-cube dropped from a split record the leaves no longer partition
// the search: Collect refuses the record.
func TestResplitNone(t *testing.T) {
	p := lifesat.Spaceship(2, 1, 0, 5, 5) // no c/2 ship of period 2 fits in 5x5
	if res, err := lifesat.Search(context.Background(), p, &lifesat.Settings{Seed: 1}); err != nil || res.Status != logic.Unsat {
		t.Fatalf("the whole search: %+v, %v", res, err)
	}
	m := resplitManifest(t, p, 4)
	dir := t.TempDir()
	rec := splitNow(t, m, &m.Tasks[0], dir)
	tab, err := plan.Collect(m, dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := names(tab); !slices.Equal(got, []string{"0", "0.0", "0.1", "1", "2", "3"}) {
		t.Fatalf("after the re-split the tasks are %q", got)
	}
	sub := tab.Rows[1]
	if sub.Status != plan.Missing || !strings.HasPrefix(sub.Labels["cube"], m.Tasks[0].Labels["cube"]+" ") {
		t.Errorf("sub-cube 0.0: %+v", sub)
	}
	// Sub-task 0.0 as a worker derives it: task 0 with its sub-cube's
	// cells known too.
	kids := subTasks(t, m, dir)
	if kids["0.0"] == nil || len(kids["0.0"].Spec.Known) != len(m.Tasks[0].Spec.Known)+len(rec.Split[0]) {
		t.Fatalf("sub-task 0.0: %+v", kids["0.0"])
	}
	splitNow(t, m, kids["0.0"], dir)
	// One worker, given task 1, runs it and every open task, breadth
	// first: the manifest's, then 0.1, then 0.0's sub-cubes.
	var ran []string
	err = plan.Work(context.Background(), &m.Header, m.Tasks[1:2], m, dir, &plan.WorkOptions{Report: func(r plan.Report) {
		ran = append(ran, r.Task.Name()+" "+r.Outcome.String())
	}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"1 ran", "2 ran", "3 ran", "0.1 ran", "0.0.0 ran", "0.0.1 ran"}; !slices.Equal(ran, want) {
		t.Errorf("the worker ran %q, want %q", ran, want)
	}
	tab, err = plan.Collect(m, dir)
	if err != nil {
		t.Fatal(err)
	}
	s := tab.Summary
	if s.Verdict != plan.VerdictNone || s.Split != 2 || s.None != 6 || s.Tasks != 8 || s.Planned != 4 {
		t.Errorf("summary %+v", s)
	}
	var cpu float64
	for _, r := range tab.Rows {
		cpu += r.CPUSeconds
	}
	if cpu != s.Times.CPUSum || cpu <= 0 {
		t.Errorf("CPU: the rows say %v s, the summary %v s", cpu, s.Times.CPUSum)
	}
	// A split record with a sub-cube dropped.
	path := filepath.Join(dir, kids["0.0"].File())
	data, _ := os.ReadFile(path)
	var r plan.Record
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	r.Split = append(r.Split[:1], r.Split[0]) // sub-cube 0 twice, 1 gone
	data, _ = json.Marshal(&r)
	os.WriteFile(path, data, 0o644)
	if _, err := plan.Collect(m, dir); !errors.Is(err, plan.ErrResult) || !strings.Contains(err.Error(), "partition") {
		t.Errorf("Collect with a bad split record: %v", err)
	}
}

// TestResplitFound: a split of a search with answers, its cubes
// re-split, finds an answer in a sub-cube that solves the whole search,
// and a worker stops once the split is answered.
func TestResplitFound(t *testing.T) {
	p := lifesat.Oscillator(2, 6, 6)
	m := resplitManifest(t, p, 2)
	dir := t.TempDir()
	splitNow(t, m, &m.Tasks[0], dir)
	splitNow(t, m, &m.Tasks[1], dir)
	if err := plan.Work(context.Background(), &m.Header, nil, m, dir, nil); err != nil {
		t.Fatal(err)
	}
	tab, err := plan.Collect(m, dir)
	if err != nil {
		t.Fatal(err)
	}
	s := tab.Summary
	if s.Verdict != plan.VerdictFound || !strings.Contains(s.FoundBy, ".") || s.Missing != 0 {
		t.Fatalf("summary %+v", s)
	}
	if err := p.Check(tab.Answer(), &lifesat.Settings{Seed: 1}); err != nil {
		t.Errorf("the answer: %v", err)
	}
}

// TestTwoWorkersShareTheSplit: two workers at once on a re-split split
// run every open task once between them: no task runs twice, none is
// left.
func TestTwoWorkersShareTheSplit(t *testing.T) {
	m := resplitManifest(t, lifesat.Spaceship(2, 1, 0, 5, 5), 8)
	dir := t.TempDir()
	splitNow(t, m, &m.Tasks[3], dir)
	var mu sync.Mutex
	ran := map[string]int{}
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := plan.Work(context.Background(), &m.Header, m.Tasks[w:w+1], m, dir, &plan.WorkOptions{Report: func(r plan.Report) {
				mu.Lock()
				defer mu.Unlock()
				if r.Outcome == plan.Ran {
					ran[r.Task.Name()]++
				}
			}})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	tab, err := plan.Collect(m, dir)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Summary.Verdict != plan.VerdictNone {
		t.Errorf("summary %+v", tab.Summary)
	}
	for _, r := range tab.Rows {
		if want := map[bool]int{true: 0, false: 1}[r.Task == "3"]; ran[r.Task] != want {
			t.Errorf("task %s ran %d times", r.Task, ran[r.Task])
		}
	}
}

// names are the tasks of a table.
func names(tab *plan.Table) []string {
	var out []string
	for _, r := range tab.Rows {
		out = append(out, r.Task)
	}
	return out
}

// subTasks are the sub-tasks of the re-splits in dir, by name, as a
// worker takes them: the open ones, in the table's order.
func subTasks(t *testing.T, m *plan.Manifest, dir string) map[string]*plan.Task {
	t.Helper()
	out := map[string]*plan.Task{}
	for _, tk := range plan.Open(t, m, dir) {
		out[tk.Name()] = &tk
	}
	return out
}
