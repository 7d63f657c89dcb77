//go:build linux

package browsertest

import (
	"context"
	"fmt"
	"image"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rle"
)

// The notebook under test, and the explorer cell in it: the first code
// cell that calls notebook.Explore. It opens on a spaceship of period 4
// and shift (1, 1) in a 6 x 6 box (the test reads that from the form).
const (
	notebookName = "09-explorer.ipynb"
	explorerCall = "notebook.Explore("
)

// The search that the Stop test interrupts: a c/5 orthogonal spaceship
// in a 12 x 12 box. The smallest known c/5 orthogonal ships are far
// larger, and this search ran for more than 15 s (lifesat ship -period 5
// -shift 1,0 -size 12x12 -timeout 15s stopped at its limit), so it is
// still at work when Stop is pressed. The fields that earlier steps set
// (the glide's transform) are set back.
var hardSearch = map[string]string{"kind": "spaceship", "w": "12", "h": "12", "p": "5", "dx": "1", "dy": "0", "tr": "Id", "sym": "C1", "max": "0"}

// stopLimit is what the issue asks of Stop: the search ends, and the page
// says so, within 2 s.
const stopLimit = 2 * time.Second

// TestExplorer opens the explorer notebook in headless Chromium through a
// jupyter-notebook server, and uses the explorer as a reader would: it
// clicks cells, searches, steps through the answer, asks for the next,
// starts a long search, watches its progress and the solver's partial
// board, stops it, and closes the explorer. It reads the page at each
// step: the counts of the board after the clicks, the generation after
// the steps, the answer (re-simulated here with life.Step), the progress
// numbers, the partial board's drawings (see watchPartial), and the time
// Stop took.
// It saves a screenshot of each state in $LIFESAT_SHOTS (a temporary
// folder when unset).
//
// It needs Debian's jupyter-notebook and chromium; without them it skips,
// unless LIFESAT_BROWSER_TEST=1 (as in .ci/run) makes that a failure.
// A harness is what a browser test starts and must end: a jupyter-notebook
// server, headless Chromium, and whatever they start in turn.
type harness struct {
	t                      *testing.T
	ctx                    context.Context // ended 30 s before the test's deadline
	repo, work, run, shots string
	srv                    *server
	br                     *browser
	start0                 time.Time
}

// newHarness skips the test without Debian's jupyter-notebook and chromium
// (unless LIFESAT_BROWSER_TEST=1 makes that a failure), and arranges that
// every way out of the test ends the server, the browser, and whatever
// they left, and reaps it.
func newHarness(t *testing.T) *harness {
	required := os.Getenv("LIFESAT_BROWSER_TEST") == "1"
	for _, f := range []string{python, chromium} {
		if _, err := os.Stat(f); err != nil {
			if required {
				t.Fatalf("%s is missing: apt-get install jupyter-notebook chromium", f)
			}
			t.Skipf("%s is missing (apt-get install jupyter-notebook chromium)", f)
		}
	}
	if err := runShort(python, "-c", "import notebook.notebookapp"); err != nil {
		if required {
			t.Fatalf("jupyter-notebook is missing: %v", err)
		}
		t.Skipf("jupyter-notebook is missing: %v", err)
	}
	if err := becomeSubreaper(); err != nil {
		t.Fatalf("prctl(PR_SET_CHILD_SUBREAPER): %v", err)
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	shots := os.Getenv("LIFESAT_SHOTS")
	if shots == "" {
		shots = t.TempDir()
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, repo: repo, work: t.TempDir(), run: randomHex(8), shots: shots, start0: time.Now()}
	ctx, abort := context.WithCancel(context.Background())
	h.ctx = ctx
	t.Cleanup(abort) // the last cleanup

	// Every way out ends the server, the browser, and whatever they left.
	t.Cleanup(func() {
		if h.br != nil {
			h.br.stop()
		}
		if h.srv != nil {
			if err := h.srv.stop(); err != nil {
				t.Errorf("stopping jupyter-notebook: %v", err)
			}
		}
		if left := killMarked(h.run, 10*time.Second); len(left) > 0 {
			t.Errorf("processes left behind: %v", left)
		}
		if err := reapAll(10 * time.Second); err != nil {
			t.Errorf("children left behind: %v", err)
		}
		if ctx.Err() != nil {
			t.Errorf("the test's time was nearly up: it killed what it started")
		}
		t.Logf("the whole test took %v", time.Since(h.start0).Round(time.Millisecond))
	})

	// go test's -timeout ends the test binary without its cleanups, and
	// what the test started would outlive it, unreaped. So 30 s before, a
	// watchdog ends every wait (they fail at once) and kills what the test
	// started; the cleanups then run and reap.
	if deadline, ok := t.Deadline(); ok {
		watchdog := time.AfterFunc(time.Until(deadline)-30*time.Second, func() {
			abort()
			killMarked(h.run, 10*time.Second)
		})
		t.Cleanup(func() { watchdog.Stop() })
	}
	return h
}

// start starts the server on copies of the notebooks, and the browser.
func (h *harness) start(notebooks ...string) (*server, *browser) {
	h.srv = startServer(h.t, h.ctx, h.repo, h.work, h.run, notebooks...)
	h.t.Logf("jupyter-notebook at %s after %v", h.srv.url, time.Since(h.start0).Round(time.Millisecond))
	h.br = startBrowser(h.t, h.ctx, h.work, h.run, h.shots)
	return h.srv, h.br
}

func TestExplorer(t *testing.T) {
	h := newHarness(t)
	srv, br := h.start(notebookName)
	work := h.work

	// Open the notebook, with a kernel.
	url := srv.url + "/notebooks/" + notebookName + "?token=" + srv.token
	br.must(fmt.Sprintf("location.href = %q", url), nil)
	br.waitFor("the notebook and its kernel", `typeof Jupyter !== "undefined" && Jupyter.notebook && Jupyter.notebook._fully_loaded && Jupyter.notebook.kernel && Jupyter.notebook.kernel.is_connected()`, 90*time.Second)
	br.must(`Jupyter.notebook.set_autosave_interval(0); Jupyter.notebook.clear_all_output(); true`, nil)

	var cell int
	br.must(fmt.Sprintf(`Jupyter.notebook.get_cells().findIndex(c => c.cell_type === "code" && c.get_text().includes(%q))`, explorerCall), &cell)
	if cell < 0 {
		t.Fatalf("%s has no cell that calls %s", notebookName, explorerCall)
	}
	// The cells above it: the setup and the imports.
	for i := 0; i < cell; i++ {
		var code bool
		br.must(fmt.Sprintf(`Jupyter.notebook.get_cell(%d).cell_type === "code"`, i), &code)
		if !code {
			continue
		}
		took := executeCell(br, i, 5*time.Minute)
		t.Logf("cell %d ran in %v", i, took.Round(time.Millisecond))
	}

	// The explorer cell: live once its controls say so.
	br.must(fmt.Sprintf(`Jupyter.notebook.get_cell(%d).execute(); Jupyter.notebook.get_cell(%d).output_area.element[0].id = "explorer-output"; Jupyter.notebook.get_cell(%d).element[0].id = "explorer-cell"; true`, cell, cell, cell), nil)
	took := br.waitFor("the live explorer", `document.querySelector('#explorer-output [id$="-controls"][data-live="1"]')`, 5*time.Minute)
	t.Logf("the explorer was live %v after its cell started", took.Round(time.Millisecond))
	var id string
	br.must(`document.querySelector('#explorer-output [id$="-controls"][data-live="1"]').id.replace(/-controls$/, "")`, &id)
	part := func(p string) string { return "#" + id + "-" + p }
	br.waitFor("the board, the buttons and the progress line", fmt.Sprintf(`document.querySelector(%q) && document.querySelector(%q) && document.querySelector(%q)`,
		part("board"), part("actions"), part("progress")), 30*time.Second)

	// The controls are labelled.
	var text string
	br.must(`document.querySelector("#explorer-output").innerText`, &text)
	for _, label := range []string{"Kind", "Width", "Height", "Period", "Shift x", "Shift y", "Symmetry", "Rule", "Template", "Search", "Stop", "Next", "Close", "Clear"} {
		if !strings.Contains(text, label) {
			t.Errorf("the explorer shows no %q", label)
		}
	}
	form := readForm(br, part("controls"))
	t.Logf("the explorer opens on %v", form)
	if form["kind"] != "spaceship" || form["p"] != "4" || form["dx"] != "1" || form["dy"] != "1" {
		t.Fatalf("the explorer opens on %v, want a spaceship of period 4 and shift (1, 1)", form)
	}
	br.shot("opened", "#explorer-cell")

	// Clicks: Clear, then the front of a glider that moves down and right,
	// then one cell three times round its cycle.
	br.click(part("board") + ` [data-cmd="clear"]`)
	waitCounts(br, part("board"), 0, 0)
	front := []image.Point{{1, 3}, {2, 3}, {3, 3}, {3, 2}}
	for _, c := range front {
		br.click(cellCSS(part("board"), c))
	}
	waitCounts(br, part("board"), len(front), 0)
	for _, c := range front {
		if s := cellState(br, part("board"), c); s != "a" {
			t.Errorf("cell %v is %q after one click, want alive (a)", c, s)
		}
	}
	corner := image.Pt(0, 0)
	for i, want := range []struct {
		state       string
		alive, dead int
	}{{"a", len(front) + 1, 0}, {"d", len(front), 1}, {"u", len(front), 0}} {
		br.click(cellCSS(part("board"), corner))
		waitCounts(br, part("board"), want.alive, want.dead)
		if s := cellState(br, part("board"), corner); s != want.state {
			t.Errorf("cell %v is %q after %d clicks, want %q", corner, s, i+1, want.state)
		}
		if want.state == "d" {
			br.shot("a-dead-cell", "#explorer-cell")
		}
	}
	br.shot("clicked", "#explorer-cell")

	// Search: a pattern that agrees with the clicks and that Step confirms.
	br.click(part("actions") + ` [data-cmd="search"]`)
	took = br.waitFor("a pattern", fmt.Sprintf(`document.querySelector(%q).dataset.state === "found" && document.querySelector(%q)`, part("progress"), part("answer")), 2*time.Minute)
	t.Logf("found a pattern %v after Search", took.Round(time.Millisecond))
	frames, shift := readAnswer(br, part("answer"))
	if shift != image.Pt(1, 1) || len(frames) != 4 {
		t.Fatalf("the answer has %d generations and the shift %v, want 4 and (1,1)", len(frames), shift)
	}
	for _, c := range front {
		if !frames[0].Alive(c.X, c.Y) {
			t.Errorf("clicked cell %v is dead in generation 0 of the answer:\n%s", c, frames[0])
		}
	}
	if err := checkShip(frames, shift); err != nil {
		t.Errorf("the answer fails the plain Step: %v", err)
	}
	br.shot("found", "#explorer-cell")

	// Step through the answer with its slider: 3 steps forward reach
	// generation 3, two more wrap round to 1, and Back returns to 0.
	slider := part("answer") + " .lifesat-slider"
	for range 3 {
		br.click(slider + ` [data-step="1"]`)
	}
	waitGen(br, slider, 3, len(frames))
	br.shot("stepped", "#explorer-cell")
	br.click(slider + ` [data-step="1"]`)
	br.click(slider + ` [data-step="1"]`)
	waitGen(br, slider, 1, len(frames))
	br.click(slider + ` [data-step="-1"]`)
	waitGen(br, slider, 0, len(frames))

	// Next: the same search goes on, to another pattern or to the proof
	// that none is left.
	br.click(part("actions") + ` [data-cmd="next"]`)
	br.waitFor("the end of Next", fmt.Sprintf(`(s => (s.state === "found" && s.found === "2") || s.state === "none")(document.querySelector(%q).dataset)`, part("progress")), 2*time.Minute)
	var after map[string]string
	br.must(fmt.Sprintf(`Object.assign({}, document.querySelector(%q).dataset)`, part("progress")), &after)
	t.Logf("after Next: %v", after)
	if after["state"] == "found" {
		frames2, _ := readAnswer(br, part("answer"))
		if err := checkShip(frames2, shift); err != nil {
			t.Errorf("the second answer fails the plain Step: %v", err)
		}
	}

	// Save, change the board and a setting, and Load the saved file back,
	// through the file input and then pasted: the same board and settings.
	testSaveLoad(br, part, work)

	// A glide-symmetric ship through the transform field: period 2, F-,
	// moving (1, 0), in 7 x 5 (the LWSS, whose generation 2 is generation
	// 0 reflected top to bottom and moved).
	setForm(br, part("controls"), map[string]string{"kind": "spaceship", "w": "7", "h": "5", "p": "2", "dx": "1", "dy": "0", "tr": "F-"})
	br.waitFor("a 7 x 5 board", fmt.Sprintf(`document.querySelectorAll(%q).length === 35`, part("board")+" rect[data-x]"), 10*time.Second)
	br.click(part("board") + ` [data-cmd="clear"]`)
	waitCounts(br, part("board"), 0, 0)
	br.click(part("actions") + ` [data-cmd="search"]`)
	br.waitFor("a glide-symmetric ship", fmt.Sprintf(`document.querySelector(%q).dataset.state === "found" && document.querySelector(%q).dataset.tr === "F-"`, part("progress"), part("answer")), 2*time.Minute)
	gframes, gshift, gtr := readMotion(br, part("answer"))
	if len(gframes) != 2 || gshift != image.Pt(1, 0) || gtr != life.FlipTB {
		t.Errorf("the glide answer has %d generations, shift %v, transform %v; want 2, (1,0), F-", len(gframes), gshift, gtr)
	} else if err := checkMotion(gframes, gshift, gtr); err != nil {
		t.Errorf("the glide answer fails the plain Step: %v", err)
	} else {
		t.Logf("a glide-symmetric ship of %d and %d cells through the transform field", gframes[0].Population(), gframes[1].Population())
	}
	br.shot("glide", "#explorer-cell")

	// A long search: its progress is live, and Stop ends it.
	setForm(br, part("controls"), hardSearch)
	br.waitFor("a 12 x 12 board", fmt.Sprintf(`document.querySelectorAll(%q).length === 144`, part("board")+" rect[data-x]"), 10*time.Second)
	br.click(part("board") + ` [data-cmd="clear"]`)
	waitCounts(br, part("board"), 0, 0)
	br.click(part("actions") + ` [data-cmd="search"]`)
	br.waitFor("the solver at work", fmt.Sprintf(`(s => s.state === "searching" && Number(s.conflicts) > 0)(document.querySelector(%q).dataset)`, part("progress")), time.Minute)
	first := readProgress(br, part("progress"))
	time.Sleep(1500 * time.Millisecond)
	second := readProgress(br, part("progress"))
	t.Logf("progress: %v, then %v", first, second)
	if second.state != "searching" || second.elapsedMS <= first.elapsedMS || second.conflicts <= first.conflicts {
		t.Errorf("the progress line is not live: %+v, then %+v", first, second)
	}
	watchPartial(br, part, 12*12)
	br.shot("searching", "#explorer-cell")
	stopAt := time.Now()
	br.click(part("actions") + ` [data-cmd="stop"]`)
	br.waitFor("the end of the search", fmt.Sprintf(`document.querySelector(%q).dataset.state === "stopped"`, part("progress")), 30*time.Second)
	stopTook := time.Since(stopAt)
	stopped := readProgress(br, part("progress"))
	t.Logf("Stop: the page said stopped %v after the click (the program measured %d ms from the click's arrival)", stopTook.Round(time.Millisecond), stopped.stopMS)
	if stopTook > stopLimit {
		t.Errorf("Stop took %v, more than %v", stopTook, stopLimit)
	}
	br.waitFor("the partial board put away", fmt.Sprintf(`(p => p.dataset.state === "idle" && !p.querySelector("img"))(document.querySelector(%q))`, part("partial")), 10*time.Second)
	br.shot("stopped", "#explorer-cell")

	// Close: the cell ends, and leaves the board without its controls.
	br.click(part("actions") + ` [data-cmd="close"]`)
	br.waitFor("the end of the explorer cell", fmt.Sprintf(`(c => !c.element[0].classList.contains("running") && typeof c.input_prompt_number === "number")(Jupyter.notebook.get_cell(%d))`, cell), 30*time.Second)
	br.waitFor("the closed explorer", fmt.Sprintf(`document.querySelector(%q).dataset.live === "0"`, part("controls")), 10*time.Second)
	if msg := cellError(br, cell); msg != "" {
		t.Errorf("the explorer cell reports: %s", msg)
	}
	br.shot("closed", "#explorer-cell")

	reopenCycles(t, br, url, cell)
}

// A partialView is what the page shows of the solver's partial board
// (the explorer's part "-partial") and of the progress line, read at one
// moment.
type partialView struct {
	State                string // the partial part's: searching, or idle when put away
	Seq                  int    // the number of the drawing, counted over the explorer's searches
	Known, Alive, Cells  int    // the cells decided, those alive among them, all (-1 when absent)
	Src                  string // the picture's data URI ("" when none)
	Search               string // the progress line's state
	ElapsedMS, Conflicts int64  // the progress line's numbers, from the program
}

// watchPartial watches the partial board during a long search, until it
// has been drawn three times and the search has run 2 s (60 s at most: a
// hang detector): each drawing must show the search box, some cells
// decided and no more than it has, in a PNG that changes, and the
// drawings must come at most every 200 ms of the program's own clock (the
// progress line's elapsed time), give or take the tick in progress.
func watchPartial(br *browser, part func(string) string, cells int) {
	br.t.Helper()
	js := fmt.Sprintf(`(function(){
const p = document.querySelector(%q), g = document.querySelector(%q).dataset, img = p.querySelector("img");
const n = s => s === undefined ? -1 : Number(s);
return {State: p.dataset.state, Seq: n(p.dataset.seq), Known: n(p.dataset.known), Alive: n(p.dataset.alive), Cells: n(p.dataset.cells),
  Src: img ? img.getAttribute("src") : "", Search: g.state, ElapsedMS: n(g.elapsedMs), Conflicts: n(g.conflicts)};})()`, part("partial"), part("progress"))
	var first, last partialView
	seqs, srcs := map[int]bool{}, map[string]bool{}
	start := time.Now()
	for {
		var v partialView
		br.must(js, &v)
		if v.Search != "searching" {
			br.fail("the search ended (%s) after %d ms, before its partial board was drawn three times in 2 s: %d drawings", v.Search, v.ElapsedMS, len(seqs))
		}
		if v.State == "searching" {
			if v.Cells != cells || v.Known <= 0 || v.Known > v.Cells || v.Alive < 0 || v.Alive > v.Known || !strings.HasPrefix(v.Src, "data:image/png;base64,") {
				br.fail("partial board %d: %d cells decided of %d, %d alive, picture %.40q; want 1..%d decided of %d, a PNG", v.Seq, v.Known, v.Cells, v.Alive, v.Src, cells, cells)
			}
			if len(seqs) == 0 {
				first = v
			}
			seqs[v.Seq], srcs[v.Src] = true, true
			last = v
		}
		if len(seqs) >= 3 && last.ElapsedMS >= 2000 {
			break
		}
		if time.Since(start) > time.Minute {
			br.fail("in %v the partial board was drawn %d times, the search at %d ms", time.Minute, len(seqs), v.ElapsedMS)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(srcs) < 2 {
		br.t.Errorf("the partial board was drawn %d times, always the same picture", len(seqs))
	}
	if drawn, most := last.Seq-first.Seq, (last.ElapsedMS-first.ElapsedMS)/200+2; int64(drawn) > most {
		br.t.Errorf("the partial board was drawn %d times in %d ms of the search: more often than every 200 ms", drawn, last.ElapsedMS-first.ElapsedMS)
	}
	br.t.Logf("the partial board: drawings %d to %d (%d seen) from %d to %d ms of the search, %d to %d of %d cells decided",
		first.Seq, last.Seq, len(seqs), first.ElapsedMS, last.ElapsedMS, first.Known, last.Known, cells)
}

// cycles is how many times the page is opened anew, and how many of
// those follow a kernel restart.
const cycles = 30

// reopenCycles opens the notebook page again and again, as a reader
// closes and reopens it: each time it runs the explorer cell, which must
// go live (a static explorer in a browser is a failure), answers a
// click, and then ends one of three ways in turn: Close is pressed; the
// page is left while the explorer runs (its cell must end, or the next
// run of the cell would wait behind it); or the kernel is restarted while
// the explorer runs (the setup cells then run again, as they must).
//
// Every fifth time the page loses its first connection to the kernel:
// the page drops the first message GoNB's script sends to open it
// (comm_open), as a loaded machine does when the kernel's answer comes
// later than the half second that script waits (the explorer then went
// static in a browser, saying no browser was there). The explorer must
// try again and go live all the same.
func reopenCycles(t *testing.T, br *browser, url string, cell int) {
	static := 0
	var toLive []time.Duration
	setup := false
	for i := 1; i <= cycles; i++ {
		how := []string{"close", "leave", "restart"}[i%3]
		openNotebook(br, url)
		if setup {
			for j := 0; j < cell; j++ {
				var code bool
				br.must(fmt.Sprintf(`Jupyter.notebook.get_cell(%d).cell_type === "code"`, j), &code)
				if code {
					executeCell(br, j, 5*time.Minute)
				}
			}
			setup = false
		}
		if i%5 == 0 {
			br.must(dropFirstOpen, nil)
		}
		start := time.Now()
		br.must(fmt.Sprintf(`Jupyter.notebook.get_cell(%d).execute(); Jupyter.notebook.get_cell(%d).element[0].id = "explorer-cell"; true`, cell, cell), nil)
		controls := `#explorer-cell [id$="-controls"][data-live]`
		br.waitFor("the explorer, live or static", fmt.Sprintf(`document.querySelector(%q)`, controls), 3*time.Minute)
		var live string
		br.must(fmt.Sprintf(`document.querySelector(%q).dataset.live`, controls), &live)
		if live != "1" {
			static++
			br.shot(fmt.Sprintf("cycle-%d-static", i), "#explorer-cell")
			t.Errorf("cycle %d: the explorer went static in a browser", i)
			br.waitFor("the end of the static explorer", fmt.Sprintf(`(c => !c.element[0].classList.contains("running"))(Jupyter.notebook.get_cell(%d))`, cell), 3*time.Minute)
			continue
		}
		toLive = append(toLive, time.Since(start))
		br.t.Logf("cycle %d (%s%s): live %v after the cell started", i, how, map[bool]string{true: ", first connection dropped"}[i%5 == 0], time.Since(start).Round(time.Millisecond))
		var id string
		br.must(fmt.Sprintf(`document.querySelector(%q).id.replace(/-controls$/, "")`, controls), &id)
		board := "#" + id + "-board"
		br.waitFor("the board", fmt.Sprintf(`document.querySelector(%q + " rect[data-x]")`, board), 30*time.Second)
		var alive, dead int
		br.must(fmt.Sprintf(`Number(document.querySelector(%q).dataset.alive)`, board), &alive)
		br.must(fmt.Sprintf(`Number(document.querySelector(%q).dataset.dead)`, board), &dead)
		corner := cellCSS(board, image.Pt(5, 5))
		before := cellState(br, board, image.Pt(5, 5))
		br.click(corner)
		want := map[string][2]int{"u": {alive + 1, dead}, "a": {alive - 1, dead + 1}, "d": {alive, dead - 1}}[before]
		waitCounts(br, board, want[0], want[1])
		switch how {
		case "close":
			br.click("#" + id + `-actions [data-cmd="close"]`)
			br.waitFor("the end of the explorer cell", fmt.Sprintf(`(c => !c.element[0].classList.contains("running"))(Jupyter.notebook.get_cell(%d))`, cell), 30*time.Second)
		case "restart":
			br.must(`Jupyter.notebook.kernel.restart(); true`, nil)
			setup = true
		}
		// "leave": the next openNotebook leaves the page with the explorer live.
	}
	slices.Sort(toLive)
	med := time.Duration(0)
	if len(toLive) > 0 {
		med = toLive[len(toLive)/2]
	}
	t.Logf("%d openings of the page (%d after a kernel restart): %d live, %d static; from running the cell to a live explorer: median %v, slowest %v",
		cycles, cycles/3, len(toLive), static, med.Round(time.Millisecond), toLive[len(toLive)-1].Round(time.Millisecond))
}

// dropFirstOpen makes the page drop the first comm_open message of GoNB's
// script (its target is gonb_comm), so that its first connection to the
// kernel fails.
const dropFirstOpen = `(function(){
if (window.lifesatDropArmed) return true; window.lifesatDropArmed = true;
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function(data) {
  try {
    const m = JSON.parse(data);
    if (!window.lifesatDropped && m.msg_type === "comm_open" && m.content && m.content.target_name === "gonb_comm") {
      window.lifesatDropped = true;
      return;
    }
  } catch (e) {}
  return send.call(this, data);
};
return true;})()`

// openNotebook opens the notebook page at url (leaving the page shown,
// without its question whether to leave), and waits for it and its
// kernel; it turns autosave off, so that the file stays as it was.
func openNotebook(br *browser, url string) {
	br.t.Helper()
	br.must(fmt.Sprintf(`window.onbeforeunload = null; location.href = %q; true`, url), nil)
	time.Sleep(300 * time.Millisecond) // the old page may still answer for a moment
	br.waitFor("the notebook and its kernel", `typeof Jupyter !== "undefined" && Jupyter.notebook && Jupyter.notebook._fully_loaded && Jupyter.notebook.kernel && Jupyter.notebook.kernel.is_connected() && Jupyter.notebook.kernel_busy !== true`, 90*time.Second)
	br.must(`Jupyter.notebook.set_autosave_interval(0); true`, nil)
}

// testSaveLoad saves the explorer's state, changes it, and loads it back
// twice, through the file input and pasted into the text box; each time
// the form and the board must be as saved.
func testSaveLoad(br *browser, part func(string) string, work string) {
	br.t.Helper()
	form := readForm(br, part("controls"))
	cells := readCells(br, part("board"))
	br.click(part("board") + ` [data-cmd="save"]`)
	br.waitFor("the saved file", fmt.Sprintf(`document.querySelector(%q).value !== "" && document.querySelector(%q)`, part("board")+` textarea[name="text"]`, part("board")+" a.lifesat-saved"), 10*time.Second)
	var saved, link string
	br.must(fmt.Sprintf(`document.querySelector(%q).value`, part("board")+` textarea[name="text"]`), &saved)
	br.must(fmt.Sprintf(`decodeURIComponent(document.querySelector(%q).getAttribute("href").replace(/^data:text\/plain;charset=utf-8,/, ""))`, part("board")+" a.lifesat-saved"), &link)
	if link != saved || !strings.Contains(saved, "#C lifesat-explorer 1") {
		br.fail("the download link and the text box differ, or the file is no explorer file:\n%s\n---\n%s", link, saved)
	}
	if _, err := rle.Read(strings.NewReader(saved)); err != nil {
		br.fail("the saved file is not RLE: %v\n%s", err, saved)
	}
	file := filepath.Join(work, "saved.rle")
	if err := os.WriteFile(file, []byte(saved), 0o644); err != nil {
		br.t.Fatal(err)
	}
	change := func() {
		setForm(br, part("controls"), map[string]string{"w": "9", "p": "3", "max": "7"})
		br.waitFor("a board 9 wide", fmt.Sprintf(`document.querySelectorAll(%q).length === 9*6`, part("board")+" rect[data-x]"), 10*time.Second)
		br.click(part("board") + ` [data-cmd="clear"]`)
		waitCounts(br, part("board"), 0, 0)
	}
	same := func(how string) {
		br.waitFor("the loaded board", fmt.Sprintf(`document.querySelectorAll(%q).length === %d`, part("board")+" rect[data-x]", len(cells)), 10*time.Second)
		if got := readForm(br, part("controls")); !maps.Equal(got, form) {
			br.t.Errorf("%s: the form is %v, saved %v", how, got, form)
		}
		if got := readCells(br, part("board")); !maps.Equal(got, cells) {
			br.t.Errorf("%s: the board differs from the one saved", how)
		}
	}
	change()
	ctx, cancel := context.WithTimeout(br.ctx, 10*time.Second)
	_, err := chromedp.Run(ctx, chromedp.SetUploadFiles(chromedp.CSS(part("board")+` input[name="file"]`), []string{file}))
	cancel()
	if err != nil {
		br.fail("choosing the file to load: %v", err)
	}
	same("loaded from the file")
	change()
	br.must(fmt.Sprintf(`(el => { el.value = %q; return true; })(document.querySelector(%q))`, saved, part("board")+` textarea[name="text"]`), nil)
	br.click(part("board") + ` [data-cmd="load"]`)
	same("loaded from the text box")
	br.shot("loaded", "#explorer-cell")
}

// readCells reads the board's cells: their states by "x,y".
func readCells(br *browser, board string) map[string]string {
	var m map[string]string
	br.must(fmt.Sprintf(`(function(){var m={};document.querySelectorAll(%q).forEach(function(r){m[r.dataset.x+","+r.dataset.y]=r.dataset.s;});return m;})()`, board+" rect[data-x]"), &m)
	return m
}

// runShort runs a short command.
func runShort(name string, args ...string) error {
	return runCmd(context.Background(), 30*time.Second, os.Environ(), name, args...)
}

// executeCell runs code cell i and waits for its end, for at most limit;
// a cell that reports an error stops the test.
func executeCell(br *browser, i int, limit time.Duration) time.Duration {
	br.t.Helper()
	br.must(fmt.Sprintf(`Jupyter.notebook.get_cell(%d).execute(); true`, i), nil)
	took := br.waitFor(fmt.Sprintf("cell %d", i), fmt.Sprintf(`(c => !c.element[0].classList.contains("running") && typeof c.input_prompt_number === "number")(Jupyter.notebook.get_cell(%d))`, i), limit)
	if msg := cellError(br, i); msg != "" {
		br.fail("cell %d: %s", i, msg)
	}
	return took
}

// cellError is the first error that cell i's outputs report, as
// notebooks/run reads them, or "".
func cellError(br *browser, i int) string {
	var msg string
	br.must(fmt.Sprintf(`(function(){
for (const o of Jupyter.notebook.get_cell(%d).output_area.outputs) {
  if (o.output_type === "error") return o.ename + ": " + o.evalue;
  const s = o.output_type === "stream" && o.name === "stderr" ? String(o.text) : "";
  if (s.includes("panic:") || s.includes("exit status ")) return s.slice(0, 300);
  const h = o.data && o.data["text/html"] ? String(o.data["text/html"]) : "";
  if (h.includes("gonb-err-location")) return "compile error: " + h.replace(/<[^>]*>/g, " ").slice(0, 300);
}
return "";})()`, i), &msg)
	return msg
}

// cellCSS selects cell c of the board.
func cellCSS(board string, c image.Point) string {
	return fmt.Sprintf(`%s rect[data-x="%d"][data-y="%d"]`, board, c.X, c.Y)
}

// cellState is the state of cell c on the board: u, a or d.
func cellState(br *browser, board string, c image.Point) string {
	var s string
	br.must(fmt.Sprintf(`document.querySelector(%q).dataset.s`, cellCSS(board, c)), &s)
	return s
}

// waitCounts waits until the board counts alive known-alive cells and
// dead known-dead ones.
func waitCounts(br *browser, board string, alive, dead int) {
	br.t.Helper()
	br.waitFor(fmt.Sprintf("a board of %d alive and %d dead cells", alive, dead),
		fmt.Sprintf(`(d => d.alive === "%d" && d.dead === "%d")(document.querySelector(%q).dataset)`, alive, dead, board), 10*time.Second)
}

// waitGen waits until the slider shows generation gen, in its counter, its
// root and its visible board.
func waitGen(br *browser, slider string, gen, n int) {
	br.t.Helper()
	br.waitFor(fmt.Sprintf("generation %d", gen), fmt.Sprintf(
		`(r => r.dataset.gen === "%d" && r.querySelector(".lifesat-gen").textContent === "generation %d of 0..%d" && r.querySelector(".lifesat-frame.lifesat-cur").dataset.gen === "%d" && getComputedStyle(r.querySelector(".lifesat-frame.lifesat-cur")).display !== "none")(document.querySelector(%q))`,
		gen, gen, n-1, gen, slider), 10*time.Second)
}

// readForm reads the controls' values.
func readForm(br *browser, controls string) map[string]string {
	var v map[string]string
	br.must(fmt.Sprintf(`(function(){var v={};document.querySelectorAll(%q).forEach(function(el){v[el.name]=el.value;});return v;})()`, controls+" [name]"), &v)
	return v
}

// setForm sets controls as a user would, one at a time, each followed by
// its change event.
func setForm(br *browser, controls string, values map[string]string) {
	for _, name := range []string{"kind", "w", "h", "p", "dx", "dy", "tr", "sym", "rule", "max", "unknown"} {
		v, ok := values[name]
		if !ok {
			continue
		}
		br.must(fmt.Sprintf(`(el => { el.value = %q; el.dispatchEvent(new Event("change")); return el.value; })(document.querySelector(%q))`,
			v, controls+` [name="`+name+`"]`), nil)
	}
}

// progressLine is the numbers of the progress line.
type progressLine struct {
	state                string
	elapsedMS, conflicts int64
	found, stopMS        int64
}

func readProgress(br *browser, progress string) progressLine {
	var d map[string]string
	br.must(fmt.Sprintf(`Object.assign({}, document.querySelector(%q).dataset)`, progress), &d)
	var p progressLine
	p.state = d["state"]
	fmt.Sscan(d["elapsedMs"], &p.elapsedMS)
	fmt.Sscan(d["conflicts"], &p.conflicts)
	fmt.Sscan(d["found"], &p.found)
	fmt.Sscan(d["stopMs"], &p.stopMS)
	return p
}

// readAnswer reads the answer's generations (each in the search box, from
// the slider's data-rle) and its shift.
func readAnswer(br *browser, answer string) ([]*life.Board, image.Point) {
	frames, shift, _ := readMotion(br, answer)
	return frames, shift
}

// readMotion is readAnswer with the answer's transform.
func readMotion(br *browser, answer string) ([]*life.Board, image.Point, life.Transform) {
	br.t.Helper()
	var a struct {
		Frames []string
		DX, DY int
		TR     string
	}
	br.must(fmt.Sprintf(`(r => ({Frames: Array.from(r.querySelectorAll(".lifesat-frame")).map(f => f.dataset.rle), DX: Number(r.dataset.dx), DY: Number(r.dataset.dy), TR: r.dataset.tr}))(document.querySelector(%q))`, answer), &a)
	tr, err := life.ParseTransform(a.TR)
	if err != nil {
		br.fail("the answer's transform: %v", err)
	}
	var boards []*life.Board
	for i, s := range a.Frames {
		p, err := rle.Read(strings.NewReader(s))
		if err != nil {
			br.fail("generation %d of the answer: %v\n%s", i, err, s)
		}
		boards = append(boards, p.Board)
	}
	return boards, image.Pt(a.DX, a.DY), tr
}

// checkShip checks that frames are the generations of a spaceship that
// moves by shift in their box, with lifesat's Problem.Check, which
// re-simulates them with the plain Step in the empty plane.
func checkShip(frames []*life.Board, shift image.Point) error {
	return checkMotion(frames, shift, life.Id)
}

// checkMotion is checkShip for a ship whose generation p is generation 0
// turned by tr, then moved by shift.
func checkMotion(frames []*life.Board, shift image.Point, tr life.Transform) error {
	if len(frames) == 0 {
		return fmt.Errorf("no pattern")
	}
	p := lifesat.Spaceship(len(frames), shift.X, shift.Y, frames[0].Width(), frames[0].Height())
	p.Transform = tr
	return p.Check(&lifesat.Pattern{Phases: frames}, nil)
}
