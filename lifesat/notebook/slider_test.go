package notebook

import (
	"regexp"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
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

var frameRE = regexp.MustCompile(`<div class="lifesat-frame[^"]*" data-gen="(\d+)" data-pop="(\d+)" data-rle="([^"]*)">`)

func TestSliderHTML(t *testing.T) {
	boards := blinker()
	h, err := SliderHTML(boards, &SliderOptions{Caption: "a <b> & c", Note: "back to 0"})
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
	for _, want := range []string{"a &lt;b&gt; &amp; c", "back to 0", "<script>", `data-step="1"`, `data-step="-1"`, `type="range"`, "<circle"} {
		if !strings.Contains(h, want) {
			t.Errorf("the slider has no %q", want)
		}
	}
	// The frames are drawn with lifeplot.States: the blinker's ends die
	// (rings) and its middle stays (a disc), two cells are born (dots).
	if n := strings.Count(h, "<circle"); n != 2*5 {
		t.Errorf("%d marks, want 5 a phase", n)
	}

	plain, err := SliderHTML(boards[:1], &SliderOptions{NoMarks: true})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain, "<script>") || strings.Contains(plain, "<circle") || !strings.Contains(plain, "<rect") {
		t.Errorf("one board without marks: want no script, no marks, squares:\n%s", plain)
	}
	if _, err := SliderHTML([]*life.Board{boards[0], nil}, nil); err == nil {
		t.Error("a nil board: no error")
	}
	// A partial rule has no next generation: no marks.
	partial, err := rule.Parse("pB3/S23")
	if err != nil {
		t.Fatal(err)
	}
	h, err = SliderHTML(boards, &SliderOptions{Rule: partial})
	if err != nil || strings.Contains(h, "<circle") {
		t.Errorf("a partial rule: error %v, marks %v", err, strings.Contains(h, "<circle"))
	}
	if h, err := SliderHTML(nil, nil); err != nil || !strings.Contains(h, "no boards") {
		t.Errorf("no boards: %v\n%s", err, h)
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
	live := boardHTML("x", s, true)
	for _, want := range []string{`data-alive="1"`, `data-dead="1"`, `data-unknown="4"`, `data-gen="0"`, `<select name="gen">`, `data-cmd="clear"`, "<script>",
		`data-x="0" data-y="0" data-s="a"`, `data-x="2" data-y="1" data-s="d"`, `data-x="1" data-y="0" data-s="u"`} {
		if !strings.Contains(live, want) {
			t.Errorf("the live board has no %q", want)
		}
	}
	static := boardHTML("x", s, false)
	for _, no := range []string{"<script>", "<select", "data-cmd"} {
		if strings.Contains(static, no) {
			t.Errorf("the static board has %q", no)
		}
	}
}
