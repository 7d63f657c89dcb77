package main

import (
	"strings"
	"testing"
)

// The empty rule B/S (everything dies) used to be read as Life by every
// command. Under it no non-empty pattern keeps any cell, so every search
// has no answer (exit 1), the only still life is the empty one, and the
// rule is written back as it is.
func TestEmptyRuleIsNotLifeInStill(t *testing.T) {
	for _, rule := range []string{"B/S", "/"} {
		code, out, errs := lifesatCmd(t, "", "still", "-size", "5x5", "-rule", rule)
		if code != 1 || out != "" || !strings.Contains(errs, "B/S") {
			t.Errorf("still -rule %s: exit %d, stdout %q, stderr %q; want exit 1", rule, code, out, errs)
		}
	}
}

func TestEmptyRuleIsNotLifeInOsc(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "osc", "-period", "2", "-size", "5x5", "-rule", "B/S")
	if code != 1 || out != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1", code, out, errs)
	}
}

func TestEmptyRuleIsNotLifeInCount(t *testing.T) {
	// Brute force (lifesat.TestEmptyRuleIsNotLifeInCount): 1, the empty board.
	code, out, errs := lifesatCmd(t, "", "count", "still", "-size", "3x3", "-rule", "B/S", "-allow-empty")
	if code != 0 || strings.TrimSpace(out) != "1" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 1", code, out, errs)
	}
}

// Under B/S the densest still life is the empty board, which is no
// pattern, as for every search: none exists (it used to find a Life
// still life). With -allow-empty the empty board is the answer.
func TestEmptyRuleIsNotLifeInMax(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "max", "-size", "4x4", "-rule", "B/S")
	if code != exitNone || out != "" || !strings.Contains(errs, "no non-empty still life in a 4x4 box exists under rule B/S") {
		t.Errorf("exit %d, stdout %q, stderr %q; want none under B/S", code, out, errs)
	}
	code, out, errs = lifesatCmd(t, "", "max", "-size", "4x4", "-rule", "B/S", "-allow-empty")
	if code != 0 || !strings.Contains(out, "rule = B/S") || strings.Contains(out, "o") {
		t.Errorf("-allow-empty: exit %d, stdout %q, stderr %q; want the empty board under B/S", code, out, errs)
	}
}

func TestEmptyRuleIsNotLifeInPred(t *testing.T) {
	glider := "x = 3, y = 3, rule = B/S\nbo$2bo$3o!\n"
	code, out, errs := lifesatCmd(t, glider, "pred")
	if code != 1 || out != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1", code, out, errs)
	}
}

func TestEmptyRuleIsNotLifeInStep(t *testing.T) {
	block := "x = 2, y = 2\n2o$2o!\n"
	code, out, errs := lifesatCmd(t, block, "step", "-rule", "B/S")
	if code != 0 || out != "x = 2, y = 2, rule = B/S\n!\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// A "#r 23/36" line (Life 1.05's rule line, survival/birth) names the
// rule: HighLife gives birth on 6 neighbours, Life does not.
func TestRLERuleLine(t *testing.T) {
	in := "#r 23/36\nx = 3, y = 3\n3o$obo$o!\n" // the centre sees 6
	code, out, errs := lifesatCmd(t, in, "step", "-format", "rle")
	if code != 0 || !strings.Contains(out, "rule = B36/S23") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, _ = lifesatCmd(t, in, "step", "-format", "cells")
	if code != 0 || strings.Split(out, "\n")[1][1] != 'O' {
		t.Errorf("centre not born under HighLife:\n%s", out)
	}
}

// Hensel and MAP rules in every command: a still life is found and
// written with the canonical rule; a spaceship of a Hensel rule flies.
func TestNonTotalisticRules(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "still", "-size", "6x6", "-rule", "b2N3/s23-Q")
	if code != 0 || !strings.Contains(out, "rule = B2n3/S23-q") {
		t.Errorf("still under Hensel: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	const lifeMAP = "MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA"
	code, out, errs = lifesatCmd(t, "", "count", "still", "-size", "3x3", "-rule", lifeMAP, "-allow-empty")
	if code != 0 || strings.TrimSpace(out) != "12" { // Life's count, OEIS A136278
		t.Errorf("count under Life's MAP: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, errs = lifesatCmd(t, "", "max", "-size", "4x4", "-rule", "B2n3/S23-q")
	if code != 0 || !strings.Contains(out, "rule = B2n3/S23-q") {
		t.Errorf("max under Hensel: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// The forum's c/2 ship (lifesat.TestHenselSpaceship): two steps move
	// it one cell up.
	ship := "x = 6, y = 4, rule = B2e3ij4n5n6k/S01235i6a7c\nb4o$ob2obo$2b2o$2b2o!\n"
	code, out, errs = lifesatCmd(t, ship, "step", "-n", "2", "-format", "cells")
	want := ".OOOO.\nO.OO.O\n..OO..\n..OO..\n......\n"
	if code != 0 || out != want {
		t.Errorf("ship after 2 steps: exit %d, stderr %q\n%s\nwant\n%s", code, errs, out, want)
	}
}
