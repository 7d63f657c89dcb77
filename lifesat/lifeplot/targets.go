package lifeplot

import (
	"cmp"
	"fmt"
	"image/color"
	"maps"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A Target is one problem of a benchmark table: what was measured, what
// it should take, and what it took elsewhere.
type Target struct {
	// Problem names the column, like "still life 64x64"; "\n" breaks
	// the label into lines.
	Problem string
	// Measured maps a series (a solver, say) to its samples in seconds;
	// the plot shows every sample and marks the median.
	Measured map[string][]float64
	// Stopped maps a series to the times of its runs that were stopped
	// at a time limit without an answer: drawn as filled glyphs, and
	// counted in the median at that time, a lower bound of what they
	// would have taken (so the median of a series stopped more often than
	// not is a limit).
	Stopped map[string][]float64
	// Target is the time to beat; Anchor what another tool took, named by
	// AnchorName. Zero means none.
	Target, Anchor float64
	AnchorName     string
}

// TargetPlot draws a benchmark table as one column per problem on a log
// time axis. In a column each series has a place of its own, side by side
// in the order the series first appear (sorted by name within a problem),
// the same in every column: its samples as hollow glyphs, its stopped
// runs as filled ones, and the median of all its runs (when it has two or
// more) as a short line across its place. The target is a dashed bar
// across the column, and each anchor a glyph in a place after the series,
// one legend entry per AnchorName. Series and anchors are drawn in their
// Styles entry (o.Styles, by name), else in plotutil's colours and shapes;
// the legend names them and says what the median line, the target bar and
// a filled glyph mean.
//
// No targets, or a time that is not positive and finite, are errors
// wrapping ErrInput.
func TargetPlot(targets []Target, o *TimingOptions) (*plot.Plot, error) {
	if o == nil {
		o = &TimingOptions{}
	}
	if len(targets) == 0 {
		return nil, fmt.Errorf("%w: target plot of no problems", ErrInput)
	}
	p := plot.New()
	p.Title.Text = o.Title
	p.X.Label.Text = o.XLabel
	p.Y.Label.Text = cmp.Or(o.YLabel, "time (s)")
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = logTicks{}
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.TextStyle.Font.Size = legendFontSize
	p.Add(plotter.NewGrid())

	// The series and the anchors, in order.
	var names, anchors []string
	for _, t := range targets {
		for _, m := range []map[string][]float64{t.Measured, t.Stopped} {
			for _, name := range slices.Sorted(maps.Keys(m)) {
				if !slices.Contains(names, name) {
					names = append(names, name)
				}
				for _, s := range m[name] {
					if !(s > 0) || math.IsInf(s, 0) {
						return nil, fmt.Errorf("%w: %s, %s: %g s; a log axis needs a positive time", ErrInput, t.Problem, name, s)
					}
				}
			}
		}
		for _, v := range []float64{t.Target, t.Anchor} {
			if v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
				return nil, fmt.Errorf("%w: %s: target or anchor %g s", ErrInput, t.Problem, v)
			}
		}
		if t.Anchor > 0 && !slices.Contains(anchors, t.AnchorName) {
			anchors = append(anchors, t.AnchorName)
		}
	}
	places := len(names)
	if len(anchors) > 0 {
		places++ // the anchors share the last place
	}
	const column = 0.8 // of the space between two columns
	step := column / float64(max(places, 1))
	at := func(i, place int) float64 { return float64(i) - column/2 + step*(float64(place)+0.5) }

	unstyled := 0
	var withMedian, stopped bool
	for k, name := range names {
		c, _ := o.styleOf(name, &unstyled)
		st := Style{Color: c, Glyph: o.Styles[name].Glyph}
		if o.Styles[name].Color == nil {
			st.Glyph = Glyph(k % int(numGlyphs))
		}
		var answered, halted plotter.XYs
		for i, t := range targets {
			var samples []Sample // every run, stopped ones at their limit
			for _, s := range t.Measured[name] {
				answered = append(answered, plotter.XY{X: at(i, k), Y: s})
				samples = append(samples, Sample{Seconds: s})
			}
			for _, s := range t.Stopped[name] {
				halted = append(halted, plotter.XY{X: at(i, k), Y: s})
				samples = append(samples, Sample{Seconds: s})
			}
			if len(samples) >= 2 {
				m := medians(samples)[0].Y
				line, err := segment(at(i, k)-step*0.4, at(i, k)+step*0.4, m, draw.LineStyle{Color: c, Width: vg.Points(2)})
				if err != nil {
					return nil, err
				}
				p.Add(line)
				withMedian = true
			}
		}
		thumb, halt, err := addPoints(p, answered, halted, c, st.drawer(false))
		if err != nil {
			return nil, err
		}
		stopped = stopped || halt
		var thumbs []plot.Thumbnailer
		if thumb != nil {
			thumbs = append(thumbs, thumb)
		}
		p.Legend.Add(name, thumbs...)
	}
	for _, name := range anchors {
		var xys plotter.XYs
		for i, t := range targets {
			if t.Anchor > 0 && t.AnchorName == name {
				xys = append(xys, plotter.XY{X: at(i, places-1), Y: t.Anchor})
			}
		}
		sc, err := plotter.NewScatter(xys)
		if err != nil {
			return nil, err
		}
		sc.Color, sc.Radius = color.Black, glyphRadius*1.3
		sc.Shape = glyph{Cross, false}
		if st, ok := o.Styles[name]; ok && st.Color != nil {
			sc.Color, sc.Shape = st.Color, st.drawer(false)
		}
		p.Add(sc)
		p.Legend.Add(name, sc)
	}
	grey := color.Gray{Y: 0x60}
	targetStyle := draw.LineStyle{Color: grey, Width: vg.Points(2.5), Dashes: []vg.Length{vg.Points(4), vg.Points(2)}}
	hasTarget := false
	for i, t := range targets {
		if t.Target > 0 {
			bar, err := segment(float64(i)-column/2, float64(i)+column/2, t.Target, targetStyle)
			if err != nil {
				return nil, err
			}
			p.Add(bar)
			hasTarget = true
		}
	}
	if hasTarget {
		p.Legend.Add("target: the time to beat", thumb(targetStyle))
	}
	if withMedian {
		p.Legend.Add("median of the runs", thumb(draw.LineStyle{Color: color.Black, Width: vg.Points(2)}))
	}
	if stopped {
		p.Legend.Add(stoppedEntry())
	}
	labels := make([]string, len(targets))
	for i, t := range targets {
		labels[i] = t.Problem
	}
	p.NominalX(labels...)
	p.X.Min, p.X.Max = -0.5, float64(len(targets))-0.5
	// Room for the glyphs at the ends of the time axis.
	LogAxis(&p.Y, p.Y.Min/1.3, p.Y.Max*1.3)
	return p, nil
}

// segment is a horizontal line from x0 to x1 at y.
func segment(x0, x1, y float64, sty draw.LineStyle) (*plotter.Line, error) {
	l, err := plotter.NewLine(plotter.XYs{{X: x0, Y: y}, {X: x1, Y: y}})
	if err != nil {
		return nil, err
	}
	l.LineStyle = sty
	return l, nil
}

// thumb is a legend thumbnail of a line in the style.
func thumb(sty draw.LineStyle) plot.Thumbnailer {
	return &plotter.Line{LineStyle: sty}
}
