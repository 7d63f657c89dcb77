package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// "None exists" messages name every constraint that was asked for
// (issue 12: "no non-empty still life in a 4x4 box exists" left out the
// -max-pop that made it so), with the right article and number.
func TestNoneExistsSaysWhatWasAsked(t *testing.T) {
	dir := t.TempDir()
	cage := filepath.Join(dir, "cage.cells")
	// A 4x4 cage with only the top-left 2x2 corner open: a block fits,
	// nothing else does.
	if err := os.WriteFile(cage, []byte("OO..\nOO..\n....\n....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"still", "-size", "4x4", "-max-pop", "3"}, "no non-empty still life with at most 3 live cells in a 4x4 box exists"},
		{[]string{"still", "-size", "8x8", "-min-pop", "40"}, "with at least 40 live cells in an 8x8 box"},
		{[]string{"still", "-size", "3x3", "-min-pop", "3", "-max-pop", "3"}, "with exactly 3 live cells in a 3x3 box"},
		{[]string{"still", "-size", "3x3", "-min-pop", "7", "-max-pop", "9"}, "with 7 to 9 live cells"},
		{[]string{"still", "-size", "4x4", "-cage", cage, "-min-pop", "5"}, "with at least 5 live cells, live cells only in the cage's 4 in a 4x4 box"},
		{[]string{"still", "-size", "3x3", "-sym", "C4", "-max-pop", "3"}, "with symmetry C4, at most 3 live cells in a 3x3 box"},
		{[]string{"osc", "-period", "2", "-size", "2x2", "-jobs", "1"}, "no non-empty oscillator of period 2 in a 2x2 box exists"},
		{[]string{"still", "-size", "11x2", "-min-pop", "20"}, "in an 11x2 box"},
		{[]string{"max", "-size", "5x5", "-min-pop", "17"}, "with at least 17 live cells in a 5x5 box"},
		{[]string{"count", "still", "-size", "4x4", "-max-pop", "3"}, "no non-empty still life with at most 3 live cells in a 4x4 box exists"},
	} {
		code, _, errs := lifesatCmd(t, "", tc.args...)
		if code != exitNone || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and one line with %q", tc.args, code, errs, tc.want)
		}
	}
	// One generation, not "1 generations": a lone cell has no predecessor
	// in a dead 1x1 world.
	code, _, errs := lifesatCmd(t, "x = 1, y = 1\no!\n", "pred")
	if code != exitNone || !strings.Contains(errs, "no predecessor 1 generation back in dead mode") {
		t.Errorf("pred of a lone cell: exit %d, %q", code, errs)
	}
}

// Help is an answer, not an error: exit 0 for the command and every
// subcommand, the usage on stdout (so that "lifesat osc -h | less"
// works) and nothing on stderr.
func TestHelpExitsZero(t *testing.T) {
	for _, args := range [][]string{
		{"-h"}, {"help"}, {"--help"},
		{"still", "-h"}, {"osc", "-h"}, {"ship", "-h"}, {"pred", "-h"}, {"max", "-h"},
		{"count", "still", "-h"}, {"count", "osc", "--help"}, {"step", "-h"}, {"cnf", "still", "-h"}, {"cnf", "ship", "-help"},
		{"search", "-h"},
	} {
		code, out, errs := lifesatCmd(t, "", args...)
		if code != exitFound || !strings.Contains(out, "Usage") || errs != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 0 and the usage on stdout only", args, code, out, errs)
		}
	}
	code, _, errs := lifesatCmd(t, "", "bench")
	if code != exitUsage || !strings.Contains(errs, "lifesat-bench") {
		t.Errorf("bench: exit %d, %q; want 2 and a pointer to lifesat-bench", code, errs)
	}
}
