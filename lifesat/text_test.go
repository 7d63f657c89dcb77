package lifesat_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
)

// TestModesText: every Diversify, PredMode and Encoding is its name and
// reads back as itself, in JSON too; values that are none are errors
// that wrap ErrProblem, both ways.
func TestModesText(t *testing.T) {
	type settings struct {
		Diversify lifesat.Diversify `json:"diversify,omitempty"`
		Mode      lifesat.PredMode  `json:"mode,omitempty"`
		Encoding  lifesat.Encoding  `json:"encoding,omitempty"`
	}
	for _, tt := range []struct {
		s    settings
		json string
	}{
		{settings{}, `{}`},
		{settings{lifesat.FlipAll, lifesat.Window, lifesat.Knuth}, `{"diversify":"all","mode":"window","encoding":"knuth"}`},
		{settings{lifesat.FlipCells, lifesat.Wrapped, lifesat.Direct}, `{"diversify":"cells","mode":"torus","encoding":"direct"}`},
		{settings{Diversify: lifesat.NoFlip}, `{"diversify":"none"}`},
	} {
		data, err := json.Marshal(tt.s)
		if err != nil || string(data) != tt.json {
			t.Errorf("%+v: %s, %v; want %s", tt.s, data, err, tt.json)
		}
		var back settings
		if err := json.Unmarshal(data, &back); err != nil || back != tt.s {
			t.Errorf("%s: %+v, %v", data, back, err)
		}
	}
	// The zero values, written out, read back too.
	var back settings
	if err := json.Unmarshal([]byte(`{"diversify":"auto","mode":"dead","encoding":""}`), &back); err != nil || back != (settings{}) {
		t.Errorf("the zero values: %+v, %v", back, err)
	}
	if err := json.Unmarshal([]byte(`{"encoding":"KNUTH"}`), &back); err != nil || back.Encoding != lifesat.Knuth {
		t.Errorf("KNUTH: %q, %v", back.Encoding, err)
	}
	for _, m := range []interface{ MarshalText() ([]byte, error) }{lifesat.Diversify(5), lifesat.PredMode(3), lifesat.Encoding("fast")} {
		if text, err := m.MarshalText(); !errors.Is(err, lifesat.ErrProblem) {
			t.Errorf("%#v: %q, %v; want an ErrProblem", m, text, err)
		}
	}
	for _, in := range []string{`{"diversify":"some"}`, `{"diversify":""}`, `{"mode":"wrapped"}`, `{"mode":""}`, `{"encoding":"fast"}`} {
		if err := json.Unmarshal([]byte(in), &back); !errors.Is(err, lifesat.ErrProblem) {
			t.Errorf("%s: %v; want an ErrProblem", in, err)
		}
	}
}

// FuzzModesText: whatever reads as a mode or an encoding is written as
// its name, which reads back the same.
func FuzzModesText(f *testing.F) {
	for _, s := range []string{"auto", "all", "cells", "none", "dead", "window", "torus", "direct", "Knuth", "", "some"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var d, dBack lifesat.Diversify
		if d.UnmarshalText([]byte(in)) == nil {
			text, err := d.MarshalText()
			if err != nil || dBack.UnmarshalText(text) != nil || dBack != d {
				t.Fatalf("diversify %q: %v -> %q, %v -> %v", in, d, text, err, dBack)
			}
		}
		var m, mBack lifesat.PredMode
		if m.UnmarshalText([]byte(in)) == nil {
			text, err := m.MarshalText()
			if err != nil || mBack.UnmarshalText(text) != nil || mBack != m {
				t.Fatalf("pred mode %q: %v -> %q, %v -> %v", in, m, text, err, mBack)
			}
		}
		var e, eBack lifesat.Encoding
		if e.UnmarshalText([]byte(in)) == nil {
			text, err := e.MarshalText()
			if err != nil || eBack.UnmarshalText(text) != nil || eBack != e {
				t.Fatalf("encoding %q: %v -> %q, %v -> %v", in, e, text, err, eBack)
			}
		}
	})
}

func ExampleDiversify_MarshalText() {
	// The settings' modes travel as their names: in JSON, strings.
	data, _ := json.Marshal(struct {
		Diversify lifesat.Diversify
		Mode      lifesat.PredMode
		Encoding  lifesat.Encoding
	}{lifesat.FlipCells, lifesat.Wrapped, lifesat.Knuth})
	fmt.Println(string(data))
	var d lifesat.Diversify
	fmt.Println(d.UnmarshalText([]byte("some")))
	// Output:
	// {"Diversify":"cells","Mode":"torus","Encoding":"knuth"}
	// lifesat: bad problem: unknown diversification "some" (want auto, all, cells, none or alive)
}
