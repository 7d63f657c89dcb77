package notebook

import (
	"slices"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// sameState reports whether two states search the same and know the same
// cells.
func sameState(a, b *exploreState) bool {
	fa, fb := a.form, b.form
	fa.editedGen, fb.editedGen = 0, 0
	fa.rule, fb.rule = rule.Rule{}, rule.Rule{}
	if fa != fb || a.form.rule.String() != b.form.rule.String() || len(a.cells) != len(b.cells) {
		return false
	}
	for g := range a.cells {
		if !slices.Equal(a.cells[g], b.cells[g]) {
			return false
		}
	}
	return true
}

// TestExplorerFile: a state saved and loaded back is the same state,
// the file is RLE whose body is generation 0's known live cells, and
// the doc comment's example is what save writes.
func TestExplorerFile(t *testing.T) {
	p := lifesat.Spaceship(4, 1, 1, 6, 6)
	p.Template = tmpl.New(6, 6, 1)
	for x := 1; x <= 3; x++ {
		p.Template.Set(0, x, 3, tmpl.Spec{Kind: tmpl.Alive})
	}
	glider := state(t, p)
	text := glider.save()
	want := `#N lifesat explorer: spaceship p4 (1,1) 6x6, B3/S23
#C lifesat-explorer 1
#C kind spaceship
#C period 4
#C shift 1 1
#C transform Id
#C symmetry C1
#C min-cells 0
#C max-cells 0
#C unknown auto
#C gen 0 ??????
#C gen 0 ??????
#C gen 0 ??????
#C gen 0 ?OOO??
#C gen 0 ??????
#C gen 0 ??????
x = 6, y = 6, rule = B3/S23
3$b3o!
`
	if text != want {
		t.Errorf("saved:\n%s\nwant (as explore_file.go's doc):\n%s", text, want)
	}

	// A busier state: an oscillator of period 2 with a transform, max
	// cells, a rule, known cells of both generations, dead ones too.
	busy := state(t, lifesat.StillLife(5, 4))
	v := busy.form.values()
	v.Kind, v.Period, v.Transform, v.MaxPop, v.Rule, v.Unknown, v.Symmetry = kindOsc, "2", "F-", "9", "B36/S23", unknownAlive, "C2"
	if err := busy.apply(v); err != nil {
		t.Fatal(err)
	}
	busy.click(0, 1, 1)
	busy.click(0, 4, 3)
	busy.click(0, 4, 3)
	busy.click(1, 2, 0)
	for name, s := range map[string]*exploreState{"glider": glider, "busy": busy} {
		text := s.save()
		other := state(t, lifesat.StillLife(3, 3))
		if err := other.load(text); err != nil {
			t.Fatalf("%s: loading what was saved: %v\n%s", name, err, text)
		}
		if !sameState(s, other) {
			t.Errorf("%s: saved and loaded, the state is %+v %v, want %+v %v\n%s", name, other.form, other.cells, s.form, s.cells, text)
		}
		// The body, for any RLE reader: generation 0's known live cells.
		f, err := rle.Read(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range s.cells[0] {
			if f.Board.Alive(i%s.form.w, i/s.form.w) != (c == cellAlive) {
				t.Errorf("%s: the body's cell %d is not generation 0's known live cell", name, i)
			}
		}
	}
}

// TestExplorerLoadPlainRLE: a plain RLE file sets the box, the rule and
// generation 0's known live cells, and keeps the other settings.
func TestExplorerLoadPlainRLE(t *testing.T) {
	s := state(t, lifesat.Spaceship(4, 1, 1, 6, 6))
	if err := s.load("#N Glider\nx = 3, y = 3, rule = B36/S23\nbo$2bo$3o!\n"); err != nil {
		t.Fatal(err)
	}
	if s.form.w != 3 || s.form.h != 3 || s.form.rule.String() != "B36/S23" || s.form.kind != kindShip || s.form.period != 4 {
		t.Errorf("form %+v", s.form)
	}
	alive, dead, unknown := s.counts(0)
	if alive != 5 || dead != 0 || unknown != 4 || s.cells[0][1] != cellAlive {
		t.Errorf("generation 0: %d alive, %d dead, %d unknown", alive, dead, unknown)
	}
}

// TestExplorerLoadErrors: a wrong file is refused with one line that
// says why, and the state is unchanged.
func TestExplorerLoadErrors(t *testing.T) {
	head := "#C lifesat-explorer 1\n"
	for name, text := range map[string]string{
		"not RLE":        "hello",
		"too wide":       "x = 65, y = 1\n65o!\n",
		"partial rule":   "x = 1, y = 1, rule = pB3/S23\no!\n",
		"setting":        head + "#C colour blue\nx = 2, y = 2\n!\n",
		"kind":           head + "#C kind puffer\nx = 2, y = 2\n!\n",
		"period":         head + "#C period 0\nx = 2, y = 2\n!\n",
		"shift":          head + "#C shift 1\nx = 2, y = 2\n!\n",
		"transform":      head + "#C transform R45\nx = 2, y = 2\n!\n",
		"unknown":        head + "#C unknown maybe\nx = 2, y = 2\n!\n",
		"rows":           head + "#C gen 0 ??\nx = 2, y = 2\n!\n",
		"row width":      head + "#C gen 0 ??\n#C gen 0 ???\nx = 2, y = 2\n!\n",
		"cell":           head + "#C gen 0 ?x\n#C gen 0 ??\nx = 2, y = 2\n!\n",
		"generation":     head + "#C kind still life\n#C gen 1 ??\n#C gen 1 ??\nx = 2, y = 2\n!\n",
		"big generation": head + "#C gen 99 ??\nx = 2, y = 2\n!\n",
		"too long":       strings.Repeat("#C x\n", maxFileBytes/4),
	} {
		s := state(t, lifesat.Oscillator(3, 4, 4))
		s.click(1, 1, 1)
		before := s.save()
		err := s.load(text)
		if err == nil {
			t.Errorf("%s: loaded", name)
			continue
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: a multi-line error: %v", name, err)
		}
		if s.save() != before {
			t.Errorf("%s: a refused file changed the state", name)
		}
	}
}

// FuzzExplorerLoad: no text panics the loader, and whatever it loads
// saves and loads back to the same state.
func FuzzExplorerLoad(f *testing.F) {
	g := lifesat.Spaceship(4, 1, 1, 6, 6)
	g.Template = tmpl.New(6, 6, 1)
	g.Template.Set(0, 2, 2, tmpl.Spec{Kind: tmpl.Alive})
	s, err := newExploreState(g, rule.Life)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(s.save())
	f.Add("x = 3, y = 3\nbo$2bo$3o!\n")
	f.Add("#C lifesat-explorer 1\n#C kind reaction\n#C period 2\n#C gen 1 .O\n#C gen 1 O?\nx = 2, y = 2\n!\n")
	f.Fuzz(func(t *testing.T, text string) {
		s, err := newExploreState(lifesat.StillLife(4, 4), rule.Life)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.load(text); err != nil {
			return
		}
		again, err := newExploreState(lifesat.StillLife(2, 2), rule.Life)
		if err != nil {
			t.Fatal(err)
		}
		if err := again.load(s.save()); err != nil {
			t.Fatalf("loading what was saved: %v\n%s", err, s.save())
		}
		if !sameState(s, again) {
			t.Fatalf("saved and loaded: %+v, want %+v", again.form, s.form)
		}
	})
}
