package lifeplot

import (
	"bytes"
	"errors"
	"image/png"
	"math"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

func TestSizeBars(t *testing.T) {
	// Per-cell sizes of the two encodings of Life for one generation:
	// direct has no auxiliary variables and 190 clauses a cell
	// (lifesat.Direct's doc); the Knuth numbers are only illustrative.
	rows := []SizeRow{{"direct", 1, 190}, {"knuth", 14, 98.5}}
	p, err := SizeBars(rows, &BarOptions{Title: "per cell"})
	if err != nil {
		t.Fatal(err)
	}
	if got := legendEntries(p); got != 2 {
		t.Errorf("%d legend entries, want 2 (variables, clauses)", got)
	}
	if p.Title.Text != "per cell" || p.Y.Label.Text != "count" {
		t.Errorf("title %q, Y label %q", p.Title.Text, p.Y.Label.Text)
	}
	// One nominal tick per encoding, in order.
	ticks := p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max)
	var names []string
	for _, tk := range ticks {
		if tk.Label != "" {
			names = append(names, tk.Label)
		}
	}
	if len(names) != 2 || names[0] != "direct" || names[1] != "knuth" {
		t.Errorf("X tick labels %q, want [direct knuth]", names)
	}
	if _, ok := p.Y.Scale.(plot.LinearScale); !ok || p.Y.Min != 0 || p.Y.Max < 190 {
		t.Errorf("value axis %T [%g, %g], want linear from 0 past 190", p.Y.Scale, p.Y.Min, p.Y.Max)
	}
	var buf bytes.Buffer
	if err := WritePNG(&buf, p, 5*vg.Inch, 3*vg.Inch); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Size(); got.X != 480 || got.Y != 288 {
		t.Errorf("PNG of %v pixels, want 480x288", got)
	}
}

func TestSizeBarsErrors(t *testing.T) {
	for _, rows := range [][]SizeRow{
		nil,
		{{"a", -1, 3}},
		{{"a", 1, math.NaN()}},
		{{"a", math.Inf(1), 3}},
	} {
		if _, err := SizeBars(rows, nil); !errors.Is(err, ErrInput) {
			t.Errorf("%v: error %v, want ErrInput", rows, err)
		}
	}
	// All zero is a chart, if a dull one.
	p, err := SizeBars([]SizeRow{{"none", 0, 0}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := WritePNG(&bytes.Buffer{}, p, 3*vg.Inch, 2*vg.Inch); err != nil {
		t.Error(err)
	}
}
