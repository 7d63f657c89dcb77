//go:build linux

package browsertest

import (
	"fmt"
	"testing"
	"time"
)

// The notebooks whose committed outputs hold sliders and explorers.
var untrusted = []string{"02-oscillators.ipynb", "09-explorer.ipynb"}

// TestUntrusted opens notebooks as a reader who has just cloned the
// repository does: Jupyter does not trust them, so it strips their
// outputs' scripts, styles and SVG. Every board of their committed
// outputs (the sliders' frames, the explorers' boards and answers) must
// still show: a PNG picture the browser decoded, and no SVG. It saves a
// screenshot of each notebook's first slider.
func TestUntrusted(t *testing.T) {
	h := newHarness(t)
	srv, br := h.start(untrusted...)
	for _, name := range untrusted {
		br.must(fmt.Sprintf("window.onbeforeunload = null; location.href = %q", srv.url+"/notebooks/"+name+"?token="+srv.token), nil)
		// The page before may still answer for a moment: wait for this
		// notebook's.
		br.waitFor(name, fmt.Sprintf(`typeof Jupyter !== "undefined" && Jupyter.notebook && Jupyter.notebook._fully_loaded && Jupyter.notebook.notebook_name === %q`, name), 90*time.Second)
		var trusted bool
		br.must(`Jupyter.notebook.trusted`, &trusted)
		if trusted {
			t.Fatalf("%s is trusted: the test would not see what a reader of a clone sees", name)
		}
		// Wait for the pictures to decode.
		br.waitFor("the pictures of "+name, `Array.from(document.querySelectorAll(".output_area img")).every(i => i.complete)`, 30*time.Second)
		var n struct {
			Frames, Shown, SVG, Scripts int
		}
		br.must(`(() => {
const frames = Array.from(document.querySelectorAll(".output_area table img"));
return {Frames: frames.length, Shown: frames.filter(i => i.naturalWidth > 0 && i.getBoundingClientRect().width > 0).length,
  SVG: document.querySelectorAll(".output_area svg").length, Scripts: document.querySelectorAll(".output_area script").length};
})()`, &n)
		t.Logf("%s, not trusted: %d pictures in tables (sliders, rows), %d shown; %d SVG, %d scripts in the outputs", name, n.Frames, n.Shown, n.SVG, n.Scripts)
		if n.Frames == 0 || n.Shown != n.Frames || n.SVG != 0 {
			t.Errorf("%s, not trusted: %d of %d pictures shown, %d SVG elements", name, n.Shown, n.Frames, n.SVG)
		}
		br.must(`(() => { const t = document.querySelector(".output_area table img").closest(".output_area"); t.id = "first-slider"; return true; })()`, nil)
		br.shot(name[:2]+"-untrusted-slider", "#first-slider")
	}
}
