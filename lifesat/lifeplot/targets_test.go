package lifeplot

import (
	"bytes"
	"errors"
	"image/color"
	"image/png"
	"math"
	"reflect"
	"slices"
	"testing"

	"gonum.org/v1/plot/vg"
)

func TestTargetPlot(t *testing.T) {
	targets := []Target{
		{Problem: "still 16", Measured: map[string][]float64{"gophersat": {0.01, 0.02, 0.012}, "cadical": {0.02}}, Target: 0.05, Anchor: 2.7, AnchorName: "blog"},
		{Problem: "p2 16", Measured: map[string][]float64{"gophersat": {0.5, 2}}, Target: 1},
		{Problem: "glider", Target: 0.1, Anchor: 1.3, AnchorName: "LLS"},
	}
	blog := Style{Color: color.RGBA{0, 0, 0, 255}, Glyph: Cross}
	p, err := TargetPlot(targets, &TimingOptions{Title: "targets", Styles: map[string]Style{"blog": blog}})
	if err != nil {
		t.Fatal(err)
	}
	// Series in the order they first appear, sorted within a problem,
	// then the anchors, then what the bars and lines mean.
	want := []string{"cadical", "gophersat", "blog", "LLS", "target: the time to beat", "median of the runs"}
	if got := legendTexts(p); !slices.Equal(got, want) {
		t.Errorf("legend %q, want %q", got, want)
	}
	var labels []string
	for _, tk := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
		labels = append(labels, tk.Label)
	}
	if len(labels) != 3 || labels[0] != "still 16" || labels[2] != "glider" {
		t.Errorf("columns %q", labels)
	}
	// The time axis holds every sample and reference (0.01 s to 2.7 s).
	if p.Y.Min > 0.01 || p.Y.Max < 2.7 {
		t.Errorf("time axis [%g, %g]", p.Y.Min, p.Y.Max)
	}
	// Each series and the anchors keep one place in every column, in the
	// order of the legend, within the column's width: 2 series and the
	// anchors, each a third of 0.8 wide.
	places := map[float64]string{-0.4 + 0.8/6: "cadical", 0: "gophersat", 0.4 - 0.8/6: "anchor"}
	var medians []float64
	for _, m := range marks(p) {
		if m.line {
			if m.xys[0].Y == m.xys[1].Y && m.rgba.A != 0 && m.xys[1].X-m.xys[0].X < 0.5 {
				medians = append(medians, m.xys[0].Y)
			}
			continue
		}
		for _, xy := range m.xys {
			col := math.Round(xy.X)
			found := ""
			for off, name := range places {
				if math.Abs(xy.X-col-off) < 1e-9 {
					found = name
				}
			}
			switch {
			case found == "":
				t.Errorf("a point at x=%g, in no series' place", xy.X)
			case found == "anchor" && !(xy.Y == 2.7 || xy.Y == 1.3):
				t.Errorf("a sample %g in the anchors' place", xy.Y)
			case found == "anchor" && xy.Y == 2.7 && (m.rgba != blog.Color || m.glyph != Cross):
				t.Errorf("the blog's anchor drawn in %v, glyph %v; want its style", m.rgba, m.glyph)
			}
		}
	}
	// Medians of the series with two runs or more: gophersat's 0.012 in
	// the first column, 1.25 in the second (the mean of the middle two).
	slices.Sort(medians)
	if !slices.Equal(medians, []float64{0.012, 1.25}) {
		t.Errorf("median lines at %v, want [0.012 1.25]", medians)
	}
	var buf bytes.Buffer
	if err := WritePNG(&buf, p, 6*vg.Inch, 4*vg.Inch); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(&buf); err != nil {
		t.Fatal(err)
	}

	for _, bad := range [][]Target{
		nil,
		{{Problem: "a", Measured: map[string][]float64{"s": {0}}}},
		{{Problem: "a", Measured: map[string][]float64{"s": {math.Inf(1)}}}},
		{{Problem: "a", Target: -1}},
		{{Problem: "a", Anchor: math.NaN()}},
		{{Problem: "a", Stopped: map[string][]float64{"s": {-1}}}},
	} {
		if _, err := TargetPlot(bad, nil); !errors.Is(err, ErrInput) {
			t.Errorf("%v: error %v, want ErrInput", bad, err)
		}
	}
}

// TestTargetPlotStopped: stopped runs are drawn filled in their series'
// place and counted in its median at their limit, and the legend says
// what filled means.
func TestTargetPlotStopped(t *testing.T) {
	p, err := TargetPlot([]Target{{Problem: "a", Measured: map[string][]float64{"s": {1, 3}, "mostly stopped": {5}},
		Stopped: map[string][]float64{"s": {100}, "only stopped": {120}, "mostly stopped": {60, 60}}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"mostly stopped", "s", "only stopped", "median of the runs", "filled: stopped at the time limit"}
	if got := legendTexts(p); !slices.Equal(got, want) {
		t.Errorf("legend %q, want %q", got, want)
	}
	filled := map[float64]bool{}
	var medians []float64
	for _, m := range marks(p) {
		if m.line {
			medians = append(medians, m.xys[0].Y)
			continue
		}
		for _, xy := range m.xys {
			filled[xy.Y] = m.filled
		}
	}
	if !reflect.DeepEqual(filled, map[float64]bool{1: false, 3: false, 5: false, 60: true, 100: true, 120: true}) {
		t.Errorf("filled by time: %v", filled)
	}
	// s: the median of 1, 3 and 100 (stopped); mostly stopped: of 5, 60
	// and 60, the limit; only stopped: a single run has no median.
	slices.Sort(medians)
	if !slices.Equal(medians, []float64{3, 60}) {
		t.Errorf("median lines at %v, want [3 60]", medians)
	}
}
