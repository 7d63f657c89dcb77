package lifesat

import (
	"errors"
	"testing"
)

func TestParseRule(t *testing.T) {
	// Rule strings as LifeWiki writes them ("Rulestring" page).
	tests := []struct {
		in   string
		want string
	}{
		{"B3/S23", "B3/S23"},
		{"b3/s23", "B3/S23"},
		{"B3S23", "B3/S23"},
		{"S23/B3", "B3/S23"},
		{"23/3", "B3/S23"},     // the old S/B form: Life
		{"34/34", "B34/S34"},   // 3-4 Life, Bosch's Exercise 1
		{"B36/S23", "B36/S23"}, // HighLife
		{" B2/S ", "B2/S"},     // Seeds
		{"B/S012345678", "B/S012345678"},
		{"/3", "B3/S"},
	}
	for _, tt := range tests {
		r, err := ParseRule(tt.in)
		if err != nil {
			t.Errorf("ParseRule(%q): %v", tt.in, err)
			continue
		}
		if r.String() != tt.want {
			t.Errorf("ParseRule(%q) = %v, want %s", tt.in, r, tt.want)
		}
	}
	if r, _ := ParseRule("B3/S23"); r != Life {
		t.Errorf("B3/S23 is not Life: %+v", r)
	}
}

func TestParseRuleErrors(t *testing.T) {
	for _, in := range []string{"", "B9/S23", "B3/S23/X", "B33/S23", "B2n3/S23", "B3", "S23", "B3/B4/S2", "23", "xyz", "2a/3", "B3/S2-3"} {
		if _, err := ParseRule(in); !errors.Is(err, ErrRule) {
			t.Errorf("ParseRule(%q): err = %v, want ErrRule", in, err)
		}
	}
}

func TestRuleNext(t *testing.T) {
	// Conway's rule spelled out (Bosch, section 2.2).
	for n := 0; n <= 8; n++ {
		if got, want := Life.Next(false, n), n == 3; got != want {
			t.Errorf("dead cell, %d neighbours: %v", n, got)
		}
		if got, want := Life.Next(true, n), n == 2 || n == 3; got != want {
			t.Errorf("live cell, %d neighbours: %v", n, got)
		}
	}
}

func FuzzParseRule(f *testing.F) {
	for _, s := range []string{"B3/S23", "23/3", "B36/S23", "b2/s", "B3S23", "S23/B3", "B9/S1", "/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRule(s)
		if err != nil {
			return
		}
		back, err := ParseRule(r.String())
		if err != nil || back != r {
			t.Fatalf("%q -> %v -> %v, %v", s, r, back, err)
		}
	})
}
