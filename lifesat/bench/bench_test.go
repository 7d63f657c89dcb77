package bench_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"image/png"
	"os"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/bench"
)

func TestSuitesAreValid(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range bench.Suites() {
		if seen[s.Name] || s.Doc == "" || len(s.Cases) == 0 || len(s.Plots) == 0 {
			t.Errorf("suite %q: duplicate or empty", s.Name)
		}
		seen[s.Name] = true
		for _, c := range s.Cases {
			if err := c.Problem.Validate(); err != nil {
				t.Errorf("%s: %v", c.Name(), err)
			}
		}
	}
	if _, ok := bench.Find("blog"); !ok {
		t.Error("no blog suite")
	}
}

// TestRunOnly: Options.Only runs the cases whose description matches
// and no other; Starting names each run by that description and its seed.
func TestRunOnly(t *testing.T) {
	s := bench.Suite{Name: "tiny", Doc: "test", Cases: []bench.Case{
		{Kind: bench.Max, Problem: lifesat.StillLife(4, 4)},
		{Kind: bench.Max, Problem: lifesat.StillLife(5, 5), Method: bench.DensityMethod, Seeded: true},
		{Kind: bench.Max, Problem: lifesat.StillLife(6, 6), Method: bench.DensityMethod, Seeded: true},
	}}
	var started []string
	rows, err := bench.Run(context.Background(), s, &bench.Options{Seeds: 2, Only: regexp.MustCompile(`5x5, the density program$`),
		Starting: func(what string, _, _ int) { started = append(started, what) }})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"max still life 5x5, the density program, seed 1", "max still life 5x5, the density program, seed 2"}
	if !slices.Equal(started, want) || len(rows) != 2 || rows[0].Problem != "max still life 5x5" || rows[1].Seed != 2 {
		t.Errorf("runs %q, rows %+v; want %q", started, rows, want)
	}
}

func TestRunWritesVerifiedRows(t *testing.T) {
	s := bench.Suite{Name: "tiny", Doc: "test", Cases: []bench.Case{
		{Kind: bench.Search, Problem: lifesat.StillLife(8, 8), Seeded: true},
		{Kind: bench.Search, Problem: lifesat.Oscillator(2, 2, 2), Seeded: true}, // none exists
		{Kind: bench.Max, Problem: lifesat.StillLife(4, 4)},
		{Kind: bench.Count, Problem: lifesat.StillLife(4, 4)},
		{Kind: bench.Max, Problem: lifesat.StillLife(4, 4), Solver: "gophersat"},
		{Kind: bench.Search, Problem: lifesat.StillLife(8, 8), Solver: "gini"},
		{Kind: bench.Search, Problem: lifesat.StillLife(8, 8), Solver: "no-such-solver-here"},
		{Kind: bench.Max, Problem: lifesat.StillLife(5, 5), Method: bench.DensityMethod},
	}}
	s.Plots = bench.Suites()[0].Plots
	rows, err := bench.Run(context.Background(), s, &bench.Options{Seeds: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2+2+1+1+1+1+1 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range rows {
		switch {
		case r.Problem == "oscillator p2 2x2":
			if r.Status != "UNSAT" {
				t.Errorf("%+v", r)
			}
		case r.Status != "SAT" && r.Status != "OPTIMAL" || !r.Verified:
			t.Errorf("unverified row %+v", r)
		}
	}
	// OEIS A055397: 8 cells in 4x4, 16 in 5x5; A136278: 83 still lifes
	// in 4x4. The plain still lifes need no solver unless one is named.
	if rows[4].Value != "8" || rows[5].Value != "83" || rows[6].Value != "8" || rows[8].Value != "16" {
		t.Errorf("max %q, count %q, max with gophersat %q, max by density %q", rows[4].Value, rows[5].Value, rows[6].Value, rows[8].Value)
	}
	for i, want := range map[int][2]string{4: {bench.RowProgram, bench.NoSolver}, 5: {bench.TransferMatrix, bench.NoSolver}, 6: {"knuth", "gophersat"}, 8: {bench.WastageProgram, bench.NoSolver}} {
		if got := [2]string{rows[i].Encoding, rows[i].Solver}; got != want {
			t.Errorf("row %d (%s): encoding and solver %q, want %q", i, rows[i].Problem, got, want)
		}
	}
	var buf bytes.Buffer
	if err := bench.WriteCSV(&buf, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil || len(recs) != len(rows)+1 || len(recs[0]) != len(bench.Header) {
		t.Fatalf("CSV: %d records, %v", len(recs), err)
	}
	dir := t.TempDir()
	paths, err := bench.WritePlots(s, rows, dir)
	if err != nil || len(paths) != len(s.Plots) {
		t.Fatalf("plots %v %v, want %d", paths, err, len(s.Plots))
	}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Errorf("%s is not a PNG: %v", path, err)
		}
	}
}

// TestMinSeedsAndCaseTimeout checks that a suite's MinSeeds overrides a
// smaller Options.Seeds and that a case's own Timeout bounds its runs.
func TestMinSeedsAndCaseTimeout(t *testing.T) {
	s := bench.Suite{Name: "tiny", Doc: "test", MinSeeds: 3, Cases: []bench.Case{
		{Kind: bench.Search, Problem: lifesat.StillLife(6, 6), Seeded: true},
		{Kind: bench.Search, Problem: lifesat.Oscillator(3, 16, 16), Solver: "gini", Timeout: time.Millisecond},
	}}
	rows, err := bench.Run(context.Background(), s, &bench.Options{Seeds: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3+1 {
		t.Fatalf("%d rows, want 3 seeds and one timed-out run", len(rows))
	}
	if r := rows[3]; r.Status != "UNKNOWN" {
		t.Errorf("a run limited to 1 ms ended %s", r.Status)
	}
}

// TestHardSuite checks the hard suite: five seeds or more, every case
// bounded in time, and the same problems for each solver.
func TestHardSuite(t *testing.T) {
	s, ok := bench.Find("hard")
	if !ok {
		t.Fatal("no hard suite")
	}
	if s.MinSeeds < 5 {
		t.Errorf("hard suite: %d seeds", s.MinSeeds)
	}
	n := map[string]int{}
	for _, c := range s.Cases {
		if c.Timeout <= 0 || !c.Seeded {
			t.Errorf("%s (%q): unbounded or unseeded", c.Name(), c.Solver)
		}
		n[c.Kind+" "+c.Solver]++
	}
	h, r := len(bench.HardProblems()), len(bench.HardRaces())
	if n["search "] != h || n["search cadical"] != h || n["lls cadical"] != h || n["race "] != 2*r || n["race cadical"] != 2*r || len(n) != 5 {
		t.Errorf("cases per kind and solver: %v, want %d each of gophersat, cadical and LLS, and %d races with each solver", n, h, 2*r)
	}
	// The figure draws answered and stopped runs alike.
	rows := []bench.Row{
		{Problem: "oscillator p3 16x16", Solver: "cadical", Seed: 1, SolveMS: 9000, Status: "SAT", Verified: true},
		{Problem: "oscillator p3 16x16", Solver: "gophersat", Seed: 1, SolveMS: 180000, Status: "UNKNOWN"},
	}
	paths, err := bench.WritePlots(s, rows, t.TempDir())
	if err != nil || len(paths) != len(s.Plots) {
		t.Errorf("plots %v, %v", paths, err)
	}
}

// TestRaceRows: a race case, with and without the motion members, gives a
// verified row named for what it raced.
func TestRaceRows(t *testing.T) {
	s := bench.Suite{Name: "race", Doc: "test", Cases: []bench.Case{
		{Kind: bench.Race, Problem: lifesat.Oscillator(2, 6, 6), Seeded: true},
		{Kind: bench.Race, Problem: lifesat.Oscillator(2, 6, 6), Seeded: true, NoMotions: true},
	}}
	rows, err := bench.Run(context.Background(), s, &bench.Options{Seeds: 1})
	if err != nil || len(rows) != 2 {
		t.Fatal(rows, err)
	}
	for i, want := range []string{"oscillator p2 6x6", "oscillator p2 6x6, without motion members"} {
		if r := rows[i]; r.Problem != want || r.Status != "SAT" || !r.Verified || r.Solver != bench.RaceSolver || r.Encoding != "portfolio of 2, gophersat" {
			t.Errorf("%+v", r)
		}
	}
}
