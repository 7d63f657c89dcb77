package lifeplot

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// The fates in text: 'O' survives (disc), 'o' dies (ring), '+' is born
// (dot), '.' stays dead.
const fateChars = ".+oO"

func fateText(fs [][]fate) string {
	var sb strings.Builder
	for _, row := range fs {
		for _, f := range row {
			sb.WriteByte(fateChars[f])
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// bruteFates computes the fates cell by cell from the rule, without Step.
func bruteFates(b *life.Board, r rule.Rule) string {
	var sb strings.Builder
	for y := range b.Height() {
		for x := range b.Width() {
			now := b.Alive(x, y)
			then := r.Next(now, b.Neighbours(x, y, life.Dead))
			f := staysDead
			switch {
			case now && then:
				f = survives
			case now:
				f = dies
			case then:
				f = born
			}
			sb.WriteByte(fateChars[f])
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

var highLife, _ = rule.Parse("B36/S23")

var stateCases = []struct {
	name string
	b    *life.Board
	r    rule.Rule
	want string // "" when only checked against bruteFates
}{
	// A blinker (LifeWiki) turns from a row into a column: the middle
	// survives, the ends die, the cells above and below the middle are
	// born.
	{"blinker", blinker(), rule.Life, ".+.\noOo\n.+.\n"},
	// The glider's next phase is .O. / O.O / .OO / .O. one row lower
	// (LifeWiki): (1,0) and (0,2) die, (0,1) is born, and so is (1,3),
	// which lies off the board and is not drawn.
	{"glider", glider(), rule.Life, ".o.\n+.O\noOO\n"},
	{"glider padded", glider().Pad(1), rule.Life, ""},
	// A block (LifeWiki) is still: every cell survives.
	{"block", board(2, 2, [2]int{0, 0}, [2]int{1, 0}, [2]int{0, 1}, [2]int{1, 1}), rule.Life, "OO\nOO\n"},
	// Edge cells see the empty plane: a lone cell dies.
	{"lone cell", board(1, 1, [2]int{0, 0}), rule.Life, "o\n"},
	{"empty", life.NewBoard(3, 2), rule.Life, "...\n...\n"},
	{"highlife glider", glider().Pad(1), highLife, ""},
}

func TestFates(t *testing.T) {
	for _, c := range stateCases {
		t.Run(c.name, func(t *testing.T) {
			got := fateText(fates(c.b, c.r))
			if c.want != "" && got != c.want {
				t.Errorf("fates:\n%swant\n%s", got, c.want)
			}
			if want := bruteFates(c.b, c.r); got != want {
				t.Errorf("fates:\n%sbrute force from Rule.Next:\n%s", got, want)
			}
		})
	}
}

// readFates decodes a States picture: the centre of a disc or a dot is
// inked, the centre of a ring is not; a point 0.35 of the cell's interior
// from the centre lies on a disc or a ring but off a dot.
func readFates(img image.Image, w, h int, g geom, alive, dead color.Color) string {
	var sb strings.Builder
	for y := range h {
		for x := range w {
			in := g.interior(x, y)
			n := in.Dx()
			cx, cy := in.Min.X+n/2, in.Min.Y+n/2
			off := int(0.35*float64(n) + 0.5)
			centre, side := img.At(cx, cy), img.At(cx+off, cy)
			switch {
			case sameColour(centre, alive) && sameColour(side, alive):
				sb.WriteByte('O')
			case sameColour(centre, dead) && sameColour(side, alive):
				sb.WriteByte('o')
			case sameColour(centre, alive) && sameColour(side, dead):
				sb.WriteByte('+')
			case sameColour(centre, dead) && sameColour(side, dead):
				sb.WriteByte('.')
			default:
				sb.WriteByte('?')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func TestStates(t *testing.T) {
	opts := []*BoardOptions{
		nil,
		{CellSize: 24},
		{CellSize: 40, NoMesh: true},
		{CellSize: 16, Alive: color.RGBA{0x80, 0, 0, 0xff}, Dead: color.RGBA{0xee, 0xee, 0xff, 0xff}},
	}
	for _, c := range stateCases {
		for _, o := range opts {
			t.Run(c.name, func(t *testing.T) {
				img := States(c.b, c.r, o)
				g := o.geom()
				if got, want := img.Bounds(), BoardImage(c.b, o).Bounds(); got != want {
					t.Fatalf("bounds %v, BoardImage's %v", got, want)
				}
				alive, dead, mesh := colours(o)
				if got, want := readFates(img, c.b.Width(), c.b.Height(), g, alive, dead), bruteFates(c.b, c.r); got != want {
					t.Errorf("fates read back (options %+v):\n%swant\n%s", o, got, want)
				}
				checkMesh(t, img, image.Point{}, c.b.Width(), c.b.Height(), g, mesh)
				// Through PNG and back, the same.
				var buf bytes.Buffer
				if err := png.Encode(&buf, img); err != nil {
					t.Fatal(err)
				}
				dec, err := png.Decode(&buf)
				if err != nil {
					t.Fatal(err)
				}
				if got, want := readFates(dec, c.b.Width(), c.b.Height(), g, alive, dead), bruteFates(c.b, c.r); got != want {
					t.Errorf("fates read back from the PNG:\n%swant\n%s", got, want)
				}
			})
		}
	}
}

func TestStatesSVGGolden(t *testing.T) {
	for _, c := range []struct {
		file string
		b    *life.Board
		o    *BoardOptions
	}{
		{"states_blinker.svg", blinker(), nil},
		{"states_glider.svg", glider().Pad(1), &BoardOptions{CellSize: 20}},
	} {
		t.Run(c.file, func(t *testing.T) {
			var buf bytes.Buffer
			if err := StatesSVG(&buf, c.b, rule.Life, c.o); err != nil {
				t.Fatal(err)
			}
			golden(t, c.file, buf.Bytes())
			// One circle per cell that is alive now or next.
			next := life.Step(c.b.Pad(1), rule.Life, life.Dead).Crop(image.Rect(1, 1, 1+c.b.Width(), 1+c.b.Height()))
			want := 0
			for y := range c.b.Height() {
				for x := range c.b.Width() {
					if c.b.Alive(x, y) || next.Alive(x, y) {
						want++
					}
				}
			}
			if got := strings.Count(buf.String(), "<circle"); got != want {
				t.Errorf("%d circles, want %d", got, want)
			}
		})
	}
}
