package main

import (
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

func TestPortfolio(t *testing.T) {
	// Two members race; whichever wins, the answer is a verified exact
	// period-2 oscillator in the box.
	code, out, errs := lifesatCmd(t, "", "osc", "-period", "2", "-size", "8x8", "-jobs", "2", "-format", "cells")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b := readPatterns(t, out)[0].Board
	g := life.Run(b.Pad(2), rule.Life, life.Dead, 2)
	if b.Width() != 8 || !g[2].Equal(g[0]) || g[1].Equal(g[0]) {
		t.Errorf("not a p2 oscillator in 8x8:\n%s", out)
	}
	// "None exists" is definitive from the unrestricted member only: the
	// symmetric members' UNSAT must not end the race early - here all
	// agree, and the answer is exit 1 with the note.
	code, out, errs = lifesatCmd(t, "", "osc", "-period", "2", "-size", "2x2", "-jobs", "3")
	if code != 1 || out != "" || !strings.Contains(errs, "no non-empty oscillator") {
		t.Errorf("p2 in 2x2 raced: exit %d %q %q", code, out, errs)
	}
	// Still lifes race too when asked.
	code, out, _ = lifesatCmd(t, "", "still", "-size", "10x10", "-jobs", "2")
	if code != 0 || !isStillLife(readPatterns(t, out)[0].Board) {
		t.Errorf("raced still life: exit %d\n%s", code, out)
	}
	// Commands that run one search refuse an explicit -jobs.
	for _, args := range [][]string{
		{"max", "-size", "5x5", "-jobs", "2"},
		{"count", "still", "-size", "4x4", "-jobs", "2"},
		{"cnf", "still", "-size", "4x4", "-jobs", "2"},
		{"still", "-size", "6x6", "-n", "3", "-jobs", "2"},
	} {
		if code, _, errs := lifesatCmd(t, "", args...); code != 2 || !strings.Contains(errs, "runs one search") {
			t.Errorf("%v: exit %d, %s", args, code, errs)
		}
	}
	if code, _, _ := lifesatCmd(t, "", "still", "-size", "10x10", "-jobs", "-1"); code != 2 {
		t.Errorf("-jobs -1: exit %d", code)
	}
}

func TestStrategies(t *testing.T) {
	p := lifesat.Oscillator(3, 16, 16)
	st := lifesat.Strategies(p, &lifesat.Settings{Seed: 5}, 4)
	if len(st) != 4 || st[0].Restricted || st[0].Problem.Symmetry != "" || st[0].Settings.Seed != 5 {
		t.Fatalf("member 0 must be the problem as given: %+v", st[0])
	}
	for k, s := range st[1:] {
		if !s.Restricted || s.Problem.Symmetry == "" || s.Settings.Seed != uint64(6+k) {
			t.Errorf("member %d: %+v", k+1, s)
		}
		if err := s.Problem.Validate(); err != nil {
			t.Errorf("member %d: %v", k+1, err)
		}
	}
	// A glider's shift rules out the symmetries that do not preserve it.
	ship := lifesat.Spaceship(4, 1, 1, 6, 6)
	for _, s := range lifesat.Strategies(ship, nil, 6) {
		if err := s.Problem.Validate(); err != nil {
			t.Errorf("%v: %v", s.Problem, err)
		}
	}
	// A symmetric problem races the larger symmetries that include its
	// own, and then whole members.
	for sym, want := range map[life.Symmetry]string{
		life.C4: "D8", life.C2: "D8 D4x D4+ C4", life.D2V: "D8 D4+", life.D8: "",
	} {
		p := lifesat.Oscillator(3, 16, 16)
		p.Symmetry = sym
		var got []string
		for _, s := range lifesat.Strategies(p, nil, 8) {
			if s.Restricted {
				got = append(got, string(s.Problem.Symmetry))
			}
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: restricted members %q, want %q", sym, got, want)
		}
	}
	// Still lifes are never restricted.
	for _, s := range lifesat.Strategies(lifesat.StillLife(8, 8), nil, 3) {
		if s.Restricted {
			t.Errorf("still life member restricted: %+v", s.Problem)
		}
	}
}

func TestStrategiesOrder(t *testing.T) {
	// 16x16 p3: every symmetry fits. The strong ones come first, then
	// the weak ones alternate with whole members, each symmetry once.
	var got []string
	for _, s := range lifesat.Strategies(lifesat.Oscillator(3, 16, 16), nil, 16) {
		name := "whole-" + string(s.Settings.Encoding)
		if s.Restricted {
			name = string(s.Problem.Symmetry)
		}
		got = append(got, name)
	}
	want := "whole-direct D8 D4x D4+ C4 D2\\ whole-direct D2/ whole-knuth D2- whole-direct D2| whole-knuth C2 whole-direct whole-knuth"
	if strings.Join(got, " ") != want {
		t.Errorf("order:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
}
