package logic_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/drat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// The proofs of the solvers' answers Unsat are checked by package drat
// and, when they are installed, by drat-trim and its lrat-check
// (github.com/marijnheule/drat-trim, built from source: Debian has no
// package of it), as independent checkers.

// proveAndCheck proves f unsatisfiable with s and checks the proof
// against the formula Certify returns (written as DIMACS and read back):
// with package drat, and with drat-trim or lrat-check when on PATH. It
// returns the proof.
func proveAndCheck(t *testing.T, s logic.Solver, f *logic.CNF, format logic.ProofFormat) []byte {
	t.Helper()
	var proof bytes.Buffer
	sess, err := logic.StartProof(context.Background(), s, f, format, &proof)
	if err != nil {
		t.Fatal(err)
	}
	st, err := sess.Solve(context.Background())
	if err != nil || st != logic.Unsat {
		t.Fatalf("Solve: %v, %v; want UNSAT", st, err)
	}
	g, err := sess.Certify()
	if err != nil {
		t.Fatal(err)
	}
	checkProof(t, g, proof.Bytes(), format)
	return proof.Bytes()
}

// checkProof checks that proof refutes f: with package drat, backward
// (and forward, for DRAT) and, when installed, drat-trim or lrat-check.
func checkProof(t *testing.T, f *logic.CNF, proof []byte, format logic.ProofFormat) {
	t.Helper()
	var cnf bytes.Buffer
	if err := f.WriteDIMACS(&cnf); err != nil {
		t.Fatal(err)
	}
	df, err := drat.ReadDIMACS(bytes.NewReader(cnf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var results []drat.Result
	if format == logic.LRAT {
		res, err := drat.CheckLRAT(context.Background(), df, bytes.NewReader(proof))
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, res)
	} else {
		for _, opt := range []*drat.Options{nil, {Forward: true}} {
			res, err := drat.Check(context.Background(), df, bytes.NewReader(proof), opt)
			if err != nil {
				t.Fatal(err)
			}
			results = append(results, res)
		}
	}
	for _, res := range results {
		if !res.Verified {
			t.Fatalf("%v proof: %v", format, res)
		}
	}
	if ok, out := peerCheck(t, cnf.Bytes(), proof, format); !ok {
		t.Fatalf("%v proof refused by the peer checker:\n%s", format, out)
	}
}

// peerCheck runs drat-trim (DRAT) or lrat-check (LRAT) when on PATH,
// and tells whether it verified the proof (true without the checker).
func peerCheck(t *testing.T, cnf, proof []byte, format logic.ProofFormat) (bool, string) {
	t.Helper()
	name, verified := "drat-trim", "s VERIFIED"
	if format == logic.LRAT {
		name, verified = "lrat-check", "c VERIFIED"
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return true, ""
	}
	dir := t.TempDir()
	fp, pp := filepath.Join(dir, "formula.cnf"), filepath.Join(dir, "proof")
	if err := os.WriteFile(fp, cnf, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pp, proof, 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := exec.Command(path, fp, pp).CombinedOutput()
	return strings.Contains(string(out), verified), string(out)
}

// unsat3SAT is a random 3-SAT formula over n variables at the
// threshold that has no model (the first such of seeds from seed on),
// by gini's answer.
func unsat3SAT(t *testing.T, n int, seed uint64) *logic.CNF {
	for s := seed; ; s++ {
		f := random3SAT(rand.New(rand.NewPCG(s, 11)), n, 440)
		sess, err := logic.Gini{}.Start(f)
		if err != nil {
			t.Fatal(err)
		}
		if st, _ := sess.Solve(context.Background()); st == logic.Unsat {
			return f
		}
	}
}

// TestProofGophersatRandom: the embedded solver's DRAT and LRAT proofs
// of random 3-SAT formulas without a model, in upstream's single mode
// and in the modes of Stable, check.
func TestProofGophersatRandom(t *testing.T) {
	for i := range 4 {
		f := unsat3SAT(t, 80, uint64(100*i))
		for _, g := range []logic.Gophersat{{}, {Seed: uint64(i + 1), Stable: true}} {
			for _, format := range []logic.ProofFormat{logic.DRAT, logic.LRAT} {
				proveAndCheck(t, g, f, format)
			}
		}
	}
}

// lifeFormula is the formula of `lifesat cnf still -size 4x4 -max-pop
// 3`, or of `lifesat cnf osc -period 3 -size 5x5`, byte for byte
// (issue 36's examples): neither has a model. No still life has 1 to 3
// cells (the smallest, the block and the tub, have 4: OEIS A019473), and
// no oscillator of period 3 fits in 5x5, as lifesat's search finds.
func lifeFormula(t testing.TB, osc bool) *logic.CNF {
	p, s := lifesat.StillLife(4, 4), &lifesat.Settings{Seed: 1}
	p.MaxPop = 3
	if osc {
		p, s = lifesat.Oscillator(3, 5, 5), &lifesat.Settings{Seed: 1, Diversify: lifesat.NoFlip}
	}
	in, err := lifesat.Encode(p, s)
	if err != nil {
		t.Fatal(err)
	}
	return in.CNF
}

// TestProofLife: the claims of issue 36, at the solver's level: no still
// life with 1 to 3 cells in 4x4, no oscillator of period 3 in 5x5; the
// proofs of the embedded solver (DRAT and LRAT) and of cadical (DRAT)
// check. The oscillator's take a few seconds: LIFESAT_STRESS=1.
func TestProofLife(t *testing.T) {
	solvers := []logic.Solver{logic.Gophersat{}}
	if _, err := exec.LookPath("cadical"); err == nil {
		solvers = append(solvers, logic.External{Path: "cadical"})
	} else {
		t.Log("cadical not installed: its proofs are not checked")
	}
	for _, osc := range []bool{false, true} {
		if osc && os.Getenv("LIFESAT_STRESS") == "" {
			t.Log("the period-3 oscillator in 5x5 with LIFESAT_STRESS=1")
			continue
		}
		f := lifeFormula(t, osc)
		for _, s := range solvers {
			formats := []logic.ProofFormat{logic.DRAT}
			if _, ok := s.(logic.Gophersat); ok {
				formats = append(formats, logic.LRAT)
			}
			for _, format := range formats {
				proof := proveAndCheck(t, s, f, format)
				name, _ := logic.Name(s)
				t.Logf("osc %v, %s, %v: %d bytes of proof", osc, name, format, len(proof))
			}
		}
	}
}

// TestProofSameSearch: a proof changes nothing in the search: the same
// conflicts with and without it.
func TestProofSameSearch(t *testing.T) {
	f := unsat3SAT(t, 70, 7)
	for _, g := range []logic.Gophersat{{}, {Seed: 3, Stable: true}} {
		plain, err := g.Start(f)
		if err != nil {
			t.Fatal(err)
		}
		if st, err := plain.Solve(context.Background()); st != logic.Unsat || err != nil {
			t.Fatal(st, err)
		}
		for _, format := range []logic.ProofFormat{logic.DRAT, logic.LRAT} {
			proved, err := g.StartProof(context.Background(), f, format, &bytes.Buffer{})
			if err != nil {
				t.Fatal(err)
			}
			if st, err := proved.Solve(context.Background()); st != logic.Unsat || err != nil {
				t.Fatal(st, err)
			}
			a, b := plain.(logic.ConflictCounter).Conflicts(), proved.(logic.ConflictCounter).Conflicts()
			if a != b || a == 0 {
				t.Errorf("%+v, %v: %d conflicts with a proof, %d without", g, format, b, a)
			}
		}
	}
}

// TestProofIncremental: a DRAT proof of a session's last answer, after
// models blocked by added clauses, and under assumptions: the formula
// Certify returns holds the clauses added and the assumptions as units.
// LRAT refuses both.
func TestProofIncremental(t *testing.T) {
	// Exactly one of x1..x4: four models.
	f := &logic.CNF{}
	x := f.NewVars(4)
	f.Add(x.Pos(), (x + 1).Pos(), (x + 2).Pos(), (x + 3).Pos())
	for i := range logic.Var(4) {
		for j := range i {
			f.Add((x + j).Neg(), (x + i).Neg())
		}
	}
	solvers := []logic.Prover{logic.Gophersat{}, logic.Gophersat{Seed: 5, Stable: true}}
	if _, err := exec.LookPath("cadical"); err == nil {
		solvers = append(solvers, logic.External{Path: "cadical"})
	}
	for _, s := range solvers {
		// Under the assumption that x1 is true, blocking the one model
		// leaves none.
		var proof bytes.Buffer
		sess, err := s.StartProof(context.Background(), f, logic.DRAT, &proof)
		if err != nil {
			t.Fatal(err)
		}
		models := 0
		for {
			st, err := sess.Solve(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if st == logic.Unsat {
				break
			}
			models++
			m := sess.Model()
			block := make([]logic.Lit, 4)
			for i := range block {
				block[i] = (x + logic.Var(i)).Pos()
				if m[x+logic.Var(i)] {
					block[i] = block[i].Not()
				}
			}
			if models == 2 {
				// Under assumptions first: the model with x1 is blocked
				// or not yet; x1 and x2 together have none.
				if st, err := sess.Solve(context.Background(), x.Pos(), (x + 1).Pos()); st != logic.Unsat || err != nil {
					t.Fatalf("%T under x1, x2: %v, %v", s, st, err)
				}
				g, err := sess.Certify()
				if err != nil {
					t.Fatal(err)
				}
				if g.NumClauses() != f.NumClauses()+1+2 {
					t.Errorf("%T: the formula of the proof has %d clauses, want %d: f, 1 added, 2 units", s, g.NumClauses(), f.NumClauses()+3)
				}
				checkProof(t, g, proof.Bytes(), logic.DRAT)
				break
			}
			sess.Add(block...)
		}
		if models != 2 {
			t.Errorf("%T: %d models before the assumptions", s, models)
		}
		// Every model blocked: the last answer is Unsat for good.
		proof.Reset()
		sess, err = s.StartProof(context.Background(), f, logic.DRAT, &proof)
		if err != nil {
			t.Fatal(err)
		}
		for models = 0; ; models++ {
			st, err := sess.Solve(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if st == logic.Unsat {
				break
			}
			m := sess.Model()
			block := make([]logic.Lit, 4)
			for i := range block {
				block[i] = (x + logic.Var(i)).Pos()
				if m[x+logic.Var(i)] {
					block[i] = block[i].Not()
				}
			}
			sess.Add(block...)
		}
		g, err := sess.Certify()
		if err != nil {
			t.Fatal(err)
		}
		if models != 4 || g.NumClauses() != f.NumClauses()+4 {
			t.Errorf("%T: %d models, a formula of %d clauses; want 4, %d", s, models, g.NumClauses(), f.NumClauses()+4)
		}
		checkProof(t, g, proof.Bytes(), logic.DRAT)
	}

	// LRAT: neither added clauses nor assumptions.
	sess, err := logic.Gophersat{}.StartProof(context.Background(), f, logic.LRAT, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if st, err := sess.Solve(context.Background(), x.Pos(), (x + 1).Pos()); st != logic.Unsat || err != nil {
		t.Fatal(st, err)
	}
	if _, err := sess.Certify(); !errors.Is(err, logic.ErrNoProof) {
		t.Errorf("LRAT under assumptions: %v, want ErrNoProof", err)
	}
	sess, _ = logic.Gophersat{}.StartProof(context.Background(), f, logic.LRAT, &bytes.Buffer{})
	sess.Add(x.Neg())
	sess.Add(logic.False)
	if st, err := sess.Solve(context.Background()); st != logic.Unsat || err != nil {
		t.Fatal(st, err)
	}
	if _, err := sess.Certify(); !errors.Is(err, logic.ErrNoProof) {
		t.Errorf("LRAT after Add: %v, want ErrNoProof", err)
	}
}

// TestProofTrivial: answers Unsat that need no search (an empty clause
// in the formula or added, assumptions that contradict each other, or a
// False) have proofs too.
func TestProofTrivial(t *testing.T) {
	empty := &logic.CNF{}
	x := empty.NewVar()
	empty.Add(x.Pos(), x.Neg()) // always true, left out
	empty.Add()
	units := &logic.CNF{}
	y := units.NewVar()
	units.Add(y.Pos())
	units.Add(y.Neg())
	sat := &logic.CNF{}
	z := sat.NewVars(2)
	sat.Add(z.Pos(), (z + 1).Pos())
	solvers := []logic.Prover{logic.Gophersat{}}
	if _, err := exec.LookPath("cadical"); err == nil {
		solvers = append(solvers, logic.External{Path: "cadical"})
	}
	for _, s := range solvers {
		for _, c := range []struct {
			name        string
			f           *logic.CNF
			add         []logic.Lit
			assumptions []logic.Lit
			lrat        bool
		}{
			{"an empty clause", empty, nil, nil, true},
			{"a unit and its negation", units, nil, nil, true},
			{"an empty clause added", sat, []logic.Lit{}, nil, false},
			{"assumptions against each other", sat, nil, []logic.Lit{z.Pos(), z.Neg()}, false},
			{"a False assumed", sat, nil, []logic.Lit{z.Pos(), logic.False}, false},
			{"assumptions against the clauses", sat, nil, []logic.Lit{z.Neg(), (z + 1).Neg()}, false},
		} {
			formats := []logic.ProofFormat{logic.DRAT}
			if _, ok := s.(logic.Gophersat); ok && c.lrat {
				formats = append(formats, logic.LRAT)
			}
			for _, format := range formats {
				var proof bytes.Buffer
				sess, err := s.StartProof(context.Background(), c.f, format, &proof)
				if err != nil {
					t.Fatal(err)
				}
				if c.add != nil {
					sess.Add(c.add...)
				}
				if st, err := sess.Solve(context.Background(), c.assumptions...); st != logic.Unsat || err != nil {
					t.Fatalf("%T, %s: %v, %v", s, c.name, st, err)
				}
				g, err := sess.Certify()
				if err != nil {
					t.Fatalf("%T, %s, %v: %v", s, c.name, format, err)
				}
				checkProof(t, g, proof.Bytes(), format)
			}
		}
	}
}

// TestProofRefused: the checkers refuse a solver's proof that is
// tampered with: without its empty clause, with a lemma of the core
// removed from its middle, or checked against another formula.
func TestProofRefused(t *testing.T) {
	f := unsat3SAT(t, 60, 3)
	var proof bytes.Buffer
	if st, err := logic.Prove(context.Background(), nil, f, logic.DRAT, &proof); st != logic.Unsat || err != nil {
		t.Fatal(st, err)
	}
	var cnf bytes.Buffer
	f.WriteDIMACS(&cnf)
	df, err := drat.ReadDIMACS(&cnf)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(proof.String(), "\n")
	lines = lines[:len(lines)-1] // the text after the last newline: none
	check := func(lines []string) drat.Result {
		t.Helper()
		res, err := drat.Check(context.Background(), df, strings.NewReader(strings.Join(lines, "")), &drat.Options{Core: true})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := check(lines)
	if !res.Verified || len(res.Core) < 20 {
		t.Fatalf("the proof: %v, a core of %d lemmas", res, len(res.Core))
	}

	// Without its empty clause.
	if last := lines[len(lines)-1]; last != "0\n" {
		t.Fatalf("the proof ends with %q", last)
	}
	if res := check(lines[:len(lines)-1]); res.Verified || !strings.Contains(res.Reason, "without the empty clause") {
		t.Errorf("without its empty clause: %v", res)
	}

	// A lemma of the core removed from the middle: another lemma, after
	// it, no longer follows (the core's lemmas each need the ones before;
	// rarely another derivation makes up for the one removed, so the
	// first few of the core's second half are tried).
	refused := 0
	for _, n := range res.Core[len(res.Core)/2:][:10] {
		tampered := append(append([]string{}, lines[:n-1]...), lines[n:]...)
		got := check(tampered)
		if !got.Verified {
			refused++
			if got.Line < n {
				t.Errorf("lemma %d removed: refused at line %d, before it", n, got.Line)
			}
		}
	}
	if refused == 0 {
		t.Errorf("no proof with one of 10 lemmas of the core removed was refused")
	}
	t.Logf("%d of 10 proofs with a lemma of the core removed refused", refused)

	// Another formula: the same without one of the clauses the proof
	// uses, and a formula of lifesat.
	for _, other := range []*drat.Formula{
		{Vars: df.Vars, Clauses: df.Clauses[1:]},
		func() *drat.Formula {
			var b bytes.Buffer
			lifeFormula(t, false).WriteDIMACS(&b)
			g, _ := drat.ReadDIMACS(&b)
			return g
		}(),
	} {
		res, err := drat.Check(context.Background(), other, strings.NewReader(proof.String()), nil)
		if err == nil && res.Verified {
			t.Errorf("the proof verified against another formula of %d clauses", len(other.Clauses))
		}
	}
}

// TestStartProofErrors: solvers and formats that give no proof.
func TestStartProofErrors(t *testing.T) {
	f := &logic.CNF{}
	f.NewVar()
	for _, c := range []struct {
		s      logic.Solver
		format logic.ProofFormat
		want   string
	}{
		{logic.Gini{}, logic.DRAT, "logic: no proof from the solver gini: it writes none"},
		{logic.External{Path: "minisat"}, logic.DRAT, "logic: no proof from the solver minisat"},
		{logic.External{Path: "cadical"}, logic.LRAT, "logic: no proof in lrat from the solver cadical"},
		{nil, logic.ProofFormat(7), "logic: no proof: unknown format"},
	} {
		_, err := logic.StartProof(context.Background(), c.s, f, c.format, &bytes.Buffer{})
		if !errors.Is(err, logic.ErrNoProof) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%T, %v: %v, want %q", c.s, c.format, err, c.want)
		}
		if cerr := logic.CanProve(c.s, c.format); cerr == nil || cerr.Error() != err.Error() {
			t.Errorf("CanProve(%T, %v) = %v, want StartProof's error %v", c.s, c.format, cerr, err)
		}
		// The backend's own StartProof refuses alike.
		if p, ok := logic.OrDefault(c.s).(logic.Prover); ok {
			if _, perr := p.StartProof(context.Background(), f, c.format, &bytes.Buffer{}); !errors.Is(perr, logic.ErrNoProof) {
				t.Errorf("%T.StartProof(%v) = %v, want ErrNoProof", p, c.format, perr)
			}
		}
	}
	for _, c := range []struct {
		s      logic.Solver
		format logic.ProofFormat
	}{{nil, logic.DRAT}, {nil, logic.LRAT}, {logic.Gophersat{}, logic.LRAT}, {logic.External{Path: "/usr/bin/cadical"}, logic.DRAT}} {
		if err := logic.CanProve(c.s, c.format); err != nil {
			t.Errorf("CanProve(%T, %v) = %v, want nil", c.s, c.format, err)
		}
	}
}

// TestCertifyErrors: Certify of no answer Unsat, twice, or of a session
// that writes no proof.
func TestCertifyErrors(t *testing.T) {
	f := &logic.CNF{}
	x := f.NewVar()
	f.Add(x.Pos())
	sess, err := logic.StartProof(context.Background(), nil, f, logic.DRAT, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Certify(); err == nil || !strings.Contains(err.Error(), "UNKNOWN, not UNSAT") {
		t.Errorf("before Solve: %v", err)
	}
	if st, _ := sess.Solve(context.Background()); st != logic.Sat {
		t.Fatal(st)
	}
	if _, err := sess.Certify(); err == nil || !strings.Contains(err.Error(), "SAT, not UNSAT") {
		t.Errorf("after SAT: %v", err)
	}
	if st, _ := sess.Solve(context.Background(), x.Neg()); st != logic.Unsat {
		t.Fatal(st)
	}
	if _, err := sess.Certify(); err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Certify(); err == nil || !strings.Contains(err.Error(), "certified") {
		t.Errorf("twice: %v", err)
	}
	if st, err := sess.Solve(context.Background()); st != logic.Unknown || err == nil {
		t.Errorf("Solve after Certify: %v, %v", st, err)
	}
	plain, _ := logic.Gophersat{}.Start(f)
	if ps, ok := plain.(logic.ProofSession); ok {
		if _, err := ps.Certify(); err == nil || !strings.Contains(err.Error(), "writes no proof") {
			t.Errorf("a session without a proof: %v", err)
		}
	}
}

// TestProofCadicalFirstLook: cadical's first look (ForSat: a run limited
// to SatFirstLook conflicts, then another) proves with the proof of the
// run that answered.
func TestProofCadicalFirstLook(t *testing.T) {
	needCadical(t)
	f := unsat3SAT(t, 200, 1) // thousands of conflicts
	s, _ := logic.External{Path: "cadical"}.ForSat()
	proof := proveAndCheck(t, s.(logic.Prover), f, logic.DRAT)
	if n := bytes.Count(proof, []byte("\n")); n < 2*logic.SatFirstLook {
		t.Errorf("a proof of %d lines: the first look (%d conflicts) may have answered", n, logic.SatFirstLook)
	}
}

func needCadical(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical not installed (apt-get install cadical)")
	}
}

func ExampleProve() {
	// x1 or x2, not both, and x1 equal to x2: no model.
	f := &logic.CNF{}
	x := f.NewVars(2)
	f.Add(x.Pos(), (x + 1).Pos())
	f.Add(x.Neg(), (x + 1).Neg())
	f.Add(x.Neg(), (x + 1).Pos())
	f.Add(x.Pos(), (x + 1).Neg())
	var proof bytes.Buffer
	st, err := logic.Prove(context.Background(), logic.Gophersat{}, f, logic.LRAT, &proof)
	fmt.Println(st, err)
	fmt.Print(proof.String())

	var cnf bytes.Buffer
	f.WriteDIMACS(&cnf)
	df, _ := drat.ReadDIMACS(&cnf)
	res, err := drat.CheckLRAT(context.Background(), df, &proof)
	fmt.Println(res, err)
	// The clauses are 1..4 in order. Lemma 5 is x1: under -1, clause 1
	// gives x2, and clause 4 is false. Lemma 6 is -x2: under x2, lemma 5
	// gives x1, and clause 2 is false. The empty clause: lemmas 5 and 6
	// make clause 3 false.

	// Output:
	// UNSAT <nil>
	// 5 1 0 1 4 0
	// 6 -2 0 5 2 0
	// 7 0 5 6 3 0
	// verified (3 lemmas, 3 checked, 0 by RAT) <nil>
}
