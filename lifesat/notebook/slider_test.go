package notebook

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/lifeplot"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// blinker is the blinker's two phases, from Run.
func blinker() []*life.Board {
	b := life.NewBoard(3, 3)
	for x := range 3 {
		b.Set(x, 1, true)
	}
	return life.Run(b, rule.Life, life.Dead, 1)
}

var (
	frameRE = regexp.MustCompile(`<td class="lifesat-frame[^"]*" data-gen="(\d+)" data-pop="(\d+)" data-rle="([^"]*)"[^>]*>`)
	imgRE   = regexp.MustCompile(`<img src="data:image/png;base64,([^"]*)"(?: width="(\d+)" height="(\d+)")?`)
)

// sliderImages decodes the PNG pictures of a slider's boards (of any
// HTML), and checks the size their width and height attributes give.
func sliderImages(t *testing.T, h string) []image.Image {
	t.Helper()
	var imgs []image.Image
	for _, m := range imgRE.FindAllStringSubmatch(h, -1) {
		data, err := base64.StdEncoding.DecodeString(m[1])
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if sz := img.Bounds().Size(); m[2] != "" && (strconv.Itoa(sz.X) != m[2] || strconv.Itoa(sz.Y) != m[3]) {
			t.Errorf("a picture of %v with width %s and height %s", sz, m[2], m[3])
		}
		imgs = append(imgs, img)
	}
	return imgs
}

// samePicture reports whether two images have the same size and colours,
// to the 8 bits a channel of PNG keeps.
func samePicture(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1>>8 != r2>>8 || g1>>8 != g2>>8 || b1>>8 != b2>>8 || a1>>8 != a2>>8 {
				return false
			}
		}
	}
	return true
}

func TestSliderHTML(t *testing.T) {
	boards := blinker()
	h, err := SliderHTML(boards, &SliderOptions{Caption: "a <b> & c", Note: "back to 0", CellSize: 10})
	if err != nil {
		t.Fatal(err)
	}
	frames := frameRE.FindAllStringSubmatch(h, -1)
	if len(frames) != len(boards) {
		t.Fatalf("%d frames, want %d:\n%s", len(frames), len(boards), h)
	}
	for i, f := range frames {
		p, err := rle.Read(strings.NewReader(strings.NewReplacer("&#34;", `"`, "&amp;", "&").Replace(f[3])))
		if err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		if !p.Board.Equal(boards[i]) || f[1] != string(rune('0'+i)) || f[2] != "3" {
			t.Errorf("frame %d reads back as %s (gen %s, population %s), want\n%s", i, p.Board, f[1], f[2], boards[i])
		}
	}
	for _, want := range []string{"a &lt;b&gt; &amp; c", "back to 0", "<script>", `data-step="1"`, `data-step="-1"`, `type="range"`, "generation 1</div>"} {
		if !strings.Contains(h, want) {
			t.Errorf("the slider has no %q", want)
		}
	}
	// Without its script (an untrusted notebook) the slider is the table
	// of pictures: the controls exist only in the script, which builds
	// them, and there is no SVG, which Jupyter strips.
	noScript := regexp.MustCompile(`(?s)<script>.*?</script>`).ReplaceAllString(h, "")
	for _, no := range []string{"<button", "<input", "<svg"} {
		if strings.Contains(noScript, no) {
			t.Errorf("without its script the slider has %q", no)
		}
	}
	// The pictures are lifeplot.States of each board: the blinker's ends
	// die (rings), its middle stays (a disc), two cells are born (dots).
	imgs := sliderImages(t, h)
	if len(imgs) != len(boards) {
		t.Fatalf("%d pictures for %d boards", len(imgs), len(boards))
	}
	for i, img := range imgs {
		if want := lifeplot.States(boards[i], rule.Life, &lifeplot.BoardOptions{CellSize: 10}); !samePicture(img, want) {
			t.Errorf("picture %d is not lifeplot.States of board %d", i, i)
		}
	}

	plain, err := SliderHTML(boards[:1], &SliderOptions{NoMarks: true, CellSize: 10})
	if err != nil {
		t.Fatal(err)
	}
	imgs = sliderImages(t, plain)
	if strings.Contains(plain, "<script>") || len(imgs) != 1 || !samePicture(imgs[0], lifeplot.BoardImage(boards[0], &lifeplot.BoardOptions{CellSize: 10})) {
		t.Errorf("one board without marks: want no script and lifeplot.BoardImage:\n%s", plain)
	}
	if _, err := SliderHTML([]*life.Board{boards[0], nil}, nil); err == nil {
		t.Error("a nil board: no error")
	}
	// A partial rule has no next generation: no marks.
	partial, err := rule.Parse("pB3/S23")
	if err != nil {
		t.Fatal(err)
	}
	h, err = SliderHTML(boards, &SliderOptions{Rule: partial, CellSize: 10})
	if err != nil {
		t.Fatal(err)
	}
	if imgs := sliderImages(t, h); len(imgs) != 2 || !samePicture(imgs[0], lifeplot.BoardImage(boards[0], &lifeplot.BoardOptions{CellSize: 10})) {
		t.Errorf("a partial rule: want plain boards")
	}
	if h, err := SliderHTML(nil, nil); err != nil || !strings.Contains(h, "no boards") {
		t.Errorf("no boards: %v\n%s", err, h)
	}
	// Many boards wrap into rows of the table.
	many := life.Run(boards[0].Pad(20), rule.Life, life.Dead, 11)
	h, err = SliderHTML(many, &SliderOptions{CellSize: 6})
	if err != nil {
		t.Fatal(err)
	}
	if rows := strings.Count(h, "<tr>"); rows < 2 || len(frameRE.FindAllString(h, -1)) != 12 {
		t.Errorf("12 boards of 43 cells of 6 pixels: %d rows, want 2 or more", rows)
	}
}

func TestJSString(t *testing.T) {
	for in, want := range map[string]string{
		`plain`:             `"plain"`,
		`a "b" \c`:          `"a \"b\" \\c"`,
		"</script><b>&":     `"\u003c/script\u003e\u003cb\u003e\u0026"`,
		"line\nbreak\u2028": `"line\u000abreak\u2028"`,
	} {
		if got := jsString(in); got != want {
			t.Errorf("jsString(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestBoardHTML(t *testing.T) {
	s, err := newExploreState(lifesat.Oscillator(2, 3, 2), rule.Rule{})
	if err != nil {
		t.Fatal(err)
	}
	s.click(0, 0, 0)
	s.click(0, 2, 1)
	s.click(0, 2, 1)
	live := boardHTML("x", s, true, "")
	for _, want := range []string{`data-alive="1"`, `data-dead="1"`, `data-unknown="4"`, `data-gen="0"`, `<select name="gen">`, `data-cmd="clear"`, "<script>",
		`data-cmd="save"`, `data-cmd="load"`, `type="file"`,
		`data-x="0" data-y="0" data-s="a"`, `data-x="2" data-y="1" data-s="d"`, `data-x="1" data-y="0" data-s="u"`} {
		if !strings.Contains(live, want) {
			t.Errorf("the live board has no %q", want)
		}
	}
	static := boardHTML("x", s, false, "")
	for _, no := range []string{"<script>", "<select", "data-cmd", "<svg"} {
		if strings.Contains(static, no) {
			t.Errorf("the static board has %q", no)
		}
	}
	// The static board is a picture of each generation with known cells:
	// here generation 0 (one alive, one dead), not generation 1.
	imgs := sliderImages(t, static)
	if len(imgs) != 1 {
		t.Fatalf("%d pictures in the static board, want 1", len(imgs))
	}
	cell := boardCell(3, 2)
	for _, c := range []struct {
		x, y int
		fill string
	}{{0, 0, cellFill[cellAlive]}, {2, 1, cellFill[cellDead]}, {1, 0, cellFill[cellUnknown]}} {
		r, g, b, _ := imgs[0].At(c.x*cell+cell/2, c.y*cell+cell/2).RGBA()
		if got := fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8); got != c.fill {
			t.Errorf("cell (%d,%d) is %s in the picture, want %s", c.x, c.y, got, c.fill)
		}
	}
	if n := len(sliderImages(t, boardHTML("x", s, true, "saved"))); n != 0 {
		t.Errorf("the live board has %d pictures", n)
	}
}

// TestRowHTML: ShowRow's table holds each picture as a PNG with its
// caption, wraps wide rows, and needs no style or script.
func TestRowHTML(t *testing.T) {
	b := blinker()[0]
	img := lifeplot.BoardImage(b, &lifeplot.BoardOptions{CellSize: 100}) // 301 pixels wide
	h, err := rowHTML([]image.Image{img, img, img, img}, []string{"a", "b <c>"}, "all")
	if err != nil {
		t.Fatal(err)
	}
	if got := sliderImages(t, h); len(got) != 4 || !samePicture(got[0], img) {
		t.Errorf("%d pictures, want 4 of the board", len(got))
	}
	for _, want := range []string{">a</span>", ">b &lt;c&gt;</span>", ">all</div>"} {
		if !strings.Contains(h, want) {
			t.Errorf("no %q in\n%.300s", want, h)
		}
	}
	if rows := strings.Count(h, "<tr>"); rows != 2 {
		t.Errorf("4 pictures of 301 pixels in %d rows, want 2 (at most 960 pixels a row)", rows)
	}
	if strings.Contains(h, "<script") || strings.Contains(h, "<style") {
		t.Errorf("a row with a script or a style element")
	}
}
