package apgcode_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/apgcode"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// An object is a row of testdata/objects.tsv: a named object, its
// published apgcode and a picture of it, with their sources.
type object struct {
	name, code string
	board      *life.Board
	source     string
}

func readObjects(t *testing.T) []object {
	t.Helper()
	f, err := os.Open("testdata/objects.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var objs []object
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		col := strings.Split(line, "\t")
		if len(col) != 5 {
			t.Fatalf("objects.tsv:%d: %d columns, want 5", n, len(col))
		}
		body := col[2]
		p, err := rle.Read(strings.NewReader(fmt.Sprintf("x = %d, y = %d\n%s", 64, 64, body)))
		if err != nil {
			t.Fatalf("objects.tsv:%d: %v", n, err)
		}
		b := p.Board.Crop(p.Board.BoundingBox())
		objs = append(objs, object{col[0], col[1], b, col[3] + "; " + col[4]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return objs
}

// TestObjects checks every named object of testdata/objects.tsv in each of
// its phases and each of the eight orientations: Identify gives the
// published code, the period the code names, and a shift only for the
// spaceships.
func TestObjects(t *testing.T) {
	objs := readObjects(t)
	if len(objs) < 20 {
		t.Fatalf("%d objects, want at least 20", len(objs))
	}
	ctx := context.Background()
	for _, o := range objs {
		want, err := apgcode.Parse(o.code)
		if err != nil {
			t.Fatalf("%s: %v", o.name, err)
		}
		period := 1
		if want.Kind != apgcode.Still {
			period = want.N
		}
		phase := o.board.Pad(2 * period)
		for tt := range period {
			if tt > 0 {
				phase = life.Step(phase, rule.Life, life.Dead)
			}
			for _, tr := range life.Transforms() {
				b := phase.Transform(tr)
				got, err := apgcode.Identify(ctx, b, rule.Life, nil)
				if err != nil {
					t.Errorf("%s (%s), phase %d, %v: %v", o.name, o.source, tt, tr, err)
					continue
				}
				if got.Code != want || got.Period != period || (got.Shift.X != 0 || got.Shift.Y != 0) != (want.Kind == apgcode.Ship) {
					t.Errorf("%s (%s), phase %d, %v: %v, period %d, shift %v; want %s", o.name, o.source, tt, tr, got, got.Period, got.Shift, o.code)
				}
			}
		}
	}
}
