package rule

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParseRule(t *testing.T) {
	// Rule strings as LifeWiki writes them ("Rulestring" page) and their
	// canonical forms (Golly's: Hensel letters in alphabetical order, '-'
	// when fewer letters are left out than taken).
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
		{"B/S", "B/S"},
		{"/", "B/S"},
		// Hensel notation (LifeWiki "Isotropic non-totalistic Life-like
		// cellular automaton"; the examples of issue 9).
		{"B2n3/S23-q", "B2n3/S23-q"},
		{"B3/S2-i34q", "B3/S2-i34q"}, // tlife
		{"B2-a/S12", "B2-a/S12"},     // Just Friends
		{"b2N3/s23-Q", "B2n3/S23-q"},
		{"B2ce3-an4a5a/S01e234rt6ac7c8", "B2ce3-an4a5a/S01e234rt6ac7c8"},
		{"B2c3aei4ajnr5acn/S2-ci3-ck4in5jkq6c7c", "B2c3aei4ajnr5acn/S2-ci3-ck4in5jkq6c7c"},
		{"B2na/S", "B2an/S"},           // letters in alphabetical order
		{"B2-ceikn/S", "B2a/S"},        // five of six left out: one taken
		{"B2acei/S", "B2-kn/S"},        // four of six taken: two left out
		{"B4acceijk/S", ""},            // (repeated letter: an error below)
		{"B4aceijkn/S", "B4aceijkn/S"}, // seven of 13 stay plain
		{"B4aceijknq/S", "B4-rtwyz/S"}, // eight of 13: five left out
		{"B1ce/S", "B1/S"},             // every letter: the digit alone
		{"B3aceijknqry/S2aceikn3", "B3/S23"},
		{"23-q/2n3", "B2n3/S23-q"}, // the S/B form with letters (Golly reads it)
		// MAP: Life, as on LifeWiki, padded or not.
		{"MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA", lifeMAP},
		{"mapARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA==", lifeMAP},
		// The last character's four unused bits are dropped.
		{"MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAP", lifeMAP},
	}
	for _, tt := range tests {
		if tt.want == "" {
			continue
		}
		r, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if r.String() != tt.want {
			t.Errorf("Parse(%q) = %v, want %s", tt.in, r, tt.want)
		}
	}
	if r, _ := Parse("B3/S23"); r != Life {
		t.Errorf("B3/S23 is not Life: %+v", r)
	}
}

// lifeMAP is Life's MAP string as LifeWiki gives it; TestLifeMAP derives
// it from the definition.
const lifeMAP = "MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA"

func TestParseRuleErrors(t *testing.T) {
	// Each bad rule and a piece of the message it must get.
	tests := []struct{ in, msg string }{
		{"", "empty"},
		{"B9/S23", "at most 8 neighbours"},
		{"B3/S23/X", "more than one '/'"},
		{"B3/S23/", "more than one '/'"},
		{"B33/S23", "repeated"},
		{"B3", "both a B part and an S part"},
		{"S23", "both a B part and an S part"},
		{"B3/B4/S2", "more than one '/'"},
		{"23", `"23/3"`},
		{"xyz", "want B/S notation"},
		{"garbage", "want B/S notation"},
		{"B3/S2-3", "'-' needs the letters"},
		{"B3/S23:T20,20", "bounded grids"},
		{"MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA:P30,20", "bounded grids"},
		{"23/3/3", "Generations"},
		{"B3/S23/C3", "Generations"},
		{"B2/S/8", "Generations"},
		{"p23/3", "names its B and S parts"},
		{"pB3a-c-e/S23", "'-' given twice"},
		{"pB3a-ca/S23", "letter a repeated"},
		{"pB3-/S23", "'-' needs the letters"},
		{"pB3/S29", "at most 8"},
		{"pB3x/S2", "no such neighbourhood"},
		{"pB0e/S2", "the letters for 0 are c"},
		{"B2/S7H", "at most 6 neighbours in the hexagonal"},
		{"B2/S5V", "at most 4 neighbours in the von Neumann"},
		{"B2a/S34H", "hexagonal rules take neighbour counts only"},
		{"B2o3-o4m/S12m3o4m5H", "o, m, p are not supported"}, // LifeWiki's hexagonal INT notation
		{"B2/S0-1V", "von Neumann rules take neighbour counts only"},
		{"pB2/S34H", "partial rules"},
		{"B2/S34HV", "one neighbourhood letter"},
		{"B2H/S34", "goes at the end"},
		{"B3/S23X", "'X' at the end names no neighbourhood"},
		{"B3/S4x", "4x is no Hensel class (the letters for 4 are aceijknqrtwyz)"},
		{"B3/S8Z", "counts 0 and 8 take no Hensel letters"},
		{"12/34/3H", "Generations"},
		{"B2x/S23", "no such neighbourhood"},
		{"B1a/S23", "the letters for 1 are ce"},
		{"B4acceijk/S", "letter c repeated"},
		{"B0c/S23", "counts 0 and 8"},
		{"B3/S238c", "counts 0 and 8"},
		{"Ba/S23", "without a neighbour count"},
		{"B3/S2a-e", "right after a digit"},
		{"MAPARYX", "86 base64 characters"},
		{"MAP" + strings.Repeat("A", 23), "86 base64 characters (the Moore neighbourhood), 22 (hexagonal) or 6 (von Neumann)"},
		{"MAP" + strings.Repeat("A", 21) + "*", "not a base64 character"},
		{"MAP" + strings.Repeat("A", 85) + "*", "not a base64 character"},
		{"MAP" + strings.Repeat("A", 87), "86 base64 characters"},
		{"LifeHistory", "want B/S notation"},
		{"B3/\u017f23", "unexpected 'ſ'"}, // long s: upper case is S
		{"B3/S23\u212a", "unexpected"},    // Kelvin sign: lower case is k
		{"B36/S23 .. B3/S23", "runs from the fewer to the more"},
		{"B3/S23 .. B2/S34H", "one neighbourhood, not the Moore and the hexagonal"},
		{"B3/S23 .. " + lifeMAP, "written alike"},
		{"pB3/S23 .. B3/S23", "not partial rules"},
		{"B3/S23 .. B36/S23 .. B/S", "the range's second rule"},
		{"B3/S23 ..", "the range's second rule: empty"},
		{"B9/S .. B3/S23", "the range's first rule: a cell has at most 8"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("Parse(%q): err = %v, want ErrInvalid", tt.in, err)
			continue
		}
		if !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("Parse(%q): %v, want it to say %q", tt.in, err, tt.msg)
		}
		if strings.Contains(err.Error(), "only outer-totalistic") {
			t.Errorf("Parse(%q): %v: Hensel letters are supported", tt.in, err)
		}
	}
}

// TestEmptyRuleIsNotLife: "B/S", under which every cell dies, used to be
// the zero Rule, which the Settings read as Life.
func TestEmptyRuleIsNotLife(t *testing.T) {
	for _, s := range []string{"B/S", "/", "b/s", "BS"} {
		r, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		if r.IsZero() || r == (Rule{}) {
			t.Errorf("Parse(%q) is the zero Rule", s)
		}
		if r.Equivalent(Life) || r.String() != "B/S" {
			t.Errorf("Parse(%q) = %v", s, r)
		}
		for n := range Neighbourhood(512) {
			if r.Transition(n) {
				t.Fatalf("%v: neighbourhood %d is alive next", r, n)
			}
		}
	}
	if (Rule{}).String() == "B/S" {
		t.Errorf("the zero Rule prints as B/S")
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
	// Every neighbourhood: the count decides.
	for n := range Neighbourhood(512) {
		k := bits.OnesCount(uint(n)) // the cell itself counted too
		alive := n&16 != 0
		want := k == 3 || alive && k == 4
		if Life.Transition(n) != want {
			t.Errorf("Life, neighbourhood %09b: %v", n, !want)
		}
	}
}

func TestRuleNextPanicsOffTotalistic(t *testing.T) {
	r, _ := Parse("B2n3/S23-q")
	defer func() {
		if recover() == nil {
			t.Error("Next on a Hensel rule did not panic")
		}
	}()
	r.Next(false, 2)
}

func TestRuleKinds(t *testing.T) {
	tests := []struct {
		rule                  string
		totalistic, isotropic bool
		birthOnZero           bool
	}{
		{"B3/S23", true, true, false},
		{"B0/S8", true, true, true},
		{"B2n3/S23-q", false, true, false},
		{lifeMAP, true, true, false},
		{"MAP" + strings.Repeat("A", 85) + "g", false, false, false}, // bit 510: only SE dead, centre alive survives
		{"MAPg" + strings.Repeat("A", 85), true, true, true},         // bit 0: B0 only
	}
	for _, tt := range tests {
		r, err := Parse(tt.rule)
		if err != nil {
			t.Fatal(err)
		}
		if r.Totalistic() != tt.totalistic || r.Isotropic() != tt.isotropic || r.BirthOnZero() != tt.birthOnZero {
			t.Errorf("%v: totalistic %v, isotropic %v, B0 %v", r, r.Totalistic(), r.Isotropic(), r.BirthOnZero())
		}
	}
}

// TestLifeMAP derives Life's MAP string from the definition: bit i of the
// stream (most significant bit of each base64 digit first) is the next
// state of the neighbourhood i, NW = 256 ... SE = 1, centre 16.
func TestLifeMAP(t *testing.T) {
	var stream []int
	for i := range 512 {
		alive := i&16 != 0
		k := bits.OnesCount(uint(i &^ 16))
		if k == 3 || alive && k == 2 {
			stream = append(stream, 1)
		} else {
			stream = append(stream, 0)
		}
	}
	want := mapOf(stream)
	if want != lifeMAP {
		t.Fatalf("Life's MAP string from the definition is %s, LifeWiki's %s", want, lifeMAP)
	}
	r, err := Parse(want)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Equivalent(Life) || r == Life || r.String() != want {
		t.Errorf("%s: %v, Equivalent to Life %v", want, r, r.Equivalent(Life))
	}
}

// TestMAPRoundTrip: random tables, written and read back, padded or not.
func TestMAPRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 50 {
		var tab table
		for i := range tab {
			tab[i] = rng.Uint64()
		}
		r := New(func(n Neighbourhood) bool { return tab.get(n) })
		s := r.String()
		if !strings.HasPrefix(s, "MAP") || len(s) != 89 {
			t.Fatalf("random table written as %q", s)
		}
		for _, in := range []string{s, s + "==", "map" + s[3:], " " + s + " "} {
			back, err := Parse(in)
			if err != nil || back != r {
				t.Fatalf("%q read back as %v, %v", in, back, err)
			}
		}
		// A one-bit change is another rule.
		i := rng.IntN(512)
		tab.set(Neighbourhood(i), !tab.get(Neighbourhood(i)))
		if New(func(n Neighbourhood) bool { return tab.get(n) }).Equivalent(r) {
			t.Fatalf("bit %d flipped: same rule", i)
		}
	}
}

func FuzzParseRule(f *testing.F) {
	for _, s := range []string{"B3/S23", "23/3", "B36/S23", "b2/s", "B3S23", "S23/B3", "B9/S1", "/",
		"B/S", "B2n3/S23-q", "B3/S2-i34q", "B2-a/S12", "23-q/2n3", "B4-rtwyz/S8", lifeMAP, lifeMAP + "==",
		"B3/S23:T20,20", "23/3/3", "pB3a-c/S23", "p", "pB2-a3ae-k/S", "B2/S34H", "MAPAAAA", "B3/\u017f23", "B3/S23\u212a",
		"b2/s013v", "34/2h", "B0123456/S0123456H", "/V", "B3/S4x", "B2a/S3H", hexMAP, vonNeumannMAP, hexMAP + "==", "MAPHmlph/",
		"B3/S23 .. B36/S23", "B2/S34H..B23/S34H", vonNeumannMAP + " .. " + vonNeumannMAP, "B36/S23 .. B3/S23"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("%q: error %v does not wrap ErrInvalid", s, err)
			}
			return
		}
		if r.IsZero() {
			t.Fatalf("%q read as the zero Rule", s)
		}
		back, err := Parse(r.String())
		if err != nil || back != r {
			t.Fatalf("%q -> %v -> %v, %v", s, r, back, err)
		}
		if r.form == bsRule && r.shape == Moore && !r.Isotropic() {
			t.Fatalf("%q: a B/S rule that is not isotropic", s)
		}
		if r.form == bsRule && r.shape != Moore && !r.Partial() && !r.Totalistic() {
			t.Fatalf("%q: a %v B/S rule that is not totalistic", s, r.shape)
		}
		if n, ok := readsOutside(r); ok {
			t.Fatalf("%q: a %v rule whose neighbourhood %09b reads a cell outside the shape", s, r.shape, n)
		}
	})
}

func BenchmarkParseRule(b *testing.B) {
	for _, s := range []string{"B3/S23", "B2n3/S23-q", lifeMAP} {
		b.Run(s[:min(len(s), 10)], func(b *testing.B) {
			for b.Loop() {
				if _, err := Parse(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
