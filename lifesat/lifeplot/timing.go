package lifeplot

import (
	"cmp"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A Sample is one timed run of an experiment: a search of one size with one
// seed, say.
type Sample struct {
	// Series names the curve the sample belongs to: an encoding, a
	// solver.
	Series string
	// X is what the experiment varies: the side of the box, the period.
	X float64
	// Seconds is the time the run took (time.Duration.Seconds); it must
	// be positive for the log axis.
	Seconds float64
	// Stopped marks a run stopped at a time limit without an answer,
	// Seconds its limit: drawn filled, and counted in the median at that
	// time, a lower bound of what it would have taken.
	Stopped bool
}

// TimingOptions label a timing plot. A nil *TimingOptions means the
// defaults, and so does the zero value of every field.
type TimingOptions struct {
	Title string
	// XLabel and YLabel name the axes; "" means "size" and "time (s)".
	// A log axis says so in its label, as LogAxis writes it.
	XLabel, YLabel string
	// LogX puts X on a log scale too (then every X must be positive), for
	// sizes that grow by factors.
	LogX bool
	// PointsOnly names the series drawn without a median line: runs
	// stopped at a time limit, whose times are the limit's, or a few
	// measurements that are no series (an anchor's published times).
	PointsOnly []string
	// NoLines draws every series as points only, without median lines:
	// for an X that is no quantity a line could run along, like a seed.
	NoLines bool
	// Styles gives series, by name, their colour and glyph. A series
	// without a style (or with a nil Color) gets plotutil's colour and
	// one of this package's hollow glyphs for its place among the
	// unstyled series (a filled glyph always means a stopped run).
	Styles map[string]Style
}

// styleOf is the colour and glyph drawer of the series name, the k-th of
// the plot's series without a style.
func (o *TimingOptions) styleOf(name string, k *int) (color.Color, draw.GlyphDrawer) {
	if st, ok := o.Styles[name]; ok && st.Color != nil {
		return st.Color, st.drawer(false)
	}
	i := *k
	*k++
	return plotutil.Color(i), Style{Glyph: Glyph(i % int(numGlyphs))}.drawer(false)
}

// TimingPlot plots time against X on a log time axis: every sample as a
// point, so the spread over seeds shows, and one line per series through
// the median time at each X (no lines with NoLines). Stopped samples are
// drawn filled and the legend says so. Series are drawn and
// listed in the legend in the order of their first sample, each in its
// own colour and glyph: its Styles entry, else plotutil.Color and a
// hollow Glyph. Save or show the plot with WritePNG, which draws the
// legend beside the axes, or the plot's own Save and WriterTo, which draw
// it inside at the top left.
//
// No samples, a time that is not positive and finite, or an X that is not
// finite (or, with LogX, not positive) are errors wrapping ErrInput.
func TimingPlot(samples []Sample, o *TimingOptions) (*plot.Plot, error) {
	if o == nil {
		o = &TimingOptions{}
	}
	if len(samples) == 0 {
		return nil, fmt.Errorf("%w: timing plot of no samples", ErrInput)
	}
	var order []string
	bySeries := map[string][]Sample{}
	for i, s := range samples {
		if !(s.Seconds > 0) || math.IsInf(s.Seconds, 0) {
			return nil, fmt.Errorf("%w: sample %d (%q, x=%g) took %g s; a log axis needs a positive time",
				ErrInput, i, s.Series, s.X, s.Seconds)
		}
		if math.IsNaN(s.X) || math.IsInf(s.X, 0) || o.LogX && s.X <= 0 {
			return nil, fmt.Errorf("%w: sample %d (%q) has x=%g", ErrInput, i, s.Series, s.X)
		}
		if _, ok := bySeries[s.Series]; !ok {
			order = append(order, s.Series)
		}
		bySeries[s.Series] = append(bySeries[s.Series], s)
	}

	p := plot.New()
	p.Title.Text = o.Title
	p.X.Label.Text = cmp.Or(o.XLabel, "size")
	p.Y.Label.Text = cmp.Or(o.YLabel, "time (s)")
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.TextStyle.Font.Size = legendFontSize
	p.Add(plotter.NewGrid())

	unstyled := 0
	stopped := false
	for _, name := range order {
		ss := bySeries[name]
		var answered, halted plotter.XYs
		for _, s := range ss {
			if s.Stopped {
				halted = append(halted, plotter.XY{X: s.X, Y: s.Seconds})
			} else {
				answered = append(answered, plotter.XY{X: s.X, Y: s.Seconds})
			}
		}
		c, shape := o.styleOf(name, &unstyled)
		var thumbs []plot.Thumbnailer
		if !o.NoLines && !slices.Contains(o.PointsOnly, name) {
			line, err := plotter.NewLine(medians(ss))
			if err != nil {
				return nil, err
			}
			line.Color = c
			line.Width = vg.Points(1.5)
			p.Add(line)
			thumbs = append(thumbs, line)
		}
		thumb, halt, err := addPoints(p, answered, halted, c, shape)
		if err != nil {
			return nil, err
		}
		stopped = stopped || halt
		if thumb != nil {
			thumbs = append(thumbs, thumb)
		}
		p.Legend.Add(name, thumbs...)
	}
	if stopped {
		p.Legend.Add(stoppedEntry())
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	xlo, xhi := math.Inf(1), math.Inf(-1)
	for _, s := range samples {
		lo, hi = min(lo, s.Seconds), max(hi, s.Seconds)
		xlo, xhi = min(xlo, s.X), max(xhi, s.X)
	}
	LogAxis(&p.Y, lo, hi)
	if o.LogX {
		LogAxis(&p.X, xlo, xhi)
	} else {
		wholeTicks(&p.X, samples)
	}
	return p, nil
}

// maxWholeTicks is the most distinct whole X values wholeTicks labels one
// by one.
const maxWholeTicks = 16

// wholeTicks labels a linear X axis at exactly the samples' X values when
// they are a few whole numbers (box sides, periods, seeds), rather than at
// gonum's round fractions, and leaves a margin so that the end points are
// not drawn on the frame.
func wholeTicks(a *plot.Axis, samples []Sample) {
	var xs []float64
	for _, s := range samples {
		if s.X != math.Trunc(s.X) {
			return
		}
		if !slices.Contains(xs, s.X) {
			if xs = append(xs, s.X); len(xs) > maxWholeTicks {
				return
			}
		}
	}
	slices.Sort(xs)
	ticks := make(plot.ConstantTicks, len(xs))
	for i, x := range xs {
		ticks[i] = plot.Tick{Value: x, Label: strconv.FormatFloat(x, 'f', -1, 64)}
	}
	a.Tick.Marker = ticks
	margin := max((xs[len(xs)-1]-xs[0])/40, 0.2)
	a.Min, a.Max = xs[0]-margin, xs[len(xs)-1]+margin
}

// LogAxis makes a a log axis over at least [lo, hi] (positive values),
// drawn the same in every figure: its range widened to the powers of ten
// around lo and hi (two of them at least, so that a reader sees the
// scale), a labelled tick at every power of ten and unlabelled ones at
// its multiples 2..9, and its label saying "log scale": "time (s)"
// becomes "time (s, log scale)", "workers" "workers (log scale)". Values
// that are not positive and finite are left out of the range; with none,
// the range is [1, 10].
func LogAxis(a *plot.Axis, lo, hi float64) {
	if !(lo > 0) || math.IsInf(lo, 0) {
		lo = 1
	}
	if !(hi >= lo) || math.IsInf(hi, 0) {
		hi = lo
	}
	a.Scale = plot.LogScale{}
	a.Tick.Marker = logTicks{}
	const tol = 1e-9 // so that 1000 is not read as 10^2.9999...
	e0 := int(math.Floor(math.Log10(lo) + tol))
	e1 := int(math.Ceil(math.Log10(hi) - tol))
	if e1 <= e0 {
		e1 = e0 + 1
	}
	a.Min, a.Max = decimal(1, e0), decimal(1, e1)
	a.Label.Text = logLabel(a.Label.Text)
}

// logLabel is an axis label that says "log scale" (see LogAxis).
func logLabel(s string) string {
	switch {
	case strings.Contains(s, "log scale"):
		return s
	case strings.HasSuffix(s, ")"):
		return s[:len(s)-1] + ", log scale)"
	case s == "":
		return "log scale"
	}
	return s + " (log scale)"
}

// decimal is m * 10^e, the float64 nearest to that decimal number (not
// the product, which for 3 * 10^-1 is 0.30000000000000004).
func decimal(m, e int) float64 {
	v, _ := strconv.ParseFloat(strconv.Itoa(m)+"e"+strconv.Itoa(e), 64)
	return v
}

// medians is the median time at each X of the samples, in increasing X.
func medians(ss []Sample) plotter.XYs {
	byX := map[float64][]float64{}
	for _, s := range ss {
		byX[s.X] = append(byX[s.X], s.Seconds)
	}
	xs := make([]float64, 0, len(byX))
	for x := range byX {
		xs = append(xs, x)
	}
	slices.Sort(xs)
	out := make(plotter.XYs, len(xs))
	for i, x := range xs {
		ts := byX[x]
		slices.Sort(ts)
		m := ts[len(ts)/2]
		if len(ts)%2 == 0 {
			m = (ts[len(ts)/2-1] + m) / 2
		}
		out[i] = plotter.XY{X: x, Y: m}
	}
	return out
}

// WritePNG draws p at width x height and writes it to w as a PNG at
// gonum's default 96 dots per inch: 4*vg.Inch is 384 pixels. The legend,
// when p has one, is drawn outside the axes, so that it covers no data
// (see DrawOutside).
func WritePNG(w io.Writer, p *plot.Plot, width, height vg.Length) error {
	c, err := draw.NewFormattedCanvas(width, height, "png")
	if err != nil {
		return err
	}
	DrawOutside(draw.New(c), p)
	_, err = c.WriteTo(w)
	return err
}

// DrawOutside draws p on c with its legend outside the axes, as WritePNG
// does: the title on top, centred over the plot if it fits; below it the
// plot and p's Legend in
// its text style, the legend to the right of the plot, or below the plot
// when it would take more than maxLegendShare of the width (the legend's
// position fields Top, Left, XOffs and YOffs are not used). p itself is
// not changed.
func DrawOutside(c draw.Canvas, p *plot.Plot) {
	q := *p // the same plot without its title and legend
	q.Legend = plot.NewLegend()
	q.Title.Text = ""
	whole := c
	if p.Title.Text != "" {
		c.Max.Y -= p.Title.TextStyle.Rectangle(p.Title.Text).Size().Y + p.Title.Padding
	}
	plotArea, legendArea, ok := legendLayout(c, &p.Legend)
	if p.Title.Text != "" {
		// Centred over the plot, as far as the picture's edges allow.
		half := p.Title.TextStyle.Rectangle(p.Title.Text).Size().X / 2
		x := max(whole.Min.X+half, min(plotArea.Center().X, whole.Max.X-half))
		descent := p.Title.TextStyle.FontExtents().Descent
		whole.FillText(p.Title.TextStyle, vg.Point{X: x, Y: whole.Max.Y + descent}, p.Title.Text)
	}
	q.Draw(plotArea)
	if ok {
		l := p.Legend
		l.Top, l.Left, l.XOffs, l.YOffs = true, true, 0, 0
		l.Draw(legendArea)
	}
}

// legendFontSize is the size of the legends' text.
const legendFontSize = vg.Length(10)

// maxLegendShare is the largest part of the width a legend takes beside
// the plot; a wider one goes below it.
const maxLegendShare = 0.35

// legendGap is the space between the plot and its legend, and the margin
// around the legend.
const legendGap = vg.Length(8)

// legendLayout splits c between a plot and its legend l, which do not
// overlap: the legend to the right of the plot, from the top down, or
// below the plot across the width. ok is false when l has no entries;
// then the plot has all of c.
func legendLayout(c draw.Canvas, l *plot.Legend) (plotArea, legendArea draw.Canvas, ok bool) {
	size := l.Rectangle(c).Size()
	if size.X <= 0 || size.Y <= 0 {
		return c, draw.Canvas{}, false
	}
	if size.X+2*legendGap <= vg.Length(maxLegendShare)*c.Size().X {
		plotArea = draw.Crop(c, 0, -(size.X + 2*legendGap), 0, 0)
		legendArea = draw.Crop(c, plotArea.Size().X+legendGap, -legendGap, 0, 0)
		return plotArea, legendArea, true
	}
	plotArea = draw.Crop(c, 0, 0, size.Y+2*legendGap, 0)
	legendArea = draw.Crop(c, legendGap, -legendGap, legendGap, -(plotArea.Size().Y + legendGap))
	return plotArea, legendArea, true
}

// logTicks marks a log axis as LogAxis draws it: every power of ten in
// the range labelled, and its multiples 2..9 unlabelled.
//
// It replaces plot.LogTicks, which in gonum/plot v0.15.2 truncates
// log10(min) towards zero instead of rounding it down, and so labels
// nothing on a range like 0.003 s to 0.009 s (see TestLogTicks).
type logTicks struct{}

var _ plot.Ticker = logTicks{}

func (logTicks) Ticks(min, max float64) []plot.Tick {
	if !(min > 0) || !(max >= min) || math.IsInf(max, 0) {
		return nil
	}
	var ticks []plot.Tick
	for e := int(math.Floor(math.Log10(min))); e <= int(math.Ceil(math.Log10(max))); e++ {
		for m := 1; m <= 9; m++ {
			v := decimal(m, e)
			if v < min || v > max {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 {
				t.Label = strconv.FormatFloat(v, 'g', -1, 64)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// A Style is how a series is drawn: its colour (its points and lines) and
// the glyph of its points. Give every series of an experiment the same
// Style in every figure (TimingOptions.Styles), so that a reader learns
// it once.
type Style struct {
	Color color.Color
	Glyph Glyph
}

// StyleTable gives each series named its own Style, in the order named:
// the i-th name gets plotutil's i-th colour and the i-th Glyph, so that no
// two of the first 56 share both. A notebook or a report declares its
// series once, in one table, and passes it to every figure
// (TimingOptions.Styles): each series is then drawn alike everywhere, and
// a series added to one figure only does not shift the others' styles. A
// name given twice keeps its first style.
func StyleTable(names ...string) map[string]Style {
	t := make(map[string]Style, len(names))
	for _, name := range names {
		if _, ok := t[name]; !ok {
			i := len(t)
			t[name] = Style{Color: plotutil.Color(i), Glyph: Glyph(i % int(numGlyphs))}
		}
	}
	return t
}

// A Glyph is the shape of a series' points. The closed shapes are drawn
// hollow for runs that answered and filled for runs stopped at a time
// limit (Target.Stopped); Cross and Plus, which have no inside, are
// drawn thicker when filled.
type Glyph int

// The glyphs, with the zero value a ring.
const (
	Ring         Glyph = iota // a circle
	Square                    // a square on a side
	Triangle                  // a triangle pointing up
	Diamond                   // a square on a corner
	TriangleDown              // a triangle pointing down
	Pentagon                  // a pentagon on a side
	Cross                     // an x
	Plus                      // a +
	numGlyphs
)

// glyphRadius is the radius of every point glyph.
const glyphRadius = vg.Length(3.5)

// drawer is the glyph drawer of the style, filled or not.
func (st Style) drawer(filled bool) draw.GlyphDrawer {
	return glyph{st.Glyph, filled}
}

// glyph draws a Glyph, hollow or filled.
type glyph struct {
	g      Glyph
	filled bool
}

var _ draw.GlyphDrawer = glyph{}

// corners are a closed glyph's number of corners (0 for a circle), the
// distance of its corners from the centre in radii, and the angle of its
// first corner in degrees.
var corners = map[Glyph]struct {
	n     int
	r     float64
	angle float64
}{
	Ring:         {0, 1, 0},
	Square:       {4, 1.3, 45},
	Triangle:     {3, 1.35, 90},
	Diamond:      {4, 1.35, 90},
	TriangleDown: {3, 1.35, -90},
	Pentagon:     {5, 1.2, 90},
}

func (g glyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	width := vg.Points(1)
	if g.filled {
		width = vg.Points(2)
	}
	c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: width})
	c.SetColor(sty.Color)
	r := sty.Radius
	shape, closed := corners[g.g]
	if !closed {
		var ends [2][2]vg.Point
		switch g.g {
		case Plus:
			r *= 1.2
			ends = [2][2]vg.Point{{{X: pt.X - r, Y: pt.Y}, {X: pt.X + r, Y: pt.Y}}, {{X: pt.X, Y: pt.Y - r}, {X: pt.X, Y: pt.Y + r}}}
		default: // Cross
			ends = [2][2]vg.Point{{{X: pt.X - r, Y: pt.Y - r}, {X: pt.X + r, Y: pt.Y + r}}, {{X: pt.X - r, Y: pt.Y + r}, {X: pt.X + r, Y: pt.Y - r}}}
		}
		for _, e := range ends {
			var p vg.Path
			p.Move(e[0])
			p.Line(e[1])
			c.Stroke(p)
		}
		return
	}
	var p vg.Path
	if shape.n == 0 {
		p.Move(vg.Point{X: pt.X + r, Y: pt.Y})
		p.Arc(pt, r, 0, 2*math.Pi)
	} else {
		for k := range shape.n {
			a := (shape.angle + 360*float64(k)/float64(shape.n)) * math.Pi / 180
			q := vg.Point{X: pt.X + r*vg.Length(shape.r*math.Cos(a)), Y: pt.Y + r*vg.Length(shape.r*math.Sin(a))}
			if k == 0 {
				p.Move(q)
			} else {
				p.Line(q)
			}
		}
	}
	p.Close()
	if g.filled {
		c.Fill(p)
	} else {
		c.Stroke(p)
	}
}

// addPoints adds a series' samples to p in colour c: the answered ones
// as hollow glyphs of shape, the stopped ones filled. It returns the
// first scatter, for the legend, and whether any sample was stopped.
func addPoints(p *plot.Plot, answered, halted plotter.XYs, c color.Color, shape draw.GlyphDrawer) (plot.Thumbnailer, bool, error) {
	var first plot.Thumbnailer
	for _, set := range []struct {
		xys   plotter.XYs
		shape draw.GlyphDrawer
	}{{answered, shape}, {halted, filledOf(shape)}} {
		if len(set.xys) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(set.xys)
		if err != nil {
			return nil, false, err
		}
		sc.Color, sc.Shape, sc.Radius = c, set.shape, glyphRadius
		p.Add(sc)
		if first == nil {
			first = sc
		}
	}
	return first, len(halted) > 0, nil
}

// filledOf is the filled glyph drawer of a hollow one: this package's
// glyphs filled, gonum's hollow shapes their filled ones, others as they
// are.
func filledOf(g draw.GlyphDrawer) draw.GlyphDrawer {
	switch g := g.(type) {
	case glyph:
		return glyph{g.g, true}
	case draw.RingGlyph:
		return draw.CircleGlyph{}
	case draw.SquareGlyph:
		return draw.BoxGlyph{}
	case draw.TriangleGlyph:
		return draw.PyramidGlyph{}
	}
	return g
}

// stoppedEntry is the legend entry that says what a filled glyph means.
func stoppedEntry() (string, plot.Thumbnailer) {
	sc, err := plotter.NewScatter(plotter.XYs{{}})
	if err != nil {
		panic(err) // one finite point
	}
	sc.Color, sc.Shape, sc.Radius = color.Gray{Y: 0x60}, glyph{Ring, true}, glyphRadius
	return "filled: stopped at the time limit", sc
}
