package rule

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"
)

// everyKind is a rule of each kind the package makes: each notation Parse
// reads, as Parse reads it, then New's rules, transposed rules, and
// partial rules of every notation and shape made by Unfix and Fix.
func everyKind(t *testing.T) []Rule {
	t.Helper()
	var rules []Rule
	for _, s := range []string{
		"B3/S23", "23/3", "B/S", "B0123/S8", "B36/S23", // B/S
		"B2n3/S23-q", "B3/S2-i34q", "B2ce3-an4a5a/S01e234rt6ac7c8", // Hensel
		lifeMAP, lifeMAP + "==", // MAP
		"B2/S34H", "B0123456/S0123456H", hexMAP, // hexagonal
		"B2/S013V", "B/SV", vonNeumannMAP, // von Neumann
		"pB3/S23", "pB3a-c/S23", "p", "pB3/S0c", // partial, LLS's notation
		"B3/S23 .. B36/S23", "B2/S34H .. B23/S34H", "B2/S013V .. B2/S0123V", // ranges
		lifeMAP + " .. MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAB",
	} {
		r, err := Parse(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		rules = append(rules, r)
	}
	rng := rand.New(rand.NewPCG(41, 5))
	for range 20 {
		var tab table
		for i := range tab {
			tab[i] = rng.Uint64()
		}
		rules = append(rules, New(tab.get)) // not isotropic: MAP
	}
	rules = append(rules, New(Life.Transition)) // isotropic: B/S
	for _, r := range rules[:len(rules):len(rules)] {
		rules = append(rules, r.Transposed())
		if r.Partial() {
			continue
		}
		p := r
		for range 3 {
			p = p.Unfix(Neighbourhood(rng.IntN(512)))
			rules = append(rules, p, p.Min(), p.Max())
		}
		rules = append(rules, p.Fix(Neighbourhood(rng.IntN(512)), true))
	}
	return rules
}

// TestRuleText: every rule's text is its canonical notation, String, and
// reads back as the same rule (==: the same transitions, free ones,
// notation and shape), written again the same.
func TestRuleText(t *testing.T) {
	for _, r := range everyKind(t) {
		text, err := r.MarshalText()
		if err != nil {
			t.Fatalf("%v: %v", r, err)
		}
		if string(text) != r.String() {
			t.Errorf("%v written as %q", r, text)
		}
		var back Rule
		if err := back.UnmarshalText(text); err != nil || back != r {
			t.Fatalf("%q read back as %v, %v", text, back, err)
		}
	}
	// The zero Rule is the empty text, both ways.
	if text, err := (Rule{}).MarshalText(); err != nil || len(text) != 0 {
		t.Errorf("the zero Rule: %q, %v", text, err)
	}
	back := Life
	if err := back.UnmarshalText(nil); err != nil || !back.IsZero() {
		t.Errorf("the empty text: %v, %v", back, err)
	}
	// A rule no notation writes is an error, not text that reads back
	// as another rule: a B/S partial rule whose free transitions are not
	// whole isotropic classes (Unfix never makes one).
	odd := Life
	odd.free.set(1, true)
	if text, err := odd.MarshalText(); !errors.Is(err, ErrInvalid) {
		t.Errorf("a partial rule with a free transition alone: %q, %v", text, err)
	}
}

// TestRuleJSON: in JSON a rule is a string; the zero Rule is omitted by
// omitzero; a bad rule is an error of Parse's.
func TestRuleJSON(t *testing.T) {
	type spec struct {
		Rule Rule `json:"rule,omitzero"`
	}
	for _, tt := range []struct {
		r    Rule
		want string
	}{
		{Rule{}, `{}`},
		{Life, `{"rule":"B3/S23"}`},
		{MustParse("b2/s34h"), `{"rule":"B2/S34H"}`},
		{MustParse("pS23/B3"), `{"rule":"pB3/S23"}`},
	} {
		data, err := json.Marshal(spec{tt.r})
		if err != nil || string(data) != tt.want {
			t.Errorf("%v: %s, %v; want %s", tt.r, data, err, tt.want)
		}
		var back spec
		if err := json.Unmarshal(data, &back); err != nil || back.Rule != tt.r {
			t.Errorf("%s read back as %v, %v", data, back.Rule, err)
		}
	}
	var s spec
	if err := json.Unmarshal([]byte(`{"rule":"B9/S23"}`), &s); !errors.Is(err, ErrInvalid) {
		t.Errorf("B9/S23: %v, want ErrInvalid", err)
	}
}

// FuzzRuleText: whatever Parse reads, its text reads back as the same
// rule and is written again the same; UnmarshalText takes what Parse
// takes.
func FuzzRuleText(f *testing.F) {
	for _, s := range []string{"B3/S23", "23/3", "B2n3/S23-q", lifeMAP, "B2/S34H", hexMAP, "b2/s013v", vonNeumannMAP,
		"pB3a-c/S23", "p", "B3/S23 .. B36/S23", "B2/S34H..B23/S34H", lifeMAP + " .. " + lifeMAP, "B3/S23 .. B2/S34H", "..", "B9/S"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, perr := Parse(s)
		var u Rule
		uerr := u.UnmarshalText([]byte(s))
		if s != "" && (perr == nil) != (uerr == nil) {
			t.Fatalf("%q: Parse says %v, UnmarshalText %v", s, perr, uerr)
		}
		if perr != nil {
			return
		}
		if u != r {
			t.Fatalf("%q: Parse reads %v, UnmarshalText %v", s, r, u)
		}
		text, err := r.MarshalText()
		if err != nil {
			t.Fatalf("%q read as %v, which MarshalText refuses: %v", s, r, err)
		}
		var back Rule
		if err := back.UnmarshalText(text); err != nil || back != r {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, r, text, back, err)
		}
		again, _ := back.MarshalText()
		if string(again) != string(text) {
			t.Fatalf("%q written as %q, then %q", s, text, again)
		}
	})
}
