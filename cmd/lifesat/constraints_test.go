package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/apgcode"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// TestLWSSAsAGlideShip: the lightweight spaceship (LifeWiki
// "Lightweight spaceship", apgcode xq4_6frc on Catagolue) is
// glide-symmetric at half its period: generation 2 is generation 0
// mirrored top to bottom and moved one cell. Asked so, as a c/2 ship of
// period 2 in 7x5 with -transform F-, the command finds a pattern that,
// run with the plain Step, is a c/2 ship of period 4 with 9 or 12 cells
// (the LWSS's two populations: the race may answer either phase).
func TestLWSSAsAGlideShip(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "ship", "-period", "2", "-shift", "1,0", "-transform", "F-", "-size", "7x5", "-format", "cells")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b := readPatterns(t, out)[0].Board.Pad(8)
	g := life.Run(b, rule.Life, life.Dead, 4)
	if pop := b.Population(); !g[4].Equal(b.Translate(2, 0)) || g[2].Equal(b.Translate(1, 0)) || pop != 9 && pop != 12 {
		t.Errorf("not the LWSS (9 or 12 cells, c/2, period 4, moving right):\n%s", out)
	}
	if !g[2].Equal(b.Transform(life.FlipTB).Translate(1, 0)) {
		// The pattern is centred in its 5-high box, so the mirror about
		// the box's centre is the mirror about the padded board's.
		t.Errorf("generation 2 is not generation 0 mirrored and moved:\n%v\n%v", g[2], b)
	}
	if obj, err := apgcode.Identify(context.Background(), b, rule.Life, nil); err != nil || obj.String() != "xq4_6frc" {
		t.Errorf("apgcode %v (%v), want the LWSS's xq4_6frc:\n%s", obj, err, out)
	}
}

// TestConstraintWordsRefused: bad transformation words, a background
// whose tile does not tile, unknown neighbourhood letters and malformed
// constraint flags each get one line and exit 2.
func TestConstraintWordsRefused(t *testing.T) {
	dir := t.TempDir()
	ragged := filepath.Join(dir, "ragged")
	if err := os.WriteFile(ragged, []byte("1 0 1\n0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"osc", "-period", "2", "-size", "6x6", "-transform", "R45"}, `unknown transform "R45"`},
		{[]string{"osc", "-period", "2", "-size", "6x6", "-asym", "C2"}, `-asym: life: unknown transform "C2"`},
		{[]string{"osc", "-period", "2", "-size", "6x6", "-background", ragged}, "-background"},
		{[]string{"osc", "-period", "2", "-size", "6x6", "-background-offset", "1,2,3"}, "needs a -background"},
		{[]string{"osc", "-period", "2", "-size", "6x6", "-change", "0"}, "-change"},
		{[]string{"osc", "-period", "2", "-size", "6x6", "-pop-sum", "0,1:x:"}, "-pop-sum"},
		{[]string{"osc", "-period", "2", "-size", "6x6", "-max-change", "-5"}, `invalid value "-5" for flag -max-change: want 0 or more`},
		{[]string{"still", "-size", "6x6", "-rule", "B3/S23X"}, "names no neighbourhood"},
		{[]string{"lls", "-b", "4", "4", "3", "-s", "p2", "RQ"}, `symmetry "RQ" not recognized`},
	}
	for _, c := range cases {
		code, out, errs := lifesatCmd(t, "", c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q on one line", c.args, code, errs, c.want)
		}
	}
}

// TestLLSCommandCountsAsLLS: "lifesat lls" with logic-life-search's own
// help example, the glider's glide reflection ("-s p2 RE\ x1"), finds the
// 4 answers LLS itself finds with -p (lifesat/lls/testdata: LLS run
// beside lifesat).
func TestLLSCommandCountsAsLLS(t *testing.T) {
	code, out, errs := lifesatCmd(t, "", "lls", "-b", "4", "4", "3", "-s", "p2", `RE\`, "x1", "-n", "-p")
	if code != 0 || !strings.Contains(errs, "4 answers") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	// Each answer is printed as its period's two phases.
	if n := strings.Count(out, "x = "); n != 4*2 {
		t.Errorf("%d boards printed, want the 2 phases of 4 answers", n)
	}
}
