package notebook

import (
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/life"
)

// boardFromText reads a board in the notation of Board.String.
func boardFromText(t *testing.T, s string) *life.Board {
	t.Helper()
	rows := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	b := life.NewBoard(len(rows[0]), len(rows))
	for y, row := range rows {
		for x, c := range row {
			b.Set(x, y, c == 'O')
		}
	}
	if got := b.String(); got != s {
		t.Fatalf("boardFromText(%q) reads as %q", s, got)
	}
	return b
}

// textFromImage reads a picture of boardImage back as text: each cell is
// the colour of its centre pixel, and a cell's pixels must all be that
// colour, apart from the mesh at its top and left.
func textFromImage(t *testing.T, b *life.Board) string {
	t.Helper()
	w, h := b.Width(), b.Height()
	c := cellSize(w, h)
	img := boardImage(b)
	inset := 0
	if c >= minMesh {
		inset = 1
	}
	var sb strings.Builder
	for y := range h {
		for x := range w {
			centre := img.ColorIndexAt(x*c+c/2, y*c+c/2)
			for py := y*c + inset; py < (y+1)*c; py++ {
				for px := x*c + inset; px < (x+1)*c; px++ {
					if got := img.ColorIndexAt(px, py); got != centre {
						t.Fatalf("cell (%d, %d): pixel (%d, %d) has colour %d, the centre %d", x, y, px, py, got, centre)
					}
				}
			}
			switch centre {
			case black:
				sb.WriteByte('O')
			case white:
				sb.WriteByte('.')
			default:
				t.Fatalf("cell (%d, %d): centre colour %d", x, y, centre)
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// The picture reads back as the board's text, for boards with a mesh and
// without one.
func TestBoardImageReadsBack(t *testing.T) {
	for _, s := range []string{
		"O\n",
		".\n",
		"OO\nOO\n",           // block
		".OO.\nO..O\n.OO.\n", // beehive
		"OO.\nO.O\n.O.\n",    // boat
		"..O\nO.O\n.OO\n",    // glider, phase 0
	} {
		b := boardFromText(t, s)
		if got := textFromImage(t, b); got != s {
			t.Errorf("picture of\n%s reads as\n%s", s, got)
		}
	}
	// A board too wide for a mesh: cells of 1 pixel.
	wide := life.NewBoard(2000, 3)
	for x := 0; x < 2000; x += 3 {
		wide.Set(x, x%3, true)
	}
	if got, want := textFromImage(t, wide), wide.String(); got != want {
		t.Errorf("picture of a 2000 x 3 board does not read back")
	}
}

// Sizes and the mesh, by hand: a cell of c pixels has its mesh line at
// its top and left, and the picture has one more at the right and bottom.
func TestBoardImageGeometry(t *testing.T) {
	for _, tc := range []struct {
		w, h          int
		cell          int
		width, height int
	}{
		{16, 16, 12, 193, 193},   // 16*12+1
		{85, 1, 12, 1021, 13},    // the largest board with 12-pixel cells
		{86, 1, 11, 947, 12},     // 1024/86 = 11
		{200, 100, 5, 1001, 501}, // 1024/200 = 5
		{300, 2, 3, 900, 6},      // below minMesh: no mesh line
		{4096, 4096, 1, 4096, 4096},
	} {
		if got := cellSize(tc.w, tc.h); got != tc.cell {
			t.Errorf("cellSize(%d, %d) = %d, want %d", tc.w, tc.h, got, tc.cell)
		}
		r := boardImage(life.NewBoard(tc.w, tc.h)).Bounds()
		if r.Dx() != tc.width || r.Dy() != tc.height {
			t.Errorf("%d x %d board: picture %d x %d, want %d x %d", tc.w, tc.h, r.Dx(), r.Dy(), tc.width, tc.height)
		}
	}

	b := boardFromText(t, "O.\n..\n")
	img := boardImage(b)
	for _, p := range []struct {
		x, y   int
		colour uint8
	}{
		{0, 0, grey}, {12, 0, grey}, {24, 24, grey}, {0, 7, grey}, {7, 12, grey}, {24, 5, grey},
		{1, 1, black}, {11, 11, black}, {6, 6, black},
		{13, 1, white}, {23, 23, white}, {13, 13, white},
	} {
		if got := img.ColorIndexAt(p.x, p.y); got != p.colour {
			t.Errorf("pixel (%d, %d) = colour %d, want %d", p.x, p.y, got, p.colour)
		}
	}
}
