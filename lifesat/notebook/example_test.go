package notebook_test

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/png"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/notebook"
)

// Outside a notebook a board prints as text; in one it is a picture.
func ExampleShow() {
	b := life.NewBoard(4, 3)
	b.Set(1, 0, true)
	b.Set(2, 0, true)
	b.Set(0, 1, true)
	b.Set(3, 1, true)
	b.Set(1, 2, true)
	b.Set(2, 2, true)
	notebook.Show(b) // the beehive
	// Output:
	// .OO.
	// O..O
	// .OO.
}

// FindStillLife returns nil when no still life fits the box.
func ExampleShow_noPattern() {
	b, err := lifesat.FindStillLife(1, 1, nil)
	if err != nil {
		panic(err)
	}
	notebook.Show(b)
	// Output:
	// no pattern
}

func ExampleShowImage() {
	notebook.ShowImage(image.NewGray(image.Rect(0, 0, 40, 30)))
	// Output:
	// [image 40 x 30]
}

func ExampleShowPNG() {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 25, 25))); err != nil {
		panic(err)
	}
	notebook.ShowPNG(buf.Bytes())
	// Output:
	// [PNG 25 x 25]
}

// A blinker in two frames.
func ExampleShowGIF() {
	pal := color.Palette{color.White, color.Black}
	var g gif.GIF
	for i := range 2 {
		frame := image.NewPaletted(image.Rect(0, 0, 3, 3), pal)
		for j := range 3 {
			if i == 0 {
				frame.SetColorIndex(j, 1, 1)
			} else {
				frame.SetColorIndex(1, j, 1)
			}
		}
		g.Image = append(g.Image, frame)
		g.Delay = append(g.Delay, 50)
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, &g); err != nil {
		panic(err)
	}
	notebook.ShowGIF(buf.Bytes())
	// Output:
	// [GIF 3 x 3, 2 frames]
}

func ExampleShowText() {
	notebook.ShowText("16 x 16: 4 still lifes, 0.3 s")
	// Output:
	// 16 x 16: 4 still lifes, 0.3 s
}

func ExampleShowMarkdown() {
	notebook.ShowMarkdown("**Still lifes** in an $n \\times n$ box")
	// Output:
	// **Still lifes** in an $n \times n$ box
}

func ExampleShowHTML() {
	notebook.ShowHTML("<b>block</b>")
	// Output:
	// <b>block</b>
}

// In a notebook the three messages rewrite one line; outside, each is a
// line.
func ExampleProgress() {
	p := notebook.NewProgress()
	for seed := range 2 {
		p.Updatef("searching 64 x 64, seed %d ...", seed)
	}
	p.Done("found 2 still lifes")
	// Output:
	// searching 64 x 64, seed 0 ...
	// searching 64 x 64, seed 1 ...
	// found 2 still lifes
}

func ExampleNewProgress() {
	p := notebook.NewProgress()
	p.Update("searching ...")
	p.Done("found 1 pattern")
	// Output:
	// searching ...
	// found 1 pattern
}

// Report has the signature of lifesat.Settings.Progress, so a search can
// report to the line.
func ExampleProgress_Report() {
	var p notebook.Progress // the zero Progress is ready
	s := &lifesat.Settings{Progress: p.Report}
	s.Progress(lifesat.Progress{Phase: lifesat.PhaseEncoded, What: "still life 2x2", Vars: 4, Clauses: 17})
	// Output:
	// still life 2x2: 4 variables, 17 clauses, encoded in 0s
}

// Updatef formats its message.
func ExampleProgress_Updatef() {
	var p notebook.Progress
	p.Updatef("%d variables, %d clauses", 4, 17)
	// Output:
	// 4 variables, 17 clauses
}

func ExampleShowFigure() {
	notebook.ShowFigure(image.NewGray(image.Rect(0, 0, 37, 25)), "a 3 x 2 board")
	// Output:
	// [image 37 x 25] a 3 x 2 board
}

func ExampleShowRow() {
	a, b := image.NewGray(image.Rect(0, 0, 37, 25)), image.NewGray(image.Rect(0, 0, 49, 49))
	notebook.ShowRow([]image.Image{a, b}, []string{"seed 1", "seed 2"}, "two answers")
	// Output:
	// [image 37 x 25] seed 1
	// [image 49 x 49] seed 2
	// two answers
}

func ExampleShowGIFFigure() {
	notebook.ShowGIFFigure([]byte("GIF89a"), "seed 1: the phases")
	// Output:
	// [GIF, 6 bytes] seed 1: the phases
}

func ExampleShowSVG() {
	notebook.ShowSVG([]byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>`), "a plot")
	// Output:
	// [SVG, 64 bytes] a plot
}
