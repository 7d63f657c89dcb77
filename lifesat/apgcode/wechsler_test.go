package apgcode_test

import (
	"context"
	"image"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/apgcode"
	"github.com/lifesat/lifesat/lifesat/cells"
	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// board reads a plaintext picture, rows separated by '/'.
func board(t testing.TB, pic string) *life.Board {
	t.Helper()
	p, err := cells.Read(strings.NewReader(strings.ReplaceAll(pic, "/", "\n")))
	if err != nil {
		t.Fatal(err)
	}
	return p.Board
}

// TestWechsler checks bodies worked out by hand from the definition of
// the extended Wechsler format (LifeWiki, "Apgcode"; lifelib's
// bitworld::canonise_orientation): columns of five cells, top cell the
// lowest bit; runs of blank columns "0", "w", "x", "y0".."yz", "yz" again
// for each 39 of a longer run; 'z' between strips of five rows.
func TestWechsler(t *testing.T) {
	for _, tt := range []struct {
		pic, want string
	}{
		{"", "0"},
		{"....", "0"},
		{"O", "1"},
		{"OO/OO", "33"},
		{"..../.OO./.OO./....", "33"}, // cropped first
		{"OOO", "111"},
		{"O/O/O", "7"},
		{"O/O/O/O/O", "v"},
		{"O/O/O/O/O/O", "vz1"},
		{"...O/./O", "4w1"},
		// LifeWiki's example: the heavyweight spaceship is 27deee6.
		{".OO..../OO.OOOO/.OOOOOO/..OOOO.", "27deee6"},
		// Runs of blank columns.
		{"O.O", "101"},
		{"O..O", "1w1"},
		{"O...O", "1x1"},
		{"O....O", "1y01"},
		{"O" + strings.Repeat(".", 13) + "O", "1y91"},
		{"O" + strings.Repeat(".", 14) + "O", "1ya1"},
		{"O" + strings.Repeat(".", 39) + "O", "1yz1"},
		{"O" + strings.Repeat(".", 40) + "O", "1yz01"},
		{"O" + strings.Repeat(".", 41) + "O", "1yzw1"},
		{"O" + strings.Repeat(".", 78) + "O", "1yzyz1"},
		{"O" + strings.Repeat(".", 79) + "O", "1yzyz01"},
		// Blank columns at the end of a strip are left out; an empty strip
		// is nothing between two 'z's.
		{"O" + strings.Repeat("/.", 5) + "/O", "1z2"}, // row 6: the second row of strip 2
		{"O" + strings.Repeat("/.", 8) + "/O", "1zg"}, // row 9: the last row of strip 2
		{"O.../././././...O", "1zx1"},
		{"O...../././././.O", "1z01"},
		{"O" + strings.Repeat("/.", 9) + "/O", "1zz1"}, // row 10: the first row of strip 3
	} {
		b := board(t, tt.pic)
		if got := apgcode.Wechsler(b); got != tt.want {
			t.Errorf("Wechsler(%q) = %q, want %q", tt.pic, got, tt.want)
		}
		d, err := apgcode.Decode(tt.want)
		if err != nil {
			t.Errorf("Decode(%q): %v", tt.want, err)
			continue
		}
		if c := b.Crop(b.BoundingBox()); !d.Equal(c) {
			t.Errorf("Decode(%q) =\n%swant\n%s", tt.want, d, c)
		}
	}
}

// randomBoard returns a w x h board with each cell alive with
// probability p.
func randomBoard(rng *rand.Rand, w, h int, p float64) *life.Board {
	b := life.NewBoard(w, h)
	for y := range h {
		for x := range w {
			b.Set(x, y, rng.Float64() < p)
		}
	}
	return b
}

// TestDecodeWechsler checks on random boards, small and dense or wide and
// sparse (long runs of blank columns, empty strips), that Decode draws
// what Wechsler wrote, and that Encode's body is Wechsler's body of one of
// the eight orientations, the shortest and then the first in byte order.
func TestDecodeWechsler(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 600 {
		w, h, p := 1+rng.IntN(12), 1+rng.IntN(12), 0.5
		if i%2 == 1 {
			w, h, p = 1+rng.IntN(150), 1+rng.IntN(30), 0.01
		}
		b := randomBoard(rng, w, h, p)
		c := b.Crop(b.BoundingBox())
		s := apgcode.Wechsler(b)
		d, err := apgcode.Decode(s)
		if err != nil {
			t.Fatalf("Decode(%q): %v", s, err)
		}
		if !d.Equal(c) {
			t.Fatalf("Decode(Wechsler(b)) = Decode(%q) =\n%swant\n%s", s, d, c)
		}
		enc := apgcode.Encode(b)
		found := false
		for _, tr := range life.Transforms() {
			o := apgcode.Wechsler(b.Transform(tr))
			if len(o) < len(enc) || len(o) == len(enc) && o < enc {
				t.Fatalf("Encode(b) = %q, but the %v orientation is %q\n%s", enc, tr, o, b)
			}
			found = found || o == enc
		}
		if !found {
			t.Fatalf("Encode(b) = %q is no orientation of\n%s", enc, b)
		}
	}
}

// TestStillLifesCanonical checks every still life in a 4 x 4 box (5 x 5
// with LIFESAT_STRESS), found by brute force over all boards and the
// plain life.Step: its eight orientations give one code, Identify gives
// that code with the population, and the code decodes to one of the
// orientations.
func TestStillLifesCanonical(t *testing.T) {
	n := 4
	if lifetest.Stress() {
		n = 5
	}
	count := 0
	for bits := range 1 << (n * n) {
		b := life.NewBoard(n, n)
		for i := range n * n {
			b.Set(i%n, i/n, bits>>i&1 != 0)
		}
		// Only boards whose box is the whole n x n, each shape once per
		// position: the others are smaller boxes seen elsewhere.
		if b.BoundingBox().Size() != (image.Point{n, n}) {
			continue
		}
		p := b.Pad(1)
		if !life.Step(p, rule.Life, life.Dead).Equal(p) {
			continue
		}
		count++
		enc := apgcode.Encode(b)
		for _, tr := range life.Transforms() {
			if got := apgcode.Encode(b.Transform(tr)); got != enc {
				t.Fatalf("Encode of %v of\n%sis %q, of the board %q", tr, b, got, enc)
			}
		}
		o, err := apgcode.Identify(context.Background(), b, rule.Life, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := apgcode.Code{Kind: apgcode.Still, N: b.Population(), Body: enc}
		if o.Code != want || o.Period != 1 {
			t.Fatalf("Identify of\n%s= %v, period %d; want %v", b, o, o.Period, want)
		}
		d, err := apgcode.Decode(o.Code.String())
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(life.Transforms(), func(tr life.Transform) bool { return b.Transform(tr).Equal(d) }) {
			t.Fatalf("Decode(%v) =\n%sis no orientation of\n%s", o, d, b)
		}
	}
	if count == 0 {
		t.Fatal("no still lifes found")
	}
	t.Logf("%d still lifes in a %dx%d box", count, n, n)
}
