package bench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/lifesat/lifesat/internal/procgroup"
	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/ip"
	"github.com/lifesat/lifesat/lifesat/life"
)

// CBC cases (Case.Kind) run CBC, the COIN-OR MIP solver (https://github.com/coin-or/Cbc;
// Debian's coinor-cbc), on one of Bosch's integer programs for the case's
// still life (package ip), written as an LP file: the formulation is the
// case's Encoding, "ip1" or "ip2", and its Solver is "cbc" (so that Run
// skips it when cbc is not on PATH). For n x n boxes with n >= 4 CBC is
// given Bosch's lower cutoff ceil(n^2/2), as he gave it to CPLEX (section
// 3.4). The rows are skipped when cbc is not on PATH. CBC's answer is read
// from its solution file and checked: the point meets the model's
// constraints, and its board is a still life of the box (Problem.Check).
const CBC = "cbc"

// CBCSolver names the solver of CBC rows, and of CBC cases.
const CBCSolver = "cbc"

// cbcDoc ends the max suite's Doc.
const cbcDoc = "; CBC on Bosch's IP1 and IP2 for n = 4..9, with his lower cutoff, at most 10 minutes a run (skipped when cbc is not on PATH: Debian's coinor-cbc); WriteTable1 prints his Table 1 four ways"

// cbcCases are the max suite's CBC cases: IP1 and IP2 for the n x n
// boxes of Bosch's Table 1, n = 4..9, 10 minutes a run at most.
func cbcCases() []Case {
	var cases []Case
	for n := 4; n <= 9; n++ {
		for _, f := range []lifesat.Encoding{"ip1", "ip2"} {
			cases = append(cases, Case{Kind: CBC, Problem: lifesat.StillLife(n, n), Encoding: f, Solver: CBCSolver, Timeout: 10 * time.Minute})
		}
	}
	return cases
}

// CBCArgs are the arguments of the cbc command that solves the LP file lp
// within the time limit and writes its solution file to solu: "lp [cutoff
// C] sec S solve solu solu". CBC's cutoff is strict (a solution must be
// better than C), so Bosch's lower cutoff k is passed as k - 0.5; a
// cutoff of 0 passes none.
func CBCArgs(lp, solu string, cutoff int, limit time.Duration) []string {
	args := []string{lp}
	if cutoff > 0 {
		args = append(args, "cutoff", strconv.FormatFloat(float64(cutoff)-0.5, 'f', 1, 64))
	}
	secs := max(limit.Seconds(), 1)
	return append(args, "sec", strconv.FormatFloat(secs, 'f', 0, 64), "solve", "solu", solu)
}

// BoschCutoff is the lower cutoff Bosch gave CPLEX for an n x n box,
// ceil(n^2/2) (section 3.4), for the boxes of his Table 1 (n >= 4); 0
// for the others.
func BoschCutoff(p lifesat.Problem) int {
	if p.Width != p.Height || p.Width < 4 {
		return 0
	}
	return (p.Width*p.Width + 1) / 2
}

// A CBCResult is one run of CBC on a model.
type CBCResult struct {
	Solution *ip.Solution
	Board    *life.Board // the point's board, nil without a point
	Wall     time.Duration
}

// RunCBC writes m as an LP file in a temporary folder and solves it with
// the cbc on PATH, with the lower cutoff (0 for none) and the time limit
// (CBC's own, and the context's a little later as a backstop), and reads
// its solution file. The point is checked against m's constraints and its
// board re-simulated (ip.StillLife): an answer that fails is an error.
// CBC and whatever it starts are killed with it when ctx ends.
func RunCBC(ctx context.Context, m *ip.Model, cutoff int, limit time.Duration) (*CBCResult, error) {
	dir, err := os.MkdirTemp("", "lifesat-cbc-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	lp, solu := filepath.Join(dir, "model.lp"), filepath.Join(dir, "solution.txt")
	f, err := os.Create(lp)
	if err != nil {
		return nil, err
	}
	err = m.WriteLP(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, limit+10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "cbc", CBCArgs(lp, solu, cutoff, limit)...)
	procgroup.Own(cmd)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err = cmd.Run()
	res := &CBCResult{Wall: time.Since(start)}
	if ctx.Err() != nil {
		return res, ctx.Err()
	}
	if err != nil {
		return res, fmt.Errorf("bench: cbc: %w: %s", err, lastLine(out.String()))
	}
	sf, err := os.Open(solu)
	if err != nil {
		return res, fmt.Errorf("bench: cbc wrote no solution: %s", lastLine(out.String()))
	}
	defer sf.Close()
	if res.Solution, err = ip.ReadCBC(sf, m); err != nil {
		return res, err
	}
	if p := res.Solution.Point; p != nil {
		if err := m.Check(p); err != nil {
			return res, fmt.Errorf("bench: cbc's point: %w", err)
		}
		res.Board = m.Board(p)
		if err := ip.StillLife(res.Board); err != nil {
			return res, fmt.Errorf("bench: cbc's point: %w", err)
		}
	}
	return res, nil
}

// runCBC runs the CBC case c once within the time limit.
func runCBC(ctx context.Context, c Case, limit time.Duration) Row {
	r := Row{Problem: "max " + c.Problem.String(), Side: c.Problem.Width, Period: 1, Encoding: string(c.Encoding), Solver: CBCSolver, Seed: 1, Status: "ERROR"}
	f, err := ip.ParseFormulation(string(c.Encoding))
	if err != nil {
		r.Value = err.Error()
		return r
	}
	start := time.Now()
	m, err := ip.New(c.Problem.Width, c.Problem.Height, f)
	if err != nil {
		r.Value = err.Error()
		return r
	}
	r.EncodeMS = ms(time.Since(start))
	r.Vars, r.Clauses = len(m.Vars), len(m.Constraints)
	res, err := RunCBC(ctx, m, BoschCutoff(c.Problem), limit)
	if res != nil {
		r.SolveMS = ms(res.Wall)
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		r.Status = "UNKNOWN"
		return r
	case err != nil:
		r.Value = err.Error()
		return r
	}
	switch res.Solution.Status {
	case ip.Optimal:
		r.Status = "OPTIMAL"
	case ip.Infeasible:
		r.Status = "UNSAT" // nothing reaches the cutoff
	default:
		r.Status = "UNKNOWN"
	}
	if res.Board != nil {
		r.Value = strconv.Itoa(res.Board.Population())
		r.Verified = c.Problem.Check(&lifesat.Pattern{Phases: []*life.Board{res.Board}}, &lifesat.Settings{AllowEmpty: true}) == nil
	}
	return r
}

// A CPLEXRun is one cell group of Bosch's Table 1: CPLEX 4.0.9's
// branch-and-bound nodes, simplex iterations and seconds on one
// formulation, or that it ran out of memory.
type CPLEXRun struct {
	Nodes, Iterations int
	Seconds           float64
	OutOfMemory       bool
}

// A Table1Row is a row of Bosch's Table 1: the n x n box, the relaxation
// gap, and CPLEX's runs on IP1 and IP2.
type Table1Row struct {
	N        int
	Gap      float64
	IP1, IP2 CPLEXRun
}

// BoschTable1 is Table 1 of R. A. Bosch, "Integer programming and
// Conway's game of Life", SIAM Review 41(3), 1999, section 3.4 (CPLEX
// 4.0.9 with the lower cutoff ceil(n^2/2), other parameters at their
// defaults). The seed's text prints the IP2 seconds of n = 9 as
// "33,1630.6"; with 4,000,071 iterations against 99,653 in 500.3 s for
// n = 8, 33,163.6 s is read here.
var BoschTable1 = []Table1Row{
	{4, 1.88, CPLEXRun{215, 847, 0.4, false}, CPLEXRun{38, 280, 0.3, false}},
	{5, 0.50, CPLEXRun{125, 969, 0.4, false}, CPLEXRun{1, 107, 0.2, false}},
	{6, 3.61, CPLEXRun{168212, 1344178, 734.6, false}, CPLEXRun{1758, 19037, 48.2, false}},
	{7, 1.67, CPLEXRun{1950, 35545, 18.4, false}, CPLEXRun{172, 3662, 13.5, false}},
	{8, 2.44, CPLEXRun{OutOfMemory: true}, CPLEXRun{3996, 99653, 500.3, false}},
	{9, 4.58, CPLEXRun{OutOfMemory: true}, CPLEXRun{232450, 4000071, 33163.6, false}},
}

// A055397 is the maximum population of a still life in an n x n box,
// n = 1..12 (OEIS A055397, https://oeis.org/A055397).
var A055397 = []int{0, 4, 6, 8, 16, 18, 28, 36, 43, 54, 64, 76}

// WriteTable1 writes Bosch's Table 1 four ways, as a Markdown table with
// a row per n of his table: CPLEX's seconds in 1999 as he reported them,
// and, from the max suite's rows, CBC's on IP1 and IP2, lifesat's SAT
// ladder's (gophersat) and its row program's, each with the optimum it
// proved ("36 in 2.1 s"; "-" with no such row; a stopped run says so).
// A proved optimum other than OEIS A055397's is marked WRONG. When cbc
// is not on PATH and the rows have none of its, a note says so.
func WriteTable1(w io.Writer, rows []Row) error {
	cell := func(keep func(Row) bool, n int) string {
		for _, r := range rows {
			if r.Side != n || !strings.HasPrefix(r.Problem, "max still life") || !keep(r) {
				continue
			}
			switch {
			case r.Status == "OPTIMAL" && r.Value != strconv.Itoa(A055397[n-1]):
				return fmt.Sprintf("%s in %.1f s WRONG", r.Value, seconds(r))
			case r.Status == "OPTIMAL" && !r.Verified:
				return fmt.Sprintf("%s in %.1f s, not verified", r.Value, seconds(r))
			case r.Status == "OPTIMAL":
				return fmt.Sprintf("%s in %.1f s", r.Value, seconds(r))
			case r.Status == "UNKNOWN" && r.Value != "":
				return fmt.Sprintf("stopped after %.0f s (best %s)", seconds(r), r.Value)
			case r.Status == "UNKNOWN":
				return fmt.Sprintf("stopped after %.0f s", seconds(r))
			}
			return r.Status
		}
		return "-"
	}
	cplex := func(c CPLEXRun) string {
		if c.OutOfMemory {
			return "ran out of memory"
		}
		return strconv.FormatFloat(c.Seconds, 'f', -1, 64) + " s"
	}
	var b strings.Builder
	b.WriteString("| n | A055397 | CPLEX 1999, IP1 | CPLEX 1999, IP2 | CBC, IP1 | CBC, IP2 | lifesat SAT ladder (gophersat) | lifesat row program |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|\n")
	haveCBC := false
	for _, r := range rows {
		haveCBC = haveCBC || r.Solver == CBCSolver
	}
	for _, t := range BoschTable1 {
		fmt.Fprintf(&b, "| %d | %d | %s | %s | %s | %s | %s | %s |\n", t.N, A055397[t.N-1], cplex(t.IP1), cplex(t.IP2),
			cell(func(r Row) bool { return r.Solver == CBCSolver && r.Encoding == "ip1" }, t.N),
			cell(func(r Row) bool { return r.Solver == CBCSolver && r.Encoding == "ip2" }, t.N),
			cell(func(r Row) bool { return r.Solver == "gophersat" }, t.N),
			cell(func(r Row) bool { return r.Encoding == RowProgram }, t.N))
	}
	b.WriteString("\nCPLEX: R. A. Bosch, Integer programming and Conway's game of Life, SIAM Review 41(3), 1999, Table 1 (CPLEX 4.0.9, lower cutoff ceil(n^2/2)). CBC is given the same cutoff.\n")
	if !haveCBC && !Installed("cbc") {
		b.WriteString("No CBC rows: cbc is not on PATH (Debian: apt-get install coinor-cbc).\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
