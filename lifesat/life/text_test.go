package life_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
)

// TestTransformSymmetryText: each of the eight transforms and ten
// symmetries (and no symmetry) is its name and reads back as itself, in
// JSON too; values that are none are errors both ways.
func TestTransformSymmetryText(t *testing.T) {
	for _, tr := range life.Transforms() {
		text, err := tr.MarshalText()
		if err != nil || string(text) != tr.String() {
			t.Errorf("%v: %q, %v", tr, text, err)
		}
		var back life.Transform
		if err := back.UnmarshalText([]byte(strings.ToLower(string(text)))); err != nil || back != tr {
			t.Errorf("%q: %v, %v", text, back, err)
		}
	}
	for _, s := range append(life.Symmetries(), "") {
		text, err := s.MarshalText()
		if err != nil || string(text) != string(s) {
			t.Errorf("%q: %q, %v", s, text, err)
		}
		back := life.D8
		if err := back.UnmarshalText(text); err != nil || back != s {
			t.Errorf("%q: %q, %v", text, back, err)
		}
	}
	if text, err := life.Symmetry("d4X").MarshalText(); err != nil || string(text) != "D4x" {
		t.Errorf("d4X: %q, %v; want D4x", text, err)
	}
	type motion struct {
		Transform life.Transform `json:"transform,omitzero"`
		Symmetry  life.Symmetry  `json:"symmetry,omitempty"`
	}
	for _, tt := range []struct {
		m    motion
		json string
	}{
		{motion{}, `{}`},
		{motion{life.FlipDiag, life.D2Diag}, `{"transform":"F\\","symmetry":"D2\\"}`},
		{motion{life.R90, life.C4}, `{"transform":"R90","symmetry":"C4"}`},
	} {
		data, err := json.Marshal(tt.m)
		if err != nil || string(data) != tt.json {
			t.Errorf("%+v: %s, %v; want %s", tt.m, data, err, tt.json)
		}
		var back motion
		if err := json.Unmarshal(data, &back); err != nil || back != tt.m {
			t.Errorf("%s: %+v, %v", data, back, err)
		}
	}
	if _, err := life.Transform(8).MarshalText(); err == nil {
		t.Error("Transform(8) written")
	}
	if _, err := life.Symmetry("D7").MarshalText(); err == nil {
		t.Error("D7 written")
	}
	var tr life.Transform
	var s life.Symmetry
	for _, in := range []string{``, `R45`, `Id `} {
		if err := tr.UnmarshalText([]byte(in)); err == nil {
			t.Errorf("transform %q read as %v", in, tr)
		}
	}
	if err := s.UnmarshalText([]byte("D7")); err == nil {
		t.Errorf("D7 read as %v", s)
	}
}

// FuzzTransformSymmetryText: whatever reads as a transform or a symmetry
// is written as its name, which reads back the same.
func FuzzTransformSymmetryText(f *testing.F) {
	for _, s := range []string{"Id", "r90", "F|", `f\`, "F/", "C1", "d4+", "D2-", "", "D7", "F"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var tr, trBack life.Transform
		if tr.UnmarshalText([]byte(in)) == nil {
			text, err := tr.MarshalText()
			if err != nil || trBack.UnmarshalText(text) != nil || trBack != tr {
				t.Fatalf("transform %q: %v -> %q, %v -> %v", in, tr, text, err, trBack)
			}
		}
		var s, sBack life.Symmetry
		if s.UnmarshalText([]byte(in)) == nil {
			text, err := s.MarshalText()
			if err != nil || sBack.UnmarshalText(text) != nil || sBack != s {
				t.Fatalf("symmetry %q: %v -> %q, %v -> %v", in, s, text, err, sBack)
			}
		}
	})
}
