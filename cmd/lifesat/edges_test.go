package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The rough edges of issue 42 (point 6), one test each, named after them.

// TestStepBillionOnTheTorusAndThePlane: a board that repeats is computed
// for any -n from its period (a billion generations of a glider on its
// 3x3 torus ran 18 minutes; it dies out in a few); in the plane, a
// blinker after 10^9+1 generations is in its other phase, and a glider,
// which would be 250 million cells away, is refused at once.
func TestStepBillionOnTheTorusAndThePlane(t *testing.T) {
	glider := "x = 3, y = 3\nbo$2bo$3o!\n"
	code, out, errs := lifesatCmd(t, glider, "step", "-n", "1000000000", "-torus", "-format", "cells")
	if code != exitFound || out != "...\n...\n...\n" {
		t.Errorf("glider on its torus after 10^9: exit %d, %q %q", code, out, errs)
	}
	code, out, errs = lifesatCmd(t, "x = 3, y = 1\n3o!\n", "step", "-n", "1000000001", "-format", "cells")
	if code != exitFound || out != ".O.\n.O.\n.O.\n" {
		t.Errorf("blinker after 10^9+1: exit %d, %q %q", code, out, errs)
	}
	code, _, errs = lifesatCmd(t, glider, "step", "-n", "1000000000")
	if code != exitUsage || !strings.Contains(errs, "outgrows the largest frame") || strings.Count(errs, "\n") != 1 {
		t.Errorf("glider in the plane after 10^9: exit %d, %q", code, errs)
	}
}

// TestNegativeLimitsRefused: -max-pop -1 and -max-change -1 meant "no
// limit" in silence while -2 was refused; every limit flag now wants 0 or
// more, and no limit is the flag left out.
func TestNegativeLimitsRefused(t *testing.T) {
	for _, args := range [][]string{
		{"still", "-size", "4x4", "-max-pop", "-1"},
		{"osc", "-period", "2", "-size", "4x4", "-max-change", "-1"},
		{"osc", "-period", "2", "-size", "4x4", "-max-decay", "-1"},
		{"osc", "-period", "2", "-size", "4x4", "-max-growth", "-1"},
		{"cnf", "max", "-size", "4x4", "-max-pop", "-1"},
	} {
		code, out, errs := lifesatCmd(t, "", args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, "want 0 or more (leave the flag out for no limit)") {
			t.Errorf("%v: exit %d, %q %q", args, code, out, errs)
		}
	}
}

// TestIndentedPictureInStepAndID: the indented picture that search reads
// (a plaintext glider, indented as in a document) is read by step and id
// too.
func TestIndentedPictureInStepAndID(t *testing.T) {
	picture := "    .O.\n    ..O\n    OOO\n"
	if code, out, errs := lifesatCmd(t, picture, "id"); code != exitFound || out != "xq4_153\n" {
		t.Errorf("id: exit %d, %q %q", code, out, errs)
	}
	if code, out, errs := lifesatCmd(t, picture, "step", "-n", "4", "-format", "cells"); code != exitFound || out != "....\n..O.\n...O\n.OOO\n" {
		t.Errorf("step: exit %d, %q %q", code, out, errs)
	}
	if code, out, errs := lifesatCmd(t, picture, "search", "-", "-period", "4", "-shift", "1,1", "-format", "cells"); code != exitNone {
		t.Errorf("search: exit %d, %q %q; want none (the glider moves out of its 3x3 box)", code, out, errs)
	}
}

// TestAsymIdRefused: -asym Id said "no symmetry p0" and answered none;
// the identity is every pattern's symmetry, so it is refused, by name.
func TestAsymIdRefused(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "still", "-size", "8x8", "-asym", "Id")
	if code != exitUsage || out != "" || !strings.Contains(errs, "the identity (Id) is every pattern's symmetry") || strings.Contains(errs, "p0") {
		t.Errorf("-asym Id: exit %d, %q %q", code, out, errs)
	}
}

// TestCorruptResultSaysDelete: a corrupt result file blocks its task's
// rerun and collect, and the message says to delete it; once deleted, the
// task runs again.
func TestCorruptResultSaysDelete(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "m.jsonl")
	if code, _, errs := lifesatCmd(t, "", "plan", "still", "-sizes", "4x4,5x5", "-o", m); code != exitFound {
		t.Fatalf("plan: exit %d, %q", code, errs)
	}
	res := filepath.Join(dir, "m.results", "task-000000.json")
	if err := os.MkdirAll(filepath.Dir(res), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(res, []byte("garbage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"task", m, "0"}, {"collect", m}} {
		code, _, errs := lifesatCmd(t, "", args...)
		if code != exitUsage || !strings.Contains(errs, res+": not a result") || !strings.Contains(errs, "delete it to run task 0 again") {
			t.Errorf("%v over a corrupt result: exit %d, %q", args[0], code, errs)
		}
	}
	if err := os.Remove(res); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := lifesatCmd(t, "", "task", m, "0"); code != exitFound || !strings.Contains(out, "ran, found") {
		t.Errorf("task after deleting the file: exit %d, %q %q", code, out, errs)
	}
}

// TestLLSPeriodBeyondGenerations: lls -s pP with P at least the number of
// generations asks nothing, of LLS or of lifesat, and now says so.
func TestLLSPeriodBeyondGenerations(t *testing.T) {
	code, _, errs := lifesatCmd(t, "", "lls", "-b", "4", "4", "3", "-s", "p3")
	if code != exitFound || !strings.Contains(errs, "lifesat: lls: note: -s p3: period 3 is not less than the search's 3 generations") {
		t.Errorf("exit %d, %q", code, errs)
	}
}

// TestLLSGroupNamedOnce: -s D4+ p2 -s D4+ p2 was refused with a message
// that named the same group twice; it names it once, and the two motions
// that clash.
func TestLLSGroupNamedOnce(t *testing.T) {
	code, _, errs := lifesatCmd(t, "", "lls", "-b", "6", "6", "3", "-s", "D4+", "p2", "-s", "D4+", "p2")
	if code != exitUsage || strings.Count(errs, "D4+ p2") != 1 || !strings.Contains(errs, "both RE- of generation t and RE| of it") {
		t.Errorf("exit %d, %q", code, errs)
	}
}
