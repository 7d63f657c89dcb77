package lifetest

import (
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// GosperGun checks that b is the Gosper glider gun as LifeWiki describes
// it: 36 cells in a 36x9 box, period 30, one glider of 5 cells emitted a
// period - after 30 and 60 generations the board holds every cell of the
// gun plus 5 and 10 new cells.
func GosperGun(t testing.TB, b *life.Board) {
	t.Helper()
	if w, h, pop := b.Width(), b.Height(), b.Population(); w != 36 || h != 9 || pop != 36 {
		t.Fatalf("gun: %dx%d with %d cells, want 36x9 with 36", w, h, pop)
	}
	start := b.Pad(30)
	gens := life.Run(start, rule.Life, life.Dead, 60)
	for k, n := range []int{30, 60} {
		next, extra := gens[n], 0
		for y := range next.Height() {
			for x := range next.Width() {
				switch {
				case start.Alive(x, y) && !next.Alive(x, y):
					t.Fatalf("gun after %d generations lost cell (%d, %d)", n, x, y)
				case next.Alive(x, y) && !start.Alive(x, y):
					extra++
				}
			}
		}
		if want := 5 * (k + 1); extra != want {
			t.Errorf("gun after %d generations: %d new cells, want %d (gliders)", n, extra, want)
		}
	}
}

// Board draws a board from rows of 'O' (alive) and '.' (dead), separated
// by newlines; blank lines around it are ignored. It panics on rows of
// different lengths: the drawings are the tests' own.
func Board(rows string) *life.Board {
	lines := strings.Split(strings.Trim(rows, "\n"), "\n")
	b := life.NewBoard(len(lines[0]), len(lines))
	for y, row := range lines {
		if len(row) != b.Width() {
			panic("lifetest.Board: rows of different lengths")
		}
		for x, c := range row {
			b.Set(x, y, c == 'O')
		}
	}
	return b
}

// Rule parses a rule string and stops the test when it is not one.
func Rule(t testing.TB, s string) rule.Rule {
	t.Helper()
	r, err := rule.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
