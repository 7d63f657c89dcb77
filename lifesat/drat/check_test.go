package drat_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/drat"
)

func mustFormula(t testing.TB, text string) *drat.Formula {
	t.Helper()
	f, err := drat.ReadDIMACS(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// check runs Check forward and backward and wants the same verdict.
func check(t *testing.T, f *drat.Formula, proof string) (fwd, bwd drat.Result) {
	t.Helper()
	var err error
	if fwd, err = drat.Check(context.Background(), f, strings.NewReader(proof), &drat.Options{Forward: true}); err != nil {
		t.Fatal(err)
	}
	if bwd, err = drat.Check(context.Background(), f, strings.NewReader(proof), nil); err != nil {
		t.Fatal(err)
	}
	return fwd, bwd
}

func TestReadDIMACS(t *testing.T) {
	for _, c := range []struct {
		text string
		want string // the formula, or the error
	}{
		{"p cnf 0 0\n", "0 []"},
		{"c a comment\n  c an indented one\np cnf 3 2\n1 -3 0 2\n 0\n", "3 [[1 -3] [2]]"},
		{"p cnf 2 2\n1 1 -1 0 0\n", "2 [[1 1 -1] []]"}, // repeats and an empty clause are kept
		{"p\tcnf 1 1\r\n-1 0\r\n", "1 [[-1]]"},
		{"", "line 1: no \"p cnf\" line"},
		{"1 0\n", "line 1: a clause before the \"p cnf\" line"},
		{"p cnf 2 1\n1 2\n", "line 3: the last clause does not end with 0"},
		{"p cnf 2 2\n1 2 0\n", "line 3: the header says 2 clauses, the formula has 1"},
		{"p cnf 2 1\n1 -3 0\n", "line 2: number out of range (at most 2)"},
		{"p cnf 2 1\np cnf 2 1\n", "line 2: a second \"p\" line"},
		{"p dnf 2 1\n", "line 1: the header is not \"p cnf VARS CLAUSES\""},
		{"p cnf 2\n", "line 2: unexpected end of file"},
		{"p cnf 2 1\n1 x 0\n", "line 2: unexpected 'x' where a number should be"},
		{"p cnf 2 1\n1 -0 0\n", "line 2: -0 is no literal"},
		{"p cnf 20 1\n12a 0\n", "line 2: unexpected 'a' after a number"},
		{"p cnf 99999999999 0\n", "line 1: number out of range"},
	} {
		f, err := drat.ReadDIMACS(strings.NewReader(c.text))
		got := ""
		if err != nil {
			got = err.Error()
			if se := (*drat.SyntaxError)(nil); !errors.As(err, &se) {
				t.Errorf("%q: %v is no *SyntaxError", c.text, err)
			}
		} else {
			got = fmt.Sprint(f.Vars, " ", f.Clauses)
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.text, got, c.want)
		}
	}
}

// TestCheckRefusals: proofs that must fail, each for its reason, and
// where (the line of the failing lemma, forward and backward).
func TestCheckRefusals(t *testing.T) {
	const (
		twoBits    = "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n"
		threeOfTwo = "p cnf 2 3\n1 2 0\n1 -2 0\n-1 2 0\n" // true with x1, x2
	)
	for _, c := range []struct {
		name, formula, proof string
		fwd, bwd             string // the verdicts
	}{
		{"the worked proof", twoBits, "1 0\n0\n",
			"verified", "verified"},
		{"no lemma", twoBits, "0\n",
			"refuted: line 1: lemma 0: the empty clause does not follow", "refuted: line 1: lemma 0: the empty clause does not follow"},
		{"no empty clause", twoBits, "1 0\n",
			"refuted: line 2: the proof ends without the empty clause", "refuted: line 2: the proof ends without the empty clause"},
		{"a formula with a model", threeOfTwo, "2 0\n-2 0\n0\n",
			"refuted: line 2: lemma -2 0: neither RUP nor RAT", "refuted: line 2: lemma -2 0: neither RUP nor RAT"},
		{"a clause deleted, then needed", twoBits, "d 1 2 0\n1 0\n0\n",
			"refuted: line 2: lemma 1 0: neither RUP nor RAT", "refuted: line 2: lemma 1 0: neither RUP nor RAT"},
		// A deletion of a clause not present is not applied.
		{"a deletion of no clause", twoBits, "d 1 2 -2 0\nd 2 1 0\nd 2 1 0\n0\n",
			"refuted: line 4: lemma 0", "refuted: line 4: lemma 0"},
		// Lines after the first empty clause are not read.
		{"garbage after the end", twoBits, "1 0\n0\nthis is not read\n",
			"verified", "verified"},
	} {
		fwd, bwd := check(t, mustFormula(t, c.formula), c.proof)
		if !strings.HasPrefix(fwd.String(), c.fwd) || !strings.HasPrefix(bwd.String(), c.bwd) {
			t.Errorf("%s: forward %q, backward %q; want %q, %q", c.name, fwd, bwd, c.fwd, c.bwd)
		}
	}
}

// TestUnusedWrongLemma: a lemma that is neither RUP nor RAT, which the
// empty clause does not need, fails a forward check, not a backward one
// (drat-trim's trimming).
func TestUnusedWrongLemma(t *testing.T) {
	f := mustFormula(t, "p cnf 5 5\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n3 4 5 0\n")
	// -4 is not RUP (no unit), nor RAT on -4: the resolvent with (3 4 5)
	// is (-4 3 5), which unit propagation does not refute.
	fwd, bwd := check(t, f, "-4 0\n1 0\n0\n")
	if fwd.Verified || fwd.Line != 1 || !bwd.Verified {
		t.Errorf("forward %v, backward %v; want refuted at line 1, verified", fwd, bwd)
	}
}

// TestDeletionsIgnored: deletions of units, of reasons and of clauses
// not present are counted, not applied.
func TestDeletionsIgnored(t *testing.T) {
	f := mustFormula(t, "p cnf 4 7\n1 0\n-1 2 0\n1 3 0\n3 4 0\n-3 4 0\n3 -4 0\n-3 -4 0\n")
	// Unit propagation gives x1 and x2; the last four clauses need the
	// lemma x3. The proof deletes the unit, a reason (-1 2 makes x2), a
	// clause not present, and one that is (1 3, satisfied).
	res, err := drat.Check(context.Background(), f, strings.NewReader("d 1 0\nd 2 -1 0\nd 1 -3 0\nd 3 1 0\n3 0\n0\n"), nil)
	if err != nil || !res.Verified || res.Deletions != 4 || res.Ignored != 3 {
		t.Errorf("got %v (%d deletions, %d ignored), %v; want verified, 4 deletions, 3 ignored", res, res.Deletions, res.Ignored, err)
	}
}

// allClauses is the formula of every clause over x1..xn that names
// each variable once (2^n clauses, no model), in DIMACS, its clauses
// numbered from 1 in the order of the bits of their signs.
func allClauses(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "p cnf %d %d\n", n, 1<<n)
	for m := range 1 << n {
		b.WriteString(signed(m, n) + "0\n")
	}
	return b.String()
}

// signed is the clause over x1..xn whose literal i is negative when bit
// i of m is set, as text.
func signed(m, n int) string {
	s := ""
	for i := range n {
		s += fmt.Sprint((1-2*(m>>i&1))*(i+1), " ")
	}
	return s
}

// allRefutation is a proof that allClauses(n) has no model, in DRAT or
// LRAT (ids from first): every clause over x1..xk, for k from n-1 down
// to 0, each RUP by the two clauses over x1..xk+1 that extend it.
func allRefutation(n int, lrat bool, first int) string {
	var b strings.Builder
	id := make(map[string]int) // the id of a clause over x1..xk, by text
	for m := range 1 << n {
		id[signed(m, n)] = m + 1
	}
	next := first
	for k := n - 1; k >= 0; k-- {
		for m := range 1 << k {
			c := signed(m, k)
			if lrat {
				fmt.Fprintf(&b, "%d %s0 %d %d 0\n", next, c, id[signed(m, k+1)], id[signed(m|1<<k, k+1)])
				id[c] = next
				next++
			} else {
				b.WriteString(c + "0\n")
			}
		}
	}
	return b.String()
}

// TestRAT: lemmas that need the RAT rule. Over the sixteen clauses of
// four variables, a new variable x5 is defined as x1 AND x2 (extended
// resolution), which unit propagation cannot derive: no clause names x5
// for the first two lemmas, and the third's resolvents with them hold
// x1 and -x1, x2 and -x2. The refutation does not need the definition.
func TestRAT(t *testing.T) {
	f := mustFormula(t, allClauses(4))
	def := "-5 1 0\n-5 2 0\n5 -1 -2 0\n"
	proof := def + allRefutation(4, false, 0)
	fwd, bwd := check(t, f, proof)
	if !fwd.Verified || fwd.RAT != 3 || !bwd.Verified || bwd.RAT != 0 {
		t.Errorf("forward %v, backward %v; want verified with 3 RAT, verified with 0", fwd, bwd)
	}
	// A lemma on x5 whose resolvent with the clause before, (2 1), does
	// not follow by unit propagation, is not RAT.
	fwd, _ = check(t, f, "-5 1 0\n5 2 0\n0\n")
	if fwd.Verified || fwd.Line != 2 {
		t.Errorf("forward %v, want refuted at line 2", fwd)
	}
	// In LRAT the third lemma's RAT groups name the clauses with -5 (17
	// and 18), each resolvent a tautology (no hints).
	lrat := "17 -5 1 0 0\n18 -5 2 0 0\n19 5 -1 -2 0 -17 -18 0\n" + allRefutation(4, true, 20)
	res, err := drat.CheckLRAT(context.Background(), f, strings.NewReader(lrat))
	if err != nil || !res.Verified || res.RAT != 3 {
		t.Errorf("LRAT: %v (%d RAT), %v; want verified with 3", res, res.RAT, err)
	}
	// Without the group of clause 18, the third lemma fails.
	lrat = "17 -5 1 0 0\n18 -5 2 0 0\n19 5 -1 -2 0 -17 0\n" + allRefutation(4, true, 20)
	res, err = drat.CheckLRAT(context.Background(), f, strings.NewReader(lrat))
	if err != nil || res.Verified || res.Line != 3 || !strings.Contains(res.Reason, "clause 18") {
		t.Errorf("LRAT without a group: %v, %v; want refuted at line 3 for clause 18", res, err)
	}
}

// TestCheckLRATRefusals: LRAT proofs that must fail or cannot be read.
func TestCheckLRATRefusals(t *testing.T) {
	f := mustFormula(t, "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n")
	for _, c := range []struct {
		name, proof, want string
	}{
		{"the worked proof", "5 1 0 1 2 0\n6 0 5 3 4 0\n", "verified"},
		{"deletions", "5 1 0 1 2 0\n5 d 1 2 7 0\n6 0 5 3 4 0\n", "verified"},
		{"a deleted hint", "5 1 0 1 2 0\n5 d 3 0\n6 0 5 3 4 0\n", "refuted: line 3: lemma 0: hint 3 is no clause present"},
		{"an unknown hint", "5 1 0 1 9 0\n", "refuted: line 1: lemma 1 0: hint 9 is no clause present"},
		{"no conflict", "5 1 0 1 0\n", "refuted: line 1: lemma 1 0: the hints end without a conflict"},
		{"no empty clause", "5 1 0 1 2 0\n", "refuted: line 2: the proof ends without the empty clause"},
		{"a wrong lemma", "5 -2 0 1 2 0\n", "refuted: line 1: lemma -2 0: hint 1 is not unit"},
		{"an empty RAT", "5 0 1 0\n", "refuted: line 1: lemma 0: hint 1 is not unit"},
		{"an id reused", "4 1 0 1 2 0\n", "error: drat: proof line 1: lemma id 4 does not exceed the id 4 before it"},
		{"ids out of order", "6 1 0 1 2 0\n5 0 6 3 4 0\n", "error: drat: proof line 2: lemma id 5 does not exceed"},
		{"a negative id", "-5 1 0 1 2 0\n", "error: drat: proof line 1: a negative clause id"},
		{"a negative deletion", "5 d -1 0\n", "error: drat: proof line 1: a negative clause id"},
		{"cut short", "5 1 0 1 2", "error: drat: proof line 1: unexpected end of file"},
		{"a variable too far", fmt.Sprintf("5 %d 0 1 0\n", 2+drat.ExtraVars+1), "error: drat: proof line 1: number out of range"},
	} {
		res, err := drat.CheckLRAT(context.Background(), f, strings.NewReader(c.proof))
		got := res.String()
		if err != nil {
			got = "error: " + err.Error()
		}
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// TestCheckDRATSyntax: DRAT proofs that cannot be read.
func TestCheckDRATSyntax(t *testing.T) {
	f := mustFormula(t, "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n")
	for _, c := range []struct{ proof, want string }{
		{"1 2", "drat: proof line 1: unexpected end of file"},
		{"1 d 2 0\n", "drat: proof line 1: \"d\" inside a clause"},
		{"a\x02\x00", "drat: proof line 1: unexpected 'a' where a number should be"},
		{"\x82\x02\x00", "binary proof"},
		{"1 0\n2 x\n", "drat: proof line 2: unexpected 'x' where a number should be"},
		{"1 0\n2x\n", "drat: proof line 2: unexpected 'x' after a number"},
		{fmt.Sprintf("%d 0\n", 2+drat.ExtraVars+1), "number out of range"},
	} {
		_, err := drat.Check(context.Background(), f, strings.NewReader(c.proof), nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.proof, err, c.want)
		}
	}
}

// TestCheckCancelled: a check stops when its context ends.
func TestCheckCancelled(t *testing.T) {
	f := mustFormula(t, "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := drat.Check(ctx, f, strings.NewReader("1 0\n0\n"), nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Check: %v, want context.Canceled", err)
	}
	if _, err := drat.CheckLRAT(ctx, f, strings.NewReader("5 1 0 1 2 0\n")); !errors.Is(err, context.Canceled) {
		t.Errorf("CheckLRAT: %v, want context.Canceled", err)
	}
}

// satisfiable decides a formula of few variables by trying every
// assignment.
func satisfiable(f *drat.Formula) bool {
	for m := 0; m < 1<<f.Vars; m++ {
		ok := true
		for _, cl := range f.Clauses {
			sat := false
			for _, l := range cl {
				v := max(l, -l)
				sat = sat || (m>>(v-1)&1 == 1) == (l > 0)
			}
			if !sat {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// TestRandomProofs: random formulas of few variables and random proofs
// of them, most of them wrong. A proof that Check verifies (forward or
// backward) must be of a formula without a model (brute force); one that
// forward checking verifies, backward checking verifies too; a backward
// check's core, alone, verifies forward.
func TestRandomProofs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	verified := 0
	for trial := range 3000 {
		nv := 2 + rng.IntN(5)
		f := &drat.Formula{Vars: nv}
		for range 2 + rng.IntN(4*nv) {
			f.Clauses = append(f.Clauses, randomClause(rng, nv, 1+rng.IntN(3)))
		}
		var proof strings.Builder
		var lines []string
		for range rng.IntN(8) {
			cl := randomClause(rng, nv+1, rng.IntN(3))
			line := ""
			if rng.IntN(6) == 0 {
				line = "d "
			}
			for _, l := range cl {
				line += fmt.Sprint(l, " ")
			}
			lines = append(lines, line+"0")
		}
		lines = append(lines, "0")
		for _, l := range lines {
			proof.WriteString(l + "\n")
		}
		fwd, err := drat.Check(context.Background(), f, strings.NewReader(proof.String()), &drat.Options{Forward: true})
		if err != nil {
			t.Fatal(err)
		}
		bwd, err := drat.Check(context.Background(), f, strings.NewReader(proof.String()), &drat.Options{Core: true})
		if err != nil {
			t.Fatal(err)
		}
		if (fwd.Verified || bwd.Verified) && satisfiable(f) {
			t.Fatalf("trial %d: %v verified a proof of a formula with a model:\n%v\n%s", trial, bwd, f.Clauses, proof.String())
		}
		if fwd.Verified && !bwd.Verified {
			t.Fatalf("trial %d: forward %v, backward %v:\n%v\n%s", trial, fwd, bwd, f.Clauses, proof.String())
		}
		if bwd.Verified {
			verified++
			var core strings.Builder
			for _, n := range bwd.Core {
				core.WriteString(lines[n-1] + "\n")
			}
			core.WriteString("0\n")
			if res, err := drat.Check(context.Background(), f, strings.NewReader(core.String()), &drat.Options{Forward: true}); err != nil || !res.Verified {
				t.Fatalf("trial %d: the core of a verified proof: %v, %v:\n%v\n%s", trial, res, err, f.Clauses, core.String())
			}
		}
	}
	if verified < 100 {
		t.Errorf("only %d proofs of %d verified: the test checks too little", verified, 3000)
	}
}

// randomClause is a clause of n literals over variables 1..nv.
func randomClause(rng *rand.Rand, nv, n int) []int {
	cl := make([]int, n)
	for i := range cl {
		cl[i] = 1 + rng.IntN(nv)
		if rng.IntN(2) == 0 {
			cl[i] = -cl[i]
		}
	}
	return cl
}

// TestCheckDir: a proof directory's errors name their file.
func TestCheckDir(t *testing.T) {
	const formula = "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n"
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"DRAT", map[string]string{drat.FormulaFile: formula, drat.DRATFile: "1 0\n0\n"}, "proof.drat: verified"},
		{"LRAT", map[string]string{drat.FormulaFile: formula, drat.LRATFile: "5 1 0 1 2 0\n6 0 5 3 4 0\n"}, "proof.lrat: verified"},
		{"refuted", map[string]string{drat.FormulaFile: formula, drat.DRATFile: "0\n"}, "proof.drat: refuted: line 1"},
		{"no proof", map[string]string{drat.FormulaFile: formula}, "error: drat: DIR holds no proof (proof.drat or proof.lrat)"},
		{"two proofs", map[string]string{drat.FormulaFile: formula, drat.DRATFile: "0\n", drat.LRATFile: "0\n"}, "error: drat: DIR holds two proofs"},
		{"no formula", map[string]string{drat.DRATFile: "0\n"}, "error: drat: open DIR/formula.cnf: no such file"},
		{"a bad formula", map[string]string{drat.FormulaFile: "p cnf 1 1\n2 0\n", drat.DRATFile: "0\n"}, "error: drat: DIR/formula.cnf line 2: number out of range"},
		{"a bad proof", map[string]string{drat.FormulaFile: formula, drat.LRATFile: "5 1 0 1 2 x\n"}, "error: drat: DIR/proof.lrat line 1: unexpected 'x'"},
	} {
		dir := t.TempDir()
		for name, text := range c.files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		proof, res, err := drat.CheckDir(context.Background(), dir, nil)
		got := filepath.Base(proof) + ": " + res.String()
		if err != nil {
			got = "error: " + err.Error()
		}
		got = strings.ReplaceAll(got, dir, "DIR")
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
