package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/drat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// TestVerifyTampered: the formula of "cnf still -size 4x4 -max-pop 3"
// (no still life of 1 to 3 cells), proved by the embedded solver through
// logic.Prove: verify accepts the proof (exit 0), and refuses it with a
// lemma of its core removed from the middle (exit 1, one line naming a
// lemma at or after the one removed).
func TestVerifyTampered(t *testing.T) {
	code, cnf, errs := lifesatCmd(t, "", "cnf", "still", "-size", "4x4", "-max-pop", "3")
	if code != exitFound {
		t.Fatalf("cnf: exit %d: %s", code, errs)
	}
	df, err := drat.ReadDIMACS(strings.NewReader(cnf))
	if err != nil {
		t.Fatal(err)
	}
	f := &logic.CNF{}
	f.NewVars(df.Vars)
	for _, cl := range df.Clauses {
		lits := make([]logic.Lit, len(cl))
		for i, l := range cl {
			lits[i] = logic.Lit(l)
		}
		f.Add(lits...)
	}
	var proof bytes.Buffer
	if st, err := logic.Prove(context.Background(), nil, f, logic.DRAT, &proof); st != logic.Unsat || err != nil {
		t.Fatalf("Prove: %v, %v", st, err)
	}
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(drat.FormulaFile, cnf)
	write(drat.DRATFile, proof.String())
	code, out, errs := lifesatCmd(t, "", "verify", dir)
	if code != exitFound || !strings.Contains(out, "verified") || errs != "" {
		t.Fatalf("verify: exit %d, stdout %q, stderr %q", code, out, errs)
	}

	// The core's lemmas, from the middle on, removed one at a time until
	// verify refuses the proof (the first one, as a rule).
	res, err := drat.Check(context.Background(), df, strings.NewReader(proof.String()), &drat.Options{Core: true})
	if err != nil || !res.Verified {
		t.Fatal(res, err)
	}
	lines := strings.SplitAfter(proof.String(), "\n")
	failing := regexp.MustCompile(`^lifesat: \S+/proof.drat: refuted: line (\d+): lemma [-\d ]+ 0: neither RUP nor RAT on its first literal\n$`)
	for _, n := range res.Core[len(res.Core)/2:] {
		write(drat.DRATFile, strings.Join(append(append([]string{}, lines[:n-1]...), lines[n:]...), ""))
		code, out, errs := lifesatCmd(t, "", "verify", dir)
		if code == exitFound {
			continue
		}
		m := failing.FindStringSubmatch(errs)
		if code != exitNone || out != "" || m == nil || atoi(m[1]) < n {
			t.Fatalf("lemma of line %d removed: exit %d, stdout %q, stderr %q; want exit 1 and a lemma at line %d or after", n, code, out, errs, n)
		}
		return
	}
	t.Fatal("no lemma of the core's second half removed was refused")
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
