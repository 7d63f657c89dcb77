package lifeplot

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A Target is one problem of a benchmark table: what was measured, what
// it should take, and what it took elsewhere.
type Target struct {
	// Problem names the column, like "still life 64x64".
	Problem string
	// Measured maps a series (a solver, say) to its samples in seconds;
	// the plot shows every sample and marks the median.
	Measured map[string][]float64
	// Target is the time to beat; Anchor what another tool took, named by
	// AnchorName ("" for none). Zero means none.
	Target, Anchor float64
	AnchorName     string
}

// TargetPlot draws a benchmark table as one column per problem on a log
// time axis: each measured series' samples as small glyphs and its median
// as a large one, the target as a horizontal bar, the anchor as a cross.
// Series keep one colour and glyph across columns, in the order they
// first appear (sorted by name within a problem).
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
	p.Add(plotter.NewGrid())

	var names []string
	series := map[string]plotter.XYs{} // every sample
	middle := map[string]plotter.XYs{} // the medians
	var bars, crosses plotter.XYs
	anchorNames := map[string]bool{}
	for i, t := range targets {
		x := float64(i)
		for _, name := range slices.Sorted(maps.Keys(t.Measured)) {
			if _, ok := series[name]; !ok {
				names = append(names, name)
			}
			ss := t.Measured[name]
			for _, s := range ss {
				if !(s > 0) || math.IsInf(s, 0) {
					return nil, fmt.Errorf("%w: %s, %s: %g s; a log axis needs a positive time", ErrInput, t.Problem, name, s)
				}
				series[name] = append(series[name], plotter.XY{X: x, Y: s})
			}
			if len(ss) > 0 {
				samples := make([]Sample, len(ss))
				for k, s := range ss {
					samples[k] = Sample{X: x, Seconds: s}
				}
				middle[name] = append(middle[name], medians(samples)...)
			}
		}
		for _, v := range []float64{t.Target, t.Anchor} {
			if v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
				return nil, fmt.Errorf("%w: %s: target or anchor %g s", ErrInput, t.Problem, v)
			}
		}
		if t.Target > 0 {
			bars = append(bars, plotter.XY{X: x, Y: t.Target})
		}
		if t.Anchor > 0 {
			crosses = append(crosses, plotter.XY{X: x, Y: t.Anchor})
			anchorNames[t.AnchorName] = true
		}
	}
	for i, name := range names {
		all, err := plotter.NewScatter(series[name])
		if err != nil {
			return nil, err
		}
		all.Color = plotutil.Color(i)
		all.Shape = plotutil.Shape(i)
		all.Radius = vg.Points(2)
		med, err := plotter.NewScatter(middle[name])
		if err != nil {
			return nil, err
		}
		med.Color = plotutil.Color(i)
		med.Shape = plotutil.Shape(i)
		med.Radius = vg.Points(5)
		p.Add(all, med)
		p.Legend.Add(name+" (median large)", med)
	}
	if len(bars) > 0 {
		s, err := plotter.NewScatter(bars)
		if err != nil {
			return nil, err
		}
		s.Shape = barGlyph{}
		s.Color = plotutil.Color(len(names))
		s.Radius = vg.Points(9)
		p.Add(s)
		p.Legend.Add("target", s)
	}
	if len(crosses) > 0 {
		s, err := plotter.NewScatter(crosses)
		if err != nil {
			return nil, err
		}
		s.Shape = draw.CrossGlyph{}
		s.Color = plotutil.Color(len(names) + 1)
		s.Radius = vg.Points(5)
		p.Add(s)
		p.Legend.Add("anchor: "+strings.Join(slices.Sorted(maps.Keys(anchorNames)), ", "), s)
	}
	labels := make([]string, len(targets))
	for i, t := range targets {
		labels[i] = t.Problem
	}
	p.NominalX(labels...)
	p.X.Min, p.X.Max = -0.5, float64(len(targets))-0.5
	// A decade and a half of headroom for the legend, which sits at the
	// top left, over the columns.
	p.Y.Max *= 30
	snapLog(&p.Y)
	return p, nil
}

// barGlyph is a horizontal bar as wide as the glyph's diameter: a target
// line across a column.
type barGlyph struct{}

func (barGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	c.StrokeLines(draw.LineStyle{Color: sty.Color, Width: vg.Points(2.5)},
		[]vg.Point{{X: pt.X - sty.Radius, Y: pt.Y}, {X: pt.X + sty.Radius, Y: pt.Y}})
}
