package main

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/ip"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// TestCnfMax: "cnf max" writes package ip's files, the model and format
// asked, with the population bounds as constraints.
func TestCnfMax(t *testing.T) {
	for _, c := range []struct {
		args   []string
		w, h   int
		f      ip.Formulation
		opb    bool
		minPop int
	}{
		{[]string{"-size", "3x3"}, 3, 3, ip.IP2, false, 0},
		{[]string{"-size", "4x2", "-model", "ip1", "-format", "opb"}, 4, 2, ip.IP1, true, 0},
		{[]string{"-size", "5", "-model", "IP1", "-min-pop", "13"}, 5, 5, ip.IP1, false, 13},
		{[]string{"-format", "opb", "-size", "2x7"}, 2, 7, ip.IP2, true, 0},
	} {
		code, out, errs := lifesatCmd(t, "", append([]string{"cnf", "max"}, c.args...)...)
		m, err := ip.New(c.w, c.h, c.f)
		if err != nil {
			t.Fatal(err)
		}
		if c.minPop > 0 {
			m.AtLeast(c.minPop)
		}
		var want bytes.Buffer
		if c.opb {
			m.WriteOPB(&want)
		} else {
			m.WriteLP(&want)
		}
		if code != exitFound || errs != "" || out != want.String() {
			t.Errorf("cnf max %v: exit %d, stderr %q, stdout %.80q; want the model's file", c.args, code, errs, out)
		}
	}
}

// TestCnfMaxWaste: "cnf max -model waste" writes density.WasteCNF at the
// budget of -min-pop, which the embedded solver finds satisfiable at a
// box's optimum (a(5) = 16, OEIS A055397) and not one cell above.
func TestCnfMaxWaste(t *testing.T) {
	for _, c := range []struct {
		minPop int
		want   logic.Status
	}{{16, logic.Sat}, {17, logic.Unsat}} {
		code, out, errs := lifesatCmd(t, "", "cnf", "max", "-size", "5", "-model", "waste", "-min-pop", strconv.Itoa(c.minPop))
		f, err := density.WasteCNF(context.Background(), 5, 5, 2*25+20-4*c.minPop)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := f.WriteDIMACS(&want); err != nil {
			t.Fatal(err)
		}
		if code != exitFound || errs != "" || out != want.String() {
			t.Fatalf("cnf max -model waste -min-pop %d: exit %d, stderr %q, stdout %.80q; want density.WasteCNF", c.minPop, code, errs, out)
		}
		sess, err := logic.Gophersat{}.Start(f)
		if err != nil {
			t.Fatal(err)
		}
		if st, err := sess.Solve(context.Background()); st != c.want || err != nil {
			t.Errorf("5x5 with at least %d live cells: %v %v, want %v", c.minPop, st, err, c.want)
		}
	}
}

// Bad sizes, models, formats and population bounds: exit 2, one line
// that names the flag, nothing on stdout.
func TestCnfMaxErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{}, "-size WxH is required"},
		{[]string{"-size", "0x3"}, `-size "0x3": sides must be positive`},
		{[]string{"-size", "3by3"}, `-size "3by3": want WxH`},
		{[]string{"-size", "65x64"}, "at most 4096 cells"},
		{[]string{"-size", "5000x1"}, "sides are limited to 4096"},
		{[]string{"-size", "3", "-model", "ip3"}, `-model "ip3": want ip1, ip2 or waste (did you mean "ip1"?)`},
		{[]string{"-size", "3", "-model", "waste", "-format", "opb"}, "-model waste writes DIMACS CNF"},
		{[]string{"-size", "3", "-model", "waste", "-max-pop", "4"}, "-model waste bounds the population from below only"},
		{[]string{"-size", "3", "-model", "waste", "-min-pop", "10"}, "-min-pop 10: the box has only 9 cells"},
		{[]string{"-size", "101x100", "-model", "waste"}, "-model waste takes boxes of at most 10000 cells"},
		{[]string{"-size", "60", "-model", "waste", "-min-pop", "550"}, "needs a counter of"},
		{[]string{"-size", "3", "-format", "mps"}, `-format "mps": cnf max writes lp or opb`},
		{[]string{"-size", "3", "-format", "dimacs"}, `-format "dimacs"`},
		{[]string{"-size", "3", "-min-pop", "10"}, "-min-pop 10: the box has only 9 cells"},
		{[]string{"-size", "3", "-min-pop", "-1"}, "-min-pop -1: want 0 or more"},
		{[]string{"-size", "3", "-min-pop", "5", "-max-pop", "4"}, "-min-pop 5 is above -max-pop 4"},
		{[]string{"-size", "3", "-timeout", "-1s"}, "-timeout -1s"},
		{[]string{"-size", "3", "extra"}, `unexpected argument "extra"`},
		{[]string{"-size", "3", "-modle", "ip1"}, `(did you mean "-model"?); see lifesat cnf max -h`},
	} {
		code, out, errs := lifesatCmd(t, "", append([]string{"cnf", "max"}, c.args...)...)
		if code != exitUsage || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("cnf max %v: exit %d, stdout %.40q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
	code, _, errs := lifesatCmd(t, "", "cnf", "maxx")
	if code != exitUsage || !strings.Contains(errs, `(did you mean "max"?)`) || !strings.Contains(errs, "still|osc|ship|search|max") {
		t.Errorf("cnf maxx: exit %d, %q", code, errs)
	}
	code, out, _ := lifesatCmd(t, "", "cnf", "max", "-h")
	if code != exitFound || !strings.HasPrefix(out, "Usage: lifesat cnf max -size WxH [-model ip1|ip2] [-format lp|opb]") || !strings.Contains(out, "-model") {
		t.Errorf("cnf max -h: exit %d, %q", code, out)
	}
}

// A -timeout that ends before the file is written: exit 3 and the
// message of every command stopped by -timeout, nothing written; for
// Bosch's model and for the wastage CNF, whose encoding looks at the
// clock (these tests run without the process's hard limit).
func TestCnfMaxTimeout(t *testing.T) {
	for _, args := range [][]string{
		{"-size", "9x9"},
		{"-size", "60x60", "-model", "waste", "-min-pop", "1835"},
	} {
		code, out, errs := lifesatCmd(t, "", append(append([]string{"cnf", "max"}, args...), "-timeout", "1ns")...)
		if code != exitStopped || out != "" || errs != "lifesat: stopped by -timeout before an answer\n" {
			t.Errorf("cnf max %v: exit %d, stdout %.40q, stderr %q", args, code, out, errs)
		}
	}
}
