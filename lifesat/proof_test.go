package lifesat_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/drat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// checkProofDir checks the proof directory as lifesat verify does, with
// package drat, and wants it verified and holding nothing else.
func checkProofDir(t *testing.T, dir string) {
	t.Helper()
	ctx := context.Background()
	_, res, err := drat.CheckDir(ctx, dir, nil)
	if err != nil || !res.Verified {
		t.Fatalf("%s: %v, %v; want a verified proof", dir, res, err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		switch e.Name() {
		case drat.FormulaFile, drat.DRATFile, drat.LRATFile:
		default:
			t.Errorf("%s holds %s besides the proof", dir, e.Name())
		}
	}
}

// proofCases are searches where none exists, each small: no still life
// of 1 to 3 cells fits in 4x4 (the empty one is no answer), and no
// oscillator of exact period 3 in 5x5 (the proof is the evidence,
// checked here by package drat).
func proofCases() []lifesat.Problem {
	still := lifesat.StillLife(4, 4)
	still.MaxPop = 3
	return []lifesat.Problem{still, lifesat.Oscillator(3, 5, 5)}
}

// TestProofOfNoneExists: a search asked for a proof (Settings.ProofDir)
// that answers "none exists" leaves formula.cnf and a proof that package
// drat verifies, in DRAT and in LRAT; the formula is exactly what
// EncodeContext writes for the same settings (lifesat cnf); the embedded
// solver and cadical (when installed) both write one.
func TestProofOfNoneExists(t *testing.T) {
	ctx := context.Background()
	solvers := []logic.Solver{nil}
	if _, err := exec.LookPath("cadical"); err == nil {
		solvers = append(solvers, logic.External{Path: "cadical"})
	} else {
		t.Log("cadical is not installed: the embedded solver's proofs alone")
	}
	for _, p := range proofCases() {
		for _, sv := range solvers {
			for _, format := range []logic.ProofFormat{logic.DRAT, logic.LRAT} {
				if sv != nil && format == logic.LRAT {
					continue // cadical writes DRAT only
				}
				dir := t.TempDir()
				s := &lifesat.Settings{Seed: 7, Solver: sv, ProofDir: dir, ProofFormat: format}
				res, err := lifesat.Search(ctx, p, s)
				if err != nil || res.Status != logic.Unsat {
					t.Fatalf("%v with %v: %v, %v; want Unsat", p, sv, res, err)
				}
				checkProofDir(t, dir)
				in, err := lifesat.EncodeContext(ctx, p, s)
				if err != nil {
					t.Fatal(err)
				}
				var want bytes.Buffer
				if err := in.CNF.WriteDIMACS(&want); err != nil {
					t.Fatal(err)
				}
				got, _ := os.ReadFile(filepath.Join(dir, drat.FormulaFile))
				if !bytes.Equal(got, want.Bytes()) {
					t.Errorf("%v with %v: the proof's formula is not the encoded formula", p, sv)
				}
			}
		}
	}
}

// TestProofNotWrittenForAnAnswer: a search that finds a pattern leaves no
// proof and no temporary file; a solver that writes no proof (gini) is an
// error wrapping logic.ErrNoProof.
func TestProofNotWrittenForAnAnswer(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	res, err := lifesat.Search(ctx, lifesat.StillLife(6, 6), &lifesat.Settings{ProofDir: dir})
	if err != nil || res.Status != logic.Sat {
		t.Fatalf("%v, %v", res, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a search with an answer left %d files in the proof directory", len(entries))
	}
	_, err = lifesat.Search(ctx, proofCases()[0], &lifesat.Settings{Solver: logic.Gini{}, ProofDir: t.TempDir()})
	if !errors.Is(err, logic.ErrNoProof) {
		t.Errorf("gini with a proof asked: %v; want logic.ErrNoProof", err)
	}
}

// TestProofOfARace: a race's proof is that of the whole member that
// answered; the members' own directories are gone.
func TestProofOfARace(t *testing.T) {
	dir := t.TempDir()
	res, err := lifesat.Race(context.Background(), lifesat.Oscillator(3, 5, 5), &lifesat.Settings{ProofDir: dir}, &lifesat.RaceOptions{Jobs: 2})
	if err != nil || res.Status != logic.Unsat {
		t.Fatalf("%v, %v; want Unsat", res, err)
	}
	checkProofDir(t, dir)
}

// TestProofOfTheRest: an enumeration's final Unsat is proved with the
// patterns found ruled out (the formula with the blocking clauses, which
// the proof's formula holds); Maximize's SAT ladder proves its optimum
// (no pattern with more live cells: OEIS A055397 gives 16 for 5x5).
func TestProofOfTheRest(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	n, err := lifesat.Count(ctx, lifesat.Oscillator(2, 4, 4), &lifesat.Settings{ProofDir: dir})
	if err != nil || n.Sign() <= 0 {
		t.Fatalf("%v, %v", n, err)
	}
	checkProofDir(t, dir)

	dir = t.TempDir()
	res, err := lifesat.Maximize(ctx, lifesat.StillLife(5, 5), &lifesat.Settings{Solver: logic.Gophersat{}, ProofDir: dir})
	if err != nil || !res.Optimal || res.Population != 16 {
		t.Fatalf("%+v, %v; want 16, proved", res, err)
	}
	checkProofDir(t, dir)
}
