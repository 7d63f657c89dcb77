package life_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// shapeObjects are still lifes, oscillators and a spaceship of
// hexagonal and von Neumann rules, as their finders posted them (RLE
// bodies, in Golly's orientation: x right, y down), with their period and
// the displacement per period.
//
// Hexagonal, B2/S34H: conwaylife.com forums, "B2/S34H (Hexagonal Life)",
// https://conwaylife.com/forums/viewtopic.php?f=11&t=2015 (drc's first
// post: the p3, p5, p12 and the row of p2s; Saka's p4; Dean Hickerson's
// two p4s).
//
// Hexagonal, B245/S3H: the example of Golly's help, "QuickLife",
// "Hexagonal neighborhood" (Help/Algorithms/QuickLife.html), a spaceship
// that moves up 2 cells every 10 generations.
//
// Von Neumann, B24/S13V: conwaylife.com forums, "B24/S13 (Von Neumann
// Neighborhood)", https://conwaylife.com/forums/viewtopic.php?f=11&t=342
// (Lewis, 2010: a collection of oscillators and still lifes; these are
// pieces of it, each periodic alone).
var shapeObjects = []struct {
	name, rule, rle string
	period          int
	move            image.Point
	mirrorToo       bool // also periodic with the other pair of corners dropped
}{
	{"drc's p3", "B2/S34H", "2o$obo$b2o!", 3, image.Point{}, false},
	{"drc's p5", "B2/S34H", "4bo$ob2o$b3o$3o$bobo!", 5, image.Point{}, false},
	{"Saka's p4", "B2/S34H", "bo2$5o$o4bo!", 4, image.Point{}, false},
	{"drc's p2 domino", "B2/S34H", "o$o!", 2, image.Point{}, true},
	{"drc's p2 of 3 cells", "B2/S34H", "o$2bo$bo!", 2, image.Point{}, false},
	{"drc's p2 L", "B2/S34H", "2o$bo!", 2, image.Point{}, false},
	{"drc's p2 of 4 cells", "B2/S34H", "obo$3bo$2bo!", 2, image.Point{}, false},
	{"drc's p2 of 4 cells, b", "B2/S34H", "obo2$2b2o!", 2, image.Point{}, false},
	{"Hickerson's two p4s", "B2/S34H", "o8bo$3o6b3o$2bo8bobo$13bo!", 4, image.Point{}, false},
	{"drc's p12", "B2/S34H", "obo7bo$o$3bo7bo$bobo$11bobo$10bo4bo!", 12, image.Point{}, false},
	{"Golly's hexagonal ship", "B245/S3H", "obo$4bo$2bo$bo2bobo$3bo$5bo!", 10, image.Pt(0, -2), false},
	{"domino", "B24/S13V", "o$o!", 1, image.Point{}, false},
	{"still life of 8 cells", "B24/S13V", "b3o$2bo$2ob2o!", 1, image.Point{}, false},
	{"still life of 8 cells, b", "B24/S13V", "2bo$obo$2o$ob2o!", 1, image.Point{}, false},
	{"still life of 10 cells", "B24/S13V", "obo$3o$3o$obo!", 1, image.Point{}, false},
	{"still life of 12 cells", "B24/S13V", "ob2obo$2o2b2o$ob2obo!", 1, image.Point{}, false},
	{"p2 diagonal pair", "B24/S13V", "bo$o!", 2, image.Point{}, false},
	{"p2 of 3 cells", "B24/S13V", "o$2o!", 2, image.Point{}, false},
	{"p2 of 5 cells", "B24/S13V", "obo$3bo$obo!", 2, image.Point{}, false},
	{"p2 square of 16", "B24/S13V", "4o$4o$4o$4o!", 2, image.Point{}, false},
	{"p3", "B24/S13V", "3bo$o2bo2bo$b2ob2o!", 3, image.Point{}, false},
}

// readObject reads an object's RLE with its rule in the header.
func readObject(t *testing.T, rs, body string) *rle.File {
	t.Helper()
	f, err := rle.Read(strings.NewReader(fmt.Sprintf("x = 16, y = 8, rule = %s\n%s\n", rs, body)))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// after runs b for n generations in the plane and returns its live cells
// cropped, and where their box's corner lies in b's frame.
func after(t *testing.T, b *life.Board, r rule.Rule, n int) (*life.Board, image.Point) {
	t.Helper()
	out, at, err := life.Plane(context.Background(), b, r, n)
	if err != nil {
		t.Fatal(err)
	}
	box := out.BoundingBox()
	return out.Crop(box), box.Min.Add(at)
}

// TestShapeObjects: each object comes back after its period, moved as
// its finder says, and not before; and, but for the domino, not with the
// neighbourhood's other pair of corners dropped (a hexagonal rule read
// as a mirror image) or with all eight neighbours (the von Neumann rule
// read as a Moore one): so these objects tell the shapes apart.
func TestShapeObjects(t *testing.T) {
	for _, o := range shapeObjects {
		t.Run(o.name, func(t *testing.T) {
			f := readObject(t, o.rule, o.rle)
			r := f.Rule
			if !f.HasRule || r.String() != o.rule {
				t.Fatalf("header rule read as %v", r)
			}
			start, at0 := after(t, f.Board, r, 0)
			for g := 1; g <= o.period; g++ {
				b, at := after(t, f.Board, r, g)
				back := b.Equal(start)
				switch {
				case g < o.period && back:
					t.Fatalf("back after %d generations, moved %v; period %d", g, at.Sub(at0), o.period)
				case g == o.period && (!back || at.Sub(at0) != o.move):
					t.Fatalf("after %d generations:\n%smoved %v; want\n%smoved %v", g, b, at.Sub(at0), start, o.move)
				}
			}
			// The control: the other pair of corners, or the Moore
			// neighbourhood.
			other := rule.MustParse(strings.TrimSuffix(o.rule, "V"))
			if r.Shape() == rule.Hexagonal {
				other = rule.New(func(n rule.Neighbourhood) bool { return r.Transition(n.Map(-1, 0, 0, 1)) })
			}
			b, at := after(t, f.Board, other, o.period)
			if b.Equal(start) && at.Sub(at0) == o.move && !o.mirrorToo {
				t.Errorf("also comes back under %v", other)
			}
		})
	}
}

// TestShapeRLE: the rule of a hexagonal or von Neumann pattern is written
// back in the header as Golly writes it.
func TestShapeRLE(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"B2/S34H", "B2/S34H"}, {"b245/s3h", "B245/S3H"}, {"B24/S13V", "B24/S13V"},
		{"MAPFgFoF2gXgH5oF4B+gH4A6A", "MAPFgFoF2gXgH5oF4B+gH4A6A"}, {"MAPHmlphg==", "MAPHmlphg"},
	} {
		f := readObject(t, tt.in, "2o$obo$b2o!")
		var buf bytes.Buffer
		if err := rle.Write(&buf, f); err != nil {
			t.Fatal(err)
		}
		if want := "x = 16, y = 8, rule = " + tt.want + "\n"; !strings.HasPrefix(buf.String(), want) {
			t.Errorf("%s written as %q, want the header %q", tt.in, buf.String(), want)
		}
		back, err := rle.Read(&buf)
		if err != nil || back.Rule != f.Rule || !back.Board.Equal(f.Board) {
			t.Errorf("%s read back as %v, %v", tt.in, back.Rule, err)
		}
	}
}
