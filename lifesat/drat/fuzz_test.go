package drat_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/drat"
)

// The fuzz tests feed the readers and checkers arbitrary bytes: they must
// never panic nor hang, must fail with a *SyntaxError, and a proof they
// verify must be of a formula without a model (checked by brute force
// when the formula names few variables).

var fuzzFormulas = []string{
	"p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n",
	"p cnf 2 3\n1 2 0\n1 -2 0\n-1 2 0\n",
	"c comment\np cnf 3 3\n1 0\n-1 2 0\n-2 -1 3 0\n",
	"p cnf 1 2\n1 0\n-1 0\n",
	"p cnf 0 1\n0\n",
}

func FuzzReadDIMACS(f *testing.F) {
	for _, s := range fuzzFormulas {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fm, err := drat.ReadDIMACS(bytes.NewReader(data))
		if err != nil {
			if se := (*drat.SyntaxError)(nil); !errors.As(err, &se) {
				t.Fatalf("%v is no *SyntaxError", err)
			}
			return
		}
		// What it read reads back the same.
		again, err := drat.ReadDIMACS(strings.NewReader(dimacs(fm)))
		if err != nil || fmt.Sprint(again) != fmt.Sprint(fm) {
			t.Fatalf("read %v, read back %v, %v", fm, again, err)
		}
	})
}

func FuzzCheck(f *testing.F) {
	for _, s := range fuzzFormulas {
		f.Add([]byte(s), []byte("1 0\n0\n"))
		f.Add([]byte(s), []byte("d 1 2 0\n-1 0\nc comment\n2 3 0\n0\n"))
	}
	f.Add([]byte(allClauses(3)), []byte("-4 1 0\n-4 2 0\n4 -1 -2 0\n"+allRefutation(3, false, 0)))
	f.Fuzz(func(t *testing.T, formula, proof []byte) {
		fm, err := drat.ReadDIMACS(bytes.NewReader(formula))
		if err != nil {
			return
		}
		fwd, err := drat.Check(context.Background(), fm, bytes.NewReader(proof), &drat.Options{Forward: true})
		if err != nil {
			if se := (*drat.SyntaxError)(nil); !errors.As(err, &se) {
				t.Fatalf("%v is no *SyntaxError", err)
			}
			return
		}
		bwd, err := drat.Check(context.Background(), fm, bytes.NewReader(proof), nil)
		if err != nil {
			// Forward checking stopped at a failing lemma before the
			// syntax error; it cannot have verified the proof.
			if se := (*drat.SyntaxError)(nil); !errors.As(err, &se) || fwd.Verified {
				t.Fatalf("backward: %v, forward: %v", err, fwd)
			}
			return
		}
		if fwd.Verified && !bwd.Verified {
			t.Fatalf("forward %v, backward %v", fwd, bwd)
		}
		if sat, ok := satisfiableSmall(fm); ok && sat && bwd.Verified {
			t.Fatalf("verified a proof of a formula with a model: %v", bwd)
		}
	})
}

func FuzzCheckLRAT(f *testing.F) {
	for _, s := range fuzzFormulas {
		f.Add([]byte(s), []byte("5 1 0 1 2 0\n6 0 5 3 4 0\n"))
		f.Add([]byte(s), []byte("4 1 0 1 0\n4 d 2 0\n9 -1 0 -1 3 0\n10 0 2 9 0\n"))
	}
	f.Add([]byte(allClauses(3)), []byte("9 -4 1 0 0\n10 -4 2 0 0\n11 4 -1 -2 0 -9 -10 0\n"+allRefutation(3, true, 12)))
	f.Fuzz(func(t *testing.T, formula, proof []byte) {
		fm, err := drat.ReadDIMACS(bytes.NewReader(formula))
		if err != nil {
			return
		}
		res, err := drat.CheckLRAT(context.Background(), fm, bytes.NewReader(proof))
		if err != nil {
			if se := (*drat.SyntaxError)(nil); !errors.As(err, &se) {
				t.Fatalf("%v is no *SyntaxError", err)
			}
			return
		}
		if sat, ok := satisfiableSmall(fm); ok && sat && res.Verified {
			t.Fatalf("verified a proof of a formula with a model: %v", res)
		}
	})
}

// dimacs writes f in DIMACS.
func dimacs(f *drat.Formula) string {
	var b strings.Builder
	fmt.Fprintf(&b, "p cnf %d %d\n", f.Vars, len(f.Clauses))
	for _, cl := range f.Clauses {
		for _, l := range cl {
			fmt.Fprint(&b, l, " ")
		}
		b.WriteString("0\n")
	}
	return b.String()
}

// satisfiableSmall decides f by brute force over the variables its
// clauses name, when they are few (ok).
func satisfiableSmall(f *drat.Formula) (sat, ok bool) {
	index := map[int]int{}
	for _, cl := range f.Clauses {
		for _, l := range cl {
			if _, seen := index[max(l, -l)]; !seen {
				index[max(l, -l)] = len(index)
			}
		}
	}
	if len(index) > 12 {
		return false, false
	}
	g := &drat.Formula{Vars: len(index)}
	for _, cl := range f.Clauses {
		var c []int
		for _, l := range cl {
			v := index[max(l, -l)] + 1
			if l < 0 {
				v = -v
			}
			c = append(c, v)
		}
		g.Clauses = append(g.Clauses, c)
	}
	return satisfiable(g), true
}
