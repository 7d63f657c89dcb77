package notebook

import (
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// TestAnswerNamesItsApgcode: the explorer's answer shows Catagolue's name
// beside its RLE: the glider is xq4_153 (LifeWiki, "Glider"), linked to
// its Catagolue page under Life; an answer under a partial rule has none.
func TestAnswerNamesItsApgcode(t *testing.T) {
	g := life.NewBoard(5, 5)
	for _, c := range [][2]int{{2, 1}, {3, 2}, {1, 3}, {2, 3}, {3, 3}} {
		g.Set(c[0], c[1], true)
	}
	a := answer{n: 1, pat: &lifesat.Pattern{Phases: []*life.Board{g}}, problem: lifesat.Oscillator(1, 5, 5), rule: rule.Life, what: "a glider"}
	h, err := answerHTML("x", a, false)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h, "apgcode <code>xq4_153</code>") || !strings.Contains(h, "catagolue.hatsya.com/object/xq4_153/b3s23") {
		t.Errorf("the glider's answer does not name xq4_153 with its Catagolue link:\n%s", h)
	}
	a.rule = rule.MustParse("pB3/S23")
	if h, err = answerHTML("x", a, false); err != nil || strings.Contains(h, "apgcode") {
		t.Errorf("an answer under a partial rule names an apgcode (err %v)", err)
	}
}
