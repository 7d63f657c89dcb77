//go:build linux

package browsertest

import (
	"context"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
// still at work when Stop is pressed.
var hardSearch = map[string]string{"kind": "spaceship", "w": "12", "h": "12", "p": "5", "dx": "1", "dy": "0"}

// stopLimit is what the issue asks of Stop: the search ends, and the page
// says so, within 2 s.
const stopLimit = 2 * time.Second

// TestExplorer opens the explorer notebook in headless Chromium through a
// jupyter-notebook server, and uses the explorer as a reader would: it
// clicks cells, searches, steps through the answer, asks for the next,
// starts a long search, watches its progress and stops it, and closes the
// explorer. It reads the page at each step: the counts of the board after
// the clicks, the generation after the steps, the answer (re-simulated
// here with life.Step), the progress numbers, and the time Stop took.
// It saves a screenshot of each state in $LIFESAT_SHOTS (a temporary
// folder when unset).
//
// It needs Debian's jupyter-notebook and chromium; without them it skips,
// unless LIFESAT_BROWSER_TEST=1 (as in .ci/run) makes that a failure.
func TestExplorer(t *testing.T) {
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
	work := t.TempDir()
	run := randomHex(8)
	start := time.Now()

	ctx, abort := context.WithCancel(context.Background())
	t.Cleanup(abort) // the last cleanup

	// Every way out ends the server, the browser, and whatever they left.
	var srv *server
	var br *browser
	t.Cleanup(func() {
		if br != nil {
			br.stop()
		}
		if srv != nil {
			if err := srv.stop(); err != nil {
				t.Errorf("stopping jupyter-notebook: %v", err)
			}
		}
		if left := killMarked(run, 10*time.Second); len(left) > 0 {
			t.Errorf("processes left behind: %v", left)
		}
		if err := reapAll(10 * time.Second); err != nil {
			t.Errorf("children left behind: %v", err)
		}
		if ctx.Err() != nil {
			t.Errorf("the test's time was nearly up: it killed what it started")
		}
		t.Logf("the whole test took %v", time.Since(start).Round(time.Millisecond))
	})

	// go test's -timeout ends the test binary without its cleanups, and
	// what the test started would outlive it, unreaped. So 30 s before, a
	// watchdog ends every wait (they fail at once) and kills what the test
	// started; the cleanups then run and reap.
	if deadline, ok := t.Deadline(); ok {
		watchdog := time.AfterFunc(time.Until(deadline)-30*time.Second, func() {
			abort()
			killMarked(run, 10*time.Second)
		})
		t.Cleanup(func() { watchdog.Stop() })
	}

	srv = startServer(t, ctx, repo, work, notebookName, run)
	t.Logf("jupyter-notebook at %s after %v", srv.url, time.Since(start).Round(time.Millisecond))
	br = startBrowser(t, ctx, work, run, shots)

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
	br.shot("stopped", "#explorer-cell")

	// Close: the cell ends, and leaves the board without its controls.
	br.click(part("actions") + ` [data-cmd="close"]`)
	br.waitFor("the end of the explorer cell", fmt.Sprintf(`(c => !c.element[0].classList.contains("running") && typeof c.input_prompt_number === "number")(Jupyter.notebook.get_cell(%d))`, cell), 30*time.Second)
	br.waitFor("the closed explorer", fmt.Sprintf(`document.querySelector(%q).dataset.live === "0"`, part("controls")), 10*time.Second)
	if msg := cellError(br, cell); msg != "" {
		t.Errorf("the explorer cell reports: %s", msg)
	}
	br.shot("closed", "#explorer-cell")
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
	for _, name := range []string{"kind", "w", "h", "p", "dx", "dy", "sym", "rule"} {
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
	br.t.Helper()
	var a struct {
		Frames []string
		DX, DY int
	}
	br.must(fmt.Sprintf(`(r => ({Frames: Array.from(r.querySelectorAll(".lifesat-frame")).map(f => f.dataset.rle), DX: Number(r.dataset.dx), DY: Number(r.dataset.dy)}))(document.querySelector(%q))`, answer), &a)
	var boards []*life.Board
	for i, s := range a.Frames {
		p, err := rle.Read(strings.NewReader(s))
		if err != nil {
			br.fail("generation %d of the answer: %v\n%s", i, err, s)
		}
		boards = append(boards, p.Board)
	}
	return boards, image.Pt(a.DX, a.DY)
}

// checkShip checks that frames are the generations of a spaceship that
// moves by shift in their box, with lifesat's Problem.Check, which
// re-simulates them with the plain Step in the empty plane.
func checkShip(frames []*life.Board, shift image.Point) error {
	if len(frames) == 0 {
		return fmt.Errorf("no pattern")
	}
	p := lifesat.Spaceship(len(frames), shift.X, shift.Y, frames[0].Width(), frames[0].Height())
	return p.Check(&lifesat.Pattern{Phases: frames}, nil)
}
