package bench_test

import (
	"context"
	"fmt"
	"strconv"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/bench"
)

// TestProjectSplit: the projection by hand. Four cubes of 3, 1, 2 and 1
// seconds, the second and the fourth with a pattern: one worker ends at
// 3+1 = 4 s; two workers start the first two at once, and the second ends
// with its pattern at 1 s, before anything else; without a pattern the
// split ends with its last cube.
func TestProjectSplit(t *testing.T) {
	found := []bench.CubeTime{{3, false}, {1, true}, {2, false}, {1, true}}
	none := []bench.CubeTime{{3, false}, {1, false}, {2, false}, {1, false}}
	for _, tt := range []struct {
		cubes   []bench.CubeTime
		workers int
		want    float64
		found   bool
	}{
		{found, 1, 4, true},
		{found, 2, 1, true},
		{found, 64, 1, true},
		{none, 1, 7, false},
		{none, 2, 4, false}, // 3 | 1+2+1
		{none, 3, 3, false}, // 3 | 1+1 | 2
		{none, 64, 3, false},
		{[]bench.CubeTime{{5, true}, {1, false}, {1, true}}, 2, 2, true}, // the third cube, started at 1 s, ends first
		{nil, 4, 0, false},
	} {
		got, ok := bench.ProjectSplit(tt.cubes, tt.workers)
		if got != tt.want || ok != tt.found {
			t.Errorf("%v on %d workers: %v, %v; want %v, %v", tt.cubes, tt.workers, got, ok, tt.want, tt.found)
		}
	}
}

// TestSplitRows: split, race and cube cases give verified rows, the CPU
// time in Value, one cube row per cube; the figures draw them.
func TestSplitRows(t *testing.T) {
	p := lifesat.Oscillator(2, 6, 6)
	none := lifesat.Spaceship(2, 1, 0, 5, 5)
	s := bench.Suite{Name: "split-test", Doc: "test", Cases: []bench.Case{
		{Kind: bench.Split, Problem: p, Cubes: 4, Workers: 2, Seeded: true},
		{Kind: bench.Split, Problem: none, Cubes: 4, Workers: 1, Seeded: true},
		{Kind: bench.Race, Problem: p, Workers: 2, Seeded: true},
		{Kind: bench.Cubes, Problem: p, Cubes: 4, Seeded: true},
	}}
	rows, err := bench.Run(context.Background(), s, &bench.Options{Seeds: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3+4 {
		t.Fatalf("%d rows, want 3 and a row per cube", len(rows))
	}
	for i, r := range rows[:3] {
		want := []string{"SAT", "UNSAT", "SAT"}[i]
		if _, err := strconv.ParseFloat(r.Value, 64); r.Status != want || err != nil || want == "SAT" && !r.Verified {
			t.Errorf("%+v, want %s with a CPU time", r, want)
		}
	}
	if want := fmt.Sprintf("split %v, 4 centre cubes, 2 workers", p); rows[0].Problem != want {
		t.Errorf("%q, want %q", rows[0].Problem, want)
	}
	for i, r := range rows[3:] {
		if r.Value != strconv.Itoa(i) || (r.Status != "SAT" && r.Status != "UNSAT") || !r.Verified {
			t.Errorf("cube %d: %+v", i, r)
		}
	}
	cubes := bench.CubeTimes(rows[3:])
	if len(cubes) != 4 {
		t.Fatalf("%d cube times", len(cubes))
	}
	split, _ := bench.Find("split")
	s.Plots = split.Plots[len(split.Plots)-1:] // the cubes of the split suite's problems: none here
	if _, err := bench.WritePlots(s, rows, t.TempDir()); err == nil {
		t.Error("a figure of the split suite's problems drew rows of another problem")
	}
}

// TestSplitFigures: the split and cuts suites' figures draw rows named
// as their cases name them (made up here: the suites take hours).
func TestSplitFigures(t *testing.T) {
	for _, name := range []string{"split", "cuts"} {
		s, ok := bench.Find(name)
		if !ok {
			t.Fatalf("no %s suite", name)
		}
		paths, err := bench.WritePlots(s, madeUpRows(s), t.TempDir())
		if err != nil || len(paths) != len(s.Plots) {
			t.Fatalf("%s: %v, %v", name, paths, err)
		}
	}
}

// madeUpRows are rows for the cases of s, named as they name them.
func madeUpRows(s bench.Suite) []bench.Row {
	var rows []bench.Row
	for _, c := range s.Cases {
		r := bench.Row{Problem: c.Name(), Seed: 1, Status: "SAT", Verified: true, SolveMS: 1000, Value: "1900"}
		if c.Kind == bench.Cubes {
			for i := range c.Cubes {
				r.Value, r.SolveMS, r.Status = strconv.Itoa(i), float64(100*(i%7+1)), []string{"UNSAT", "SAT", "UNKNOWN"}[i%3]
				rows = append(rows, r)
			}
			continue
		}
		rows = append(rows, r)
	}
	return rows
}
