package life

import (
	"image"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/rule"
)

// board builds a board from rows of '.' and 'O'.
func board(rows ...string) *Board {
	b := NewBoard(len(rows[0]), len(rows))
	for y, row := range rows {
		for x, c := range row {
			b.Set(x, y, c == 'O')
		}
	}
	return b
}

func TestBoardBasics(t *testing.T) {
	g := board(".O...", "..O..", "OOO..", ".....")
	if g.Width() != 5 || g.Height() != 4 || g.Population() != 5 {
		t.Fatalf("size %dx%d pop %d", g.Width(), g.Height(), g.Population())
	}
	if got := g.BoundingBox(); got != image.Rect(0, 0, 3, 3) {
		t.Errorf("BoundingBox = %v", got)
	}
	if g.Alive(-1, 0) || g.Alive(5, 0) || !g.Alive(1, 0) {
		t.Error("Alive outside or inside is wrong")
	}
	if got := g.Crop(g.BoundingBox()).String(); got != ".O.\n..O\nOOO\n" {
		t.Errorf("Crop:\n%s", got)
	}
	if NewBoard(3, 3).BoundingBox() != (image.Rectangle{}) {
		t.Error("empty board has a bounding box")
	}
	if !g.Equal(g.Clone()) || g.Equal(g.Translate(1, 0)) || g.Equal(NewBoard(4, 5)) {
		t.Error("Equal")
	}
}

func TestBoardTransforms(t *testing.T) {
	g := board("OO.", "...")
	tests := []struct {
		name string
		got  *Board
		want string
	}{
		{"Rotate90", g.Rotate90(), ".O\n.O\n..\n"},
		{"Rotate180", g.Rotate180(), "...\n.OO\n"},
		{"FlipX", g.FlipX(), ".OO\n...\n"},
		{"FlipY", g.FlipY(), "...\nOO.\n"},
		{"Transpose", g.Transpose(), "O.\nO.\n..\n"},
		{"Translate", g.Translate(1, 1), "...\n.OO\n"},
		{"Pad", g.Pad(1), ".....\n.OO..\n.....\n.....\n"},
	}
	for _, tt := range tests {
		if s := tt.got.String(); s != tt.want {
			t.Errorf("%s:\n%s\nwant\n%s", tt.name, s, tt.want)
		}
	}
	// Four quarter turns are the identity; so are two flips.
	b := board("OO..O", ".O.O.", "O...O")
	if !b.Rotate90().Rotate90().Rotate90().Rotate90().Equal(b) {
		t.Error("Rotate90^4 != identity")
	}
	if !b.Rotate90().Rotate90().Equal(b.Rotate180()) || !b.FlipX().FlipY().Equal(b.Rotate180()) {
		t.Error("Rotate180 disagrees")
	}
	if !b.Transpose().Transpose().Equal(b) {
		t.Error("Transpose^2 != identity")
	}
}

func TestStepKnownPatterns(t *testing.T) {
	// Block, blinker and glider from LifeWiki ("Block", "Blinker", "Glider").
	block := board("....", ".OO.", ".OO.", "....")
	if !Step(block, rule.Life, Dead).Equal(block) {
		t.Error("block is not still")
	}
	blinker := board(".....", "..O..", "..O..", "..O..", ".....")
	next := Step(blinker, rule.Life, Dead)
	if next.Equal(blinker) || !Step(next, rule.Life, Dead).Equal(blinker) {
		t.Error("blinker is not a period-2 oscillator")
	}
	if next.String() != ".....\n.....\n.OOO.\n.....\n.....\n" {
		t.Errorf("blinker phase 2:\n%s", next)
	}
	// A glider returns to its shape after 4 generations, moved (1, 1).
	glider := board(".O...", "..O..", "OOO..", ".....", ".....")
	gens := Run(glider, rule.Life, Dead, 4)
	if !gens[4].Equal(glider.Translate(1, 1)) {
		t.Errorf("glider after 4:\n%s", gens[4])
	}
	// On a 6x6 torus the glider comes back to the same place after 24.
	tg := glider.Crop(image.Rect(0, 0, 6, 6))
	if !Run(tg, rule.Life, Torus, 24)[24].Equal(tg) {
		t.Error("glider on a 6x6 torus")
	}
}

func TestNeighboursTorus(t *testing.T) {
	b := board("O..", "...", "...")
	if n := b.Neighbours(2, 2, Torus); n != 1 {
		t.Errorf("torus corner neighbours = %d", n)
	}
	if n := b.Neighbours(2, 2, Dead); n != 0 {
		t.Errorf("dead-edge corner neighbours = %d", n)
	}
	if s := strings.Count(Step(board("OOO", "...", "..."), rule.Life, Torus).String(), "O"); s != 9 {
		// A row of three on a 3x3 torus: every cell sees exactly 3 live cells
		// (the dead ones) or 2 (the live ones), so all 9 are alive next.
		t.Errorf("3x3 torus row: %d alive, want 9", s)
	}
}
