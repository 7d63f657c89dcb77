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
	// DefaultUnknown fills the cells of a Partial board that are not
	// known: a light grey between the dead white and the mesh.
	DefaultUnknown = color.Gray{Y: 0xc8}
	// DefaultHighlight marks changed cells and boxes: an orange that
	// stands out from black, white and grey.
	DefaultHighlight = color.RGBA{R: 0xff, G: 0x8c, B: 0x1a, A: 0xff}
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
	// Changes tints, in each board of a Strip and each frame of a GIF,
	// the cells whose state differs from the board before it: a dead cell
	// that was alive is filled with the Highlight colour, a live cell that
	// was dead is drawn smaller, framed by it. The first board is compared
	// with the last when Cycle is set (the phases of an oscillator), and
	// with nothing otherwise. Boards of another size than the one before
	// them are not tinted.
	Changes bool
	// Cycle says that the boards are a cycle: see Changes.
	Cycle bool
	// Shift is, with Changes, how far the boards move in all: a
	// spaceship's shift over its period (lifesat.Problem.Shift), or the
	// distance a ship travels over the frames of a GIF. Each board is
	// then compared with the board before it moved by the translation,
	// from (0, 0) to Shift on each axis, that leaves the fewest cells
	// changed (the first such in the order x, then y, from 0), so that
	// the tint shows how the ship's shape changes, not that it moves;
	// the cells moved out of the box count as dead. The zero Shift moves
	// nothing.
	Shift image.Point
	// Transform is, with Changes and Cycle, the transform that turns or
	// reflects the last board's successor into the first board
	// (lifesat.Problem.Transform, as for a glide-symmetric ship of half
	// its period): the first board is compared with the last turned back
	// by its inverse, then moved as Shift says, with Shift turned back
	// too. The zero value, life.Id, turns nothing.
	Transform life.Transform
	// Ticks writes the coordinates of the columns above a board and of
	// the rows on its left, x from 0 at the left and y from 0 at the top
	// as in life.Board: every column and row when the cells are large
	// enough for the digits, else every 2nd, 5th, 10th, ... .
	Ticks bool
	// Box outlines a rectangle of cells (cell coordinates, as
	// image.Rect(x0, y0, x1, y1) covers cells x0..x1-1, y0..y1-1) in the
	// Highlight colour, two pixels wide or more: the target's box inside
	// a larger predecessor, say. The empty rectangle outlines nothing.
	Box image.Rectangle
	// Highlight is the colour of Changes and Box; nil means
	// DefaultHighlight.
	Highlight color.Color
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
// of States (index blend0+k-1 covers k/16 of a pixel), then the highlight.
const (
	idxDead = iota
	idxAlive
	idxMesh
	idxBlend0
	idxHighlight = idxBlend0 + subsamples*subsamples - 1
	idxUnknown   = idxHighlight + 1
	numColours   = idxUnknown + 1
)

func (o *BoardOptions) palette() color.Palette {
	alive, dead, mesh := color.Color(DefaultAlive), color.Color(DefaultDead), color.Color(DefaultMesh)
	hi := color.Color(DefaultHighlight)
	if o != nil {
		if o.Highlight != nil {
			hi = o.Highlight
		}
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
	p[idxHighlight] = color.RGBA64Model.Convert(hi)
	p[idxUnknown] = color.RGBA64Model.Convert(DefaultUnknown)
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
// With a board before of the same size, the cells that differ from it are
// tinted (see BoardOptions.Changes).
func drawCells(img *image.Paletted, at image.Point, b, before *life.Board, g geom) {
	w, h := b.Width(), b.Height()
	if before != nil && (before.Width() != w || before.Height() != h) {
		before = nil
	}
	fill(img, image.Rectangle{Max: g.size(w, h)}.Add(at), idxDead)
	for y := range h {
		for x := range w {
			in := g.interior(x, y).Add(at)
			alive := b.Alive(x, y)
			if before != nil && before.Alive(x, y) != alive {
				fill(img, in, idxHighlight)
				if alive {
					fill(img, in.Inset(changeInset(in.Dx())), idxAlive)
				}
				continue
			}
			if alive {
				fill(img, in, idxAlive)
			}
		}
	}
	drawMesh(img, at, w, h, g)
}

// changeInset is the width of the highlight around a live cell that
// changed, in a cell interior of side n: a fifth of it, at least a pixel,
// leaving at least a pixel of the cell; none in cells too small for both.
func changeInset(n int) int {
	if n < 3 {
		return 0
	}
	return max(1, min(n/5, (n-1)/2))
}

// drawBox outlines the cells of r (cell coordinates, clipped to the w x h
// board drawn at at) on the grid lines around them, in the highlight.
func drawBox(img *image.Paletted, at image.Point, r image.Rectangle, w, h int, g geom) {
	r = r.Intersect(image.Rect(0, 0, w, h))
	if r.Empty() {
		return
	}
	t := max(2, g.s/8) // thickness, centred on the grid line
	x0, y0 := at.X+r.Min.X*g.s, at.Y+r.Min.Y*g.s
	x1, y1 := at.X+r.Max.X*g.s, at.Y+r.Max.Y*g.s
	lo, hi := -t/2, t-t/2
	if g.m == 1 {
		hi++ // the line of pixels itself
	}
	fill(img, image.Rect(x0+lo, y0+lo, x1+hi, y0+hi), idxHighlight)
	fill(img, image.Rect(x0+lo, y1+lo, x1+hi, y1+hi), idxHighlight)
	fill(img, image.Rect(x0+lo, y0+lo, x0+hi, y1+hi), idxHighlight)
	fill(img, image.Rect(x1+lo, y0+lo, x1+hi, y1+hi), idxHighlight)
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
//
// With Ticks the picture has a margin above and on the left for the
// coordinates, and the cells start at the point that Origin returns; Box
// is outlined. (Labels, Gap and Changes are for Strip and GIF.)
func BoardImage(b *life.Board, o *BoardOptions) *image.Paletted {
	img, at := canvas(b, o)
	drawCells(img, at, b, nil, o.geom())
	decorate(img, at, b, o)
	return img
}

// Partial draws a board of which only some cells are known, as a search
// sees it on its way: the cells alive in known are drawn as in
// BoardImage, alive or dead as b says, and the others in DefaultUnknown,
// a light grey. known must be as large as b. With Box a cell or a group of
// cells is outlined (the cell a step of a search just set, say), and with
// Ticks the coordinates are written; the picture has BoardImage's size
// and palette, and one colour more.
func Partial(b, known *life.Board, o *BoardOptions) *image.Paletted {
	img, at := canvas(b, o)
	g := o.geom()
	drawCells(img, at, b, nil, g)
	for y := range b.Height() {
		for x := range b.Width() {
			if !known.Alive(x, y) {
				fill(img, g.interior(x, y).Add(at), idxUnknown)
			}
		}
	}
	decorate(img, at, b, o)
	return img
}

// Origin is the top-left corner of the cells (their grid line included)
// in BoardImage(b, o) and States(b, r, o): (0, 0), or the size of the
// margins with Ticks.
func Origin(b *life.Board, o *BoardOptions) image.Point {
	left, top, _ := tickLabels(b.Width(), b.Height(), o)
	return image.Pt(left, top)
}

// canvas allocates the picture of one board with its tick margins, filled
// with the dead colour, and returns it and where the cells start.
func canvas(b *life.Board, o *BoardOptions) (*image.Paletted, image.Point) {
	at := Origin(b, o)
	sz := o.geom().size(b.Width(), b.Height()).Add(at)
	img := image.NewPaletted(image.Rectangle{Max: sz}, o.palette())
	return img, at
}

// decorate draws the ticks and the box of b, drawn at at.
func decorate(img *image.Paletted, at image.Point, b *life.Board, o *BoardOptions) {
	if o == nil {
		return
	}
	_, _, ticks := tickLabels(b.Width(), b.Height(), o)
	for _, l := range ticks {
		drawText(img, at.Add(l.at), l.text, l.scale, idxAlive)
	}
	drawBox(img, at, o.Box, b.Width(), b.Height(), o.geom())
}

// tickLabels lays out the coordinates of a w x h board with Ticks: the
// margins on the left and above the cells, and the labels, placed
// relative to the cells' top-left corner (so above and left of it).
// Without Ticks it returns nothing.
func tickLabels(w, h int, o *BoardOptions) (left, top int, labels []label) {
	if o == nil || !o.Ticks || w == 0 || h == 0 {
		return 0, 0, nil
	}
	g := o.geom()
	const scale, pad = 1, 3
	// every is the step between labelled columns: the first of 1, 2, 5,
	// 10, 20, 50, ... whose span holds the widest label and a pixel.
	every := func(need int) int {
		for k := 1; ; k *= 10 {
			for _, m := range []int{1, 2, 5} {
				if m*k*g.s >= need+1 {
					return m * k
				}
			}
		}
	}
	cx := every(textWidth(strconv.Itoa(w-1), scale))
	cy := every(glyphH * scale)
	top = glyphH*scale + pad
	for y := 0; y < h; y += cy {
		left = max(left, textWidth(strconv.Itoa(y), scale)+pad)
	}
	for x := 0; x < w; x += cx {
		s := strconv.Itoa(x)
		labels = append(labels, label{
			at:    image.Pt(x*g.s+(g.s+g.m-textWidth(s, scale))/2, -top),
			text:  s,
			scale: scale,
		})
	}
	for y := 0; y < h; y += cy {
		s := strconv.Itoa(y)
		at := image.Pt(-textWidth(s, scale)-pad, y*g.s+(g.s+g.m-glyphH*scale)/2)
		if at.Y+glyphH*scale > h*g.s+g.m {
			break // a row too close to the bottom for its label
		}
		labels = append(labels, label{at: at, text: s, scale: scale})
	}
	return left, top, labels
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
// in a small bitmap font, the same on every platform; with Changes the
// cells that differ from the board before are tinted, with Ticks each
// board has its coordinates, and Box is outlined on every board. The
// colours and the palette are those of BoardImage.
func Strip(boards []*life.Board, o *BoardOptions) *image.Paletted {
	g := o.geom()
	sz, at, labels := stripLayout(boards, o)
	img := image.NewPaletted(image.Rectangle{Max: sz}, o.palette())
	for i, b := range boards {
		drawCells(img, at[i], b, before(boards, i, o), g)
		decorate(img, at[i], b, o)
		if labels != nil {
			drawText(img, labels[i].at, labels[i].text, labels[i].scale, idxAlive)
		}
	}
	return img
}

// before is the board that board i of boards is compared with under
// Changes: the one before it, the last one for the first with Cycle, and
// nil otherwise. With a Shift, each is moved as the ship moved: the one
// before by a part of the shift, from (0, 0) to Shift on each axis, the
// last by the shift less such a part (it is ahead of the first by nearly
// the whole shift), and then turned back by the inverse of Transform;
// the move that leaves the fewest cells different counts (the first
// such, trying x and then y from 0 outwards).
func before(boards []*life.Board, i int, o *BoardOptions) *life.Board {
	var prev *life.Board
	wrap := false
	switch {
	case o == nil || !o.Changes || len(boards) < 2:
		return nil
	case i > 0:
		prev = boards[i-1]
	case o.Cycle:
		prev, wrap = boards[len(boards)-1], true
	default:
		return nil
	}
	b := boards[i]
	var best *life.Board
	fewest := -1
	s := o.Shift
	for dy := range abs(s.Y) + 1 {
		for dx := range abs(s.X) + 1 {
			m := prev
			if part := image.Pt(dx*sign(s.X), dy*sign(s.Y)); wrap {
				m = m.Translate(part.X-s.X, part.Y-s.Y).Transform(o.Transform.Inverse())
			} else {
				m = m.Translate(part.X, part.Y)
			}
			if m.Width() != b.Width() || m.Height() != b.Height() {
				return m // not tinted (see drawCells)
			}
			if n := differ(m, b); fewest < 0 || n < fewest {
				best, fewest = m, n
			}
		}
	}
	return best
}

// differ counts the cells in which two boards of one size differ.
func differ(a, b *life.Board) int {
	n := 0
	for y := range a.Height() {
		for x := range a.Width() {
			if a.Alive(x, y) != b.Alive(x, y) {
				n++
			}
		}
	}
	return n
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
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
	// The tick margins: the same height above every board, so that the
	// boards stay aligned at the top.
	tickTop := 0
	for _, b := range boards {
		_, t, _ := tickLabels(b.Width(), b.Height(), o)
		tickTop = max(tickTop, t)
	}
	var labels []label
	at := make([]image.Point, len(boards))
	x, h := 0, 0
	for i, b := range boards {
		if i > 0 {
			x += gap
		}
		left, _, _ := tickLabels(b.Width(), b.Height(), o)
		bs := g.size(b.Width(), b.Height()).Add(image.Pt(left, 0))
		slot := bs.X
		var l label
		if withLabels {
			l = label{text: "t=" + strconv.Itoa(i), scale: scale}
			slot = max(slot, textWidth(l.text, scale))
			l.at = image.Pt(x+(slot-textWidth(l.text, scale))/2, scale)
			labels = append(labels, l)
		}
		at[i] = image.Pt(x+(slot-bs.X)/2+left, band+tickTop)
		x += slot
		h = max(h, band+tickTop+bs.Y)
	}
	return image.Pt(x, h), at, labels
}
