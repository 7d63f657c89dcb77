package lifesat_test

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// glider is the glider heading down and right (LifeWiki "Glider").
func glider() *life.Board {
	b := life.NewBoard(3, 3)
	for _, c := range [][2]int{{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}} {
		b.Set(c[0], c[1], true)
	}
	return b
}

// eaterTemplate is the eater search: in a closed n x n box, generation 0
// is a glider in the top-left corner heading for the rest of the box plus
// an unknown still life e (variables e_x_y) kept one cell clear of the
// glider's 4x4 corner; generations recover and recover+1 are e alone. A
// closed box forbids births outside it, so the glider must be absorbed,
// and e, equal to its own successor, is a still life.
func eaterTemplate(n, recover int) *tmpl.Template {
	t := tmpl.New(n, n, recover+2)
	g := glider()
	for y := range n {
		for x := range n {
			corner := x < 4 && y < 4
			for _, gen := range []int{0, recover, recover + 1} {
				s := tmpl.Spec{Kind: tmpl.Named, Name: fmt.Sprintf("e_%d_%d", x, y)}
				switch {
				case corner && gen == 0 && g.Alive(x, y):
					s = tmpl.Spec{Kind: tmpl.Alive}
				case corner:
					s = tmpl.Spec{Kind: tmpl.Dead}
				}
				t.Set(gen, x, y, s)
			}
		}
	}
	return t
}

// evolvesBack re-checks, by simulation in an open plane and independently
// of Problem.Check, that generation 0 of an eater answer, run for recover
// generations, is the eater alone (generation 0 without the glider's
// corner), and that the eater is a still life.
func evolvesBack(t *testing.T, b *life.Board, recover int) {
	t.Helper()
	eater := b.Clone()
	for y := range 4 {
		for x := range 4 {
			eater.Set(x, y, false)
		}
	}
	pad := recover + 2
	end := life.Run(b.Pad(pad), rule.Life, life.Dead, recover)[recover]
	if !end.Equal(eater.Pad(pad)) {
		t.Errorf("glider + eater after %d generations is not the eater:\n%s\nbecame\n%s", recover, b, end)
	}
	if !life.Step(eater.Pad(1), rule.Life, life.Dead).Equal(eater.Pad(1)) || eater.Population() == 0 {
		t.Errorf("the eater is not a still life:\n%s", eater)
	}
}

// TestEater finds an eater from scratch in an 8x8 box. With at most 7
// cells of eater (12 in all) the answer is eater 1, the fishhook
// (without the bound, the fishhook and a block: the doc of package tmpl)
func TestEater(t *testing.T) {
	// The fishhook (LifeWiki "Eater 1": 7 cells, eats a glider and is
	// back 4 generations later).
	const n, recover = 8, 4
	p := lifesat.Reaction(eaterTemplate(n, recover))
	p.MinPop, p.MaxPop = 6, 12
	res, err := lifesat.Search(context.Background(), p, nil)
	if err != nil || res.Status != logic.Sat {
		t.Fatalf("no eater: %v %v", res, err)
	}
	b := res.Patterns[0].Board()
	t.Logf("eater in %v:\n%s", res.Stats.Solve, b)
	evolvesBack(t, b, recover)
	eater := b.Crop(image.Rect(0, 4, 8, 8)).Clone()
	eater = eater.Crop(eater.BoundingBox())
	fishhook := pic("OO..", "O.O.", "..O.", "..OO")
	found := false
	for _, f := range []*life.Board{fishhook, fishhook.FlipX(), fishhook.FlipY(), fishhook.Rotate180(),
		fishhook.Transpose(), fishhook.Transpose().FlipX(), fishhook.Transpose().FlipY(), fishhook.Transpose().Rotate180()} {
		found = found || eater.Equal(f)
	}
	if !found || b.Population() != 12 {
		t.Errorf("the eater is not the fishhook:\n%s", b)
	}
}

// pic is a board from rows of '.' and 'O'.
func pic(rows ...string) *life.Board {
	b := life.NewBoard(len(rows[0]), len(rows))
	for y, r := range rows {
		for x, c := range r {
			b.Set(x, y, c == 'O')
		}
	}
	return b
}

// place is b drawn at (dx, dy) on an empty w x h board.
func place(b *life.Board, w, h, dx, dy int) *life.Board {
	out := life.NewBoard(w, h)
	for y := range b.Height() {
		for x := range b.Width() {
			out.Set(x+dx, y+dy, b.Alive(x, y))
		}
	}
	return out
}

// TestCompleteShips completes the c/2 orthogonal spaceships from their
// front columns. The ships, moving left, as LifeWiki draws them
// ("Lightweight spaceship", "Middleweight spaceship", "Heavyweight
// spaceship"): period 4, 2 cells to the left per period. The front
// columns given are all but the last two of each ship (the first three
// columns of the three ships are the same, and the first four of the
// middle and heavy ones: given fewer, the search rightly finds the
// lighter ship); the answer must be the whole ship, re-simulated, and the
// only completion.
func TestCompleteShips(t *testing.T) {
	for _, tc := range []struct {
		name string
		ship *life.Board
	}{
		{"LWSS", pic(".O..O", "O....", "O...O", "OOOO.")},
		{"MWSS", pic("...O..", ".O...O", "O.....", "O....O", "OOOOO.")},
		{"HWSS", pic("...OO..", ".O....O", "O......", "O.....O", "OOOOOO.")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The ship's phases reach one column further forward than
			// generation 0 (two empty columns in front of it) and two rows
			// further down (MWSS and HWSS, re-simulated).
			w, h := tc.ship.Width()+2, tc.ship.Height()+3
			want := place(tc.ship, w, h, 2, 1)
			tpl := tmpl.New(w, h, 1)
			// The front: columns 0 and 1 empty, then the ship's columns
			// but its last two.
			tpl.Fix(0, want.Crop(image.Rect(0, 0, w-2, h)))
			p := lifesat.Spaceship(4, -2, 0, w, h)
			p.Template = tpl
			res, err := lifesat.Search(context.Background(), p, &lifesat.Settings{Solutions: 2})
			if err != nil || res.Status != logic.Sat {
				t.Fatalf("no completion: %v %v", res, err)
			}
			for _, pat := range res.Patterns {
				b := pat.Board()
				if !moves(b, rule.Life, 4, -2, 0) {
					t.Errorf("not a c/2 ship:\n%s", b)
				}
				if bb := b.BoundingBox(); !b.Crop(bb).Equal(tc.ship) {
					t.Errorf("completed to\n%swant\n%s", b, want)
				}
			}
			if len(res.Patterns) != 1 || !res.Exhausted {
				t.Errorf("%d completions, want exactly one", len(res.Patterns))
			}
		})
	}
}

// stillIn reports whether b is a still life in the empty plane.
func stillIn(b *life.Board) bool {
	return life.Step(b.Pad(1), rule.Life, life.Dead).Equal(b.Pad(1))
}

// TestStillLifeWithPiece asks for still lifes of a 7x7 box that contain
// a given piece, the 3x3 corner of a ship (which is no still life) at
// the centre, under every encoding and with a symmetry.
func TestStillLifeWithPiece(t *testing.T) {
	piece := pic("OO.", "O.O", ".O.")
	for _, e := range lifesat.Encodings() {
		for _, sym := range []life.Symmetry{"", life.D2Diag} {
			tpl := tmpl.New(7, 7, 1)
			tpl.Fix(0, place(piece, 5, 5, 2, 2)) // the piece, a dead ring around it
			for y := range 7 {                   // rows 0..1 and columns 0..1 stay unknown
				for x := range 7 {
					if x >= 5 || y >= 5 {
						tpl.Set(0, x, y, tmpl.Spec{})
					}
				}
			}
			p := lifesat.StillLife(7, 7)
			p.Template, p.Symmetry = tpl, sym
			res, err := lifesat.Search(context.Background(), p, &lifesat.Settings{Encoding: e, Solutions: 3})
			if err != nil || res.Status != logic.Sat {
				t.Fatalf("%s %q: %v %v", e, sym, res, err)
			}
			for _, pat := range res.Patterns {
				b := pat.Board()
				if !stillIn(b) || !b.Crop(image.Rect(2, 2, 5, 5)).Equal(piece) {
					t.Errorf("%s %q: not a still life with the piece:\n%s", e, sym, b)
				}
			}
		}
	}
}

// TestForwardAndBack: generation 0 fixed and generation 1 searched must
// give Step's answer and nothing else; generation 1 fixed and
// generation 0 searched must give predecessors, re-simulated.
func TestForwardAndBack(t *testing.T) {
	ctx := context.Background()
	r := pic("....", ".OO.", "OO..", ".O..") // the R-pentomino
	const w, h = 8, 8
	start := place(r, w, h, 2, 2)
	fwd := tmpl.New(w, h, 2)
	fwd.Fix(0, start)
	res, err := lifesat.Search(ctx, lifesat.Reaction(fwd), &lifesat.Settings{Solutions: 2})
	if err != nil || res.Status != logic.Sat || len(res.Patterns) != 1 {
		t.Fatalf("forward: %v %v", res, err)
	}
	if got, want := res.Patterns[0].Phases[1], life.Step(start, rule.Life, life.Dead); !got.Equal(want) {
		t.Errorf("forward: got\n%swant\n%s", got, want)
	}

	back := tmpl.New(w, h, 2)
	target := life.Step(start, rule.Life, life.Dead)
	back.Fix(1, target)
	res, err = lifesat.Search(ctx, lifesat.Reaction(back), &lifesat.Settings{Solutions: 3})
	if err != nil || res.Status != logic.Sat {
		t.Fatalf("back: %v %v", res, err)
	}
	for _, pat := range res.Patterns {
		if got := life.Step(pat.Phases[0].Pad(1), rule.Life, life.Dead); !got.Equal(target.Pad(1)) {
			t.Errorf("back: predecessor\n%sgives\n%s", pat.Phases[0], got)
		}
	}
}

// bruteTemplateCount counts, by trying every tuple of boards, the answers to a
// template problem on a tiny box under Life, written from the template's
// documented meaning and not from the encoder: gens boards (the
// template's generations without a period, per with one, shift 0), each
// stepping to the next (and the last to the first with a period) on every
// cell of the box, and of the ring around it unless the template is open,
// but the free cells; template generation g speaks of board g mod per.
func bruteTemplateCount(tpl *tmpl.Template, per int) int {
	w, h := tpl.Width, tpl.Height
	n := len(tpl.Gens)
	cyclic := per > 0
	if cyclic {
		n = per
	}
	cells := w * h
	alive := func(tuple uint64, t, x, y int) bool {
		if x < 0 || y < 0 || x >= w || y >= h {
			return false
		}
		return tuple>>(t*cells+y*w+x)&1 == 1
	}
	ring := 1
	if tpl.Open {
		ring = 0
	}
	count := 0
	for tuple := uint64(0); tuple < 1<<(n*cells); tuple++ {
		ok := true
		names := map[string]bool{}
		for g := range tpl.Gens {
			for y := range h {
				for x := range w {
					s := tpl.At(g, x, y)
					v := alive(tuple, g%n, x, y)
					switch s.Kind {
					case tmpl.Alive:
						ok = ok && v
					case tmpl.Dead:
						ok = ok && !v
					case tmpl.Named:
						v = v != s.Not
						if old, seen := names[s.Name]; seen && old != v {
							ok = false
						}
						names[s.Name] = v
					}
				}
			}
		}
		steps := n - 1
		if cyclic {
			steps = n
		}
		for s := 0; s < steps && ok; s++ {
			next := (s + 1) % n
			for y := -ring; y < h+ring && ok; y++ {
				for x := -ring; x < w+ring && ok; x++ {
					// The template generations that are the step's
					// target: the rule is free where each of them frees
					// it (logic-life-search states it into each).
					var targets []int
					for g := 1; g < len(tpl.Gens); g++ {
						if g == s+1 || cyclic && g%n == next {
							targets = append(targets, g)
						}
					}
					free := len(targets) > 0
					for _, g := range targets {
						free = free && tpl.At(g, x, y).Free
					}
					if free {
						continue
					}
					nb := 0
					for dy := -1; dy <= 1; dy++ {
						for dx := -1; dx <= 1; dx++ {
							if (dx != 0 || dy != 0) && alive(tuple, s, x+dx, y+dy) {
								nb++
							}
						}
					}
					a := alive(tuple, s, x, y)
					want := nb == 3 || a && nb == 2
					ok = alive(tuple, next, x, y) == want
				}
			}
		}
		if ok {
			count++
		}
	}
	return count
}

// TestTemplateBruteForce compares Count with bruteCount on random
// templates of tiny boxes: fixed, unknown and named cells, negations,
// free cells, open and closed edges, reactions and cycles.
func TestTemplateBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	kinds := []tmpl.SpecKind{tmpl.Unknown, tmpl.Unknown, tmpl.Unknown, tmpl.Dead, tmpl.Alive, tmpl.Named}
	for i := range 40 {
		w, h := 3, 2
		gens := 1 + rng.IntN(3)
		per := 0
		if i%3 == 2 {
			per = 1 + rng.IntN(2)
			if per == 2 && gens == 3 {
				gens = 2
			}
		}
		tpl := tmpl.New(w, h, gens)
		tpl.Open = rng.IntN(2) == 0
		for g := range gens {
			for y := range h {
				for x := range w {
					s := tmpl.Spec{Kind: kinds[rng.IntN(len(kinds))], Free: g > 0 && rng.IntN(6) == 0}
					if s.Kind == tmpl.Named {
						s.Name, s.Not = string(rune('a'+rng.IntN(2))), rng.IntN(2) == 0
					}
					tpl.Set(g, x, y, s)
				}
			}
		}
		p := lifesat.Reaction(tpl)
		p.Period = per
		want := bruteTemplateCount(tpl, per)
		for _, e := range lifesat.Encodings() {
			got, err := lifesat.Count(context.Background(), p, &lifesat.Settings{Encoding: e, AnyPeriod: true})
			if err != nil {
				if errors.Is(err, lifesat.ErrProblem) && want == 0 {
					continue // a contradiction found before the solver
				}
				t.Fatalf("case %d: %v\n%s", i, err, tpl)
			}
			if got.Int64() != int64(want) {
				t.Errorf("case %d %s (period %d, open %v): %d answers, brute force %d\n%s", i, e, per, tpl.Open, got, want, tpl)
			}
		}
	}
}

// TestTemplateContradictions: templates that contradict themselves are
// bad problems, found before any solver runs.
func TestTemplateContradictions(t *testing.T) {
	alive, dead := tmpl.Spec{Kind: tmpl.Alive}, tmpl.Spec{Kind: tmpl.Dead}
	a, notA := tmpl.Spec{Kind: tmpl.Named, Name: "a"}, tmpl.Spec{Kind: tmpl.Named, Name: "a", Not: true}
	for _, tc := range []struct {
		name string
		make func() lifesat.Problem
	}{
		{"wrap-around", func() lifesat.Problem { // generation 2 is generation 0 again
			tpl := tmpl.New(3, 3, 3)
			tpl.Set(0, 1, 1, alive)
			tpl.Set(2, 1, 1, dead)
			p := lifesat.Reaction(tpl)
			p.Period = 2
			return p
		}},
		{"variable and its negation", func() lifesat.Problem {
			tpl := tmpl.New(3, 3, 2)
			tpl.Set(0, 0, 0, a)
			tpl.Set(1, 2, 2, notA)
			tpl.Set(1, 0, 0, a)
			tpl.Set(0, 2, 2, a)
			p := lifesat.Reaction(tpl)
			p.Period = 1 // both generations are one
			return p
		}},
		{"symmetry", func() lifesat.Problem {
			tpl := tmpl.New(4, 4, 1)
			tpl.Set(0, 0, 1, alive)
			tpl.Set(0, 1, 0, dead)
			p := lifesat.Reaction(tpl)
			p.Symmetry = life.D2Diag
			return p
		}},
		{"moved out of the box", func() lifesat.Problem {
			tpl := tmpl.New(4, 4, 3)
			tpl.Set(2, 0, 0, alive) // generation 0 at (-1, 0)
			p := lifesat.Spaceship(2, 1, 0, 4, 4)
			p.Template = tpl
			return p
		}},
		{"size", func() lifesat.Problem {
			p := lifesat.StillLife(5, 5)
			p.Template = tmpl.New(4, 5, 1)
			return p
		}},
	} {
		p := tc.make()
		if err := p.Validate(); !errors.Is(err, lifesat.ErrProblem) {
			t.Errorf("%s: Validate gives %v, want ErrProblem", tc.name, err)
		}
		if _, err := lifesat.Search(context.Background(), p, nil); !errors.Is(err, lifesat.ErrProblem) {
			t.Errorf("%s: Search gives %v, want ErrProblem", tc.name, err)
		}
	}
}

// TestTemplateMaximizeAndCNF: a template combines with Maximize, and the
// CNF names every cell of every generation of a reaction.
func TestTemplateMaximizeAndCNF(t *testing.T) {
	tpl := tmpl.New(4, 4, 1)
	tpl.Set(0, 0, 0, tmpl.Spec{Kind: tmpl.Dead})
	p := lifesat.StillLife(4, 4)
	p.Template = tpl
	res, err := lifesat.Maximize(context.Background(), p, nil)
	if err != nil || !res.Optimal {
		t.Fatalf("%v %v", res, err)
	}
	// OEIS A055397 gives 8 cells for the best still life of a 4x4 box,
	// and the pond (LifeWiki "Pond"), 8 cells, has dead corners: a dead
	// corner costs nothing.
	if b := res.Pattern.Board(); res.Population != 8 || b.Alive(0, 0) || !stillIn(b) {
		t.Errorf("best still life without the corner: %d cells\n%s", res.Population, b)
	}

	in, err := lifesat.Encode(lifesat.Reaction(eaterTemplate(6, 3)), nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	if err := in.CNF.WriteDIMACS(&buf); err != nil {
		t.Fatal(err)
	}
	n := len(regexp.MustCompile(`(?m)^c cell \d+ \d+ \d+ -?\d+$`).FindAllString(buf.String(), -1))
	if want := 5 * 6 * 6; n != want {
		t.Errorf("%d cell comments, want %d", n, want)
	}
}

// BenchmarkEater times the eater search from scratch (8x8, back in 4
// generations, at least one cell of eater) with the default settings:
// "go test ./lifesat -run XXX -bench Eater".
func BenchmarkEater(b *testing.B) {
	p := lifesat.Reaction(eaterTemplate(8, 4))
	p.MinPop = 6
	for b.Loop() {
		res, err := lifesat.Search(context.Background(), p, nil)
		if err != nil || res.Status != logic.Sat {
			b.Fatal(res, err)
		}
	}
}
