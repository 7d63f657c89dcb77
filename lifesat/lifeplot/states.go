package lifeplot

import (
	"fmt"
	"image"
	"io"
	"math"
	"strings"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// fate is what one step does to a cell.
type fate uint8

const (
	staysDead fate = iota // dead and staying dead: nothing drawn
	born                  // dead but about to be born: a small dot
	dies                  // alive but about to die: a ring
	survives              // alive and staying alive: a solid disc
)

// fates classifies every cell of b by its state now and at the next
// generation under r, computed by life.Step on b padded with one dead
// ring, so that the cells at b's edge see the empty plane around them.
func fates(b *life.Board, r rule.Rule) [][]fate {
	next := life.Step(b.Pad(1), r, life.Dead)
	f := make([][]fate, b.Height())
	for y := range f {
		f[y] = make([]fate, b.Width())
		for x := range f[y] {
			switch now, then := b.Alive(x, y), next.Alive(x+1, y+1); {
			case now && then:
				f[y][x] = survives
			case now:
				f[y][x] = dies
			case then:
				f[y][x] = born
			}
		}
	}
	return f
}

// The marks, as fractions of the side of a cell's interior: the disc and
// the ring have radius markR, the ring is ringW thick inside that radius,
// and the dot has radius dotR. The dot and the ring's width are large
// enough to see at a glance: the dot is 0.4 of a cell across, and the ring
// leaves a hole of 0.5, half the disc's area uncovered.
const (
	markR = 0.4
	ringW = 0.15
	dotR  = 0.2
)

// mark is the shape of fate f in a cell interior of side n centred on the
// origin: an inside test, and the radius beyond which nothing is inside.
func mark(f fate, n float64) (inside func(d float64) bool, reach float64) {
	switch f {
	case survives:
		return func(d float64) bool { return d <= markR*n }, markR * n
	case dies:
		return func(d float64) bool { return d <= markR*n && d >= (markR-ringW)*n }, markR * n
	case born:
		r := math.Max(dotR*n, 1)
		return func(d float64) bool { return d <= r }, r
	}
	return nil, 0
}

// subsamples is the number of samples per pixel side for the
// anti-aliased edges of the marks.
const subsamples = 4

// States draws b with the marks of Bosch's figures (R. A. Bosch, "Integer
// programming and Conway's game of life", SIAM Review 41, 1999), which
// show what the next step does to every cell under rule r:
//
//	solid disc   alive and staying alive
//	ring         alive but about to die
//	small dot    dead but about to be born
//	nothing      dead and staying dead
//
// The disc and the ring are 0.8 of a cell across, the dot 0.4.
// The next generation is computed by life.Step on b padded with one
// dead ring, so the fates are those in the empty plane; births in that ring
// are not drawn (pad b first to see them). The geometry, grid, palette,
// Ticks and Box are those of BoardImage; the marks are in the Alive colour
// on the Dead one, with anti-aliased edges.
func States(b *life.Board, r rule.Rule, o *BoardOptions) *image.Paletted {
	g := o.geom()
	img, at := canvas(b, o)
	for y, row := range fates(b, r) {
		for x, f := range row {
			in := g.interior(x, y).Add(at)
			n := float64(in.Dx())
			inside, reach := mark(f, n)
			if inside == nil {
				continue
			}
			cx, cy := float64(in.Min.X)+n/2, float64(in.Min.Y)+n/2
			for py := in.Min.Y; py < in.Max.Y; py++ {
				for px := in.Min.X; px < in.Max.X; px++ {
					// Every sample lies within 0.75 of the pixel's centre.
					if math.Hypot(float64(px)+0.5-cx, float64(py)+0.5-cy) > reach+0.75 {
						continue
					}
					k := 0
					for sy := range subsamples {
						for sx := range subsamples {
							dx := float64(px) + (float64(sx)+0.5)/subsamples - cx
							dy := float64(py) + (float64(sy)+0.5)/subsamples - cy
							if inside(math.Hypot(dx, dy)) {
								k++
							}
						}
					}
					switch {
					case k == subsamples*subsamples:
						img.Pix[img.PixOffset(px, py)] = idxAlive
					case k > 0:
						img.Pix[img.PixOffset(px, py)] = uint8(idxBlend0 + k - 1)
					}
				}
			}
		}
	}
	drawMesh(img, at, b.Width(), b.Height(), g)
	decorate(img, at, b, o)
	return img
}

// StatesSVG writes the picture of States to w as SVG text: a circle per
// mark, in the geometry of BoardSVG.
func StatesSVG(w io.Writer, b *life.Board, r rule.Rule, o *BoardOptions) error {
	g := o.geom()
	pal := o.palette()
	var sb strings.Builder
	svgOpen(&sb, g.size(b.Width(), b.Height()), pal[idxDead])
	fs := fates(b, r)
	// Discs and dots are filled, rings stroked: one group each.
	var filled, rings strings.Builder
	for y, row := range fs {
		for x, f := range row {
			in := g.interior(x, y)
			n := float64(in.Dx())
			_, reach := mark(f, n)
			cx, cy := num(float64(in.Min.X)+n/2), num(float64(in.Min.Y)+n/2)
			switch f {
			case survives, born:
				fmt.Fprintf(&filled, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\"/>\n", cx, cy, num(reach))
			case dies:
				fmt.Fprintf(&rings, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\"/>\n", cx, cy, num((markR-ringW/2)*n))
			}
		}
	}
	if filled.Len() > 0 {
		fmt.Fprintf(&sb, "<g%s>\n%s</g>\n", paint("fill", pal[idxAlive]), filled.String())
	}
	if rings.Len() > 0 {
		n := float64(g.s - g.m)
		fmt.Fprintf(&sb, "<g fill=\"none\"%s stroke-width=\"%s\">\n%s</g>\n",
			paint("stroke", pal[idxAlive]), num(ringW*n), rings.String())
	}
	svgClose(&sb, b.Width(), b.Height(), g, pal[idxMesh])
	_, err := io.WriteString(w, sb.String())
	return err
}
