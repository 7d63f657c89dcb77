package main

import (
	"bytes"
	"image"
	"strconv"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// oldStep is how "lifesat step" worked before it followed the live
// region: the board padded by n on every side, stepped whole n times, then
// cropped to the original frame grown to hold the live cells (or, on a
// torus, stepped in place).
func oldStep(b *life.Board, r rule.Rule, n int, torus bool) *life.Board {
	if torus {
		for range n {
			b = life.Step(b, r, life.Torus)
		}
		return b
	}
	w, h := b.Width(), b.Height()
	b = b.Pad(n)
	for range n {
		b = life.Step(b, r, life.Dead)
	}
	return b.Crop(image.Rect(n, n, n+w, n+h).Union(b.BoundingBox()))
}

// TestStepFollowsLiveRegion checks the output of step, byte for byte,
// against the old whole-board simulation on patterns that move, grow,
// shrink, die out and stay put, in the plane and on a torus, in every
// output format.
func TestStepFollowsLiveRegion(t *testing.T) {
	patterns := map[string]string{
		// LifeWiki: Glider, R-pentomino, Diehard (dies after 130
		// generations), Lightweight spaceship, Blinker, Block.
		"glider":   "x = 3, y = 3\nbo$2bo$3o!\n",
		"r-pent":   "x = 3, y = 3\nb2o$2o$bo!\n",
		"diehard":  "x = 8, y = 3\n6bo$2o$bo3b3o!\n",
		"lwss":     "x = 5, y = 4\nbo2bo$o$o3bo$4o!\n",
		"blinker":  "x = 5, y = 5\n$$b3o!\n",
		"block":    "x = 6, y = 2\n4b2o$4b2o!\n",
		"empty":    "x = 4, y = 3\n!\n",
		"highlife": "x = 3, y = 3, rule = B36/S23\nbo$2bo$3o!\n",
	}
	for name, text := range patterns {
		pat, err := pattern.Read(strings.NewReader(text))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rl := rule.Life
		if strings.Contains(text, "B36") {
			if rl, err = rule.Parse("B36/S23"); err != nil {
				t.Fatal(err)
			}
		}
		for _, torus := range []bool{false, true} {
			ns := []int{0, 1, 2, 5, 17, 40}
			if name == "diehard" {
				ns = append(ns, 131) // gone
			}
			for _, n := range ns {
				old := oldStep(pat.Board, rl, n, torus)
				for _, format := range []string{"rle", "cells", "matrix"} {
					args := []string{"step", "-n", strconv.Itoa(n), "-format", format}
					if torus {
						args = append(args, "-torus")
					}
					code, out, errs := lifesatCmd(t, text, args...)
					if code != 0 {
						t.Fatalf("%s %v: exit %d: %s", name, args, code, errs)
					}
					f, _ := pattern.ParseFormat(format)
					var want bytes.Buffer
					if err := pattern.Write(&want, old, f, rl); err != nil {
						t.Fatal(err)
					}
					if out != want.String() {
						t.Errorf("%s %v:\n%s\nwant (the whole-board simulation)\n%s", name, args, out, want.String())
					}
				}
			}
		}
	}
}

// TestStepGlider1000 is the case of issue 13 (point 5): the glider run
// 1000 generations, which took 456 s when the padded board was stepped
// whole. A glider moves (1, 1) every 4 generations (LifeWiki "Glider"), so
// it ends 250 cells down and right, in its own phase, and the frame grows
// to hold the old box and the glider.
func TestStepGlider1000(t *testing.T) {
	glider := [][2]int{{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}
	code, out, errs := lifesatCmd(t, "x = 3, y = 3\nbo$2bo$3o!\n", "step", "-n", "1000", "-format", "cells")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := life.NewBoard(253, 253)
	for _, c := range glider {
		want.Set(c[0]+250, c[1]+250, true)
	}
	var buf bytes.Buffer
	if err := pattern.Write(&buf, want, pattern.Cells, rule.Life); err != nil {
		t.Fatal(err)
	}
	if out != buf.String() {
		t.Errorf("glider after 1000 generations is not the glider moved (250, 250):\n%s", out)
	}
}
