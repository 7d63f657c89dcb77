package lifeplot

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// A SizeRow is the size of one encoding's formula: totals from
// lifesat.Stats, or per-cell averages (Vars / (Width*Height*Period)).
type SizeRow struct {
	Encoding           string
	Variables, Clauses float64
}

// BarOptions label a bar chart. A nil *BarOptions means the defaults, and
// so does the zero value of every field.
type BarOptions struct {
	Title string
	// YLabel names the value axis; "" means "count".
	YLabel string
	// BarWidth is the width of each bar; 0 means 20 points.
	BarWidth vg.Length
}

// SizeBars draws a grouped bar chart of formula sizes: for each encoding,
// in the order of rows, a bar of variables beside a bar of clauses, each
// labelled with its value, and a legend naming the two. No rows, or a
// negative or non-finite size, are errors wrapping ErrInput.
func SizeBars(rows []SizeRow, o *BarOptions) (*plot.Plot, error) {
	if o == nil {
		o = &BarOptions{}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%w: bar chart of no rows", ErrInput)
	}
	names := make([]string, len(rows))
	vars := make(plotter.Values, len(rows))
	clauses := make(plotter.Values, len(rows))
	for i, r := range rows {
		for _, v := range []float64{r.Variables, r.Clauses} {
			if !(v >= 0) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("%w: encoding %q has size %g", ErrInput, r.Encoding, v)
			}
		}
		names[i], vars[i], clauses[i] = r.Encoding, r.Variables, r.Clauses
	}
	width := cmp.Or(o.BarWidth, vg.Points(20))

	p := plot.New()
	p.Title.Text = o.Title
	p.Y.Label.Text = cmp.Or(o.YLabel, "count")
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = legendFontSize
	for _, s := range []struct {
		name   string
		values plotter.Values
		offset vg.Length
		color  color.Color
	}{
		{"variables", vars, -width / 2, color.Gray{Y: 0x40}},
		{"clauses", clauses, width / 2, color.Gray{Y: 0xA8}},
	} {
		bars, err := plotter.NewBarChart(s.values, width)
		if err != nil {
			return nil, err
		}
		bars.Offset = s.offset
		bars.Color = s.color
		bars.LineStyle.Width = 0
		labels, err := valueLabels(s.values, s.offset)
		if err != nil {
			return nil, err
		}
		p.Add(bars, labels)
		p.Legend.Add(s.name, bars)
	}
	p.NominalX(names...)
	// Half a slot on either side of the groups, and room above the
	// tallest bar for its label.
	p.X.Min, p.X.Max = -0.5, float64(len(rows))-0.5
	p.Y.Max = math.Max(p.Y.Max*1.1, 1)
	return p, nil
}

// valueLabels writes each value centred above its bar.
func valueLabels(vs plotter.Values, offset vg.Length) (*plotter.Labels, error) {
	l := plotter.XYLabels{XYs: make(plotter.XYs, len(vs)), Labels: make([]string, len(vs))}
	for i, v := range vs {
		l.XYs[i] = plotter.XY{X: float64(i), Y: v}
		l.Labels[i] = strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
	}
	labels, err := plotter.NewLabels(l)
	if err != nil {
		return nil, err
	}
	for i := range labels.TextStyle {
		labels.TextStyle[i].XAlign = draw.XCenter
		labels.TextStyle[i].YAlign = draw.YBottom
	}
	labels.Offset = vg.Point{X: offset, Y: vg.Points(2)}
	return labels, nil
}
