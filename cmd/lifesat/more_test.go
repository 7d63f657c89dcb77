package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

func TestShip(t *testing.T) {
	// The glider (LifeWiki "Glider"): p4, (1,1), from scratch in 5x5.
	code, out, errs := lifesatCmd(t, "", "ship", "-period", "4", "-shift", "1,1", "-size", "5x5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b := readPatterns(t, out)[0].Board.Pad(6)
	if !life.Run(b, rule.Life, life.Dead, 4)[4].Equal(b.Translate(1, 1)) {
		t.Errorf("not a glider:\n%s", out)
	}
	// c/2 orthogonal ships need 5x4 (the lightweight spaceship); 4x4 is
	// proved empty.
	if code, _, errs := lifesatCmd(t, "", "ship", "-period", "4", "-shift", "2,0", "-size", "4x4"); code != 1 || !strings.Contains(errs, "no spaceship") {
		t.Errorf("c/2 in 4x4: exit %d %q", code, errs)
	}
	for _, args := range [][]string{
		{"ship", "-period", "4", "-size", "5x5"},
		{"ship", "-period", "4", "-shift", "0,0", "-size", "5x5"},
		{"ship", "-period", "4", "-shift", "a,b", "-size", "5x5"},
		{"ship", "-period", "4", "-shift", "1,1", "-size", "5x5", "-sym", "D2|"},
	} {
		if code, _, errs := lifesatCmd(t, "", args...); code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d %q", args, code, errs)
		}
	}
}

func TestSymAndPopulationFlags(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "still", "-size", "9x9", "-sym", "C4", "-min-pop", "12", "-format", "cells")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b := readPatterns(t, out)[0].Board
	if !b.Equal(b.Rotate90()) || b.Population() < 12 || !isStillLife(b) {
		t.Errorf("not a C4 still life of 12+ cells:\n%s", b)
	}
	// A cage file: only the top-left 4x4 may live.
	cage := "x = 8, y = 8\n4o$4o$4o$4o!\n"
	dir := t.TempDir()
	path := dir + "/cage.rle"
	if err := writeFile(path, cage); err != nil {
		t.Fatal(err)
	}
	code, out, errs = lifesatCmd(t, "", "still", "-size", "8x8", "-cage", path, "-format", "cells")
	if code != 0 {
		t.Fatalf("cage: exit %d %s", code, errs)
	}
	if bb := readPatterns(t, out)[0].Board.BoundingBox(); bb.Max.X > 4 || bb.Max.Y > 4 {
		t.Errorf("cage ignored: %v", bb)
	}
}

func TestPred(t *testing.T) {
	// The reverse-Life project's example (shared/seeds): a matrix in, a
	// matrix out, at most 4 live cells with -minimize.
	example := "4 6\n0 0 0 0 0 0\n0 0 1 1 0 0\n0 0 0 1 1 0\n0 0 0 0 0 0\n"
	code, out, errs := lifesatCmd(t, example, "pred", "-minimize")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	pats := readPatterns(t, out)
	if pats[0].Format.String() != "matrix" || pats[0].Board.Population() > 4 || !strings.Contains(errs, "fewest possible") {
		t.Errorf("pred -minimize:\n%s%s", out, errs)
	}
	next := life.Step(pats[0].Board.Pad(1), rule.Life, life.Dead)
	target := readPatterns(t, example)[0].Board
	if !next.Equal(target.Pad(1)) {
		t.Errorf("not a predecessor:\n%s", out)
	}
	// Window mode prints a board one cell larger on every side.
	code, out, _ = lifesatCmd(t, example, "pred", "-mode", "window", "-format", "rle")
	if code != 0 || !strings.HasPrefix(out, "x = 8, y = 6") {
		t.Errorf("window: exit %d\n%s", code, out)
	}
	// Garden of Eden 6 (Heule, Hartman, Kwekkeboom, Noels 2011; LifeWiki
	// "Garden of Eden 6"): no predecessor, exit 1.
	goe := ".O.OOO.O..\n..O.O.O..O\nO.OOO..OO.\n.O.OOOOO.O\nO..O..OOOO\nOOOO..O..O\nO.OOOOO.O.\n.OO..OOO.O\nO..O.O.O..\n..O.OOO.O.\n"
	code, out, errs = lifesatCmd(t, goe, "pred", "-mode", "window")
	if code != 1 || out != "" || !strings.Contains(errs, "Garden of Eden") {
		t.Errorf("GoE: exit %d %q %q", code, out, errs)
	}
	for _, args := range [][]string{{"pred", "-mode", "sideways"}, {"pred", "-steps", "0"}, {"pred", "a", "b"}} {
		if code, _, _ := lifesatCmd(t, example, args...); code != 2 {
			t.Errorf("%q: exit %d", args, code)
		}
	}
}

func TestMax(t *testing.T) {
	// OEIS A055397: 16 live cells at most in a 5x5 still life.
	code, out, errs := lifesatCmd(t, "", "max", "-size", "5x5")
	if code != 0 || !strings.Contains(errs, "16 live cells, proved optimal") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if b := readPatterns(t, out)[0].Board; b.Population() != 16 || !isStillLife(b) {
		t.Errorf("not a 16-cell still life:\n%s", out)
	}
	// Plain still lifes go to the row program; naming a solver or an
	// encoding asks for the SAT path, whose -v lines report the formula.
	// OEIS A055397: 43 cells in 9x9, out of the solver's reach in a test.
	code, out, errs = lifesatCmd(t, "", "max", "-size", "9x9", "-v")
	if code != 0 || !strings.Contains(errs, "43 live cells, proved optimal") || !strings.Contains(errs, "row 9 of 9") {
		t.Fatalf("9x9: exit %d: %s", code, errs)
	}
	if b := readPatterns(t, out)[0].Board; b.Population() != 43 || !isStillLife(b) {
		t.Errorf("not a 43-cell still life:\n%s", out)
	}
	for _, flag := range [][]string{{"-solver", "gophersat"}, {"-encoding", "direct"}} {
		args := append([]string{"max", "-size", "5x5", "-v"}, flag...)
		code, _, errs = lifesatCmd(t, "", args...)
		if code != 0 || !strings.Contains(errs, "16 live cells, proved optimal") || !strings.Contains(errs, "clauses") {
			t.Errorf("%v: exit %d: %s", flag, code, errs)
		}
	}
	// Period 2 with a blinking cell: an oscillator, not a still life.
	code, out, errs = lifesatCmd(t, "", "max", "-size", "5x5", "-period", "2", "-blink", "2,2", "-phases")
	if code != 0 {
		t.Fatalf("p2: exit %d: %s", code, errs)
	}
	pats := readPatterns(t, out)
	if len(pats) != 2 || !pats[0].Board.Alive(2, 2) || pats[1].Board.Alive(2, 2) {
		t.Errorf("p2 max with blink:\n%s", out)
	}
	// 3-4 Life (Bosch's Exercise 1).
	if code, _, errs := lifesatCmd(t, "", "max", "-size", "4x4", "-rule", "B34/S34"); code != 0 {
		t.Errorf("3-4 Life: exit %d %s", code, errs)
	}
	if code, _, _ := lifesatCmd(t, "", "max", "-size", "6x6", "-timeout", "1ns"); code != 3 {
		t.Errorf("timeout: exit %d, want 3", code)
	}
}

func TestCount(t *testing.T) {
	// OEIS A136278: 417 still lifes in 5x5 and 3928 in 6x6, the empty one
	// included: -allow-empty, as for every search (issue 12: the command
	// and the library's Count agree).
	for _, tc := range []struct{ size, want string }{{"5x5", "417"}, {"6x6", "3928"}} {
		code, out, errs := lifesatCmd(t, "", "count", "still", "-size", tc.size, "-allow-empty")
		if code != 0 || strings.TrimSpace(out) != tc.want || !strings.Contains(errs, "the empty pattern counted") {
			t.Errorf("count %s: exit %d %q %q, want %s", tc.size, code, out, errs, tc.want)
		}
	}
	for _, args := range [][]string{{}, {"-nonempty"}} {
		code, out, errs := lifesatCmd(t, "", append([]string{"count", "still", "-size", "3x3"}, args...)...)
		if code != 0 || strings.TrimSpace(out) != "11" || !strings.Contains(errs, "11 still lifes in a 3x3 box, the empty pattern not counted") {
			t.Errorf("count 3x3 %v: %q %q, want 11 and a note", args, out, errs)
		}
	}
	if code, _, errs := lifesatCmd(t, "", "count", "still", "-size", "3x3", "-nonempty", "-allow-empty"); code != 2 {
		t.Errorf("-nonempty -allow-empty: exit %d %q, want 2", code, errs)
	}
	// -n all lists them: 12 boards for 3x3 (A136278), the empty one too.
	code, out, errs := lifesatCmd(t, "", "count", "still", "-size", "3x3", "-n", "all", "-format", "cells", "-allow-empty")
	if code != 0 || len(readPatternsAllowEmpty(out)) != 12 || !strings.Contains(errs, "12 patterns") {
		t.Errorf("count -n all: exit %d, %d patterns, %q", code, len(readPatternsAllowEmpty(out)), errs)
	}
	// Without -allow-empty, count agrees with what still -n all lists.
	code, out, _ = lifesatCmd(t, "", "count", "still", "-size", "4x4")
	code2, list, _ := lifesatCmd(t, "", "still", "-size", "4x4", "-n", "all")
	if code != 0 || code2 != 0 || strings.TrimSpace(out) != fmt.Sprint(len(readPatterns(t, list))) {
		t.Errorf("count still 4x4 %q, still -n all listed %d", out, len(readPatterns(t, list)))
	}
	// Ships are counted up to phase and translation, so the order of the
	// enumeration (Count does not flip variables, ship -n all does) must
	// not matter. The only ship moving (1,1) every 4 generations that fits
	// in 4x4 is the glider (LifeWiki "Glider"), one shape up to phase.
	code, out, _ = lifesatCmd(t, "", "count", "ship", "-period", "4", "-shift", "1,1", "-size", "4x4")
	code2, list, _ = lifesatCmd(t, "", "ship", "-period", "4", "-shift", "1,1", "-size", "4x4", "-n", "all")
	if code != 0 || code2 != 0 || strings.TrimSpace(out) != "1" || len(readPatterns(t, list)) != 1 {
		t.Errorf("count ship %q, %d listed; want 1 glider", out, len(readPatterns(t, list)))
	}
	if code, _, _ := lifesatCmd(t, "", "count", "planet", "-size", "3x3"); code != 2 {
		t.Errorf("count planet: exit %d", code)
	}
}
