package job_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image"
	"reflect"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// searches are problems and settings with every field a spec writes.
func searches(t *testing.T) []struct {
	p lifesat.Problem
	s *lifesat.Settings
} {
	cage := lifetest.Board("OOO.\n.OO.\n....\nOOOO")
	tpl, err := tmpl.Read(strings.NewReader("? ? ?\n? O ?\n? ? ?\n"))
	if err != nil {
		t.Fatal(err)
	}
	open := tmpl.New(3, 3, 2)
	open.Open = true
	open.Set(1, 1, 1, tmpl.Spec{Kind: tmpl.Named, Name: "a", Not: true, Free: true})
	glider := lifesat.Spaceship(4, 1, 1, 5, 5)
	glider.MinPop, glider.MaxPop = 5, 9
	sym := lifesat.Oscillator(3, 8, 8)
	sym.Symmetry = life.D4Plus
	sym.Blink = []image.Point{{2, 3}}
	caged := lifesat.StillLife(4, 4)
	caged.Cage = cage
	lwss := lifesat.Spaceship(2, 1, 0, 7, 5)
	lwss.Transform = life.FlipTB
	lwss.Asymmetric = []lifesat.Motion{{Transform: life.R180}, {Gens: 1, Transform: life.FlipLR, Shift: image.Pt(1, -1)}}
	lwss.Change = [][2]int{{0, 1}}
	lwss.PopBounds = []lifesat.PopBound{{Gens: []int{0, 1}, Min: 9, Max: lifesat.AtMost(30)}, {Min: 2}}
	lwss.MaxChange, lwss.MaxGrowth = lifesat.AtMost(12), lifesat.AtMost(0)
	zebra := lifesat.Oscillator(2, 6, 6)
	zebra.Background = &life.Background{Tile: []*life.Board{lifetest.Board("O\n.\n"), lifetest.Board("O\n.\n")}, Offset: image.Pt(0, 1), Phase: 1}
	caged.Known = []lifesat.KnownCell{{X: 1, Y: 2, Alive: true}, {X: 3, Y: 0}}
	return []struct {
		p lifesat.Problem
		s *lifesat.Settings
	}{
		{lifesat.StillLife(6, 6), nil},
		{glider, &lifesat.Settings{Seed: 7, Solutions: 3, Encoding: lifesat.Knuth, Rule: rule.MustParse("B36/S23")}},
		{sym, &lifesat.Settings{Diversify: lifesat.FlipCells, AnyPeriod: true, AllowEmpty: true, MaxMemory: 1 << 30, Solver: logic.Gini{}}},
		{caged, &lifesat.Settings{Rule: rule.MustParse("pB3/S23"), Solver: logic.Gophersat{}}},
		{lifesat.Reaction(tpl), &lifesat.Settings{Diversify: lifesat.NoFlip}},
		{lifesat.Reaction(open), nil},
		{lwss, nil},
		{zebra, &lifesat.Settings{Rule: rule.MustParse("B3/S23")}},
	}
}

// TestSpecRoundTrip: a spec, through JSON, reads back as the problem and
// settings it was made of.
func TestSpecRoundTrip(t *testing.T) {
	for i, tt := range searches(t) {
		sp, err := job.New(tt.p, tt.s)
		if err != nil {
			t.Fatalf("%d: New: %v", i, err)
		}
		var buf bytes.Buffer
		if err := json.NewEncoder(&buf).Encode(sp); err != nil {
			t.Fatal(err)
		}
		back, err := job.Decode(&buf)
		if err != nil {
			t.Fatalf("%d: Decode: %v", i, err)
		}
		p, s, err := back.Search()
		if err != nil {
			t.Fatalf("%d: Search: %v", i, err)
		}
		want := lifesat.Settings{}
		if tt.s != nil {
			want = *tt.s
		}
		if want.Solver == (logic.Gophersat{}) {
			want.Solver = logic.Gophersat{}
		}
		if !reflect.DeepEqual(p, tt.p) {
			t.Errorf("%d: problem\n%+v\nback as\n%+v", i, tt.p, p)
		}
		if !reflect.DeepEqual(*s, want) {
			t.Errorf("%d: settings\n%+v\nback as\n%+v", i, want, *s)
		}
	}
}

// TestSpecRefusals: what a spec cannot say, and specs that say nothing
// sensible, are errors that wrap ErrSpec (or, for an impossible problem,
// lifesat.ErrProblem).
func TestSpecRefusals(t *testing.T) {
	if _, err := job.New(lifesat.StillLife(3, 3), &lifesat.Settings{Solver: logic.External{Path: "cadical", Args: []string{"-q"}}}); !errors.Is(err, job.ErrSpec) {
		t.Errorf("an External with arguments: %v", err)
	}
	// Values that are none of their type's have no text: New refuses to
	// write them, Search to read them.
	unnamed := lifesat.StillLife(3, 3)
	unnamed.Symmetry = "D7"
	unnamedT := lifesat.Oscillator(2, 3, 3)
	unnamedT.Transform = life.Transform(9)
	unnamedM := lifesat.Oscillator(2, 3, 3)
	unnamedM.Asymmetric = []lifesat.Motion{{Transform: life.Transform(9)}}
	for i, tt := range []struct {
		p lifesat.Problem
		s *lifesat.Settings
	}{
		{unnamed, nil}, {unnamedT, nil}, {unnamedM, nil},
		{lifesat.StillLife(3, 3), &lifesat.Settings{Diversify: lifesat.Diversify(7)}},
		{lifesat.StillLife(3, 3), &lifesat.Settings{Encoding: "fast"}},
	} {
		if sp, err := job.New(tt.p, tt.s); !errors.Is(err, job.ErrSpec) {
			t.Errorf("unnamed value %d: New gives %+v, %v", i, sp, err)
		}
	}
	for _, in := range []string{
		`{"status":"found","patterns":[[["O."]]],"ranges":[""]}`,
		`{"status":"found","patterns":[[["O."]]],"ranges":["pB9/S"]}`,
		`{"status":"found","patterns":[[["O."]]],"ranges":["B3/S23","B3/S23"]}`,
	} {
		var r job.Result
		err := json.Unmarshal([]byte(in), &r)
		if err == nil {
			_, err = r.Lifesat()
		}
		if err == nil {
			t.Errorf("%s read as a result", in)
		}
	}
	for i, sp := range []job.Spec{
		{Width: 3, Height: 3, Symmetry: "D7"},
		{Width: 3, Height: 3, Period: 2, Transform: 9},
		{Width: 3, Height: 3, Period: 2, Asymmetric: []job.Motion{{Transform: 9}}},
		{Width: 3, Height: 3, Diversify: 7},
		{Width: 3, Height: 3, Encoding: "fast"},
	} {
		if _, _, err := sp.Search(); !errors.Is(err, job.ErrSpec) {
			t.Errorf("unnamed value %d: Search: %v", i, err)
		}
	}
	for _, in := range []string{
		``, `{`, `[]`, `{"width":3,"height":3,"colour":1}`,
		`{"width":3,"height":3,"rule":"B9/S"}`,
		`{"width":3,"height":3,"symmetry":"D7"}`,
		`{"width":3,"height":3,"encoding":"fast"}`,
		`{"width":3,"height":3,"diversify":"some"}`,
		`{"width":3,"height":3,"solver":"/no/such/solver"}`,
		`{"width":3,"height":3,"cage":["...","..",".O."]}`,
		`{"width":3,"height":3,"cage":["..x","...","..."]}`,
		`{"width":3,"height":3,"template":"a b\nc"}`,
		`{"width":0,"height":3}`,
		`{"width":3,"height":3,"known":[[0,1,1,2]]}`,
		`{"width":3,"height":3,"known":[[1,1,1,1]]}`,
		`{"width":3,"height":3,"known":[[0,3,1,1]]}`,
		`{"width":3,"height":3,"period":2,"transform":"R45"}`,
		`{"width":3,"height":3,"period":2,"transform":""}`,
		`{"width":3,"height":3,"period":2,"asymmetric":[{"transform":"F"}]}`,
		`{"width":3,"height":3,"symmetry":3}`,
	} {
		sp, err := job.Decode(strings.NewReader(in))
		if err == nil {
			_, _, err = sp.Search()
		}
		if !errors.Is(err, job.ErrSpec) && !errors.Is(err, lifesat.ErrProblem) {
			t.Errorf("%q: %v, want an ErrSpec or ErrProblem", in, err)
		}
	}
}

// TestRunAgreesWithSearch: a spec's run finds what Search finds, and its
// result reads back as the same patterns; a proof that none exists is
// None.
func TestRunAgreesWithSearch(t *testing.T) {
	ctx := context.Background()
	p, s := lifesat.Oscillator(2, 6, 6), &lifesat.Settings{Seed: 4, Solutions: 3}
	want, err := lifesat.Search(ctx, p, s)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := job.New(p, s)
	if err != nil {
		t.Fatal(err)
	}
	got := job.Run(ctx, sp, nil)
	if got.Status != job.Found || len(got.Patterns) != 3 {
		t.Fatalf("Run: %+v", got)
	}
	res, err := got.Lifesat()
	if err != nil {
		t.Fatal(err)
	}
	for i, pat := range res.Patterns {
		if err := p.Check(pat, s); err != nil {
			t.Errorf("pattern %d: %v", i, err)
		}
		for g, b := range pat.Phases {
			if !b.Equal(want.Patterns[i].Phases[g]) {
				t.Errorf("pattern %d generation %d:\n%v want\n%v", i, g, b, want.Patterns[i].Phases[g])
			}
		}
	}
	sp.Width, sp.Height, sp.Shift = 3, 3, [2]int{1, 0} // no ship fits in 3x3
	if r := job.Run(ctx, sp, nil); r.Status != job.None {
		t.Errorf("a ship in 3x3: %+v, want none", r)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if r := job.Run(cancelled, sp, nil); r.Status != job.Stopped {
		t.Errorf("a cancelled run: %+v, want stopped", r)
	}
}

// FuzzDecode: no input makes Decode, Search or Lifesat panic.
func FuzzDecode(f *testing.F) {
	f.Add(`{"width":5,"height":5,"period":2,"seed":3}`)
	f.Add(`{"width":3,"height":3,"template":"* 1 *\n","open":true,"cage":["OOO","...","..."]}`)
	f.Add(`{"status":"found","patterns":[[["O."]]],"ranges":["pB3/S23"]}`)
	f.Add(`{"status":"found","patterns":[[["O."]]],"ranges":[""]}`)
	f.Add(`{"width":4,"height":4,"period":2,"transform":"F/","symmetry":"d2/","rule":"B2/S34H .. B23/S34H","diversify":"cells","encoding":"Knuth"}`)
	f.Fuzz(func(t *testing.T, in string) {
		if sp, err := job.Decode(strings.NewReader(in)); err == nil {
			sp.Search()
		}
		var r job.Result
		if json.Unmarshal([]byte(in), &r) == nil {
			r.Lifesat()
		}
	})
}

// TestSpecCoversEveryProblemField: every field of lifesat.Problem is
// written by New and read by Search (the round trip above sets each), so
// that a race member or a task never searches a problem with a field
// silently dropped. A new field must be added here and to Spec.
func TestSpecCoversEveryProblemField(t *testing.T) {
	covered := map[string]bool{
		"Width": true, "Height": true, "Period": true, "Shift": true, "Transform": true,
		"Symmetry": true, "MinPop": true, "MaxPop": true, "Cage": true, "Blink": true,
		"Template": true, "Background": true, "Asymmetric": true, "Change": true,
		"PopBounds": true, "MaxChange": true, "MaxDecay": true, "MaxGrowth": true, "Known": true,
	}
	typ := reflect.TypeOf(lifesat.Problem{})
	for i := range typ.NumField() {
		if f := typ.Field(i); f.IsExported() && !covered[f.Name] {
			t.Errorf("lifesat.Problem.%s is not written in a job spec", f.Name)
		}
	}
}
