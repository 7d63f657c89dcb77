package apgcode_test

import (
	"context"
	"errors"
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/apgcode"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// TestIdentifyNotPeriodic checks patterns that are no objects: the error
// wraps ErrNotPeriodic and says why.
func TestIdentifyNotPeriodic(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name, pic string
		opt       *apgcode.Options
		msg       string
	}{
		{"one cell", "O", nil, "apgcode: not a still life, oscillator or spaceship: it dies out in generation 1"},
		{"diehard", "......O./OO....../.O...OOO", nil, "apgcode: not a still life, oscillator or spaceship: it dies out in generation 130"},
		// The pre-block becomes a block: eventually periodic only.
		{"pre-block", "OO/O.", &apgcode.Options{MaxPeriod: 50}, "apgcode: not a still life, oscillator or spaceship: it does not come back within 50 generations"},
		{"too large", "OO" + strings.Repeat(".", 30) + "OO/OO" + strings.Repeat(".", 30) + "OO", &apgcode.Options{MaxArea: 64}, "apgcode: not a still life, oscillator or spaceship: its bounding box of 68 cells is larger than 64"},
		// A glider flying away from a block: the pattern never repeats.
		{"glider and block", ".O......./..O....../OOO....../........./.......OO/.......OO", &apgcode.Options{MaxPeriod: 100}, "apgcode: not a still life, oscillator or spaceship: it does not come back within 100 generations"},
	} {
		o, err := apgcode.Identify(ctx, board(t, tt.pic), rule.Life, tt.opt)
		if err == nil {
			t.Errorf("%s: %v, want an error", tt.name, o)
			continue
		}
		if !errors.Is(err, apgcode.ErrNotPeriodic) || err.Error() != tt.msg {
			t.Errorf("%s: %v; want %s", tt.name, err, tt.msg)
		}
	}

	// The R-pentomino grows (it settles only after 1103 generations):
	// Identify stops in the first generation whose box passes MaxArea,
	// as life.Plane tells.
	r := board(t, ".OO/OO./.O.")
	const maxArea = 400
	gen := 0
	for n := 1; gen == 0; n++ {
		b, _, err := life.Plane(ctx, r, rule.Life, n)
		if err != nil {
			t.Fatal(err)
		}
		if box := b.BoundingBox(); box.Dx()*box.Dy() > maxArea {
			gen = n
		}
	}
	_, err := apgcode.Identify(ctx, r, rule.Life, &apgcode.Options{MaxArea: maxArea})
	want := fmt.Sprintf("apgcode: not a still life, oscillator or spaceship: its bounding box passes %d cells in generation %d", maxArea, gen)
	if !errors.Is(err, apgcode.ErrNotPeriodic) || err.Error() != want {
		t.Errorf("R-pentomino: %v; want %s", err, want)
	}
}

func TestIdentifyErrors(t *testing.T) {
	ctx := context.Background()
	b := board(t, "OO/OO")
	for _, tt := range []struct {
		r   rule.Rule
		msg string
	}{
		{rule.Rule{}, "apgcode: Identify needs a complete rule, not "},
		{rule.MustParse("B03/S23"), "apgcode: rule B03/S23 has B0, which apgcodes of this package do not cover"},
	} {
		if _, err := apgcode.Identify(ctx, b, tt.r, nil); err == nil || !strings.HasPrefix(err.Error(), tt.msg) {
			t.Errorf("Identify under %v: %v; want %s", tt.r, err, tt.msg)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := apgcode.Identify(cancelled, board(t, "OOO"), rule.Life, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Identify with a cancelled context: %v", err)
	}
}

// TestIdentifyWhole checks that Identify names the whole board as one
// object, and what it makes of the empty board. The codes are worked out
// by hand from the definition.
func TestIdentifyWhole(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name, pic string
		want      string
		period    int
		shift     image.Point
	}{
		{"empty", "....", "xs0_0", 1, image.Point{}},
		// Two blocks 8 columns apart: "33y433" lying side by side, "33zz33"
		// one above the other (an empty strip between); 'y' < 'z'.
		{"two blocks", "OO........OO/OO........OO", "xs8_33y433", 1, image.Point{}},
		// A blinker and a block: period 2 for the two together.
		// A blinker and a block: period 2 for the two together. Standing
		// up, turned so that the block comes first: "33" and then "7" in
		// the next strip.
		{"blinker and block", "OOO...OO/......OO", "xp2_33z7", 2, image.Point{}},
		// Two gliders flying together are one spaceship: "153" twice,
		// two blank columns ("w") between; "153z153", one above the
		// other, is as short, but 'w' < 'z'.
		{"two gliders", ".O....O./..O....O/OOO..OOO", "xq4_153w153", 4, image.Pt(1, 1)},
		// The glider as LifeWiki draws it moves down and right.
		{"glider", ".O./..O/OOO", "xq4_153", 4, image.Pt(1, 1)},
		{"glider turned", "OOO/..O/.O.", "xq4_153", 4, image.Pt(1, -1)},
	} {
		o, err := apgcode.Identify(ctx, board(t, tt.pic), rule.Life, nil)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if o.String() != tt.want || o.Period != tt.period || o.Shift != tt.shift {
			t.Errorf("%s: %v, period %d, shift %v; want %s, %d, %v", tt.name, o, o.Period, o.Shift, tt.want, tt.period, tt.shift)
		}
	}
}

// TestIdentifyHighLife checks the HighLife (B36/S23) objects of apgsearch
// 1.2's table of common objects (see testdata/objects.tsv for the file;
// lines 2930 to 2932): each code, decoded, is an object of that kind and
// period under HighLife, and every phase in every orientation gets the
// code back.
func TestIdentifyHighLife(t *testing.T) {
	highLife := rule.MustParse("B36/S23")
	ctx := context.Background()
	for _, code := range []string{"xp10_9hr", "xp7_13090c8", "xq48_07z8ca7zy1e531"} {
		want, err := apgcode.Parse(code)
		if err != nil {
			t.Fatal(err)
		}
		b, err := apgcode.Decode(code)
		if err != nil {
			t.Fatal(err)
		}
		for i, phase := range life.Run(b.Pad(want.N), highLife, life.Dead, want.N-1) {
			trs := life.Transforms()
			if want.N > 10 && i > 0 {
				// The bomber: every phase, but each in one orientation.
				trs = trs[i%8 : i%8+1]
			}
			for _, tr := range trs {
				o, err := apgcode.Identify(ctx, phase.Transform(tr), highLife, nil)
				if err != nil {
					t.Fatalf("%s, phase %d, %v: %v", code, i, tr, err)
				}
				if o.Code != want || o.Period != want.N {
					t.Fatalf("%s, phase %d, %v: %v, period %d", code, i, tr, o, o.Period)
				}
			}
		}
	}
}

// TestIdentifyAnisotropic checks the orientation rule for a rule without
// the square's symmetry: Life, but a dead cell with every neighbour alive
// except the one to its east is born. The boat is still under it, and its
// body is the boat as it lies, not turned.
func TestIdentifyAnisotropic(t *testing.T) {
	n := rule.Neighbourhood(0x1FF) &^ rule.Centre &^ rule.Bit(1, 0)
	r := rule.New(func(m rule.Neighbourhood) bool { return m == n || rule.Life.Transition(m) })
	if r.Isotropic() {
		t.Fatal("the rule is isotropic")
	}
	boat := board(t, "OO./O.O/.O.")
	bodies := map[string]bool{}
	for _, tr := range life.Transforms() {
		b := boat.Transform(tr)
		o, err := apgcode.Identify(context.Background(), b, r, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := apgcode.Code{Kind: apgcode.Still, N: 5, Body: apgcode.Wechsler(b)}
		if o.Code != want {
			t.Errorf("%v of the boat: %v, want %v", tr, o, want)
		}
		bodies[o.Code.Body] = true
		if l, err := apgcode.Identify(context.Background(), b, rule.Life, nil); err != nil || l.String() != "xs5_253" {
			t.Errorf("%v of the boat under Life: %v, %v", tr, l, err)
		}
	}
	if len(bodies) < 4 {
		t.Errorf("the boat's orientations gave only %d bodies: %v", len(bodies), bodies)
	}
}

// TestIdentifyOversized checks Catagolue's limits on what is encoded
// (lifelib's apgcode(): a phase's box with a one-cell border of at most
// 10000 cells, a body of at most 1280 characters): beyond them the code is
// "ov_" with the kind and number, and Decode refuses it.
func TestIdentifyOversized(t *testing.T) {
	ctx := context.Background()
	// Two blocks in opposite corners of an n x n box: (n+2)^2 cells with
	// the border, 10000 for n = 98.
	corners := func(n int) *life.Board {
		b := life.NewBoard(n, n)
		for _, c := range []int{0, 1} {
			for _, d := range []int{0, 1} {
				b.Set(c, d, true)
				b.Set(n-1-c, n-1-d, true)
			}
		}
		return b
	}
	for _, tt := range []struct {
		n    int
		want string
	}{{98, "xs8_"}, {99, "ov_s8"}} {
		o, err := apgcode.Identify(ctx, corners(tt.n), rule.Life, nil)
		if err != nil || !strings.HasPrefix(o.String(), tt.want) || (o.Code.Body == "") != (tt.want[0] == 'o') {
			t.Errorf("blocks in the corners of %d x %d: %v, %v; want %s...", tt.n, tt.n, o, err, tt.want)
		}
	}
	// A grid of 32 x 32 blocks, one blank row or column between two: 95
	// x 95 cells, within the area, but about 19 strips of 95 columns, far
	// more than 1280 characters in any orientation.
	grid := life.NewBoard(95, 95)
	for y := range 95 {
		for x := range 95 {
			grid.Set(x, y, x%3 != 2 && y%3 != 2)
		}
	}
	o, err := apgcode.Identify(ctx, grid, rule.Life, nil)
	if err != nil || o.String() != "ov_s4096" || o.Period != 1 {
		t.Errorf("grid of blocks: %v, period %d, %v; want ov_s4096", o, o.Period, err)
	}
	if n := len(apgcode.Encode(grid)); n <= 1280 {
		t.Errorf("the grid's body has only %d characters", n)
	}
	if _, err := apgcode.Decode(o.String()); !errors.Is(err, apgcode.ErrFormat) {
		t.Errorf("Decode(%v): %v", o, err)
	}
}
