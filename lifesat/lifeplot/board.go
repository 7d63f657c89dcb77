package lifeplot

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/lifesat/lifesat/lifesat/life"
)

// ErrInput is wrapped by the errors that describe input that cannot be
// drawn: no boards, boards of different sizes, times that a log axis cannot
// show.
var ErrInput = errors.New("lifeplot: bad input")

// DefaultCellSize is the side of a cell in pixels when BoardOptions name none.
const DefaultCellSize = 12

// The default colours: black live cells on white, grey grid lines.
var (
	DefaultAlive = color.Gray{Y: 0x00}
	DefaultDead  = color.Gray{Y: 0xff}
	DefaultMesh  = color.Gray{Y: 0x99}
)

// BoardOptions say how boards are drawn. A nil *BoardOptions means the
// defaults, and so does the zero value of every field.
type BoardOptions struct {
	// CellSize is the side of a cell in pixels (SVG user units), grid
	// line included; 0 means DefaultCellSize.
	CellSize int
	// NoMesh leaves out the grid lines around the cells. They are left
	// out as well when CellSize is below 3, where they would hide the
	// cells.
	NoMesh bool
	// Alive, Dead and Mesh are the colours of live cells (and of
	// the marks of States), dead cells, and the grid lines; nil means
	// DefaultAlive, DefaultDead and DefaultMesh.
	Alive, Dead, Mesh color.Color
	// Labels writes "t=0", "t=1", ... above the boards of a Strip.
	Labels bool
	// Gap is the space between the boards of a Strip in pixels; 0 means
	// CellSize, a negative Gap means none.
	Gap int
}

// geom is the pixel geometry of a board drawing. Cell (x, y) owns the
// square [x*s, (x+1)*s) x [y*s, (y+1)*s); with a mesh, the first column
// and the first row of that square are grid line, and one more line closes
// the board at the right and the bottom.
type geom struct {
	s int // cell size
	m int // 1 with a mesh, 0 without
}

func (o *BoardOptions) geom() geom {
	g := geom{s: DefaultCellSize, m: 1}
	if o == nil {
		return g
	}
	if o.CellSize > 0 {
		g.s = o.CellSize
	}
	if o.NoMesh || g.s < 3 {
		g.m = 0
	}
	return g
}

// size is the size in pixels of a w x h board.
func (g geom) size(w, h int) image.Point {
	return image.Pt(w*g.s+g.m, h*g.s+g.m)
}

// interior is the part of cell (x, y) that is not grid line.
func (g geom) interior(x, y int) image.Rectangle {
	return image.Rect(x*g.s+g.m, y*g.s+g.m, (x+1)*g.s, (y+1)*g.s)
}

// The palette of every raster: the three colours, then 15 blends from the
// dead colour towards the live one for the anti-aliased edges of the marks
// of States (index blend0+k-1 covers k/16 of a pixel).
const (
	idxDead = iota
	idxAlive
	idxMesh
	idxBlend0
	numColours = idxBlend0 + subsamples*subsamples - 1
)

func (o *BoardOptions) palette() color.Palette {
	alive, dead, mesh := color.Color(DefaultAlive), color.Color(DefaultDead), color.Color(DefaultMesh)
	if o != nil {
		if o.Alive != nil {
			alive = o.Alive
		}
		if o.Dead != nil {
			dead = o.Dead
		}
		if o.Mesh != nil {
			mesh = o.Mesh
		}
	}
	a := color.RGBA64Model.Convert(alive).(color.RGBA64)
	d := color.RGBA64Model.Convert(dead).(color.RGBA64)
	p := make(color.Palette, numColours)
	p[idxDead], p[idxAlive], p[idxMesh] = d, a, color.RGBA64Model.Convert(mesh)
	const n = subsamples * subsamples
	mix := func(d, a uint16, k int) uint16 {
		return uint16((int(d)*(n-k) + int(a)*k + n/2) / n)
	}
	for k := 1; k < n; k++ {
		p[idxBlend0+k-1] = color.RGBA64{
			R: mix(d.R, a.R, k), G: mix(d.G, a.G, k), B: mix(d.B, a.B, k), A: mix(d.A, a.A, k),
		}
	}
	return p
}

// fill sets every pixel of r (clipped to img) to colour index i.
func fill(img *image.Paletted, r image.Rectangle, i uint8) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		for k := range row {
			row[k] = i
		}
	}
}

// drawCells draws b with its top-left corner at, cells and grid lines.
func drawCells(img *image.Paletted, at image.Point, b *life.Board, g geom) {
	w, h := b.Width(), b.Height()
	fill(img, image.Rectangle{Max: g.size(w, h)}.Add(at), idxDead)
	for y := range h {
		for x := range w {
			if b.Alive(x, y) {
				fill(img, g.interior(x, y).Add(at), idxAlive)
			}
		}
	}
	drawMesh(img, at, w, h, g)
}

func drawMesh(img *image.Paletted, at image.Point, w, h int, g geom) {
	if g.m == 0 {
		return
	}
	sz := g.size(w, h)
	for x := 0; x <= w; x++ {
		fill(img, image.Rect(x*g.s, 0, x*g.s+1, sz.Y).Add(at), idxMesh)
	}
	for y := 0; y <= h; y++ {
		fill(img, image.Rect(0, y*g.s, sz.X, y*g.s+1).Add(at), idxMesh)
	}
}

// BoardImage draws b as Mathematica's ArrayPlot[b, Mesh -> All] does: a
// square per cell, live cells in the Alive colour, dead ones in the Dead
// colour, with grid lines around every cell. With the mesh the image is
// W*CellSize+1 by H*CellSize+1 pixels, cell (x, y) filling the square
// from (x*CellSize+1, y*CellSize+1) to ((x+1)*CellSize, (y+1)*CellSize);
// without it, W*CellSize by H*CellSize. The image is paletted (one byte a
// pixel), so it can be a frame of a GIF as it is.
func BoardImage(b *life.Board, o *BoardOptions) *image.Paletted {
	g := o.geom()
	img := image.NewPaletted(image.Rectangle{Max: g.size(b.Width(), b.Height())}, o.palette())
	drawCells(img, image.Point{}, b, g)
	return img
}

// BoardPNG writes BoardImage(b, o) to w as a PNG. A 0 x 0 board without a
// mesh has no pixels, and PNG refuses it.
func BoardPNG(w io.Writer, b *life.Board, o *BoardOptions) error {
	return png.Encode(w, BoardImage(b, o))
}

// BoardSVG writes b to w as an SVG picture of the same geometry as
// BoardImage, one pixel a user unit: a background of the dead colour, a
// rect per live cell, and the grid as one path. The text depends only on
// b and o, so it makes a good golden file.
func BoardSVG(w io.Writer, b *life.Board, o *BoardOptions) error {
	g := o.geom()
	pal := o.palette()
	var sb strings.Builder
	svgOpen(&sb, g.size(b.Width(), b.Height()), pal[idxDead])
	open := false
	for y := range b.Height() {
		for x := range b.Width() {
			if !b.Alive(x, y) {
				continue
			}
			if !open {
				fmt.Fprintf(&sb, "<g%s>\n", paint("fill", pal[idxAlive]))
				open = true
			}
			r := g.interior(x, y)
			fmt.Fprintf(&sb, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n",
				r.Min.X, r.Min.Y, r.Dx(), r.Dy())
		}
	}
	if open {
		sb.WriteString("</g>\n")
	}
	svgClose(&sb, b.Width(), b.Height(), g, pal[idxMesh])
	_, err := io.WriteString(w, sb.String())
	return err
}

// svgOpen starts a picture of the given size with its background.
func svgOpen(sb *strings.Builder, sz image.Point, bg color.Color) {
	fmt.Fprintf(sb, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
		sz.X, sz.Y, sz.X, sz.Y)
	fmt.Fprintf(sb, "<rect width=\"%d\" height=\"%d\"%s/>\n", sz.X, sz.Y, paint("fill", bg))
}

// svgClose draws the grid (each line centred on the pixel column or row of
// BoardImage's line) and ends the picture.
func svgClose(sb *strings.Builder, w, h int, g geom, mesh color.Color) {
	if g.m == 1 {
		sz := g.size(w, h)
		sb.WriteString("<path d=\"")
		for x := 0; x <= w; x++ {
			fmt.Fprintf(sb, "M%s 0V%d", num(float64(x*g.s)+0.5), sz.Y)
		}
		for y := 0; y <= h; y++ {
			fmt.Fprintf(sb, "M0 %sH%d", num(float64(y*g.s)+0.5), sz.X)
		}
		fmt.Fprintf(sb, "\" fill=\"none\"%s stroke-width=\"1\"/>\n", paint("stroke", mesh))
	}
	sb.WriteString("</svg>\n")
}

// paint is the SVG attribute that sets a fill or stroke to c, with its
// opacity when c is not opaque.
func paint(attr string, c color.Color) string {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	s := fmt.Sprintf(" %s=\"#%02x%02x%02x\"", attr, n.R, n.G, n.B)
	if n.A != 0xff {
		s += fmt.Sprintf(" %s-opacity=\"%s\"", attr, num(float64(n.A)/0xff))
	}
	return s
}

// num formats a length to at most three decimals, the same on every
// platform.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64)
}

// Strip draws boards side by side, Gap pixels apart and aligned at the
// top: generations of an evolution, the phases of an oscillator. With
// Labels, a line of text above each board names it "t=0", "t=1", ...
// in a small bitmap font, the same on every platform. The colours and the
// palette are those of BoardImage.
func Strip(boards []*life.Board, o *BoardOptions) *image.Paletted {
	g := o.geom()
	sz, at, labels := stripLayout(boards, o)
	img := image.NewPaletted(image.Rectangle{Max: sz}, o.palette())
	for i, b := range boards {
		drawCells(img, at[i], b, g)
		if labels != nil {
			drawText(img, labels[i].at, labels[i].text, labels[i].scale, idxAlive)
		}
	}
	return img
}

type label struct {
	at    image.Point
	text  string
	scale int
}

// stripLayout places the boards of a Strip: the size of the picture, the
// top-left corner of each board, and the labels (nil without Labels). Each
// board gets a slot as wide as the board or its label, whichever is wider,
// and is centred in it, and so is its label.
func stripLayout(boards []*life.Board, o *BoardOptions) (image.Point, []image.Point, []label) {
	g := o.geom()
	gap := g.s
	withLabels := false
	if o != nil {
		withLabels = o.Labels
		switch {
		case o.Gap > 0:
			gap = o.Gap
		case o.Gap < 0:
			gap = 0
		}
	}
	scale := max(1, g.s/6)
	band := 0
	if withLabels {
		band = (glyphH + 2) * scale
	}
	var labels []label
	at := make([]image.Point, len(boards))
	x, h := 0, 0
	for i, b := range boards {
		if i > 0 {
			x += gap
		}
		bs := g.size(b.Width(), b.Height())
		slot := bs.X
		var l label
		if withLabels {
			l = label{text: "t=" + strconv.Itoa(i), scale: scale}
			slot = max(slot, textWidth(l.text, scale))
			l.at = image.Pt(x+(slot-textWidth(l.text, scale))/2, scale)
			labels = append(labels, l)
		}
		at[i] = image.Pt(x+(slot-bs.X)/2, band)
		x += slot
		h = max(h, band+bs.Y)
	}
	return image.Pt(x, h), at, labels
}
