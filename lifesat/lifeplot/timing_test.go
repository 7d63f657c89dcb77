package lifeplot

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// legendEntries counts the entries of a legend. gonum keeps them
// unexported; reflection may read (not change) them.
func legendEntries(p *plot.Plot) int {
	return reflect.ValueOf(p.Legend).FieldByName("entries").Len()
}

// samples are made-up timings: two series, three sizes, three seeds each,
// with known medians.
var samples = []Sample{
	{"direct", 8, 0.010, false}, {"direct", 8, 0.012, false}, {"direct", 8, 0.011, false},
	{"direct", 16, 0.10, false}, {"direct", 16, 0.30, false}, {"direct", 16, 0.20, false},
	{"direct", 32, 2.0, false}, {"direct", 32, 1.0, false}, {"direct", 32, 4.0, false},
	{"knuth", 8, 0.02, false}, {"knuth", 8, 0.03, false},
	{"knuth", 16, 0.5, false},
	{"knuth", 32, 9.0, false}, {"knuth", 32, 11.0, false},
}

func TestMedians(t *testing.T) {
	var direct, knuth []Sample
	for _, s := range samples {
		if s.Series == "direct" {
			direct = append(direct, s)
		} else {
			knuth = append(knuth, s)
		}
	}
	for _, c := range []struct {
		ss   []Sample
		want plotter.XYs
	}{
		// Odd counts: the middle time.
		{direct, plotter.XYs{{X: 8, Y: 0.011}, {X: 16, Y: 0.20}, {X: 32, Y: 2.0}}},
		// Even counts: the mean of the middle two.
		{knuth, plotter.XYs{{X: 8, Y: 0.025}, {X: 16, Y: 0.5}, {X: 32, Y: 10.0}}},
	} {
		got := medians(c.ss)
		if len(got) != len(c.want) {
			t.Fatalf("medians %v, want %v", got, c.want)
		}
		for i := range got {
			if got[i].X != c.want[i].X || math.Abs(got[i].Y-c.want[i].Y) > 1e-12 {
				t.Errorf("medians %v, want %v", got, c.want)
			}
		}
	}
}

func TestTimingPlot(t *testing.T) {
	p, err := TimingPlot(samples, &TimingOptions{Title: "still lifes", XLabel: "box side"})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.Y.Scale.(plot.LogScale); !ok {
		t.Errorf("Y scale %T, want plot.LogScale", p.Y.Scale)
	}
	if _, ok := p.X.Scale.(plot.LinearScale); !ok {
		t.Errorf("X scale %T, want plot.LinearScale", p.X.Scale)
	}
	if got := legendEntries(p); got != 2 {
		t.Errorf("%d legend entries, want 2 (direct, knuth)", got)
	}
	if p.Title.Text != "still lifes" || p.X.Label.Text != "box side" || p.Y.Label.Text != "time (s, log scale)" {
		t.Errorf("title %q, labels %q and %q", p.Title.Text, p.X.Label.Text, p.Y.Label.Text)
	}
	// The time axis holds every sample (0.010 s to 11 s), widened to
	// powers of ten.
	if p.Y.Min != 0.01 || p.Y.Max != 100 {
		t.Errorf("time axis [%g, %g], want [0.01, 100]", p.Y.Min, p.Y.Max)
	}

	// Whole X values are labelled one by one, with a margin.
	var xs []float64
	for _, tk := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
		xs = append(xs, tk.Value)
		if tk.Label != strconv.Itoa(int(tk.Value)) {
			t.Errorf("tick %g labelled %q", tk.Value, tk.Label)
		}
	}
	if want := []float64{8, 16, 32}; !slices.Equal(xs, want) || p.X.Min >= 8 || p.X.Max <= 32 {
		t.Errorf("X ticks %v on [%g, %g], want %v inside the range", xs, p.X.Min, p.X.Max, want)
	}

	p, err = TimingPlot(samples, &TimingOptions{LogX: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.X.Scale.(plot.LogScale); !ok {
		t.Errorf("LogX: X scale %T, want plot.LogScale", p.X.Scale)
	}
	if p.X.Label.Text != "size (log scale)" {
		t.Errorf("default X label %q", p.X.Label.Text)
	}
}

func TestWritePNG(t *testing.T) {
	for _, c := range []struct {
		name string
		s    []Sample
		o    *TimingOptions
	}{
		{"samples", samples, nil},
		{"log x", samples, &TimingOptions{LogX: true}},
		// One sample: both axes' ranges are a single value.
		{"one sample", []Sample{{"a", 4, 0.5, false}}, &TimingOptions{LogX: true}},
		// Within one decade, below one second (where plot.LogTicks
		// labels nothing).
		{"one decade", []Sample{{"a", 1, 0.003, false}, {"a", 2, 0.009, false}}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := TimingPlot(c.s, c.o)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			// 6 x 4 inches at 96 dpi.
			if err := WritePNG(&buf, p, 6*vg.Inch, 4*vg.Inch); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if got := img.Bounds().Size(); got.X != 576 || got.Y != 384 {
				t.Errorf("PNG of %v pixels, want 576x384", got)
			}
			labelled := 0
			for _, tk := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
				if tk.Label != "" {
					labelled++
				}
			}
			if labelled < 2 {
				t.Errorf("time axis [%g, %g]: %d labelled ticks", p.Y.Min, p.Y.Max, labelled)
			}
		})
	}
}

func TestTimingPlotErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		s    []Sample
		o    *TimingOptions
	}{
		{"none", nil, nil},
		{"zero time", []Sample{{"a", 1, 0, false}}, nil},
		{"negative time", []Sample{{"a", 1, 1, false}, {"a", 2, -1, false}}, nil},
		{"NaN time", []Sample{{"a", 1, math.NaN(), false}}, nil},
		{"infinite time", []Sample{{"a", 1, math.Inf(1), false}}, nil},
		{"NaN x", []Sample{{"a", math.NaN(), 1, false}}, nil},
		{"zero x on a log axis", []Sample{{"a", 0, 1, false}}, &TimingOptions{LogX: true}},
	} {
		if _, err := TimingPlot(c.s, c.o); !errors.Is(err, ErrInput) {
			t.Errorf("%s: error %v, want ErrInput", c.name, err)
		}
	}
	// X = 0 is fine on a linear axis.
	if _, err := TimingPlot([]Sample{{"a", 0, 1, false}}, nil); err != nil {
		t.Errorf("x = 0 on a linear axis: %v", err)
	}
}

func TestLogTicks(t *testing.T) {
	// Why logTicks: in gonum/plot v0.15.2 plot.LogTicks labels no tick
	// inside [0.003, 0.009].
	inRange := func(ts []plot.Tick, min, max float64) (labels []string) {
		for _, tk := range ts {
			if tk.Label != "" && tk.Value >= min && tk.Value <= max {
				labels = append(labels, tk.Label)
			}
		}
		return labels
	}
	if got := inRange(plot.LogTicks{}.Ticks(0.003, 0.009), 0.003, 0.009); len(got) != 0 {
		t.Logf("plot.LogTicks now labels %v in [0.003, 0.009]: logTicks may be no longer needed", got)
	}
	for _, c := range []struct {
		min, max       float64
		snapMin, snapM float64
		labels         []string
		minor          int // unlabelled ticks
	}{
		{0.003, 0.009, 0.001, 0.01, []string{"0.001", "0.01"}, 8},
		{0.21, 0.29, 0.1, 1, []string{"0.1", "1"}, 8},
		{0.5, 1, 0.1, 1, []string{"0.1", "1"}, 8},
		{0.0015, 40, 0.001, 100, []string{"0.001", "0.01", "0.1", "1", "10", "100"}, 5 * 8},
		{2, 2, 1, 10, []string{"1", "10"}, 8},
		{1000, 1000, 1000, 10000, []string{"1000", "10000"}, 8},
		{1e-5, 3e-4, 1e-5, 1e-3, []string{"1e-05", "0.0001", "0.001"}, 2 * 8},
	} {
		var a plot.Axis
		a.Label.Text = "time (s)"
		LogAxis(&a, c.min, c.max)
		if a.Min != c.snapMin || a.Max != c.snapM {
			t.Errorf("[%g, %g] widened to [%g, %g], want [%g, %g]", c.min, c.max, a.Min, a.Max, c.snapMin, c.snapM)
		}
		if a.Label.Text != "time (s, log scale)" {
			t.Errorf("label %q", a.Label.Text)
		}
		ts := a.Tick.Marker.Ticks(a.Min, a.Max)
		minor := 0
		for _, tk := range ts {
			if tk.Value < a.Min || tk.Value > a.Max {
				t.Errorf("[%g, %g]: tick %g outside", a.Min, a.Max, tk.Value)
			}
			if tk.Label == "" {
				minor++
			}
		}
		if got := inRange(ts, a.Min, a.Max); !reflect.DeepEqual(got, c.labels) || minor != c.minor {
			t.Errorf("[%g, %g]: labels %q and %d unlabelled, want %q and %d", a.Min, a.Max, got, minor, c.labels, c.minor)
		}
	}
	for in, want := range map[string]string{"workers": "workers (log scale)", "time (s)": "time (s, log scale)",
		"time (s, log scale)": "time (s, log scale)", "": "log scale"} {
		if got := logLabel(in); got != want {
			t.Errorf("logLabel(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTimingPlotPointsOnly: a series named in PointsOnly is drawn without
// its median line (two stopped runs far apart are not joined), and a name
// that is no series changes nothing.
func TestTimingPlotPointsOnly(t *testing.T) {
	runs := []Sample{
		{"solved", 1, 2, false}, {"solved", 2, 3, false}, {"solved", 3, 1, false},
		{"stopped", 1, 180, false}, {"stopped", 3, 180, false},
	}
	lines := func(o *TimingOptions) int {
		p, err := TimingPlot(runs, o)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		ps := reflect.ValueOf(p).Elem().FieldByName("plotters")
		for i := range ps.Len() {
			if ps.Index(i).Elem().Type() == reflect.TypeOf(&plotter.Line{}) {
				n++
			}
		}
		if legendEntries(p) != 2 {
			t.Errorf("%d legend entries, want one per series", legendEntries(p))
		}
		return n
	}
	if n := lines(&TimingOptions{PointsOnly: []string{"no such series"}}); n != 2 {
		t.Errorf("%d median lines, want 2", n)
	}
	if n := lines(&TimingOptions{PointsOnly: []string{"stopped"}}); n != 1 {
		t.Errorf("%d median lines with the stopped runs as points only, want 1", n)
	}
}

// legendTexts are the texts of a legend's entries, read by reflection.
func legendTexts(p *plot.Plot) []string {
	es := reflect.ValueOf(p.Legend).FieldByName("entries")
	out := make([]string, es.Len())
	for i := range out {
		out[i] = es.Index(i).FieldByName("text").String()
	}
	return out
}

// A drawn is what a plot draws with one of its plotters, as reflection
// reads it (gonum keeps a plot's plotters unexported): a scatter's or a
// line's points and colour, and a scatter's glyph.
type drawn struct {
	line   bool
	xys    plotter.XYs
	rgba   color.RGBA
	glyph  Glyph // for scatters drawn with glyph
	filled bool
	other  bool // a scatter drawn with another glyph drawer
}

// marks are the scatters and lines of p, in the order they were added.
func marks(p *plot.Plot) []drawn {
	var out []drawn
	ps := reflect.ValueOf(p).Elem().FieldByName("plotters")
	for i := range ps.Len() {
		v := ps.Index(i).Elem()
		var m drawn
		var c reflect.Value
		switch v.Type() {
		case reflect.TypeOf(&plotter.Scatter{}):
			c = v.Elem().FieldByName("GlyphStyle").FieldByName("Color")
			shape := v.Elem().FieldByName("GlyphStyle").FieldByName("Shape").Elem()
			if shape.Type() == reflect.TypeOf(glyph{}) {
				m.glyph, m.filled = Glyph(shape.FieldByName("g").Int()), shape.FieldByName("filled").Bool()
			} else {
				m.other = true
			}
		case reflect.TypeOf(&plotter.Line{}):
			m.line = true
			c = v.Elem().FieldByName("LineStyle").FieldByName("Color")
		default:
			continue
		}
		xys := v.Elem().FieldByName("XYs")
		for k := range xys.Len() {
			m.xys = append(m.xys, plotter.XY{X: xys.Index(k).Field(0).Float(), Y: xys.Index(k).Field(1).Float()})
		}
		if c.Elem().Type() == reflect.TypeOf(color.RGBA{}) {
			e := c.Elem()
			m.rgba = color.RGBA{uint8(e.Field(0).Uint()), uint8(e.Field(1).Uint()), uint8(e.Field(2).Uint()), uint8(e.Field(3).Uint())}
		}
		out = append(out, m)
	}
	return out
}

// rgba is c as a color.RGBA (plotutil's colours are color.RGBA).
func rgba(c color.Color) color.RGBA { return c.(color.RGBA) }

// TestTimingPlotStyles: a series in Styles is drawn in its colour and
// glyph whatever its place; the others take plotutil's colours and this
// package's glyphs, hollow (filled means stopped), counted among the
// unstyled only.
func TestTimingPlotStyles(t *testing.T) {
	mine := Style{Color: color.RGBA{1, 2, 3, 255}, Glyph: Diamond}
	runs := []Sample{{"other", 1, 1, false}, {"styled", 1, 2, false}, {"third", 1, 3, false}}
	p, err := TimingPlot(runs, &TimingOptions{Styles: map[string]Style{"styled": mine}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[float64]struct {
		rgba  color.RGBA
		glyph bool // drawn with a Glyph of this package
		g     Glyph
	}{
		1: {rgba(plotutil.Color(0)), true, Ring},
		2: {mine.Color.(color.RGBA), true, Diamond},
		3: {rgba(plotutil.Color(1)), true, Square},
	}
	n := 0
	for _, m := range marks(p) {
		if m.line {
			continue
		}
		n++
		w := want[m.xys[0].Y]
		if m.rgba != w.rgba || m.other == w.glyph || w.glyph && m.glyph != w.g || m.filled {
			t.Errorf("series at %g drawn in %v (glyph %v, another drawer %v), want %v", m.xys[0].Y, m.rgba, m.glyph, m.other, w)
		}
	}
	if n != 3 {
		t.Errorf("%d scatters, want 3", n)
	}
}

// TestTimingPlotNoLines: with NoLines no series has a median line.
func TestTimingPlotNoLines(t *testing.T) {
	p, err := TimingPlot(samples, &TimingOptions{NoLines: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range marks(p) {
		if m.line {
			t.Errorf("a line through %v", m.xys)
		}
	}
	if got := legendTexts(p); !slices.Equal(got, []string{"direct", "knuth"}) {
		t.Errorf("legend %q", got)
	}
}

// TestLegendOutside draws plots with their legends on a recording
// canvas and checks that every legend text lies outside the axes' data
// area: to its right on a wide picture, below it on a narrow one.
func TestLegendOutside(t *testing.T) {
	long := append(slices.Clone(samples), Sample{"a series with a rather long name", 8, 1, false})
	for _, c := range []struct {
		name          string
		width, height vg.Length
		s             []Sample
		right         bool
	}{
		{"wide", 8 * vg.Inch, 4.5 * vg.Inch, samples, true},
		{"narrow", 4 * vg.Inch, 4.5 * vg.Inch, long, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := TimingPlot(c.s, &TimingOptions{Title: "a title"})
			if err != nil {
				t.Fatal(err)
			}
			rec := &recorder.Canvas{}
			canvas := draw.NewCanvas(rec, c.width, c.height)
			DrawOutside(canvas, p)
			// The data area as DrawOutside lays it out.
			under := canvas
			under.Max.Y -= p.Title.TextStyle.Rectangle(p.Title.Text).Size().Y + p.Title.Padding
			area, _, ok := legendLayout(under, &p.Legend)
			if !ok {
				t.Fatal("no legend")
			}
			q := *p
			q.Title.Text = ""
			data := q.DataCanvas(area).Rectangle
			texts := legendTexts(p)
			found := 0
			for _, a := range rec.Actions {
				fs, ok := a.(*recorder.FillString)
				if !ok || !slices.Contains(texts, fs.String) {
					continue
				}
				found++
				pt := fs.Point
				beside := pt.X >= data.Max.X
				below := pt.Y+legendFontSize <= data.Min.Y
				if beside != c.right || below == c.right {
					t.Errorf("legend text %q at %v; data area %v; want it %s", fs.String, pt, data, map[bool]string{true: "to the right", false: "below"}[c.right])
				}
			}
			if found != len(texts) {
				t.Errorf("%d of the %d legend texts drawn", found, len(texts))
			}
			// p itself keeps its title and legend.
			if p.Title.Text != "a title" || len(legendTexts(p)) != len(texts) {
				t.Error("DrawOutside changed the plot")
			}
		})
	}
}

// TestGlyphs draws every glyph: a closed one hollow is stroked once and
// filled is filled once; Cross and Plus are two strokes.
func TestGlyphs(t *testing.T) {
	for g := Ring; g < numGlyphs; g++ {
		for _, filled := range []bool{false, true} {
			rec := &recorder.Canvas{}
			c := draw.NewCanvas(rec, 100, 100)
			glyph{g, filled}.DrawGlyph(&c, draw.GlyphStyle{Color: color.Black, Radius: 3}, vg.Point{X: 50, Y: 50})
			strokes, fills := 0, 0
			for _, a := range rec.Actions {
				switch a.(type) {
				case *recorder.Stroke:
					strokes++
				case *recorder.Fill:
					fills++
				}
			}
			_, closed := corners[g]
			want := [2]int{1, 0}
			switch {
			case !closed:
				want = [2]int{2, 0}
			case filled:
				want = [2]int{0, 1}
			}
			if got := [2]int{strokes, fills}; got != want {
				t.Errorf("glyph %d filled=%v: %d strokes and %d fills, want %v", g, filled, strokes, fills, want)
			}
		}
	}
}

// TestTimingPlotStopped: stopped runs are drawn filled in their series'
// colour, counted in the median at their limit, and explained in the
// legend.
func TestTimingPlotStopped(t *testing.T) {
	runs := []Sample{{"s", 1, 1, false}, {"s", 1, 2, false}, {"s", 1, 60, true}, {"s", 2, 3, false}}
	p, err := TimingPlot(runs, &TimingOptions{Styles: map[string]Style{"s": {Color: color.RGBA{9, 9, 9, 255}, Glyph: Square}}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := legendTexts(p), []string{"s", "filled: stopped at the time limit"}; !slices.Equal(got, want) {
		t.Errorf("legend %q, want %q", got, want)
	}
	filled := map[float64]bool{}
	for _, m := range marks(p) {
		if m.line {
			// The median at x=1 of 1, 2 and 60 (stopped), at x=2 of 3.
			if want := (plotter.XYs{{X: 1, Y: 2}, {X: 2, Y: 3}}); !reflect.DeepEqual(m.xys, want) {
				t.Errorf("median line through %v, want %v", m.xys, want)
			}
			continue
		}
		for _, xy := range m.xys {
			filled[xy.Y] = m.filled
			if m.glyph != Square || m.rgba != (color.RGBA{9, 9, 9, 255}) {
				t.Errorf("a point at %v drawn as %v in %v", xy, m.glyph, m.rgba)
			}
		}
	}
	if !reflect.DeepEqual(filled, map[float64]bool{1: false, 2: false, 3: false, 60: true}) {
		t.Errorf("filled by time: %v", filled)
	}
}

// TestStyleTable: each name its own colour and glyph, in the order named,
// whatever the other names; a repeated name keeps its first style.
func TestStyleTable(t *testing.T) {
	var names []string
	for i := range 56 {
		names = append(names, fmt.Sprint("series ", i))
	}
	tab := StyleTable(append(names, names[3])...)
	if len(tab) != 56 {
		t.Fatalf("%d styles for 56 names", len(tab))
	}
	seen := map[[5]uint32]string{}
	for _, n := range names {
		st := tab[n]
		r, g, b, a := st.Color.RGBA()
		k := [5]uint32{r, g, b, a, uint32(st.Glyph)}
		if other, ok := seen[k]; ok {
			t.Errorf("%s and %s share a style", n, other)
		}
		seen[k] = n
	}
	// A table of the first names only styles them as the whole table does.
	few := StyleTable(names[:5]...)
	for _, n := range names[:5] {
		if few[n] != tab[n] {
			t.Errorf("%s: %v in a table of 5, %v in one of 56", n, few[n], tab[n])
		}
	}
}
