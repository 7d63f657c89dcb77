package drat_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lifesat/lifesat/lifesat/drat"
)

// The formula of the package's worked example: no value of x1 works.
const twoBits = `c x1 false needs x2 and not x2, and so does x1 true
p cnf 2 4
1 2 0
1 -2 0
-1 2 0
-1 -2 0
`

func ExampleCheck() {
	f, err := drat.ReadDIMACS(strings.NewReader(twoBits))
	if err != nil {
		panic(err)
	}
	res, err := drat.Check(context.Background(), f, strings.NewReader("1 0\n0\n"), nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(res)
	// Output:
	// verified (2 lemmas, 2 checked, 0 by RAT)
}

// Two proofs that fail: the empty clause alone, and a proof of a
// formula that has a model (the worked example without its last clause,
// true with x1 and x2) whose second lemma follows neither by unit
// propagation nor by the RAT rule.
func ExampleCheck_refuted() {
	f, _ := drat.ReadDIMACS(strings.NewReader(twoBits))
	res, _ := drat.Check(context.Background(), f, strings.NewReader("0\n"), nil)
	fmt.Println(res)

	f.Clauses = f.Clauses[:3]
	res, _ = drat.Check(context.Background(), f, strings.NewReader("2 0\n-2 0\n0\n"), nil)
	fmt.Println(res)
	// Output:
	// refuted: line 1: lemma 0: the empty clause does not follow by unit propagation
	// refuted: line 2: lemma -2 0: neither RUP nor RAT on its first literal
}

func ExampleCheckLRAT() {
	f, _ := drat.ReadDIMACS(strings.NewReader(twoBits))
	// Lemma 5 is x1: under -1, clause 1 is unit (x2), clause 2 false.
	// Lemma 6 is the empty clause: lemma 5 gives x1, clause 3 x2, and
	// clause 4 is false.
	proof := "5 1 0 1 2 0\n6 0 5 3 4 0\n"
	res, err := drat.CheckLRAT(context.Background(), f, strings.NewReader(proof))
	if err != nil {
		panic(err)
	}
	fmt.Println(res)

	// A hint out of order: clause 2 is not unit under -1 alone.
	res, _ = drat.CheckLRAT(context.Background(), f, strings.NewReader("5 1 0 3 1 2 0\n"))
	fmt.Println(res)
	// Output:
	// verified (2 lemmas, 2 checked, 0 by RAT)
	// refuted: line 1: lemma 1 0: hint 3 is not unit: 2 literals of it are not false
}

func ExampleCheckDir() {
	dir, err := os.MkdirTemp("", "proof")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, drat.FormulaFile), []byte(twoBits), 0o644)
	os.WriteFile(filepath.Join(dir, drat.DRATFile), []byte("1 0\n0\n"), 0o644)
	proof, res, err := drat.CheckDir(context.Background(), dir, nil)
	fmt.Println(filepath.Base(proof), res, err)
	// Output:
	// proof.drat verified (2 lemmas, 2 checked, 0 by RAT) <nil>
}

func ExampleReadDIMACS() {
	f, err := drat.ReadDIMACS(strings.NewReader(twoBits))
	fmt.Println(f.Vars, f.Clauses, err)
	_, err = drat.ReadDIMACS(strings.NewReader("p cnf 2 1\n1 3 0\n"))
	fmt.Println(err)
	// Output:
	// 2 [[1 2] [1 -2] [-1 2] [-1 -2]] <nil>
	// drat: formula line 2: number out of range (at most 2)
}
