package plan_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/plan"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// roundTrip writes m and reads it back.
func roundTrip(t *testing.T, m *plan.Manifest) *plan.Manifest {
	t.Helper()
	var buf bytes.Buffer
	if err := m.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := plan.Read(&buf)
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return back
}

// TestSweepPlan: a sweep has a task per combination of its lists, the
// last list varying fastest, each task the search with those values and
// labelled with them; the manifest reads back as it was written.
func TestSweepPlan(t *testing.T) {
	rules := []rule.Rule{rule.Life, rule.MustParse("B36/S23")}
	sw := &plan.Sweep{
		Problem:  lifesat.Oscillator(2, 4, 4),
		Settings: &lifesat.Settings{Solutions: 2},
		Rules:    rules,
		Sizes:    []image.Point{{5, 5}, {6, 4}},
		Seeds:    []uint64{1, 2, 3},
	}
	m, err := sw.Plan()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.Header.Axes, []string{"rule", "size", "seed"}; !reflect.DeepEqual(got, want) {
		t.Errorf("axes %q, want %q", got, want)
	}
	if len(m.Tasks) != 2*2*3 || m.Header.Tasks != 12 {
		t.Fatalf("%d tasks (header %d), want 12", len(m.Tasks), m.Header.Tasks)
	}
	n := 0
	ids := map[string]bool{}
	for _, r := range rules {
		for _, sz := range sw.Sizes {
			for _, seed := range sw.Seeds {
				task := m.Tasks[n]
				p, s, err := task.Spec.Search()
				if err != nil {
					t.Fatal(err)
				}
				want := lifesat.Oscillator(2, sz.X, sz.Y)
				if !reflect.DeepEqual(p, want) || !s.Rule.Equivalent(r) || s.Seed != seed || s.Solutions != 2 {
					t.Errorf("task %d: %v %+v, want %v under %v seed %d", n, p, s, want, r, seed)
				}
				if task.Index != n || task.Labels["rule"] != r.String() || task.Labels["seed"] != []string{"", "1", "2", "3"}[seed] ||
					task.Labels["size"] != map[image.Point]string{{5, 5}: "5x5", {6, 4}: "6x4"}[sz] {
					t.Errorf("task %d: index %d, labels %v", n, task.Index, task.Labels)
				}
				if ids[task.ID] {
					t.Errorf("task %d: id %s twice", n, task.ID)
				}
				ids[task.ID] = true
				n++
			}
		}
	}
	if back := roundTrip(t, m); !reflect.DeepEqual(back, m) {
		t.Errorf("read back differently:\n%+v\n%+v", back.Header, m.Header)
	}
	// The same search has the same id in another plan.
	again, err := (&plan.Sweep{Problem: lifesat.Oscillator(2, 6, 4), Settings: &lifesat.Settings{Solutions: 2, Seed: 3, Rule: rule.MustParse("B36/S23")}}).Plan()
	if err != nil {
		t.Fatal(err)
	}
	if again.Tasks[0].ID != m.Tasks[11].ID {
		t.Errorf("the same search has ids %s and %s", again.Tasks[0].ID, m.Tasks[11].ID)
	}
}

// TestSweepRefusals: combinations that make no search, and searches
// listed twice, are errors that say which.
func TestSweepRefusals(t *testing.T) {
	for _, tt := range []struct {
		sw   plan.Sweep
		want string
	}{
		{plan.Sweep{Problem: lifesat.Spaceship(2, 1, 0, 5, 5), Periods: []int{2, 1}}, "period 1"},
		{plan.Sweep{Problem: lifesat.Oscillator(2, 5, 5), Rules: []rule.Rule{rule.Life, rule.MustParse("B0/S8")}}, "B0"},
		{plan.Sweep{Problem: lifesat.Oscillator(2, 5, 5), Rules: []rule.Rule{rule.Life, rule.MustParse("23/3")}}, "same search"},
		{plan.Sweep{Problem: lifesat.Oscillator(2, 5, 5), Symmetries: []life.Symmetry{life.C1, life.D8}, Sizes: []image.Point{{5, 5}, {6, 5}}}, "size 6x5"},
		{plan.Sweep{Problem: lifesat.Oscillator(2, 5, 5), Sizes: []image.Point{{0, 5}}}, "size 0x5"},
	} {
		_, err := tt.sw.Plan()
		if !errors.Is(err, plan.ErrPlan) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want an ErrPlan that says %q", tt.sw, err, tt.want)
		}
	}
}

// TestRulesIn: a partial rule's range, against its definition: every
// rule has the fixed transitions of the partial rule, the rules are
// distinct, and there are 2^k of them for k free classes.
func TestRulesIn(t *testing.T) {
	r := rule.MustParse("pB3/S2") // the 10 classes of B3 and the 6 of S2 free
	if _, err := plan.RulesIn(r, 64); !errors.Is(err, plan.ErrPlan) {
		t.Errorf("a range of 2^16 rules with a limit of 64: %v", err)
	}
	r = rule.MustParse("pB3cekainyqjr/S2") // B3 on; the 6 classes of S2 free
	rules, err := plan.RulesIn(r, 64)
	if err != nil {
		t.Fatal(err)
	}
	if len(rules) != 64 {
		t.Fatalf("%d rules, want 2^6", len(rules))
	}
	seen := map[string]bool{}
	for _, x := range rules {
		if x.Partial() || seen[x.String()] {
			t.Errorf("%v: partial or repeated", x)
		}
		seen[x.String()] = true
		for n := range rule.Neighbourhood(512) {
			if !r.Free(n) && x.Transition(n) != r.Transition(n) {
				t.Fatalf("%v: transition %d differs from %v's", x, n, r)
			}
		}
	}
	if !rules[0].Equivalent(rule.MustParse("B3/S")) || !rules[63].Equivalent(rule.MustParse("B3/S2")) {
		t.Errorf("first %v, last %v; want B3/S and B3/S2", rules[0], rules[63])
	}
	if one, err := plan.RulesIn(rule.Life, 1); err != nil || len(one) != 1 || !one[0].Equivalent(rule.Life) {
		t.Errorf("Life's range: %v, %v", one, err)
	}
}

// validManifest is a small sweep, written out.
func validManifest(t testing.TB) []byte {
	m, err := (&plan.Sweep{Problem: lifesat.StillLife(4, 4), Seeds: []uint64{1, 2}}).Plan()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	m.Write(&buf)
	return buf.Bytes()
}

// TestReadRefusals: manifests that are not what Seal wrote, or describe
// no search, are errors that wrap ErrManifest and say what is wrong.
func TestReadRefusals(t *testing.T) {
	good := string(validManifest(t))
	lines := strings.SplitAfter(good, "\n")
	edit := func(line int, old, new string) string {
		ls := append([]string(nil), lines...)
		if !strings.Contains(ls[line], old) {
			t.Fatalf("line %d has no %q: %s", line, old, ls[line])
		}
		ls[line] = strings.Replace(ls[line], old, new, 1)
		return strings.Join(ls, "")
	}
	split := splitManifest(t, lifesat.Spaceship(2, 1, 0, 5, 5), 4)
	var sb bytes.Buffer
	split.Tasks = split.Tasks[:3] // a cube lost
	split.Seal()
	split.Write(&sb)
	for _, tt := range []struct{ name, in, want string }{
		{"empty", "", "empty"},
		{"not JSON", "hello\n", "header"},
		{"format", edit(0, `"lifesat_manifest":1`, `"lifesat_manifest":2`), "format 2"},
		{"kind", edit(0, `"kind":"sweep"`, `"kind":"race"`), "kind"},
		{"answer", edit(0, `"answer":"all"`, `"answer":"first"`), "answer"},
		{"count", edit(0, `"tasks":2`, `"tasks":3`), "3"},
		{"index", edit(2, `"index":1`, `"index":0`), "index"},
		{"id", edit(1, `"id":"`, `"id":"0`), "id"},
		{"spec", edit(1, `"seed":1`, `"seed":5`), "id"},
		{"unknown field", edit(1, `"index":0`, `"index":0,"colour":1`), "colour"},
		{"bad spec", edit(1, `"width":4`, `"width":-4`), "line 2"},
		{"a line too many", good + lines[2], "more tasks"},
		{"a line too few", lines[0] + lines[1], "1 tasks"},
		{"trailing value", edit(1, "}\n", "} {}\n"), "more than one"},
		{"blank line", lines[0] + "\n" + lines[1] + lines[2], "empty line"},
		{"fingerprint", edit(0, `"fingerprint":"sha256:`, `"fingerprint":"sha256:0`), "fingerprint"},
		{"a split's lost cube", sb.String(), "no cube"},
	} {
		_, err := plan.Read(strings.NewReader(tt.in))
		if !errors.Is(err, plan.ErrManifest) || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line, an ErrManifest that says %q", tt.name, err, tt.want)
		}
	}
}

// splitManifest cuts p into n cubes.
func splitManifest(t *testing.T, p lifesat.Problem, n int) *plan.Manifest {
	t.Helper()
	m, err := plan.Split(context.Background(), p, &lifesat.Settings{Seed: 1}, &plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: n}})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// FuzzRead: no input makes Read panic or hang, and what it accepts
// writes back to input that reads back the same.
func FuzzRead(f *testing.F) {
	f.Add(string(validManifest(f)))
	f.Add("{\"lifesat_manifest\":1,\"kind\":\"split\",\"answer\":\"first\",\"tasks\":1}\n")
	f.Add("{}\n{}\n")
	f.Fuzz(func(t *testing.T, in string) {
		m, err := plan.Read(strings.NewReader(in))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := m.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if _, err := plan.Read(&buf); err != nil {
			t.Fatalf("accepted, written, refused: %v", err)
		}
	})
}

// TestReadTask: ReadTask gives each task as Read does; it refuses a
// manifest changed anywhere, not only in its task, and a task the
// manifest does not have.
func TestReadTask(t *testing.T) {
	good := validManifest(t)
	m, err := plan.Read(bytes.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Tasks {
		h, task, err := plan.ReadTask(bytes.NewReader(good), i)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(*h, m.Header) || !reflect.DeepEqual(*task, m.Tasks[i]) {
			t.Errorf("task %d: %+v %+v, Read gives %+v %+v", i, h, task, m.Header, m.Tasks[i])
		}
	}
	for _, i := range []int{-1, len(m.Tasks)} {
		if _, _, err := plan.ReadTask(bytes.NewReader(good), i); !errors.Is(err, plan.ErrIndex) {
			t.Errorf("task %d: %v, want an ErrIndex", i, err)
		}
	}
	other := bytes.Replace(good, []byte(`"seed":2`), []byte(`"seed":7`), 1) // task 1's search
	if _, _, err := plan.ReadTask(bytes.NewReader(other), 0); !errors.Is(err, plan.ErrManifest) || !strings.Contains(err.Error(), "fingerprint") {
		t.Errorf("task 0 of a manifest whose task 1 changed: %v", err)
	}
	spaced := bytes.Replace(good, []byte(`"seed":2`), []byte(`"seed": 2`), 1)
	if _, _, err := plan.ReadTask(bytes.NewReader(spaced), 1); !errors.Is(err, plan.ErrManifest) || !strings.Contains(err.Error(), "written") {
		t.Errorf("a task line lifesat does not write: %v", err)
	}
}

// TestReadTasks: a batch's tasks are the manifest's, in order, the last
// batch short; a batch past the manifest is an index error.
func TestReadTasks(t *testing.T) {
	m := smallSweep(t)
	var buf bytes.Buffer
	if err := m.Write(&buf); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ from, to, n int }{{0, 3, 3}, {3, 6, 1}, {1, 2, 1}} {
		h, ts, err := plan.ReadTasks(bytes.NewReader(buf.Bytes()), c.from, c.to)
		if err != nil || h.Fingerprint != m.Header.Fingerprint || len(ts) != c.n {
			t.Fatalf("tasks %d..%d: %d tasks, %v", c.from, c.to-1, len(ts), err)
		}
		for k, tk := range ts {
			if !reflect.DeepEqual(tk, m.Tasks[c.from+k]) {
				t.Errorf("tasks %d..%d: task %d differs", c.from, c.to-1, c.from+k)
			}
		}
	}
	if _, _, err := plan.ReadTasks(bytes.NewReader(buf.Bytes()), 4, 8); !errors.Is(err, plan.ErrIndex) {
		t.Errorf("a batch past the manifest: %v", err)
	}
}

// TestBatch: a batch holds about target of work, never fewer indices
// than asked, never more tasks than the plan.
func TestBatch(t *testing.T) {
	for _, c := range []struct {
		tasks         int
		took, target  time.Duration
		indices, want int
	}{
		{64, 100 * time.Millisecond, 20 * time.Second, 16, 4}, // 200 by the target, 4 by the indices
		{64, 100 * time.Millisecond, 20 * time.Second, 4, 16}, // 16 by the indices
		{1000, 5 * time.Second, 20 * time.Second, 16, 4},      // the target
		{64, 30 * time.Second, 20 * time.Second, 16, 1},       // a task longer than the target
		{5, 0, 20 * time.Second, 0, 5},                        // no bound but the plan
	} {
		if got := plan.Batch(c.tasks, c.took, c.target, c.indices); got != c.want {
			t.Errorf("Batch(%d, %v, %v, %d) = %d, want %d", c.tasks, c.took, c.target, c.indices, got, c.want)
		}
	}
}
