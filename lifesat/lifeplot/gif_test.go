package lifeplot

import (
	"bytes"
	"errors"
	"image"
	"image/gif"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

func TestGIF(t *testing.T) {
	ship := Frames(glider(), rule.Life, 12, 1)
	osc := life.Run(blinker(), rule.Life, life.Dead, 1)
	for _, c := range []struct {
		name   string
		phases []*life.Board
		o      *GIFOptions
		delay  int
	}{
		{"blinker", osc, nil, DefaultDelay},
		{"glider", ship, &GIFOptions{Delay: 8}, 8},
		{"glider small cells", ship, &GIFOptions{BoardOptions: BoardOptions{CellSize: 4, NoMesh: true}}, DefaultDelay},
		{"one frame", osc[:1], &GIFOptions{}, DefaultDelay},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := GIF(&buf, c.phases, c.o); err != nil {
				t.Fatal(err)
			}
			anim, err := gif.DecodeAll(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if len(anim.Image) != len(c.phases) {
				t.Fatalf("%d frames, want %d", len(anim.Image), len(c.phases))
			}
			// image/gif writes the looping extension only for an
			// animation; one frame reads back as "no loop" (-1).
			if len(c.phases) > 1 && anim.LoopCount != 0 {
				t.Errorf("LoopCount %d, want 0 (forever)", anim.LoopCount)
			}
			var bo *BoardOptions
			if c.o != nil {
				bo = &c.o.BoardOptions
			}
			g := bo.geom()
			alive, dead, mesh := colours(bo)
			w, h := c.phases[0].Width(), c.phases[0].Height()
			for i, frame := range anim.Image {
				if anim.Delay[i] != c.delay {
					t.Errorf("frame %d: delay %d, want %d", i, anim.Delay[i], c.delay)
				}
				if got, want := frame.Bounds(), (image.Rectangle{Max: g.size(w, h)}); got != want {
					t.Errorf("frame %d: bounds %v, want %v", i, got, want)
				}
				if got, want := readCells(frame, image.Point{}, w, h, g, alive, dead), c.phases[i].String(); got != want {
					t.Errorf("frame %d read back:\n%swant\n%s", i, got, want)
				}
				checkMesh(t, frame, image.Point{}, w, h, g, mesh)
			}
		})
	}
}

func TestGIFErrors(t *testing.T) {
	for _, c := range []struct {
		name   string
		phases []*life.Board
		o      *GIFOptions
	}{
		{"none", nil, nil},
		{"nil board", []*life.Board{glider(), nil}, nil},
		{"sizes differ", []*life.Board{glider(), glider().Pad(1)}, nil},
		{"no pixels", []*life.Board{life.NewBoard(0, 0)}, &GIFOptions{BoardOptions: BoardOptions{NoMesh: true}}},
	} {
		if err := GIF(&bytes.Buffer{}, c.phases, c.o); !errors.Is(err, ErrInput) {
			t.Errorf("%s: error %v, want ErrInput", c.name, err)
		}
	}
}

func TestFrames(t *testing.T) {
	g := glider()
	for _, c := range []struct {
		name   string
		b      *life.Board
		gens   int
		margin int
		want   []string // expected first and last frame, when given
		w, h   int
	}{
		// The glider moves (1,1) every 4 generations (LifeWiki): over
		// generations 0..8 its phases cover a 5x5 square.
		{"glider", g, 9, 0, nil, 5, 5},
		{"glider margin 2", g, 9, 2, nil, 9, 9},
		// Generation 0 of the glider in a 5x5 frame, and generation 8,
		// two cells lower and to the right.
		{"glider ends", g, 9, 0, []string{
			".O...\n..O..\nOOO..\n.....\n.....\n",
			".....\n.....\n...O.\n....O\n..OOO\n"}, 5, 5},
		// One period of the blinker: its two phases in the 3x3 square
		// they cover together.
		{"blinker", blinker(), 2, 0, []string{
			"...\nOOO\n...\n", ".O.\n.O.\n.O.\n"}, 3, 3},
		// Nothing alive: the pattern's box grown by the margin.
		{"empty", life.NewBoard(4, 2), 3, 1, nil, 6, 4},
		// A lone cell dies: the frame is the cell's.
		{"lone cell", board(3, 3, [2]int{1, 1}), 2, 0, []string{"O\n", ".\n"}, 1, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			fr := Frames(c.b, rule.Life, c.gens, c.margin)
			if len(fr) != c.gens {
				t.Fatalf("%d frames, want %d", len(fr), c.gens)
			}
			for i, b := range fr {
				if b.Width() != c.w || b.Height() != c.h {
					t.Fatalf("frame %d is %dx%d, want %dx%d", i, b.Width(), b.Height(), c.w, c.h)
				}
				if b.Population() != 0 && c.margin > 0 {
					bb := b.BoundingBox()
					if bb.Min.X < c.margin || bb.Min.Y < c.margin || bb.Max.X > c.w-c.margin || bb.Max.Y > c.h-c.margin {
						t.Errorf("frame %d: live cells %v within the margin %d of the %dx%d frame", i, bb, c.margin, c.w, c.h)
					}
				}
				// Each frame is the plain Step of the one before, in
				// the plane: the frame holds every live cell.
				if i > 0 {
					next := life.Step(fr[i-1].Pad(1), rule.Life, life.Dead)
					if want := b.Pad(1); !next.Equal(want) {
						t.Errorf("frame %d is not the step of frame %d:\n%swant\n%s", i, i-1, b, next)
					}
				}
			}
			if c.want != nil {
				if got := fr[0].String(); got != c.want[0] {
					t.Errorf("first frame:\n%swant\n%s", got, c.want[0])
				}
				if got := fr[len(fr)-1].String(); got != c.want[1] {
					t.Errorf("last frame:\n%swant\n%s", got, c.want[1])
				}
			}
		})
	}
	if Frames(nil, rule.Life, 3, 0) != nil || Frames(g, rule.Life, 0, 0) != nil || Frames(g, rule.Life, -1, 0) != nil || Frames(g, rule.MustParse("B0/S"), 3, 0) != nil {
		t.Errorf("Frames of no board, no generations or a B0 rule is not nil")
	}
}
