package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// testdata is where the template files live.
const tdata = "../../lifesat/tmpl/testdata/"

// The searches here use gini: the embedded gophersat runs one search at
// a time in a process, and a search an earlier test stopped by -timeout
// (TestTimeoutEverySolver's, of 40 s and more) keeps it busy in the
// background until it ends.
var gini = []string{"-solver", "gini"}

// TestSearchTemplates runs the template files of package tmpl through
// "lifesat search" and "still -template", and checks each answer by
// simulation.
func TestSearchTemplates(t *testing.T) {
	// The eater: glider + eater become the eater alone in 4 generations.
	code, out, errs := lifesatCmd(t, "", append([]string{"search", tdata + "eater.txt", "-min-pop", "6", "-max-pop", "12", "-format", "cells"}, gini...)...)
	if code != 0 {
		t.Fatalf("eater: exit %d: %s", code, errs)
	}
	b := readPatterns(t, out)[0].Board
	eater := b.Clone()
	for y := range 4 {
		for x := range 4 {
			eater.Set(x, y, false)
		}
	}
	if end := life.Run(b.Pad(6), rule.Life, life.Dead, 4)[4]; !end.Equal(eater.Pad(6)) || !isStillLife(eater) {
		t.Errorf("eater: not an eater:\n%s", b)
	}

	// The LWSS from its front.
	code, out, errs = lifesatCmd(t, "", append([]string{"search", tdata + "lwss-front.txt", "-period", "4", "-shift", "-2,0", "-phases", "-jobs", "1"}, gini...)...)
	if code != 0 {
		t.Fatalf("lwss: exit %d: %s", code, errs)
	}
	pats := readPatterns(t, out)
	if len(pats) != 4 {
		t.Fatalf("lwss: %d phases printed, want 4", len(pats))
	}
	ship := pats[0].Board
	start := ship.Pad(6)
	if end := life.Run(start, rule.Life, life.Dead, 4)[4]; !end.Equal(start.Translate(-2, 0)) || ship.Population() != 9 {
		t.Errorf("lwss: not a 9-cell c/2 ship:\n%s", ship)
	}
	for i, p := range pats[1:] {
		if want := life.Run(ship, rule.Life, life.Dead, i+1)[i+1]; !p.Board.Equal(want) {
			t.Errorf("lwss: phase %d is\n%swant\n%s", i+1, p.Board, want)
		}
	}

	// A still life with a given piece, with -template on still.
	code, out, errs = lifesatCmd(t, "", append([]string{"still", "-template", tdata + "piece.txt", "-n", "3"}, gini...)...)
	if code != 0 {
		t.Fatalf("piece: exit %d: %s", code, errs)
	}
	for _, p := range readPatterns(t, out) {
		b := p.Board
		if !isStillLife(b) || !b.Alive(2, 2) || !b.Alive(3, 2) || !b.Alive(2, 3) || b.Alive(3, 3) || !b.Alive(4, 3) {
			t.Errorf("piece: not a still life with the piece:\n%s", b)
		}
	}

	// Predecessors of a glider: every generation 0 steps to it.
	code, out, errs = lifesatCmd(t, "", append([]string{"search", tdata + "predecessor.txt", "-n", "5", "-phases"}, gini...)...)
	if code != 0 {
		t.Fatalf("predecessor: exit %d: %s", code, errs)
	}
	pats = readPatterns(t, out)
	for i := 0; i+1 < len(pats); i += 2 {
		if got := life.Step(pats[i].Board.Pad(1), rule.Life, life.Dead); !got.Equal(pats[i+1].Board.Pad(1)) || pats[i+1].Board.Population() != 5 {
			t.Errorf("predecessor:\n%sdoes not step to the glider", pats[i].Board)
		}
	}

	// An LLS file, with flags after the file.
	code, out, errs = lifesatCmd(t, "", append([]string{"search", tdata + "diagonal.lls", "-sym", `D2\`, "-n", "2", "-format", "cells"}, gini...)...)
	if code != 0 {
		t.Fatalf("diagonal: exit %d: %s", code, errs)
	}
	for _, p := range readPatterns(t, out) {
		if b := p.Board; !b.Equal(b.Transpose()) || !b.Alive(7, 7) {
			t.Errorf("diagonal:\n%s", b)
		}
	}
}

// TestSearchExitCodes: none exists is 1, bad templates and flags are 2
// with a one-line message, a timeout before an answer is 3.
func TestSearchExitCodes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	big := write("big.txt", strings.Repeat(strings.Repeat("?", 16)+"\n", 16))
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"search", tdata + "none.lls"}, 1, "lifesat: no reaction of 2 generations matching the template in a 7x7 box exists under rule B3/S23"},
		{[]string{"search", write("ragged.lls", "0 0\n0 0 0\n")}, 2, "row has 3 cells, the first row has 2"},
		{[]string{"search", write("gens.lls", "0 0\n0 0\n\n0 0\n")}, 2, "generation 1 has 1 rows, generation 0 has 2"},
		{[]string{"search", write("token.txt", "..\n.#\n")}, 2, "unexpected '#'"},
		{[]string{"search", write("wrap.lls", "1 0\n\n0 0\n"), "-period", "1"}, 2, "contradicts"},
		{[]string{"still", "-template", write("size.txt", "??\n??\n"), "-size", "3x3"}, 2, "template is 2x2, box 3x3"},
		{[]string{"search"}, 2, "search needs a template"},
		{[]string{"search", tdata + "eater.txt", "-shift", "1,0"}, 2, "-shift 1,0 needs a -period of 2 or more"},
		{[]string{"search", big, "-period", "3", "-min-pop", "30", "-timeout", "1ms", "-jobs", "1"}, 3, "stopped by -timeout"},
	} {
		code, _, errs := lifesatCmd(t, "", append(tc.args, gini...)...)
		if code != tc.code || !strings.Contains(errs, tc.msg) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%q: exit %d, %q; want exit %d and one line with %q", tc.args, code, errs, tc.code, tc.msg)
		}
	}
}

// TestCNFTemplate: "cnf search" writes the formula with its cell
// comments, one per cell of every generation.
func TestCNFTemplate(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "cnf", "search", tdata+"predecessor.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(out, "\nc cell 1 "); n != 36 {
		t.Errorf("%d comments for generation 1, want 36", n)
	}
	if !strings.Contains(out, "reaction of 2 generations 6x6") {
		t.Errorf("no description in the header:\n%.300s", out)
	}
}
