package lifeplot

import (
	"bytes"
	"image"
	"image/gif"
	"strconv"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// changeText is the expected picture of b under Changes against before:
// 'O' alive, '.' dead, '*' alive and changed, '-' dead and changed.
func changeText(b, before *life.Board) string {
	var sb strings.Builder
	for y := range b.Height() {
		for x := range b.Width() {
			now := b.Alive(x, y)
			changed := before != nil && before.Alive(x, y) != now
			switch {
			case changed && now:
				sb.WriteByte('*')
			case changed:
				sb.WriteByte('-')
			case now:
				sb.WriteByte('O')
			default:
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// readChanges reads a board drawn at at back in the notation of
// changeText, from the centre of each cell and a pixel just inside its
// interior's corner.
func readChanges(img image.Image, at image.Point, w, h int, g geom, o *BoardOptions) string {
	p := o.palette()
	var sb strings.Builder
	for y := range h {
		for x := range w {
			in := g.interior(x, y).Add(at)
			centre := img.At((in.Min.X+in.Max.X)/2, (in.Min.Y+in.Max.Y)/2)
			edge := img.At(in.Min.X, in.Min.Y)
			switch {
			case sameColour(centre, p[idxAlive]) && sameColour(edge, p[idxHighlight]):
				sb.WriteByte('*')
			case sameColour(centre, p[idxAlive]) && sameColour(edge, p[idxAlive]):
				sb.WriteByte('O')
			case sameColour(centre, p[idxHighlight]):
				sb.WriteByte('-')
			case sameColour(centre, p[idxDead]):
				sb.WriteByte('.')
			default:
				sb.WriteByte('?')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func TestStripChanges(t *testing.T) {
	osc := life.Run(blinker(), rule.Life, life.Dead, 1) // the two phases
	ship := Frames(glider(), rule.Life, 4, 0)
	for _, c := range []struct {
		name   string
		boards []*life.Board
		o      *BoardOptions
	}{
		{"blinker cycle", osc, &BoardOptions{Changes: true, Cycle: true, CellSize: 16}},
		{"blinker no cycle", osc, &BoardOptions{Changes: true, CellSize: 10, NoMesh: true}},
		{"glider", ship, &BoardOptions{Changes: true, Labels: true}},
		{"glider without changes", ship, &BoardOptions{Labels: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			img := Strip(c.boards, c.o)
			_, at, _ := stripLayout(c.boards, c.o)
			g := c.o.geom()
			for i, b := range c.boards {
				var prev *life.Board
				switch {
				case !c.o.Changes:
				case i > 0:
					prev = c.boards[i-1]
				case c.o.Cycle:
					prev = c.boards[len(c.boards)-1]
				}
				if got, want := readChanges(img, at[i], b.Width(), b.Height(), g, c.o), changeText(b, prev); got != want {
					t.Errorf("board %d read back:\n%swant\n%s", i, got, want)
				}
			}
		})
	}
}

func TestChangeInset(t *testing.T) {
	for n := 1; n <= 40; n++ {
		k := changeInset(n)
		if n-2*k < 1 {
			t.Errorf("interior %d: inset %d leaves no live square", n, k)
		}
		if n >= 3 && k < 1 {
			t.Errorf("interior %d: no highlight", n)
		}
	}
}

func TestTicks(t *testing.T) {
	for _, c := range []struct {
		name string
		b    *life.Board
		o    *BoardOptions
		cols int // labelled columns
	}{
		// 16-pixel cells hold "11"; 4-pixel cells hold a label every 5th column.
		{"12 wide, cells of 16", glider().Pad(2).Crop(image.Rect(0, 0, 12, 7)), &BoardOptions{Ticks: true, CellSize: 16}, 12},
		{"30 wide, cells of 4", life.NewBoard(30, 3), &BoardOptions{Ticks: true, CellSize: 4}, 6},
		{"no mesh", glider(), &BoardOptions{Ticks: true, NoMesh: true}, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			img := BoardImage(c.b, c.o)
			at := Origin(c.b, c.o)
			g := c.o.geom()
			if at.X <= 0 || at.Y < glyphH {
				t.Fatalf("origin %v: no room for the ticks", at)
			}
			if got, want := img.Bounds().Size(), g.size(c.b.Width(), c.b.Height()).Add(at); got != want {
				t.Fatalf("size %v, want %v", got, want)
			}
			alive, dead, mesh := colours(c.o)
			if got, want := readCells(img, at, c.b.Width(), c.b.Height(), g, alive, dead), c.b.String(); got != want {
				t.Errorf("cells read back:\n%swant\n%s", got, want)
			}
			checkMesh(t, img, at, c.b.Width(), c.b.Height(), g, mesh)
			_, _, labels := tickLabels(c.b.Width(), c.b.Height(), c.o)
			var cols, rows []image.Rectangle
			for _, l := range labels {
				r := image.Rect(0, 0, textWidth(l.text, l.scale), glyphH*l.scale).Add(at.Add(l.at))
				if !r.In(img.Bounds()) {
					t.Fatalf("label %q at %v outside the picture %v", l.text, r, img.Bounds())
				}
				if r.Max.Y <= at.Y {
					cols = append(cols, r)
				} else if r.Max.X <= at.X {
					rows = append(rows, r)
				} else {
					t.Fatalf("label %q at %v overlaps the cells from %v", l.text, r, at)
				}
				ink := 0
				for y := r.Min.Y; y < r.Max.Y; y++ {
					for x := r.Min.X; x < r.Max.X; x++ {
						if sameColour(img.At(x, y), alive) {
							ink++
						}
					}
				}
				if ink == 0 {
					t.Errorf("label %q: no ink", l.text)
				}
			}
			if len(cols) != c.cols {
				t.Errorf("%d column labels, want %d", len(cols), c.cols)
			}
			for i := 1; i < len(cols); i++ {
				if cols[i].Min.X <= cols[i-1].Max.X {
					t.Errorf("column labels %v and %v touch", cols[i-1], cols[i])
				}
			}
			for i := 1; i < len(rows); i++ {
				if rows[i].Min.Y <= rows[i-1].Max.Y-1 {
					t.Errorf("row labels %v and %v overlap", rows[i-1], rows[i])
				}
			}
			// The labels are the coordinates, from 0.
			if got := labels[0].text; got != "0" {
				t.Errorf("first label %q", got)
			}
			if c.cols > 1 {
				step := c.b.Width() / c.cols
				if got, want := labels[1].text, strconv.Itoa(step); got != want {
					t.Errorf("second column label %q, want %q", got, want)
				}
			}
		})
	}
}

func TestBox(t *testing.T) {
	b := board(5, 4, [2]int{2, 1}, [2]int{3, 2})
	box := image.Rect(1, 1, 4, 3)
	for _, o := range []*BoardOptions{
		{Box: box},
		{Box: box, CellSize: 24, Ticks: true},
		{Box: box, NoMesh: true, CellSize: 8},
	} {
		for name, img := range map[string]*image.Paletted{
			"BoardImage": BoardImage(b, o),
			"States":     States(b, rule.Life, o),
		} {
			at := Origin(b, o)
			g := o.geom()
			hi := o.palette()[idxHighlight]
			// The middle of every side of the box, on its grid line.
			x0, y0 := at.X+box.Min.X*g.s, at.Y+box.Min.Y*g.s
			x1, y1 := at.X+box.Max.X*g.s, at.Y+box.Max.Y*g.s
			for _, p := range []image.Point{{(x0 + x1) / 2, y0}, {(x0 + x1) / 2, y1}, {x0, (y0 + y1) / 2}, {x1, (y0 + y1) / 2}} {
				if !sameColour(img.At(p.X, p.Y), hi) {
					t.Errorf("%s %+v: box line at %v has %v", name, o, p, img.At(p.X, p.Y))
				}
			}
			// No highlight in the centre of any cell, nor on a grid line
			// away from the box.
			for y := range b.Height() {
				for x := range b.Width() {
					in := g.interior(x, y).Add(at)
					if c := img.At((in.Min.X+in.Max.X)/2, (in.Min.Y+in.Max.Y)/2); sameColour(c, hi) {
						t.Errorf("%s %+v: cell (%d, %d) highlighted", name, o, x, y)
					}
				}
			}
			if c := img.At(at.X+4*g.s, at.Y+g.s/2); sameColour(c, hi) {
				t.Errorf("%s %+v: grid line x=4 highlighted", name, o)
			}
		}
	}
	// Without a box, no highlight at all.
	img := BoardImage(b, &BoardOptions{Ticks: true})
	for _, px := range img.Pix {
		if px == idxHighlight {
			t.Fatal("highlight without a box")
		}
	}
}

func TestGIFLabels(t *testing.T) {
	osc := life.Run(blinker(), rule.Life, life.Dead, 1)
	ship := Frames(glider(), rule.Life, 12, 1)
	for _, c := range []struct {
		name   string
		phases []*life.Board
		o      *GIFOptions
	}{
		{"blinker", osc, &GIFOptions{BoardOptions: BoardOptions{Labels: true, Changes: true, Cycle: true}}},
		{"glider", ship, &GIFOptions{BoardOptions: BoardOptions{Labels: true, CellSize: 8}}},
		{"glider ticks", ship, &GIFOptions{BoardOptions: BoardOptions{Labels: true, Ticks: true, Changes: true}}},
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
			bo := &c.o.BoardOptions
			g := bo.geom()
			scale := max(1, g.s/6)
			band := (glyphH + 2) * scale
			at := Origin(c.phases[0], bo).Add(image.Pt(0, band))
			w, h := c.phases[0].Width(), c.phases[0].Height()
			for i, f := range anim.Image {
				if f.Bounds() != anim.Image[0].Bounds() {
					t.Fatalf("frame %d is %v, frame 0 %v", i, f.Bounds(), anim.Image[0].Bounds())
				}
				var prev *life.Board
				switch {
				case !bo.Changes:
				case i > 0:
					prev = c.phases[i-1]
				case bo.Cycle:
					prev = c.phases[len(c.phases)-1]
				}
				if got, want := readChanges(f, at, w, h, g, bo), changeText(c.phases[i], prev); got != want {
					t.Errorf("frame %d read back:\n%swant\n%s", i, got, want)
				}
				// The counter: ink in the band, and a different picture
				// for each frame's number.
				ink := 0
				for y := 0; y < band; y++ {
					for x := 0; x < f.Bounds().Dx(); x++ {
						if sameColour(f.At(x, y), bo.palette()[idxAlive]) {
							ink++
						}
					}
				}
				if ink == 0 {
					t.Errorf("frame %d: no counter", i)
				}
			}
			if len(anim.Image) > 1 && bytes.Equal(anim.Image[0].Pix[:band*anim.Image[0].Stride], anim.Image[1].Pix[:band*anim.Image[1].Stride]) {
				t.Error("frames 0 and 1 have the same counter")
			}
		})
	}
}

// tinted counts the cells of board i of a Strip drawn with o that
// readChanges reads as changed.
func tinted(boards []*life.Board, i int, o *BoardOptions) int {
	img := Strip(boards, o)
	_, at, _ := stripLayout(boards, o)
	b := boards[i]
	return strings.Count(readChanges(img, at[i], b.Width(), b.Height(), o.geom(), o), "*") +
		strings.Count(readChanges(img, at[i], b.Width(), b.Height(), o.geom(), o), "-")
}

// TestStripShift: a ship's phases tinted against the previous phase
// moved along the ship's way change only where its shape changes.
func TestStripShift(t *testing.T) {
	// A board and the same board moved one cell right: nothing changed
	// but the place, so with Shift nothing is tinted.
	a := glider().Pad(2)
	moved := []*life.Board{a, a.Translate(1, 0)}
	if n := tinted(moved, 1, &BoardOptions{Changes: true}); n == 0 {
		t.Fatalf("without Shift a moved board shows no change")
	}
	if n := tinted(moved, 1, &BoardOptions{Changes: true, Shift: image.Pt(2, 0)}); n != 0 {
		t.Errorf("with Shift (2, 0), a board moved by (1, 0) shows %d changed cells, want 0", n)
	}
	// Moving against the shift is not explained by it.
	if n := tinted(moved, 1, &BoardOptions{Changes: true, Shift: image.Pt(-2, 0)}); n == 0 {
		t.Errorf("with Shift (-2, 0), a board moved by (1, 0) shows no change")
	}

	// The glider's four phases in a 6 x 6 box, as a cycle moving (1, 1).
	// A step of the glider turns over at most 4 of its 5 cells, so no
	// phase shows more changes than that once its move is taken out, and
	// none more than without the shift; phase 0, whose phase before is
	// the last one a whole shift behind, shows fewer.
	run := life.Run(glider().Pad(1).Crop(image.Rect(0, 0, 6, 6)), rule.Life, life.Dead, 3)
	o := &BoardOptions{Changes: true, Cycle: true, Shift: image.Pt(1, 1)}
	plain := &BoardOptions{Changes: true, Cycle: true}
	for i := range run {
		with, without := tinted(run, i, o), tinted(run, i, plain)
		if with > without {
			t.Errorf("phase %d: %d cells tinted with the shift, %d without", i, with, without)
		}
		if with > 4 {
			t.Errorf("phase %d: %d cells tinted with the shift; a glider's step changes at most 4 of its cells' places", i, with)
		}
	}
	if w, wo := tinted(run, 0, o), tinted(run, 0, plain); w >= wo {
		t.Errorf("phase 0 against the unmoved last phase: %d tinted, against the moved one %d; want fewer", wo, w)
	}
}

// TestStripTransform: the two phases of the LWSS as a glide-symmetric
// ship of period 2 (the second phase's successor is the first reflected
// top to bottom and moved one cell): turned back, the wrap tints what the
// step changes, the same count as the step from phase 0 to phase 1.
func TestStripTransform(t *testing.T) {
	// LifeWiki's LWSS, moving left, with a margin of two dead cells.
	lwss := board(5, 4, [2]int{1, 0}, [2]int{4, 0}, [2]int{0, 1}, [2]int{0, 2}, [2]int{4, 2},
		[2]int{0, 3}, [2]int{1, 3}, [2]int{2, 3}, [2]int{3, 3}).Pad(2)
	next := life.Step(lwss, rule.Life, life.Dead)
	gen2 := life.Step(next, rule.Life, life.Dead)
	// Which move takes the LWSS reflected top to bottom to its generation
	// 2? Found, not assumed.
	var shift image.Point
	found := false
	for dy := -2; dy <= 2 && !found; dy++ {
		for dx := -2; dx <= 2 && !found; dx++ {
			if lwss.Transform(life.FlipTB).Translate(dx, dy).Equal(gen2) {
				shift, found = image.Pt(dx, dy), true
			}
		}
	}
	if !found {
		t.Fatalf("generation 2 of\n%sis not its reflection moved along x:\n%s", lwss, gen2)
	}
	phases := []*life.Board{lwss, next}
	glide := &BoardOptions{Changes: true, Cycle: true, Shift: shift, Transform: life.FlipTB}
	// The wrap is the step from phase 1 to generation 2, seen from phase
	// 0: it tints as many cells as that step does when generation 2 is
	// drawn after phase 1, moved along the same shift (fewer than the
	// step changes unmoved).
	step := []*life.Board{next, gen2}
	want := tinted(step, 1, &BoardOptions{Changes: true, Shift: shift})
	if w := tinted(phases, 0, glide); w != want || w > differ(next, gen2) {
		t.Errorf("phase 0 under the glide (shift %v): %d cells tinted, want %d, as for generation 2 after phase 1 (%d differ unmoved)",
			shift, w, want, differ(next, gen2))
	}
}
