package bench_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/bench"
	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/ip"
	"github.com/lifesat/lifesat/lifesat/rule"
)

func needCBC(t *testing.T) {
	t.Helper()
	if !bench.Installed("cbc") {
		t.Skip("cbc is not on PATH (Debian: apt-get install coinor-cbc)")
	}
}

// TestCBCAgreesWithRowProgram solves Bosch's IP1 and IP2 with CBC for
// n x n boxes, n = 1..4 (5..9 with LIFESAT_STRESS: up to minutes each),
// and a few oblong boxes: CBC's optimum is a still life
// (checked by RunCBC: constraints, then Step), of the population of
// lifesat's row program (density.MaxStillLifeRule) and, for squares, of OEIS A055397
// (0, 4, 6, 8, 16, 18, 28, 36, 43: https://oeis.org/A055397).
func TestCBCAgreesWithRowProgram(t *testing.T) {
	needCBC(t)
	a055397 := []int{0, 4, 6, 8, 16, 18, 28, 36, 43}
	type box struct{ w, h int }
	boxes := []box{{1, 1}, {2, 2}, {3, 3}, {4, 4}, {1, 5}, {2, 6}}
	if os.Getenv("LIFESAT_STRESS") != "" {
		boxes = append(boxes, box{3, 5}, box{6, 3}, box{5, 5}, box{6, 6}, box{7, 7}, box{8, 8}, box{9, 9})
	}
	for _, b := range boxes {
		rows, err := density.MaxStillLifeRule(context.Background(), b.w, b.h, rule.Life)
		if err != nil {
			t.Fatal(err)
		}
		if b.w == b.h && rows.Population != a055397[b.w-1] {
			t.Fatalf("%dx%d: the row program says %d, OEIS A055397 %d", b.w, b.h, rows.Population, a055397[b.w-1])
		}
		for _, f := range []ip.Formulation{ip.IP1, ip.IP2} {
			m, err := ip.New(b.w, b.h, f)
			if err != nil {
				t.Fatal(err)
			}
			res, err := bench.RunCBC(context.Background(), m, 0, time.Hour)
			if err != nil {
				t.Fatalf("%v %dx%d: %v", f, b.w, b.h, err)
			}
			if res.Solution.Status != ip.Optimal || res.Board.Population() != rows.Population {
				t.Errorf("%v %dx%d: CBC %v with %d cells, the row program %d", f, b.w, b.h, res.Solution.Status, res.Board.Population(), rows.Population)
			}
		}
	}
}

// TestCBCCutoff: with Bosch's lower cutoff, ceil(16/2) = 8 for 4x4, which
// is the optimum (A055397(4) = 8), CBC finds it; with a cutoff above it,
// 9, it proves that none exists.
func TestCBCCutoff(t *testing.T) {
	needCBC(t)
	m, _ := ip.New(4, 4, ip.IP2)
	if got := bench.BoschCutoff(lifesat.StillLife(4, 4)); got != 8 {
		t.Fatalf("BoschCutoff(4x4) = %d, want ceil(16/2) = 8", got)
	}
	if got := bench.BoschCutoff(lifesat.StillLife(3, 3)) + bench.BoschCutoff(lifesat.StillLife(5, 4)); got != 0 {
		t.Fatalf("BoschCutoff of boxes outside Table 1: %d, want 0", got)
	}
	for _, c := range []struct {
		cutoff int
		status ip.Status
	}{{8, ip.Optimal}, {9, ip.Infeasible}} {
		res, err := bench.RunCBC(context.Background(), m, c.cutoff, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		if res.Solution.Status != c.status || c.status == ip.Optimal && res.Board.Population() != 8 {
			t.Errorf("cutoff %d: %v %v", c.cutoff, res.Solution.Status, res.Board)
		}
	}
}

// TestRunCBCRows runs CBC cases through Run: verified OPTIMAL rows with
// the model's size and the optimum.
func TestRunCBCRows(t *testing.T) {
	needCBC(t)
	s := bench.Suite{Name: "cbc", Doc: "test", Cases: []bench.Case{
		{Kind: bench.CBC, Problem: lifesat.StillLife(4, 4), Encoding: "ip1", Solver: "cbc"},
		{Kind: bench.CBC, Problem: lifesat.StillLife(3, 3), Encoding: "ip2", Solver: "cbc"},
	}}
	rows, err := bench.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		enc           string
		vars, constrs int
		value         string
	}{
		{"ip1", 48, 5*16 + 8, "8"},
		{"ip2", 9, 2*9 + 56 + 4*10 + 4 + 4, "6"},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows", len(rows))
	}
	for i, r := range rows {
		w := want[i]
		if r.Status != "OPTIMAL" || !r.Verified || r.Encoding != w.enc || r.Solver != bench.CBCSolver || r.Vars != w.vars || r.Clauses != w.constrs || r.Value != w.value || !strings.HasPrefix(r.Problem, "max still life") {
			t.Errorf("row %d: %+v", i, r)
		}
	}
}

func TestCBCArgs(t *testing.T) {
	got := fmt.Sprint(bench.CBCArgs("m.lp", "s.txt", 41, 90*time.Second))
	if want := "[m.lp cutoff 40.5 sec 90 solve solu s.txt]"; got != want {
		t.Errorf("%s, want %s", got, want)
	}
	got = fmt.Sprint(bench.CBCArgs("m.lp", "s.txt", 0, 0))
	if want := "[m.lp sec 1 solve solu s.txt]"; got != want {
		t.Errorf("%s, want %s", got, want)
	}
}

// TestWriteTable1 prints the table from made-up rows: a proved optimum,
// a wrong one, a stopped run, none.
func TestWriteTable1(t *testing.T) {
	rows := []bench.Row{
		{Problem: "max still life 8x8", Side: 8, Encoding: "ip2", Solver: bench.CBCSolver, Status: "OPTIMAL", Verified: true, Value: "36", SolveMS: 30000},
		{Problem: "max still life 8x8", Side: 8, Encoding: "ip1", Solver: bench.CBCSolver, Status: "OPTIMAL", Verified: true, Value: "35", SolveMS: 1000},
		{Problem: "max still life 9x9", Side: 9, Encoding: "ip1", Solver: bench.CBCSolver, Status: "UNKNOWN", Value: "40", SolveMS: 600000},
		{Problem: "max still life 9x9", Side: 9, Encoding: bench.RowProgram, Solver: bench.NoSolver, Status: "OPTIMAL", Verified: true, Value: "43", SolveMS: 130},
	}
	var b strings.Builder
	if err := bench.WriteTable1(&b, rows); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"| 8 | 36 | ran out of memory | 500.3 s | 35 in 1.0 s WRONG | 36 in 30.0 s | - | - |",
		"| 9 | 43 | ran out of memory | 33163.6 s | stopped after 600 s (best 40) | - | - | 43 in 0.1 s |",
		"| 4 | 8 | 0.4 s | 0.3 s | - | - | - | - |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no line %q in\n%s", want, out)
		}
	}
}

// TestBoschTable1 checks the transcription of Table 1 against the seed's
// text: the rows n = 4..9, the Gap column, and IP2 faster than IP1
// wherever both ran, as Bosch says.
func TestBoschTable1(t *testing.T) {
	if len(bench.BoschTable1) != 6 {
		t.Fatalf("%d rows", len(bench.BoschTable1))
	}
	gaps := []float64{1.88, 0.50, 3.61, 1.67, 2.44, 4.58}
	for i, r := range bench.BoschTable1 {
		if r.N != i+4 || r.Gap != gaps[i] {
			t.Errorf("row %d: %+v", i, r)
		}
		if !r.IP1.OutOfMemory && (r.IP2.Seconds >= r.IP1.Seconds || r.IP2.Nodes >= r.IP1.Nodes || r.IP2.Iterations >= r.IP1.Iterations) {
			t.Errorf("n=%d: IP2 not ahead of IP1: %+v", r.N, r)
		}
	}
}

// Without cbc on PATH the CBC cases give no rows, and the table says why.
func TestCBCSkippedWithoutCBC(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	s := bench.Suite{Name: "cbc", Doc: "test", Cases: []bench.Case{
		{Kind: bench.CBC, Problem: lifesat.StillLife(4, 4), Encoding: "ip1", Solver: "cbc"},
	}}
	rows, err := bench.Run(context.Background(), s, nil)
	if err != nil || len(rows) != 0 {
		t.Fatalf("%d rows, %v; want none", len(rows), err)
	}
	var b strings.Builder
	bench.WriteTable1(&b, rows)
	if !strings.Contains(b.String(), "cbc is not on PATH") {
		t.Errorf("no note in\n%s", b.String())
	}
}

// The max suite's figure draws CBC's rows beside the others.
func TestMaxFigureWithCBCRows(t *testing.T) {
	s, _ := bench.Find("max")
	rows := []bench.Row{
		{Problem: "max still life 8x8", Side: 8, Encoding: "ip2", Solver: bench.CBCSolver, Status: "OPTIMAL", Verified: true, Value: "36", SolveMS: 30000},
		{Problem: "max still life 8x8", Side: 8, Encoding: "ip1", Solver: bench.CBCSolver, Status: "OPTIMAL", Verified: true, Value: "36", SolveMS: 16000},
		{Problem: "max still life 9x9", Side: 9, Encoding: "ip1", Solver: bench.CBCSolver, Status: "UNKNOWN", SolveMS: 600000},
		{Problem: "max still life 9x9", Side: 9, Encoding: bench.RowProgram, Solver: bench.NoSolver, Status: "OPTIMAL", Verified: true, Value: "43", SolveMS: 130},
	}
	dir := t.TempDir()
	if d := os.Getenv("BOSCH_FIGDIR"); d != "" {
		dir = d
	}
	paths, err := bench.WritePlots(s, rows, dir)
	if err != nil || len(paths) == 0 {
		t.Fatalf("%v, %v", paths, err)
	}
}
