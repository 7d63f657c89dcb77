package life

import (
	"context"
	"errors"
	"image"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/rule"
)

// zebra is LLS's "zebra" background as a fact of Life: rows alternately
// alive and dead. A live cell has its two row neighbours, a dead cell the
// six cells of the rows above and below: still under B3/S23.
func zebra() *Background { return &Background{Tile: []*Board{board("O", ".")}} }

// chickenwire is the still agar LifeWiki calls "Chicken wire": runs of
// two live cells, each row the one above moved by two. Every live cell
// has three live neighbours and every dead cell five.
func chickenwire() *Background { return &Background{Tile: []*Board{board("OO..", "..OO")}} }

func TestVacuum(t *testing.T) {
	for _, tc := range []struct {
		rule string
		want string // "" no background, "strobe", or part of the error
	}{
		{"B3/S23", ""},
		{"B0/S", "strobe"},
		{"B0236/S1257", "strobe"},
		{"B0/S8", "fills"},
		{"B0123478/S34678", "fills"},
		{"pB3/S23", ""},
	} {
		r := rule.MustParse(tc.rule)
		bg, err := Vacuum(r)
		switch {
		case tc.want == "" && (err != nil || bg != nil):
			t.Errorf("%s: %v, %v; want the dead plane (nil)", tc.rule, bg, err)
		case tc.want == "strobe" && (err != nil || bg.Period() != 2 || bg.Alive(0, 5, -3) || !bg.Alive(1, 5, -3) || bg.Alive(4, 0, 0)):
			t.Errorf("%s: %v, %v; want the strobe", tc.rule, bg, err)
		case tc.want == "fills" && (err == nil || !errors.Is(err, ErrBackground) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v; want an error that says it fills", tc.rule, err)
		}
		if err == nil {
			if err := bg.Check(r); err != nil {
				t.Errorf("%s: the vacuum does not follow its rule: %v", tc.rule, err)
			}
		}
	}
	// A partial rule that leaves B0 open has no known empty plane.
	p := rule.MustParse("p").Unfix(0)
	if _, err := Vacuum(p); err == nil {
		t.Error("a partial rule with B0 free has a vacuum")
	}
}

func TestBackgroundCheck(t *testing.T) {
	for _, bg := range []*Background{nil, zebra(), chickenwire(), Uniform(false)} {
		if err := bg.Check(rule.Life); err != nil {
			t.Errorf("%v: %v", bg, err)
		}
	}
	if err := Uniform(true).Check(rule.Life); err == nil {
		t.Error("the full plane is not still under Life (every cell has 8 neighbours)")
	}
	if err := Uniform(true).Check(rule.MustParse("B0/S8")); err != nil {
		t.Errorf("the full plane is still under B0/S8: %v", err)
	}
	if err := (*Background)(nil).Check(rule.MustParse("B0/S")); err == nil {
		t.Error("the dead plane follows a B0 rule")
	}
	// Zebra stripes on their side are not still: a dead column sees six.
	stripes := &Background{Tile: []*Board{board("O.")}}
	if err := stripes.Check(rule.MustParse("B3/S2")); err != nil {
		t.Errorf("columns under B3/S2: %v", err)
	}
	bad := []*Background{
		{},
		{Tile: []*Board{NewBoard(0, 3)}},
		{Tile: []*Board{board("O."), board("O", ".")}},
		{Tile: []*Board{nil}},
		{Tile: []*Board{NewBoard(300, 300)}},
	}
	for _, bg := range bad {
		if err := bg.Validate(); !errors.Is(err, ErrBackground) {
			t.Errorf("%+v: Validate gives %v", bg, err)
		}
	}
	if err := chickenwire().Check(rule.MustParse("B36/S23")); err != nil {
		t.Errorf("chickenwire under HighLife (no dead cell has 6): %v", err)
	}
	if err := chickenwire().Check(rule.MustParse("B35/S23")); err == nil {
		t.Error("chickenwire under B35/S23: its dead cells, with five live neighbours, are born")
	}
}

func TestBackgroundAlive(t *testing.T) {
	bg := chickenwire()
	bg.Offset, bg.Phase = image.Pt(1, 1), 7
	// Cell (x, y) is tile cell ((x+1) mod 4, (y+1) mod 2).
	for _, tc := range []struct {
		x, y int
		want bool
	}{{0, 0, false}, {1, 0, true}, {2, 0, true}, {-1, 0, false}, {-2, -1, false}, {0, 1, true}, {4, 2, false}} {
		if got := bg.Alive(123, tc.x, tc.y); got != tc.want {
			t.Errorf("(%d,%d): %v", tc.x, tc.y, got)
		}
	}
	w := bg.Window(board("..", ".."), 0, image.Rect(-1, -1, 3, 2))
	if got := w.String(); got != "OO..\n...O\nO...\n" {
		t.Errorf("window:\n%s", got)
	}
}

// torusPlane runs b, laid at (m, m) on a large torus whose other cells
// start as the plane bg, for n generations with the plain Step on the
// torus, and returns generation n's cells of the rectangle r in b's
// coordinates. On a torus a whole number of tiles wide the plane is the
// plane; the torus is wide enough that nothing goes round it in n steps.
func torusPlane(b *Board, r rule.Rule, bg *Background, n int, rect image.Rectangle) *Board {
	tw, th := bg.Size()
	m := n + 4
	side := (b.w + 2*m + tw*th) / (tw * th) * (tw * th)
	side = max(side, (b.h+2*m+tw*th)/(tw*th)*(tw*th))
	var plane *Board
	if bg == nil {
		plane = b.Crop(image.Rect(-m, -m, side-m, side-m))
	} else {
		plane = bg.Window(b, 0, image.Rect(-m, -m, side-m, side-m))
	}
	for range n {
		plane = Step(plane, r, Torus)
	}
	return plane.Crop(rect.Add(image.Pt(m, m)))
}

// TestStepOnAgainstTheTorus: StepOn, step by step, gives what the plain
// Step gives on a torus much larger than the pattern whose other cells are
// the plane: on backgrounds of Life, and on the strobing plane of B0
// rules, whose Step with a Dead edge is not the plane's.
func TestStepOnAgainstTheTorus(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	cases := []struct {
		rule string
		bg   *Background
	}{
		{"B3/S23", nil},
		{"B3/S23", zebra()},
		{"B3/S23", chickenwire()},
		{"B0/S", Uniform(false, true)},
		{"B01245/S0123", Uniform(false, true)},
		{"B0236/S1257", Uniform(false, true)},
		{"B0123478/S34678", Uniform(true)},
	}
	for _, tc := range cases {
		r := rule.MustParse(tc.rule)
		if err := tc.bg.Check(r); err != nil {
			t.Fatal(err)
		}
		for range 5 {
			b := NewBoard(4, 3)
			for i := range 12 {
				b.Set(i%4, i/4, rng.IntN(2) == 0)
			}
			const n = 4
			cur := b
			frame := image.Rect(0, 0, 4, 3).Inset(-n)
			cur = tc.bg.Window(b, 0, frame)
			here := tc.bg.Moved(frame.Min, 0)
			for g := range n {
				cur = StepOn(cur, r, here, g)
			}
			if want := torusPlane(b, r, tc.bg, n, frame); !cur.Equal(want) {
				t.Errorf("%s on %v:\n%sgives\n%swant\n%s", tc.rule, tc.bg, b, cur, want)
			}
		}
	}
	// Under B0, Step with a Dead edge is a closed world, not the plane:
	// a lone dead cell's edge neighbours are dead for Step but alive on
	// the strobing plane at generation 1, so under B0/S0 the cell, born
	// at once, survives in the closed world and dies on the plane.
	r := rule.MustParse("B0/S0")
	one := NewBoard(1, 1)
	g1 := StepOn(one, r, Uniform(false, true), 0)
	g2 := StepOn(g1, r, Uniform(false, true), 1)
	if !g1.Alive(0, 0) || g2.Alive(0, 0) || !Step(Step(one, r, Dead), r, Dead).Alive(0, 0) {
		t.Errorf("B0/S: a dead cell on the plane strobes (%v, %v)", g1.Alive(0, 0), g2.Alive(0, 0))
	}
}

// TestPlane: Plane's result agrees with the torus, with and without B0,
// and says where its frame lies.
func TestPlane(t *testing.T) {
	ctx := context.Background()
	glider := board(".O.", "..O", "OOO")
	got, at, err := Plane(ctx, glider, rule.Life, 4)
	if err != nil || at != image.Pt(0, 0) || got.Width() != 4 || got.Height() != 4 {
		t.Fatalf("glider: %v %v %v", got, at, err)
	}
	if want := glider.Pad(1).Crop(image.Rect(0, 0, 4, 4)); !got.Equal(want) { // moved by (1, 1)
		t.Errorf("glider after 4:\n%s", got)
	}
	rng := rand.New(rand.NewPCG(8, 1))
	for _, rs := range []string{"B3/S23", "B0/S", "B01245/S0123", "B0236/S1257"} {
		r := rule.MustParse(rs)
		bg, _ := Vacuum(r)
		for n := range 5 {
			b := NewBoard(3, 3)
			for i := range 9 {
				b.Set(i%3, i/3, rng.IntN(2) == 0)
			}
			got, at, err := Plane(ctx, b, r, n)
			if err != nil {
				t.Fatal(err)
			}
			rect := image.Rect(0, 0, got.Width(), got.Height()).Add(at).Inset(-2)
			want := torusPlane(b, r, bg, n, rect)
			if !bg.Moved(at, 0).Window(got, n, image.Rect(-2, -2, got.Width()+2, got.Height()+2)).Equal(want) {
				t.Errorf("%s, %d generations of\n%sgives\n%sat %v; the torus\n%s", rs, n, b, got, at, want)
			}
		}
	}
	if _, _, err := Plane(ctx, glider, rule.MustParse("B0/S8"), 1); err == nil {
		t.Error("Plane under B0/S8")
	}
}

// TestPlaneSkipsRepeats: once a pattern repeats (still, oscillating,
// moving, or gone), Plane skips ahead by whole periods; its result still
// agrees with the plain Step on a torus, for random soups under Life and
// B0 rules and for numbers of generations past the repeat that are and
// are not whole periods.
func TestPlaneSkipsRepeats(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 7))
	for _, rs := range []string{"B3/S23", "B36/S23", "B0/S", "B01245/S0123"} {
		r := rule.MustParse(rs)
		bg, _ := Vacuum(r)
		for range 5 {
			b := NewBoard(4, 4)
			for i := range 16 {
				b.Set(i%4, i/4, rng.IntN(2) == 0)
			}
			for _, n := range []int{30, 61} {
				got, at, err := Plane(ctx, b, r, n)
				if err != nil {
					t.Fatal(err)
				}
				rect := image.Rect(0, 0, got.Width(), got.Height()).Add(at).Inset(-2)
				want := torusPlane(b, r, bg, n, rect)
				if !bg.Moved(at, 0).Window(got, n, image.Rect(-2, -2, got.Width()+2, got.Height()+2)).Equal(want) {
					t.Errorf("%s, %d generations of\n%sgives\n%sat %v; the torus\n%s", rs, n, b, got, at, want)
				}
			}
		}
	}
}

// TestPlaneLargeN: a billion generations of a blinker (period 2), of a
// pattern that dies, and of a block are computed from their periods; a
// glider after 1001 generations has moved 250 cells down and right (it
// moves (1, 1) every 4) and is one generation on; after a billion it would
// be 250 million cells away, more than MaxFrame: ErrFrame.
func TestPlaneLargeN(t *testing.T) {
	ctx := context.Background()
	const billion = 1_000_000_000
	blinker := board("...", "OOO", "...")
	if got, _, err := Plane(ctx, blinker, rule.Life, billion); err != nil || !got.Equal(blinker) {
		t.Errorf("blinker after 10^9 (even): %v\n%v", err, got)
	}
	if got, _, err := Plane(ctx, blinker, rule.Life, billion+1); err != nil || !got.Equal(board(".O.", ".O.", ".O.")) {
		t.Errorf("blinker after 10^9+1 (odd): %v\n%v", err, got)
	}
	dies := board("O..", "...", "..O")
	if got, _, err := Plane(ctx, dies, rule.Life, billion); err != nil || got.Population() != 0 || got.Width() != 3 || got.Height() != 3 {
		t.Errorf("two lone cells after 10^9: %v\n%v", err, got)
	}
	block := board("OO", "OO")
	if got, _, err := Plane(ctx, block, rule.Life, billion); err != nil || !got.Equal(block) {
		t.Errorf("block after 10^9: %v\n%v", err, got)
	}
	glider := board(".O.", "..O", "OOO")
	got, at, err := Plane(ctx, glider, rule.Life, 1001)
	if err != nil || at != image.Pt(0, 0) || got.Width() != 253 || got.Height() != 254 {
		t.Fatalf("glider after 1001: %v, at %v, %dx%d", err, at, got.Width(), got.Height())
	}
	one := Step(glider.Pad(1), rule.Life, Dead) // the glider one generation on, in a 5x5 frame
	if want := one.Crop(one.BoundingBox()); !got.Crop(got.BoundingBox()).Equal(want) || got.BoundingBox().Min != image.Pt(250, 251) {
		t.Errorf("glider after 1001: cells at %v\n%v", got.BoundingBox(), got.Crop(got.BoundingBox()))
	}
	if _, _, err := Plane(ctx, glider, rule.Life, billion); !errors.Is(err, ErrFrame) {
		t.Errorf("glider after 10^9: %v, want ErrFrame", err)
	}
}
