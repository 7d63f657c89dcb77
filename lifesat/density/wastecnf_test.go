package density_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/drat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// TestWasteCNFCount counts the models of WasteCNF, projected on the
// cells, against brute force: every board of each box of at most 16
// cells, the still lifes among them with waste within each budget.
func TestWasteCNFCount(t *testing.T) {
	ctx := context.Background()
	for _, box := range [][2]int{{1, 1}, {2, 2}, {1, 5}, {3, 3}, {2, 6}, {3, 4}, {4, 4}, {3, 5}} {
		w, h := box[0], box[1]
		wastes := map[int]int{} // still lifes by waste
		for bits := range 1 << (w * h) {
			b := life.NewBoard(w, h)
			for i := range w * h {
				b.Set(i%w, i/w, bits>>i&1 == 1)
			}
			if waste, err := density.Waste(b); err == nil {
				wastes[waste]++
			}
		}
		cells := make([]logic.Var, w*h)
		for i := range cells {
			cells[i] = logic.Var(i + 1)
		}
		total := 2*w*h + 2*w + 2*h
		for budget := 0; budget <= total; budget += 3 {
			want := 0
			for waste, n := range wastes {
				if waste <= budget {
					want += n
				}
			}
			f, err := density.WasteCNF(context.Background(), w, h, budget)
			if err != nil {
				t.Fatal(err)
			}
			got, err := logic.Count(ctx, f, cells, logic.Gophersat{})
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%dx%d, waste at most %d: %d models, brute force %d still lifes", w, h, budget, got, want)
			}
		}
	}
}

// TestWasteCNFOptimum: in boxes up to 7x7 and 8x8 (A055397's 36), the
// formula at the least waste that MaxStillLifeRule's optimum has is
// satisfiable by a still life with that much waste, and one below it is
// not.
func TestWasteCNFOptimum(t *testing.T) {
	ctx := context.Background()
	boxes := [][2]int{{4, 7}, {5, 5}, {6, 6}, {5, 7}, {7, 7}, {8, 8}}
	for _, box := range boxes {
		w, h := box[0], box[1]
		opt, err := density.MaxStillLifeRule(ctx, w, h, rule.Life)
		if err != nil {
			t.Fatal(err)
		}
		least := 2*w*h + 2*w + 2*h - 4*opt.Population
		for _, budget := range []int{least, least - 1} {
			f, err := density.WasteCNF(context.Background(), w, h, budget)
			if err != nil {
				t.Fatal(err)
			}
			sess, err := logic.Gophersat{}.Start(f)
			if err != nil {
				t.Fatal(err)
			}
			st, err := sess.Solve(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if st != logic.Sat {
				if budget == least {
					t.Errorf("%dx%d, waste at most %d: %v; MaxStillLifeRule has %d live cells", w, h, budget, st, opt.Population)
				}
				continue
			}
			if budget < least {
				t.Errorf("%dx%d, waste at most %d: satisfiable, below MaxStillLifeRule's optimum %d", w, h, budget, opt.Population)
				continue
			}
			b := density.WasteCNFBoard(w, h, sess.Model())
			padded := b.Pad(1)
			waste, err := density.Waste(b)
			if !life.Step(padded, rule.Life, life.Dead).Equal(padded) || err != nil || waste > budget {
				t.Errorf("%dx%d: the model's board wastes %d (%v), budget %d", w, h, waste, err, budget)
			}
		}
	}
}

func TestWasteCNFErrors(t *testing.T) {
	for _, c := range [][3]int{{0, 3, 1}, {3, -1, 1}, {101, 100, 10}, {3, 3, -1}} {
		if _, err := density.WasteCNF(context.Background(), c[0], c[1], c[2]); err == nil {
			t.Errorf("WasteCNF(%d, %d, %d): no error", c[0], c[1], c[2])
		}
	}
}

// TestWasteCNFCertified settles two values where OEIS A055397 (extended
// in 2013 from Chu and Stuckey's complete solution) and this package
// disagree: the entry gives a(28) = 407 and a(30) = 467. For each n,
// CaDiCaL finds a still life of one cell fewer, re-simulated here, and
// proves that none has a(n) cells: its DRAT proof of WasteCNF at that
// budget is checked by package drat. With LIFESAT_STRESS=1 and cadical
// on PATH (about six minutes); docs/max-density.md has the commands.
func TestWasteCNFCertified(t *testing.T) {
	if !stress() {
		t.Skip("LIFESAT_STRESS=1 runs it (about six minutes with cadical)")
	}
	path, err := exec.LookPath("cadical")
	if err != nil {
		t.Skip("needs cadical on PATH")
	}
	cadical := logic.External{Path: path}
	ctx := context.Background()
	for _, c := range []struct{ n, published int }{{28, 407}, {30, 467}} {
		n := c.n
		total := 2*n*n + 4*n
		// A board of published-1 cells.
		f, err := density.WasteCNF(context.Background(), n, n, total-4*(c.published-1))
		if err != nil {
			t.Fatal(err)
		}
		sess, err := cadical.Start(f)
		if err != nil {
			t.Fatal(err)
		}
		if st, err := sess.Solve(ctx); st != logic.Sat || err != nil {
			t.Fatalf("%dx%d with %d live cells: %v %v", n, n, c.published-1, st, err)
		}
		b := density.WasteCNFBoard(n, n, sess.Model())
		padded := b.Pad(1)
		if !life.Step(padded, rule.Life, life.Dead).Equal(padded) || b.Population() < c.published-1 {
			t.Fatalf("%dx%d: cadical's model is not a still life of %d cells:\n%v", n, n, c.published-1, b)
		}
		// None of published cells, with a checked proof.
		f, err = density.WasteCNF(context.Background(), n, n, total-4*c.published)
		if err != nil {
			t.Fatal(err)
		}
		proof, err := os.Create(filepath.Join(t.TempDir(), "proof.drat"))
		if err != nil {
			t.Fatal(err)
		}
		defer proof.Close()
		if st, err := logic.Prove(ctx, cadical, f, logic.DRAT, proof); st != logic.Unsat || err != nil {
			t.Fatalf("%dx%d with %d live cells: %v %v; want UNSAT", n, n, c.published, st, err)
		}
		var dimacs bytes.Buffer
		if err := f.WriteDIMACS(&dimacs); err != nil {
			t.Fatal(err)
		}
		formula, err := drat.ReadDIMACS(&dimacs)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := proof.Seek(0, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		res, err := drat.Check(ctx, formula, bufio.NewReader(proof), nil)
		if err != nil || !res.Verified {
			t.Fatalf("%dx%d: the proof that none has %d cells: %+v %v", n, n, c.published, res, err)
		}
		t.Logf("%dx%d: a still life of %d cells; none of %d (DRAT, %d lemmas, %d checked)", n, n, c.published-1, c.published, res.Lemmas, res.Checked)
	}
}

// TestMaxStillLifeSAT: the ladder of solver calls against
// MaxStillLifeRule, with the embedded solver, in every box to 5x6 and a
// few larger; in 6x6 it writes the proof of its last UNSAT answer, which
// package drat checks.
func TestMaxStillLifeSAT(t *testing.T) {
	ctx := context.Background()
	var boxes [][2]int
	for w := 1; w <= 5; w++ {
		for h := w; h <= 6; h++ {
			boxes = append(boxes, [2]int{w, h})
		}
	}
	boxes = append(boxes, [2]int{6, 6}, [2]int{4, 9}, [2]int{7, 7}, [2]int{8, 8})
	for _, box := range boxes {
		w, h := box[0], box[1]
		want, err := density.MaxStillLifeRule(ctx, w, h, rule.Life)
		if err != nil {
			t.Fatal(err)
		}
		opt := &density.SATOptions{}
		if w == 6 {
			opt.ProofDir = t.TempDir()
		}
		calls := 0
		opt.Progress = func(p density.Progress) {
			calls++
			if p.Phase != density.PhaseSAT || p.Best > p.Bound {
				t.Errorf("%dx%d: progress %+v", w, h, p)
			}
		}
		res, err := density.MaxStillLifeSAT(ctx, w, h, opt)
		if err != nil {
			t.Fatalf("%dx%d: %v", w, h, err)
		}
		checkResult(t, w, h, res)
		if res.Population != want.Population || !res.Optimal || calls != res.Stats.Passes+1 {
			t.Errorf("%dx%d: %d live cells (optimal %v, %d calls, %d reports), MaxStillLifeRule %d", w, h, res.Population, res.Optimal, res.Stats.Passes, calls, want.Population)
		}
		if noWaste := (2*w*h + 2*w + 2*h) / 4; (res.Stats.Unsat > 0) != (res.Bound < noWaste) || res.Stats.Unsat > res.Stats.Passes {
			t.Errorf("%dx%d: %d UNSAT answers of %d, bound %d, no-waste bound %d", w, h, res.Stats.Unsat, res.Stats.Passes, res.Bound, noWaste)
		}
		if opt.ProofDir != "" {
			_, v, err := drat.CheckDir(ctx, opt.ProofDir, nil)
			if err != nil || !v.Verified {
				t.Errorf("%dx%d: the proof of optimality: %+v %v", w, h, v, err)
			}
		}
	}
}

// TestMaxStillLifeSATWalk: the ladder's first four questions go a cell
// at a time. In 6x6 (a(6) = 18, OEIS A055397) the first question is
// about 20(w+h)/27 + 6 of waste, rounded down to 12 (21 cells); 21, 20
// and 19 cells have no still life, so the walk asks 21, 20, 19 and 18,
// and the board of 18 meets the bound: four calls. (Galloping from the
// second question, the ladder asked 21, 20, 18, 19.)
func TestMaxStillLifeSATWalk(t *testing.T) {
	var asked []int
	opt := &density.SATOptions{Progress: func(p density.Progress) { asked = append(asked, p.Population) }}
	res, err := density.MaxStillLifeSAT(context.Background(), 6, 6, opt)
	if err != nil || !res.Optimal || res.Population != 18 {
		t.Fatalf("6x6: %+v, %v; want 18 cells, optimal", res, err)
	}
	// The last report comes after the last question.
	if want := []int{21, 20, 19, 18}; res.Stats.Passes != 4 || !slices.Equal(asked[:len(asked)-1], want) {
		t.Errorf("6x6: asked %v (then the end), want %v", asked, want)
	}
}

// TestMaxStillLifeSATMinPop: with MinPop the first question is MinPop's.
// In 7x7 (a(7) = 28, OEIS A055397; the grid of blocks has 16 cells, the
// bound of no waste 31): at least 28 asks 28, then 29, and proves 28
// optimal; at least 29 asks once, UNSAT, and ends with the bound 28 and
// its checked proof; at least 32 asks nothing; at least 10 (below the
// blocks) is the plain ladder.
func TestMaxStillLifeSATMinPop(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		minPop     int
		asked      []int
		pop, bound int
	}{
		{28, []int{28, 29}, 28, 28},
		{29, []int{29}, 16, 28},
		{32, []int{}, 16, 31},
		{10, nil, 28, 28},
	} {
		var asked []int
		opt := &density.SATOptions{MinPop: c.minPop, ProofDir: t.TempDir()}
		opt.Progress = func(p density.Progress) {
			if p.Pass > len(asked) {
				asked = append(asked, p.Population)
			}
		}
		res, err := density.MaxStillLifeSAT(ctx, 7, 7, opt)
		if err != nil {
			t.Fatalf("MinPop %d: %v", c.minPop, err)
		}
		checkBestSoFar(t, 7, 7, res)
		if res.Population != c.pop || res.Bound != c.bound || res.Stats.Passes != len(asked) ||
			c.asked != nil && !slices.Equal(asked, c.asked) {
			t.Errorf("MinPop %d: %d cells, bound %d, asked %v; want %d, %d, %v", c.minPop, res.Population, res.Bound, asked, c.pop, c.bound, c.asked)
		}
		if res.Stats.Unsat > 0 {
			if _, v, err := drat.CheckDir(ctx, opt.ProofDir, nil); err != nil || !v.Verified {
				t.Errorf("MinPop %d: the proof of bound %d: %+v %v", c.minPop, res.Bound, v, err)
			}
		}
	}
}

// TestMaxStillLifeSATStopped: cancelled before it starts, the ladder
// returns the grid of blocks and the bound of no waste, with ctx.Err();
// bad boxes are errors.
func TestMaxStillLifeSATStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := density.MaxStillLifeSAT(ctx, 8, 8, nil)
	if !errors.Is(err, context.Canceled) || res == nil || res.Population != 36 || res.Bound != (2*64+32)/4 {
		t.Fatalf("cancelled: %+v, %v", res, err)
	}
	checkBestSoFar(t, 8, 8, res)
	for _, box := range [][2]int{{0, 4}, {101, 100}} {
		if _, err := density.MaxStillLifeSAT(context.Background(), box[0], box[1], nil); !errors.Is(err, density.ErrBox) {
			t.Errorf("%dx%d: %v, want ErrBox", box[0], box[1], err)
		}
	}
}

// TestWasteCNFCounterLimit: a budget far above a large box's least waste
// (few live cells asked for) would make a counter of gigabytes; WasteCNF
// refuses it with an error that says what to ask instead, and takes the
// same box at a budget near its least waste and at a budget so large
// that no counter is needed.
func TestWasteCNFCounterLimit(t *testing.T) {
	const n = 60
	total := 2*n*n + 4*n
	if _, err := density.WasteCNF(context.Background(), n, n, 5240); err == nil || !strings.Contains(err.Error(), "ask for more live cells") {
		t.Errorf("60x60, budget 5240: %v, want the counter refused", err)
	}
	for _, budget := range []int{100, total} {
		if _, err := density.WasteCNF(context.Background(), n, n, budget); err != nil {
			t.Errorf("60x60, budget %d: %v", budget, err)
		}
	}
}

// TestMaxStillLifeSATRace: racing the solver's configuration for
// satisfiable formulas beside it gives the optimum MaxStillLifeRule
// proves, with the proof of optimality (written by the solver itself)
// checked, for the embedded gophersat and, when it is installed, cadical.
func TestMaxStillLifeSATRace(t *testing.T) {
	ctx := context.Background()
	solvers := []logic.Solver{logic.Gophersat{}}
	if path, err := exec.LookPath("cadical"); err == nil {
		solvers = append(solvers, logic.External{Path: path})
	}
	for _, solver := range solvers {
		for _, box := range [][2]int{{3, 4}, {5, 5}, {6, 7}, {7, 7}} {
			w, h := box[0], box[1]
			want, err := density.MaxStillLifeRule(ctx, w, h, rule.Life)
			if err != nil {
				t.Fatal(err)
			}
			for _, proof := range []bool{false, true} {
				opt := &density.SATOptions{Solver: solver, Race: true}
				if proof {
					opt.ProofDir = t.TempDir()
				}
				res, err := density.MaxStillLifeSAT(ctx, w, h, opt)
				if err != nil {
					t.Fatalf("%T %dx%d: %v", solver, w, h, err)
				}
				checkResult(t, w, h, res)
				if res.Population != want.Population || !res.Optimal {
					t.Errorf("%T %dx%d: %d live cells (optimal %v), MaxStillLifeRule %d", solver, w, h, res.Population, res.Optimal, want.Population)
				}
				if proof {
					if _, v, err := drat.CheckDir(ctx, opt.ProofDir, nil); err != nil || !v.Verified {
						t.Errorf("%T %dx%d: the proof of optimality: %+v %v", solver, w, h, v, err)
					}
				}
			}
		}
	}
}

// TestMaxStillLifeSATStoppedProof: stopped before it meets the board,
// the ladder keeps in ProofDir the proof of its last UNSAT answer, which
// is its Bound. In 6x6 (a(6) = 18, waste 24 by the identity) the first
// two questions, waste 12 and 16, have no model whatever the solver:
// stopped as the third starts, the bound is 19 and its proof checks.
func TestMaxStillLifeSATStoppedProof(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt := &density.SATOptions{ProofDir: t.TempDir(), Progress: func(p density.Progress) {
		if p.Pass == 3 {
			cancel()
		}
	}}
	res, err := density.MaxStillLifeSAT(ctx, 6, 6, opt)
	if !errors.Is(err, context.Canceled) || res == nil || res.Bound != 19 || res.Optimal {
		t.Fatalf("stopped at the third question: %+v, %v; want bound 19 and context.Canceled", res, err)
	}
	checkBestSoFar(t, 6, 6, res)
	if res.Stats.Unsat != 2 {
		t.Errorf("Stats.Unsat = %d, want the 2 UNSAT answers before the stop", res.Stats.Unsat)
	}
	if _, v, err := drat.CheckDir(context.Background(), opt.ProofDir, nil); err != nil || !v.Verified {
		t.Errorf("the proof of the bound: %+v %v", v, err)
	}
	// A solver that writes no proof is refused before any question.
	called := false
	res, err = density.MaxStillLifeSAT(context.Background(), 6, 6, &density.SATOptions{Solver: logic.Gini{}, ProofDir: t.TempDir(),
		Progress: func(density.Progress) { called = true }})
	if res != nil || !errors.Is(err, logic.ErrNoProof) || called {
		t.Errorf("gini with a proof directory: %+v, %v, asked: %v; want ErrNoProof before any question", res, err, called)
	}
}

// TestStillLife60 checks the witness of the 60x60 optimum that
// docs/max-density.md quotes (data/still-60x60.rle, from cadical on
// WasteCNF at 1835 cells): a still life of the box, everything outside
// dead, of 1835 live cells, the value of Johnston and Greene's table (as
// quoted on codegolf.stackexchange.com/questions/245570), whose waste is
// the 2wh + 2w + 2h - 4 x 1835 = 100 of doc.go's identity. That none has
// 1836 is the DRAT proof the docs' command writes and checks (minutes,
// too much for a test).
func TestStillLife60(t *testing.T) {
	b := readData(t, "still-60x60.rle")
	p := b.Pad(1)
	if b.Width() != 60 || b.Height() != 60 || !life.Step(p, rule.Life, life.Dead).Equal(p) {
		t.Fatalf("not a still life of a 60x60 box:\n%v", b)
	}
	if n := b.Population(); n != 1835 {
		t.Errorf("%d live cells, want 1835", n)
	}
	if w, err := density.Waste(b); err != nil || w != 2*60*60+4*60-4*1835 {
		t.Errorf("waste %d (%v), want %d", w, err, 2*60*60+4*60-4*1835)
	}
}
