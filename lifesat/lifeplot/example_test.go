package lifeplot_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"os"

	"gonum.org/v1/plot/vg"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/lifeplot"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// glider is LifeWiki's glider, moving down and right.
func glider() *life.Board {
	g := life.NewBoard(3, 3)
	for _, c := range [][2]int{{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}} {
		g.Set(c[0], c[1], true)
	}
	return g
}

// blinker is the horizontal phase of the blinker.
func blinker() *life.Board {
	b := life.NewBoard(3, 3)
	for x := range 3 {
		b.Set(x, 1, true)
	}
	return b
}

// grey is the grey level of a pixel: 0 black, 255 white.
func grey(img image.Image, x, y int) uint8 {
	return color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y
}

// cells reads a board back from a picture of it, sampling the centre of
// each cell: 'O' for black, '.' for white.
func cells(img image.Image, w, h, cellSize int) string {
	s := ""
	for y := range h {
		for x := range w {
			if grey(img, x*cellSize+cellSize/2, y*cellSize+cellSize/2) == 0 {
				s += "O"
			} else {
				s += "."
			}
		}
		s += "\n"
	}
	return s
}

func ExampleBoardImage() {
	g := glider()
	img := lifeplot.BoardImage(g, nil)
	fmt.Println("bounds:", img.Bounds())
	fmt.Println("grid line (0,0):", grey(img, 0, 0))
	fmt.Println("centre of dead (0,0):", grey(img, 6, 6))
	fmt.Println("centre of live (1,0):", grey(img, 18, 6))
	fmt.Print(cells(img, 3, 3, lifeplot.DefaultCellSize))
	// Output:
	// bounds: (0,0)-(37,37)
	// grid line (0,0): 153
	// centre of dead (0,0): 255
	// centre of live (1,0): 0
	// .O.
	// ..O
	// OOO
}

func ExampleBoardPNG() {
	var buf bytes.Buffer
	if err := lifeplot.BoardPNG(&buf, glider(), &lifeplot.BoardOptions{CellSize: 20, NoMesh: true}); err != nil {
		fmt.Println(err)
		return
	}
	img, err := png.Decode(&buf)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("bounds:", img.Bounds())
	fmt.Print(cells(img, 3, 3, 20))
	// Output:
	// bounds: (0,0)-(60,60)
	// .O.
	// ..O
	// OOO
}

func ExampleBoardSVG() {
	if err := lifeplot.BoardSVG(os.Stdout, glider(), &lifeplot.BoardOptions{CellSize: 10}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="31" height="31" viewBox="0 0 31 31">
	// <rect width="31" height="31" fill="#ffffff"/>
	// <g fill="#000000">
	// <rect x="11" y="1" width="9" height="9"/>
	// <rect x="21" y="11" width="9" height="9"/>
	// <rect x="1" y="21" width="9" height="9"/>
	// <rect x="11" y="21" width="9" height="9"/>
	// <rect x="21" y="21" width="9" height="9"/>
	// </g>
	// <path d="M0.5 0V31M10.5 0V31M20.5 0V31M30.5 0V31M0 0.5H31M0 10.5H31M0 20.5H31M0 30.5H31" fill="none" stroke="#999999" stroke-width="1"/>
	// </svg>
}

func ExampleStrip() {
	// The blinker's two phases and the first again, labelled t=0..t=2.
	gens := life.Run(blinker(), rule.Life, life.Dead, 2)
	img := lifeplot.Strip(gens, &lifeplot.BoardOptions{Labels: true})
	fmt.Println("bounds:", img.Bounds())
	// Each 37-pixel board sits 12 pixels from the last, below an 18-pixel
	// band of labels; read the middle one back.
	sub := img.SubImage(image.Rect(49, 18, 86, 55))
	fmt.Print(cells(translate{sub, image.Pt(49, 18)}, 3, 3, 12))
	// Output:
	// bounds: (0,0)-(135,55)
	// .O.
	// .O.
	// .O.
}

// translate moves an image's origin to (0, 0).
type translate struct {
	image.Image
	at image.Point
}

func (t translate) At(x, y int) color.Color { return t.Image.At(x+t.at.X, y+t.at.Y) }

func ExampleStates() {
	// Bosch's marks for the blinker: rings on the ends of the row, which
	// die; a disc in the middle, which survives; dots above and below it,
	// where cells are born.
	img := lifeplot.States(blinker(), rule.Life, &lifeplot.BoardOptions{CellSize: 24})
	for _, c := range []struct {
		name string
		x, y int
	}{{"ring (0,1)", 0, 1}, {"disc (1,1)", 1, 1}, {"dot  (1,0)", 1, 0}, {"none (0,0)", 0, 0}} {
		cx, cy := c.x*24+12, c.y*24+12 // the centre of the cell
		fmt.Printf("%s: centre %3d, 8 px right %3d\n", c.name, grey(img, cx, cy), grey(img, cx+8, cy))
	}
	// Output:
	// ring (0,1): centre 255, 8 px right   0
	// disc (1,1): centre   0, 8 px right   0
	// dot  (1,0): centre   0, 8 px right 255
	// none (0,0): centre 255, 8 px right 255
}

func ExampleStatesSVG() {
	if err := lifeplot.StatesSVG(os.Stdout, blinker(), rule.Life, &lifeplot.BoardOptions{CellSize: 10, NoMesh: true}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="30" height="30" viewBox="0 0 30 30">
	// <rect width="30" height="30" fill="#ffffff"/>
	// <g fill="#000000">
	// <circle cx="15" cy="5" r="2"/>
	// <circle cx="15" cy="15" r="4"/>
	// <circle cx="15" cy="25" r="2"/>
	// </g>
	// <g fill="none" stroke="#000000" stroke-width="1.5">
	// <circle cx="5" cy="15" r="3.25"/>
	// <circle cx="25" cy="15" r="3.25"/>
	// </g>
	// </svg>
}

func ExampleFrames() {
	// Eight generations of the glider in one frame, one dead cell around
	// everything it touches: it moves two cells down and right.
	frames := lifeplot.Frames(glider(), rule.Life, 8, 1)
	fmt.Println(len(frames), "frames of", frames[0].Width(), "x", frames[0].Height())
	fmt.Print(frames[0], "\n", frames[4])
	// Output:
	// 8 frames of 7 x 7
	// .......
	// ..O....
	// ...O...
	// .OOO...
	// .......
	// .......
	// .......
	//
	// .......
	// .......
	// ...O...
	// ....O..
	// ..OOO..
	// .......
	// .......
}

func ExampleGIF() {
	// The blinker's two phases, half a second each.
	phases := life.Run(blinker(), rule.Life, life.Dead, 1)
	var buf bytes.Buffer
	if err := lifeplot.GIF(&buf, phases, &lifeplot.GIFOptions{Delay: 50}); err != nil {
		fmt.Println(err)
		return
	}
	anim, err := gif.DecodeAll(&buf)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(anim.Image), "frames, delays", anim.Delay, "loop count", anim.LoopCount)
	for _, f := range anim.Image {
		fmt.Print(cells(f, 3, 3, 12), "\n")
	}
	// Output:
	// 2 frames, delays [50 50] loop count 0
	// ...
	// OOO
	// ...
	//
	// .O.
	// .O.
	// .O.
}

func ExampleTimingPlot() {
	// Two seeds per size; the lines go through the medians.
	samples := []lifeplot.Sample{
		{Series: "direct", X: 8, Seconds: 0.02}, {Series: "direct", X: 8, Seconds: 0.03},
		{Series: "direct", X: 16, Seconds: 0.4}, {Series: "direct", X: 16, Seconds: 0.6},
		{Series: "knuth", X: 8, Seconds: 0.05}, {Series: "knuth", X: 16, Seconds: 1.5},
	}
	p, err := lifeplot.TimingPlot(samples, &lifeplot.TimingOptions{Title: "still lifes", XLabel: "box side"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %s against %s, time axis %T from %g to %g\n",
		p.Title.Text, p.Y.Label.Text, p.X.Label.Text, p.Y.Scale, p.Y.Min, p.Y.Max)
	// Output:
	// still lifes: time (s, log scale) against box side, time axis plot.LogScale from 0.01 to 10
}

func ExampleWritePNG() {
	p, err := lifeplot.TimingPlot([]lifeplot.Sample{{Series: "direct", X: 8, Seconds: 0.1}, {Series: "direct", X: 16, Seconds: 1}}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf bytes.Buffer
	if err := lifeplot.WritePNG(&buf, p, 6*vg.Inch, 4*vg.Inch); err != nil {
		fmt.Println(err)
		return
	}
	cfg, err := png.DecodeConfig(&buf)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cfg.Width, "x", cfg.Height, "pixels")
	// Output:
	// 576 x 384 pixels
}

func ExampleSizeBars() {
	// Per-cell sizes: the direct encoding has one variable and 190
	// clauses a cell (lifesat.Direct); the Knuth row is illustrative.
	p, err := lifeplot.SizeBars([]lifeplot.SizeRow{
		{Encoding: "direct", Variables: 1, Clauses: 190},
		{Encoding: "knuth", Variables: 14, Clauses: 98.5},
	}, &lifeplot.BarOptions{Title: "formula size per cell"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, t := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
		if t.Label != "" {
			fmt.Println(t.Value, t.Label)
		}
	}
	// Output:
	// 0 direct
	// 1 knuth
}
