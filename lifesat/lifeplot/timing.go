package lifeplot

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
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
}

// TimingOptions label a timing plot. A nil *TimingOptions means the
// defaults, and so does the zero value of every field.
type TimingOptions struct {
	Title string
	// XLabel and YLabel name the axes; "" means "size" and "time (s)".
	XLabel, YLabel string
	// LogX puts X on a log scale too (then every X must be positive), for
	// sizes that grow by factors.
	LogX bool
	// PointsOnly names the series drawn without a median line: runs
	// stopped at a time limit, whose times are the limit's.
	PointsOnly []string
}

// TimingPlot plots time against X on a log time axis: every sample as a
// point, so the spread over seeds shows, and one line per series through
// the median time at each X. Series are drawn and listed in the legend in
// the order of their first sample, each in its own colour and glyph
// (plotutil.Color and plotutil.Shape). Save or show the plot with
// WritePNG or the plot's own Save and WriterTo.
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
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = logTicks{}
	if o.LogX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = logTicks{}
	}
	p.Legend.Top = true
	p.Legend.Left = true
	p.Add(plotter.NewGrid())

	for i, name := range order {
		ss := bySeries[name]
		points := make(plotter.XYs, len(ss))
		for k, s := range ss {
			points[k] = plotter.XY{X: s.X, Y: s.Seconds}
		}
		line, err := plotter.NewLine(medians(ss))
		if err != nil {
			return nil, err
		}
		scatter, err := plotter.NewScatter(points)
		if err != nil {
			return nil, err
		}
		line.Color = plotutil.Color(i)
		line.Width = vg.Points(1.5)
		scatter.Color = plotutil.Color(i)
		scatter.Shape = plotutil.Shape(i)
		if slices.Contains(o.PointsOnly, name) {
			p.Add(scatter)
			p.Legend.Add(name, scatter)
			continue
		}
		p.Add(line, scatter)
		p.Legend.Add(name, line, scatter)
	}
	for _, a := range []*plot.Axis{&p.Y, &p.X} {
		if _, ok := a.Scale.(plot.LogScale); ok {
			snapLog(a)
		}
	}
	if !o.LogX {
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

// snapLog widens the range of a log axis to the nearest ticks of logTicks
// outside it, so that at least two ticks are labelled. A single value is
// first widened by a factor of 2 both ways: gonum would widen it to (v-1,
// v+1), which a log axis cannot hold.
func snapLog(a *plot.Axis) {
	if a.Min == a.Max {
		a.Min, a.Max = a.Min/2, a.Max*2
	}
	const tol = 1e-9 // so that 0.3 is not read as 2.9999... tenths
	e := math.Floor(math.Log10(a.Min))
	a.Min = decimal(int(math.Floor(a.Min/math.Pow(10, e)*(1+tol))), int(e))
	e = math.Floor(math.Log10(a.Max))
	a.Max = decimal(int(math.Ceil(a.Max/math.Pow(10, e)*(1-tol))), int(e))
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
// gonum's default 96 dots per inch: 4*vg.Inch is 384 pixels.
func WritePNG(w io.Writer, p *plot.Plot, width, height vg.Length) error {
	wt, err := p.WriterTo(width, height, "png")
	if err != nil {
		return err
	}
	_, err = wt.WriteTo(w)
	return err
}

// logTicks marks a log axis: every power of ten labelled, and its
// multiples 2..9 between them. When fewer than two powers of ten fall in
// the range, the multiples 2 and 5 are labelled too, and when that still
// makes fewer than two labels, every multiple in the range is (TimingPlot
// widens its log axes to such multiples, see snapLog).
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
	lo, hi := int(math.Floor(math.Log10(min))), int(math.Ceil(math.Log10(max)))
	type mark struct {
		v float64
		m int
	}
	var marks []mark
	for e := lo; e <= hi; e++ {
		for m := 1; m <= 9; m++ {
			v := decimal(m, e)
			if v >= min && v <= max {
				marks = append(marks, mark{v, m})
			}
		}
	}
	count := func(ms ...int) int {
		n := 0
		for _, k := range marks {
			if slices.Contains(ms, k.m) {
				n++
			}
		}
		return n
	}
	labelled := []int{1}
	if count(1) < 2 {
		labelled = []int{1, 2, 5}
		if count(1, 2, 5) < 2 {
			labelled = []int{1, 2, 3, 4, 5, 6, 7, 8, 9}
		}
	}
	ticks := make([]plot.Tick, len(marks))
	for i, k := range marks {
		ticks[i].Value = k.v
		if slices.Contains(labelled, k.m) {
			ticks[i].Label = strconv.FormatFloat(k.v, 'g', -1, 64)
		}
	}
	return ticks
}
