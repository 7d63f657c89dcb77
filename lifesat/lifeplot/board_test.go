package lifeplot

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// board builds a w x h board with the given live cells.
func board(w, h int, cells ...[2]int) *life.Board {
	b := life.NewBoard(w, h)
	for _, c := range cells {
		b.Set(c[0], c[1], true)
	}
	return b
}

// The glider of LifeWiki ("Glider"), moving down and right, and the
// horizontal phase of the blinker ("Blinker").
func glider() *life.Board {
	return board(3, 3, [2]int{1, 0}, [2]int{2, 1}, [2]int{0, 2}, [2]int{1, 2}, [2]int{2, 2})
}

func blinker() *life.Board { return board(3, 3, [2]int{0, 1}, [2]int{1, 1}, [2]int{2, 1}) }

func TestGliderData(t *testing.T) {
	// The glider moves by (1, 1) every 4 generations (LifeWiki).
	g := glider().Pad(2)
	b := g
	for range 4 {
		b = life.Step(b, rule.Life, life.Dead)
	}
	if want := g.Translate(1, 1); !b.Equal(want) {
		t.Fatalf("glider after 4 steps:\n%swant\n%s", b, want)
	}
	if got := glider().String(); got != ".O.\n..O\nOOO\n" {
		t.Fatalf("glider is\n%s", got)
	}
}

// sameColour reports whether two colours are equal as 16-bit RGBA.
func sameColour(a, b color.Color) bool {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

// readCells decodes a w x h board drawn with its top-left corner at by
// sampling the centre pixel of each cell: the .cells text of the board,
// with '?' for a colour that is neither alive nor dead.
func readCells(img image.Image, at image.Point, w, h int, g geom, alive, dead color.Color) string {
	var sb strings.Builder
	for y := range h {
		for x := range w {
			in := g.interior(x, y).Add(at)
			c := img.At((in.Min.X+in.Max.X)/2, (in.Min.Y+in.Max.Y)/2)
			switch {
			case sameColour(c, alive):
				sb.WriteByte('O')
			case sameColour(c, dead):
				sb.WriteByte('.')
			default:
				sb.WriteByte('?')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// checkMesh checks that every grid line of a w x h board drawn at at has
// the mesh colour or, without a mesh, that no pixel of the board has it.
func checkMesh(t *testing.T, img image.Image, at image.Point, w, h int, g geom, mesh color.Color) {
	t.Helper()
	sz := g.size(w, h)
	if g.m == 0 {
		for py := range sz.Y {
			for px := range sz.X {
				if c := img.At(at.X+px, at.Y+py); sameColour(c, mesh) {
					t.Fatalf("pixel (%d, %d) has the mesh colour, without a mesh", px, py)
				}
			}
		}
		return
	}
	for x := 0; x <= w; x++ {
		for py := range sz.Y {
			if c := img.At(at.X+x*g.s, at.Y+py); !sameColour(c, mesh) {
				t.Fatalf("vertical grid line %d, pixel row %d: colour %v", x, py, c)
			}
		}
	}
	for y := 0; y <= h; y++ {
		for px := range sz.X {
			if c := img.At(at.X+px, at.Y+y*g.s); !sameColour(c, mesh) {
				t.Fatalf("horizontal grid line %d, pixel column %d: colour %v", y, px, c)
			}
		}
	}
}

var boardCases = []struct {
	name string
	b    *life.Board
}{
	{"glider", glider()},
	{"glider padded", glider().Pad(2)},
	{"blinker", blinker()},
	{"single cell", board(1, 1, [2]int{0, 0})},
	{"4x2", board(4, 2, [2]int{0, 0}, [2]int{3, 1})},
	{"empty 5x3", life.NewBoard(5, 3)},
}

var optionCases = []struct {
	name string
	o    *BoardOptions
	size func(w, h int) image.Point
}{
	{"nil", nil, func(w, h int) image.Point { return image.Pt(12*w+1, 12*h+1) }},
	{"zero", &BoardOptions{}, func(w, h int) image.Point { return image.Pt(12*w+1, 12*h+1) }},
	{"cell 5", &BoardOptions{CellSize: 5}, func(w, h int) image.Point { return image.Pt(5*w+1, 5*h+1) }},
	{"no mesh", &BoardOptions{NoMesh: true}, func(w, h int) image.Point { return image.Pt(12*w, 12*h) }},
	// The mesh would hide 2-pixel cells: left out.
	{"cell 2", &BoardOptions{CellSize: 2}, func(w, h int) image.Point { return image.Pt(2*w, 2*h) }},
	{"cell 1", &BoardOptions{CellSize: 1}, func(w, h int) image.Point { return image.Pt(w, h) }},
	{"colours", &BoardOptions{
		CellSize: 7,
		Alive:    color.RGBA{0x20, 0x40, 0x80, 0xff},
		Dead:     color.RGBA{0xff, 0xff, 0xe0, 0xff},
		Mesh:     color.RGBA{0xff, 0, 0, 0xff},
	}, func(w, h int) image.Point { return image.Pt(7*w+1, 7*h+1) }},
}

func colours(o *BoardOptions) (alive, dead, mesh color.Color) {
	p := o.palette()
	return p[idxAlive], p[idxDead], p[idxMesh]
}

func TestBoardImage(t *testing.T) {
	for _, bc := range boardCases {
		for _, oc := range optionCases {
			t.Run(bc.name+"/"+oc.name, func(t *testing.T) {
				w, h := bc.b.Width(), bc.b.Height()
				img := BoardImage(bc.b, oc.o)
				if got, want := img.Bounds(), (image.Rectangle{Max: oc.size(w, h)}); got != want {
					t.Fatalf("bounds %v, want %v", got, want)
				}
				alive, dead, mesh := colours(oc.o)
				g := oc.o.geom()
				if got, want := readCells(img, image.Point{}, w, h, g, alive, dead), bc.b.String(); got != want {
					t.Errorf("cells read back:\n%swant\n%s", got, want)
				}
				checkMesh(t, img, image.Point{}, w, h, g, mesh)
			})
		}
	}
}

func TestBoardImageEmpty(t *testing.T) {
	b := life.NewBoard(0, 0)
	if got := BoardImage(b, nil).Bounds().Size(); got != image.Pt(1, 1) {
		t.Errorf("0x0 board with a mesh: %v pixels, want the 1x1 frame", got)
	}
	if got := BoardImage(b, &BoardOptions{NoMesh: true}).Bounds().Size(); got != image.Pt(0, 0) {
		t.Errorf("0x0 board without a mesh: %v pixels", got)
	}
	if err := BoardPNG(&bytes.Buffer{}, b, &BoardOptions{NoMesh: true}); err == nil {
		t.Errorf("BoardPNG of no pixels: no error")
	}
}

func TestBoardPNG(t *testing.T) {
	for _, bc := range boardCases {
		for _, oc := range optionCases {
			t.Run(bc.name+"/"+oc.name, func(t *testing.T) {
				var buf bytes.Buffer
				if err := BoardPNG(&buf, bc.b, oc.o); err != nil {
					t.Fatal(err)
				}
				img, err := png.Decode(&buf)
				if err != nil {
					t.Fatal(err)
				}
				w, h := bc.b.Width(), bc.b.Height()
				if got, want := img.Bounds().Size(), oc.size(w, h); got != want {
					t.Fatalf("size %v, want %v", got, want)
				}
				alive, dead, mesh := colours(oc.o)
				g := oc.o.geom()
				if got, want := readCells(img, image.Point{}, w, h, g, alive, dead), bc.b.String(); got != want {
					t.Errorf("cells read back from the PNG:\n%swant\n%s", got, want)
				}
				checkMesh(t, img, image.Point{}, w, h, g, mesh)
			})
		}
	}
}

// golden compares got with the file testdata/name, or rewrites the file
// with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it):\n--- got\n%s--- want\n%s", path, got, want)
	}
}

func TestBoardSVGGolden(t *testing.T) {
	for _, c := range []struct {
		file string
		b    *life.Board
		o    *BoardOptions
	}{
		{"glider.svg", glider(), nil},
		{"glider_nomesh.svg", glider(), &BoardOptions{NoMesh: true, CellSize: 10, Alive: color.NRGBA{0, 0, 0xff, 0x80}}},
	} {
		t.Run(c.file, func(t *testing.T) {
			var buf bytes.Buffer
			if err := BoardSVG(&buf, c.b, c.o); err != nil {
				t.Fatal(err)
			}
			golden(t, c.file, buf.Bytes())
		})
	}
}

// The SVG has the geometry of the raster: one rect per live cell, the
// interior of the cell in BoardImage.
func TestBoardSVGMatchesImage(t *testing.T) {
	b := glider().Pad(1)
	for _, oc := range optionCases {
		var buf bytes.Buffer
		if err := BoardSVG(&buf, b, oc.o); err != nil {
			t.Fatal(err)
		}
		svg := buf.String()
		sz := oc.size(b.Width(), b.Height())
		g := oc.o.geom()
		if !strings.Contains(svg, `width="`+strconv.Itoa(sz.X)+`" height="`+strconv.Itoa(sz.Y)+`"`) {
			t.Errorf("%s: SVG does not have the image's size %v:\n%s", oc.name, sz, svg)
		}
		if got := strings.Count(svg, "<rect x="); got != b.Population() {
			t.Errorf("%s: %d cell rects, want %d", oc.name, got, b.Population())
		}
		r := g.interior(2, 1) // a live cell
		cell := `<rect x="` + strconv.Itoa(r.Min.X) + `" y="` + strconv.Itoa(r.Min.Y) + `" width="` + strconv.Itoa(r.Dx()) + `"`
		if !strings.Contains(svg, cell) {
			t.Errorf("%s: no %s... in\n%s", oc.name, cell, svg)
		}
		if got, want := strings.Contains(svg, "<path"), g.m == 1; got != want {
			t.Errorf("%s: grid path present %v, want %v", oc.name, got, want)
		}
	}
}

func TestStrip(t *testing.T) {
	gens := life.Run(glider().Pad(1), rule.Life, life.Dead, 4)
	mixed := []*life.Board{glider(), board(1, 1, [2]int{0, 0}), glider().Pad(3), life.NewBoard(2, 0)}
	for _, c := range []struct {
		name   string
		boards []*life.Board
		o      *BoardOptions
	}{
		{"glider", gens, nil},
		{"glider labels", gens, &BoardOptions{Labels: true}},
		{"no gap", gens, &BoardOptions{Gap: -1, NoMesh: true}},
		{"gap 3 small cells", gens, &BoardOptions{Gap: 3, CellSize: 4, Labels: true}},
		{"mixed sizes", mixed, &BoardOptions{Labels: true}},
		{"none", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			img := Strip(c.boards, c.o)
			sz, at, labels := stripLayout(c.boards, c.o)
			if img.Bounds() != (image.Rectangle{Max: sz}) {
				t.Fatalf("bounds %v, layout says %v", img.Bounds(), sz)
			}
			g := c.o.geom()
			alive, dead, mesh := colours(c.o)
			gap := g.s
			if c.o != nil && c.o.Gap != 0 {
				gap = max(c.o.Gap, 0)
			}
			right := 0
			for i, b := range c.boards {
				bs := g.size(b.Width(), b.Height())
				if at[i].X < 0 || at[i].Y < 0 || at[i].X+bs.X > sz.X || at[i].Y+bs.Y > sz.Y {
					t.Fatalf("board %d at %v (%v) outside the %v picture", i, at[i], bs, sz)
				}
				if i > 0 && at[i].X < right+gap {
					t.Errorf("board %d at x=%d, less than the gap %d after the previous one at %d", i, at[i].X, gap, right)
				}
				right = at[i].X + bs.X
				if got, want := readCells(img, at[i], b.Width(), b.Height(), g, alive, dead), b.String(); got != want {
					t.Errorf("board %d read back:\n%swant\n%s", i, got, want)
				}
				checkMesh(t, img, at[i], b.Width(), b.Height(), g, mesh)
			}
			if c.o == nil || !c.o.Labels {
				if labels != nil {
					t.Errorf("labels without Labels: %v", labels)
				}
				return
			}
			for i, l := range labels {
				if want := "t=" + strconv.Itoa(i); l.text != want {
					t.Errorf("label %d is %q, want %q", i, l.text, want)
				}
				// The label has ink, above its board.
				box := image.Rect(l.at.X, l.at.Y, l.at.X+textWidth(l.text, l.scale), l.at.Y+glyphH*l.scale)
				if box.Max.Y > at[i].Y {
					t.Errorf("label %d %v overlaps its board at %v", i, box, at[i])
				}
				ink := 0
				for y := box.Min.Y; y < box.Max.Y; y++ {
					for x := box.Min.X; x < box.Max.X; x++ {
						if sameColour(img.At(x, y), alive) {
							ink++
						}
					}
				}
				if ink == 0 {
					t.Errorf("label %d: no ink in %v", i, box)
				}
			}
		})
	}
}

func TestFont(t *testing.T) {
	for r, g := range glyphs {
		for i, row := range g {
			if len(row) != glyphW || strings.Trim(row, ".O") != "" {
				t.Errorf("glyph %q row %d is %q", r, i, row)
			}
		}
	}
	if got := textWidth("t=10", 2); got != (4*6-1)*2 {
		t.Errorf("width of t=10 at scale 2: %d", got)
	}
}

// TestPartial reads a partial board back: known live cells black, known
// dead ones white, the others grey, the outlined cell framed.
func TestPartial(t *testing.T) {
	b := glider()
	known := board(3, 3, [2]int{1, 0}, [2]int{0, 0}, [2]int{2, 2})
	o := &BoardOptions{CellSize: 10, Box: image.Rect(2, 2, 3, 3)}
	img := Partial(b, known, o)
	g := o.geom()
	var sb strings.Builder
	for y := range 3 {
		for x := range 3 {
			in := g.interior(x, y)
			c := img.ColorIndexAt((in.Min.X+in.Max.X)/2, (in.Min.Y+in.Max.Y)/2)
			sb.WriteByte(map[uint8]byte{idxAlive: 'O', idxDead: '.', idxUnknown: '?'}[c])
		}
		sb.WriteByte('\n')
	}
	if want := ".O?\n???\n??O\n"; sb.String() != want {
		t.Errorf("read back\n%swant\n%s", sb.String(), want)
	}
	if c := img.ColorIndexAt(2*10, 2*10+5); c != idxHighlight {
		t.Errorf("the outlined cell's left edge is colour %d, want the highlight", c)
	}
	if img.Bounds() != BoardImage(b, o).Bounds() {
		t.Errorf("size %v, want BoardImage's", img.Bounds())
	}
}
