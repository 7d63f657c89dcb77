package lifeplot

import (
	"bytes"
	"errors"
	"image/png"
	"math"
	"testing"

	"gonum.org/v1/plot/vg"
)

func TestTargetPlot(t *testing.T) {
	targets := []Target{
		{Problem: "still 16", Measured: map[string][]float64{"gophersat": {0.01, 0.02, 0.012}, "cadical": {0.02}}, Target: 0.05, Anchor: 2.7, AnchorName: "blog"},
		{Problem: "p2 16", Measured: map[string][]float64{"gophersat": {0.5, 2}}, Target: 1},
		{Problem: "glider", Target: 0.1, Anchor: 1.3, AnchorName: "LLS"},
	}
	p, err := TargetPlot(targets, &TimingOptions{Title: "targets"})
	if err != nil {
		t.Fatal(err)
	}
	// Series in the order they first appear, sorted within a problem,
	// then the target and the anchors.
	if got := legendEntries(p); got != 4 {
		t.Errorf("%d legend entries, want 4 (cadical, gophersat, target, anchor)", got)
	}
	var labels []string
	for _, tk := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
		labels = append(labels, tk.Label)
	}
	if len(labels) != 3 || labels[0] != "still 16" || labels[2] != "glider" {
		t.Errorf("columns %q", labels)
	}
	// The time axis holds every sample and reference (0.01 s to 2.7 s)
	// and room for the legend above.
	if p.Y.Min > 0.01 || p.Y.Max < 2.7*10 {
		t.Errorf("time axis [%g, %g]", p.Y.Min, p.Y.Max)
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
	} {
		if _, err := TargetPlot(bad, nil); !errors.Is(err, ErrInput) {
			t.Errorf("%v: error %v, want ErrInput", bad, err)
		}
	}
}
