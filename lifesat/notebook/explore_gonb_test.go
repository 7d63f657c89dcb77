//go:build unix

package notebook_test

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/janpfeifer/gonb/gonbui/protocol"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/notebook"
	"github.com/lifesat/lifesat/lifesat/rle"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// exploreCellEnv marks the copy of the test binary that plays an explorer
// cell; its value is the scenario.
const exploreCellEnv = "LIFESAT_EXPLORE_TEST_CELL"

// gliderFront is the explorer's problem in these tests: a c/4 diagonal
// ship in a 6 x 6 box, with the row of three cells of a glider's front
// known alive.
func gliderFront() lifesat.Problem {
	p := lifesat.Spaceship(4, 1, 1, 6, 6)
	p.Template = tmpl.New(6, 6, 1)
	for _, pt := range []image.Point{{1, 3}, {2, 3}, {3, 3}} {
		p.Template.Set(0, pt.X, pt.Y, tmpl.Spec{Kind: tmpl.Alive})
	}
	return p
}

// exploreCell is the cell: Explore on gliderFront, then the pattern it
// returns in RLE on stdout.
func exploreCell(t *testing.T) {
	// Where a page answers, the cell waits for its hello as long as it
	// takes (a loaded machine may be slow to deliver it); where none
	// does, the wait only delays the static form, so it is short.
	*notebook.HelloWait = time.Minute
	switch os.Getenv(exploreCellEnv) {
	case "headless":
		*notebook.HelloWait, *notebook.Patience = 200*time.Millisecond, 700*time.Millisecond
	case "headless-env":
		os.Setenv(notebook.HeadlessEnv, "1")
	case "second-hello":
		*notebook.HelloWait, *notebook.Patience = 500*time.Millisecond, time.Minute
	}
	var o notebook.ExploreOptions
	if os.Getenv(exploreCellEnv) == "idle" {
		o.Idle = 300 * time.Millisecond
	}
	pat, err := notebook.Explore(context.Background(), gliderFront(), &o)
	if err != nil {
		t.Fatal(err)
	}
	if pat == nil {
		fmt.Println("pattern: none")
		return
	}
	var sb strings.Builder
	if err := rle.Write(&sb, &rle.File{Board: pat.Board()}); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("pattern: %q\n", sb.String())
}

// A page plays the browser for the fake kernel: it sees each display and
// may answer with messages to the address the cell subscribed to.
type page interface {
	// show tells of a display (its id and HTML); it returns the messages
	// to send to the cell.
	show(id, html string) []string
}

// A valueSink is a page that sees the values the cell sends (comms.Send,
// comms.Start).
type valueSink interface {
	value(address string, v any)
}

// runExploreCell runs the explorer cell under a fake GoNB kernel whose
// page is pg, and returns the last HTML of every display id and the
// cell's output. The kernel hands each display to the page and sends what
// the page answers to the address the cell subscribed to.
func runExploreCell(t *testing.T, scenario string, pg page) (map[string]string, string) {
	t.Helper()
	displays := map[string]string{}
	var addr string
	out := runGoNBCell(t, exploreCellEnv+"="+scenario, func(d protocol.DisplayData) ([]*protocol.CommValue, error) {
		if v, ok := d.Data[protocol.MIMECommSubscribe]; ok {
			addr = v.(protocol.CommSubscription).Address
			return nil, nil
		}
		if v, ok := d.Data[protocol.MIMECommValue]; ok {
			if cv, ok := v.(protocol.CommValue); ok && cv.Address != protocol.GonbuiSyncAddress {
				if vs, ok := pg.(valueSink); ok {
					vs.value(cv.Address, cv.Value)
				}
			}
			return nil, nil
		}
		h, ok := d.Data[protocol.MIMETextHTML].(string)
		if !ok {
			return nil, nil
		}
		displays[d.DisplayID] = h
		var answers []*protocol.CommValue
		for _, msg := range pg.show(d.DisplayID, h) {
			if addr == "" {
				return nil, fmt.Errorf("the page would answer, but the cell subscribed to nothing")
			}
			answers = append(answers, &protocol.CommValue{Address: addr, Value: msg})
		}
		return answers, nil
	})
	return displays, out
}

// dataAttr reads the attribute data-name of the first element of h that
// has it.
func dataAttr(h, name string) string {
	m := regexp.MustCompile(`data-` + name + `="([^"]*)"`).FindStringSubmatch(h)
	if m == nil {
		return ""
	}
	return m[1]
}

// A headlessPage never runs a script, as under nbconvert.
type headlessPage struct{}

func (headlessPage) show(string, string) []string { return nil }

// TestExploreHeadless runs the explorer where no page answers: it must
// not wait for one, and must show its static form: the search's answer
// on a slider and no live controls.
func TestExploreHeadless(t *testing.T) {
	if os.Getenv(exploreCellEnv) == "headless" {
		exploreCell(t)
		return
	}
	displays, out := runExploreCell(t, "headless", headlessPage{})
	var controls, progress, answer string
	for id, h := range displays {
		switch {
		case strings.HasSuffix(id, "-controls"):
			controls = h
		case strings.HasSuffix(id, "-progress"):
			progress = h
		case strings.HasSuffix(id, "-answer"):
			answer = h
		}
	}
	if dataAttr(controls, "live") != "0" {
		t.Errorf("the controls are not the static summary:\n%s", controls)
	}
	if strings.Contains(strings.Join(mapValues(displays), ""), `data-live="1"`) {
		t.Errorf("a live control was shown with no page to answer")
	}
	if s := dataAttr(progress, "state"); s != "static" {
		t.Errorf("progress state %q, want static:\n%s", s, progress)
	}
	frames := sliderFrames(t, answer)
	if err := checkShip(frames, image.Pt(1, 1)); err != nil {
		t.Errorf("the static answer: %v", err)
	}
	if !strings.Contains(out, "pattern: ") || strings.Contains(out, "pattern: none") {
		t.Errorf("Explore returned no pattern:\n%s", out)
	}
}

func mapValues(m map[string]string) []string {
	var vs []string
	for _, v := range m {
		vs = append(vs, v)
	}
	return vs
}

// A scriptedPage says hello, then plays a reader: each step waits for
// the progress line to reach a state, then sends its events.
type scriptedPage struct {
	t     *testing.T
	seq   int
	steps []pageStep
	seen  []string // the progress states, in order
	found []string // the answers' data-rle, in order
}

type pageStep struct {
	when   func(state string, progress string) bool // on the progress line
	events []map[string]any
	swap   bool // send the first two events in the wrong order
}

func (p *scriptedPage) event(ev map[string]any) string {
	ev["seq"] = p.seq
	p.seq++
	b, _ := json.Marshal(ev)
	return string(b)
}

func (p *scriptedPage) show(id, h string) []string {
	switch {
	case strings.HasSuffix(id, "-controls") && strings.Contains(h, `cmd:"hello"`):
		return []string{p.event(map[string]any{"cmd": "hello"})}
	case strings.HasSuffix(id, "-answer"):
		p.found = append(p.found, h)
		return nil
	case !strings.HasSuffix(id, "-progress"):
		return nil
	}
	state := dataAttr(h, "state")
	p.seen = append(p.seen, state)
	if len(p.steps) == 0 || !p.steps[0].when(state, h) {
		return nil
	}
	var msgs []string
	for _, ev := range p.steps[0].events {
		msgs = append(msgs, p.event(ev))
	}
	if p.steps[0].swap {
		msgs[0], msgs[1] = msgs[1], msgs[0]
	}
	p.steps = p.steps[1:]
	return msgs
}

// hardForm is the controls' values of a search that runs for long: a c/5
// orthogonal ship in 12 x 12 (lifesat ship -period 5 -shift 1,0 -size
// 12x12 runs for more than 15 s).
var hardForm = map[string]any{"kind": "spaceship", "w": "12", "h": "12", "p": "5", "dx": "1", "dy": "0", "sym": "C1", "rule": "B3/S23"}

// TestExploreLive runs the explorer with a page that answers, as a reader
// would use it: Search, Next, a long search stopped by Stop, and Close.
// Two of the events arrive out of order, as GoNB may deliver them.
func TestExploreLive(t *testing.T) {
	if os.Getenv(exploreCellEnv) == "live" {
		exploreCell(t)
		return
	}
	is := func(s string) func(string, string) bool {
		return func(state, _ string) bool { return state == s }
	}
	pg := &scriptedPage{t: t, steps: []pageStep{
		{is("idle"), []map[string]any{{"cmd": "search"}}, false},
		{is("found"), []map[string]any{{"cmd": "next"}}, false},
		{func(s, _ string) bool { return s == "none" || s == "found" }, []map[string]any{
			{"cmd": "set", "form": hardForm},
			{"cmd": "clear", "form": hardForm},
			{"cmd": "search", "form": hardForm},
		}, true},
		{func(s, h string) bool {
			n, _ := strconv.Atoi(dataAttr(h, "conflicts"))
			return s == "searching" && n > 0
		}, []map[string]any{{"cmd": "stop"}}, false},
		{is("stopped"), []map[string]any{{"cmd": "close"}}, false},
	}}
	displays, out := runExploreCell(t, "live", pg)
	if len(pg.steps) > 0 {
		t.Fatalf("the cell ended with %d steps of the page left; progress states: %v\n%s", len(pg.steps), pg.seen, out)
	}
	t.Logf("progress states: %v", pg.seen)
	if len(pg.found) == 0 {
		t.Fatal("no answer was shown")
	}
	if err := checkShip(sliderFrames(t, pg.found[0]), image.Pt(1, 1)); err != nil {
		t.Errorf("the first answer: %v", err)
	}
	for id, h := range displays {
		if strings.HasSuffix(id, "-controls") && dataAttr(h, "live") != "0" {
			t.Errorf("after Close the controls are still live:\n%s", h)
		}
		if strings.HasSuffix(id, "-board") && strings.Contains(h, "<script>") {
			t.Errorf("after Close the board still takes clicks")
		}
	}
	if !strings.Contains(out, "pattern: ") || strings.Contains(out, "pattern: none") {
		t.Errorf("Explore returned no pattern:\n%s", out)
	}
}

// sliderFrames reads the boards of a slider's HTML from their data-rle.
func sliderFrames(t *testing.T, h string) []*life.Board {
	t.Helper()
	var boards []*life.Board
	for _, m := range regexp.MustCompile(`class="lifesat-frame[^"]*" data-gen="\d+" data-pop="\d+" data-rle="([^"]*)"`).FindAllStringSubmatch(h, -1) {
		p, err := rle.Read(strings.NewReader(unescapeHTML(m[1])))
		if err != nil {
			t.Fatalf("frame %d: %v", len(boards), err)
		}
		boards = append(boards, p.Board)
	}
	if len(boards) == 0 {
		t.Fatalf("no frames in:\n%.500s", h)
	}
	return boards
}

func unescapeHTML(s string) string {
	return strings.NewReplacer("&#34;", `"`, "&#39;", "'", "&lt;", "<", "&gt;", ">", "&amp;", "&").Replace(s)
}

// checkShip re-simulates frames, the generations of a c/4 ship moving by
// shift, with the plain Step.
func checkShip(frames []*life.Board, shift image.Point) error {
	if len(frames) == 0 || frames[0].Population() == 0 {
		return fmt.Errorf("no pattern")
	}
	p := lifesat.Spaceship(len(frames), shift.X, shift.Y, frames[0].Width(), frames[0].Height())
	return notebook.Resimulate(p, &lifesat.Pattern{Phases: frames})
}

// A helloPage says hello, and nothing more.
type helloPage struct{}

func (helloPage) show(id, h string) []string {
	if strings.HasSuffix(id, "-controls") && strings.Contains(h, `cmd:"hello"`) {
		return []string{`{"seq":0,"cmd":"hello"}`}
	}
	return nil
}

// TestExploreIdle: a live explorer whose page says nothing more closes
// after ExploreOptions.Idle, and says why.
func TestExploreIdle(t *testing.T) {
	if os.Getenv(exploreCellEnv) == "idle" {
		exploreCell(t)
		return
	}
	displays, out := runExploreCell(t, "idle", helloPage{})
	for id, h := range displays {
		if strings.HasSuffix(id, "-controls") && (dataAttr(h, "live") != "0" || !strings.Contains(h, "nothing was done on the page")) {
			t.Errorf("the idle explorer's controls at its end:\n%s", h)
		}
	}
	if !strings.Contains(out, "pattern: none") {
		t.Errorf("an idle explorer returned a pattern:\n%s", out)
	}
}

// TestExploreHeadlessEnv: with LIFESAT_HEADLESS=1 the explorer shows its
// static form at once: it does not ask GoNB to reach a page at all.
func TestExploreHeadlessEnv(t *testing.T) {
	if os.Getenv(exploreCellEnv) == "headless-env" {
		exploreCell(t)
		return
	}
	pg := &countingPage{}
	displays, out := runExploreCell(t, "headless-env", pg)
	controls := partOf(displays, "-controls")
	if dataAttr(controls, "live") != "0" || !strings.Contains(controls, notebook.HeadlessEnv+"=1") {
		t.Errorf("the controls are not the static summary that names %s:\n%s", notebook.HeadlessEnv, controls)
	}
	if pg.hellos != 0 || len(pg.values) != 0 {
		t.Errorf("headless by the environment, the cell still tried to reach a page: %d hello scripts, values %v", pg.hellos, pg.values)
	}
	if !strings.Contains(out, "pattern: ") || strings.Contains(out, "pattern: none") {
		t.Errorf("Explore returned no pattern:\n%s", out)
	}
}

// partOf is the last HTML of the display whose id ends in suffix.
func partOf(displays map[string]string, suffix string) string {
	for id, h := range displays {
		if strings.HasSuffix(id, suffix) {
			return h
		}
	}
	return ""
}

// A countingPage never answers; it counts the hello scripts and keeps the
// values the cell sends.
type countingPage struct {
	hellos int
	values []string
}

func (p *countingPage) show(id, h string) []string {
	if strings.HasSuffix(id, "-controls") && strings.Contains(h, `cmd:"hello"`) {
		p.hellos++
	}
	return nil
}

func (p *countingPage) value(addr string, v any) {
	p.values = append(p.values, fmt.Sprint(addr, "=", v))
}

// TestExploreNoPage: where no page answers and the environment does not
// say headless, the explorer tries again (each time asking GoNB to check
// the page's connection) for its patience, then shows its static form and
// says why.
func TestExploreNoPage(t *testing.T) {
	if os.Getenv(exploreCellEnv) == "headless" {
		exploreCell(t)
		return
	}
	pg := &countingPage{}
	displays, _ := runExploreCell(t, "headless", pg)
	controls := partOf(displays, "-controls")
	if dataAttr(controls, "live") != "0" || !strings.Contains(controls, "No page answered") {
		t.Errorf("the controls do not say why the explorer is static:\n%s", controls)
	}
	starts := 0
	for _, v := range pg.values {
		if strings.HasPrefix(v, protocol.GonbuiStartAddress+"=") {
			starts++
		}
	}
	if pg.hellos < 2 || starts != pg.hellos-1 {
		t.Errorf("%d hello scripts and %d checks of the connection (%v), want 2 or more, and a check before each but the first", pg.hellos, starts, pg.values)
	}
}

// A secondHelloPage answers only the second hello script, as a page whose
// first connection failed: the explorer must go live all the same.
type secondHelloPage struct {
	helloPage
	n int
}

func (p *secondHelloPage) show(id, h string) []string {
	if strings.HasSuffix(id, "-controls") && strings.Contains(h, `cmd:"hello"`) {
		p.n++
		if p.n == 2 {
			return []string{`{"seq":0,"cmd":"hello"}`, `{"seq":1,"cmd":"close"}`}
		}
		return nil
	}
	return nil
}

func TestExploreSecondHello(t *testing.T) {
	if os.Getenv(exploreCellEnv) == "second-hello" {
		exploreCell(t)
		return
	}
	pg := &secondHelloPage{}
	displays, out := runExploreCell(t, "second-hello", pg)
	controls := partOf(displays, "-controls")
	if pg.n != 2 || !strings.Contains(controls, "Closed: Close was pressed") {
		t.Errorf("after %d hello scripts the controls are:\n%s\n%s", pg.n, controls, out)
	}
}

// An eventPage says hello, then sends its events one at a time, each
// after the display whose id ends in its suffix, and keeps the values the
// cell sends.
type eventPage struct {
	seq    int
	steps  []eventStep
	values []string
}

type eventStep struct {
	after  string                 // the suffix of the display id
	when   func(html string) bool // nil: any
	events []map[string]any
}

func (p *eventPage) show(id, h string) []string {
	if strings.HasSuffix(id, "-controls") && strings.Contains(h, `cmd:"hello"`) {
		p.seq = 1
		return []string{`{"seq":0,"cmd":"hello"}`}
	}
	if len(p.steps) == 0 || !strings.HasSuffix(id, p.steps[0].after) || p.steps[0].when != nil && !p.steps[0].when(h) {
		return nil
	}
	evs := p.steps[0].events
	p.steps = p.steps[1:]
	var msgs []string
	for _, ev := range evs {
		ev["seq"] = p.seq
		p.seq++
		b, _ := json.Marshal(ev)
		msgs = append(msgs, string(b))
	}
	return msgs
}

func (p *eventPage) value(addr string, v any) { p.values = append(p.values, fmt.Sprint(addr, "=", v)) }

// TestExplorePingSaveLoad: the page's ping is answered on the address's
// /pong; Save shows the state as an explorer file; Load of a changed file
// changes the controls and the board; the page's bye closes the explorer.
func TestExplorePingSaveLoad(t *testing.T) {
	if os.Getenv(exploreCellEnv) == "events" {
		exploreCell(t)
		return
	}
	var saved string
	pg := &eventPage{}
	load := map[string]any{"cmd": "load"}
	pg.steps = []eventStep{
		{"-progress", nil, []map[string]any{{"cmd": "ping"}, {"cmd": "save"}}},
		{"-board", func(h string) bool {
			m := regexp.MustCompile(`(?s)<textarea[^>]*>(.*?)</textarea>`).FindStringSubmatch(h)
			if m == nil || m[1] == "" {
				return false
			}
			// Load the saved file, changed: an oscillator of period 3.
			saved = unescapeHTML(m[1])
			text := strings.Replace(saved, "#C kind spaceship", "#C kind oscillator", 1)
			load["text"] = strings.Replace(text, "#C period 4", "#C period 3", 1)
			return true
		}, []map[string]any{load}},
		{"-progress", func(h string) bool { return strings.Contains(h, "loaded: ") }, []map[string]any{{"cmd": "bye"}}},
	}
	displays, out := runExploreCell(t, "events", pg)
	if len(pg.steps) > 0 {
		t.Fatalf("%d steps of the page left\n%s", len(pg.steps), out)
	}
	if !strings.Contains(saved, "#C lifesat-explorer 1") || !strings.Contains(saved, "#C gen 0 ?OOO??") {
		t.Errorf("Save showed:\n%s", saved)
	}
	pong := false
	for _, v := range pg.values {
		pong = pong || strings.HasSuffix(v, "/pong=1")
	}
	if !pong {
		t.Errorf("the ping of seq 1 was not answered on /pong: %v", pg.values)
	}
	controls := partOf(displays, "-controls")
	if !strings.Contains(controls, "oscillator p3 6x6") || !strings.Contains(controls, "the page was closed") {
		t.Errorf("after Load and the page's bye, the controls are:\n%s", controls)
	}
}

// A partialPage says hello, starts the long search of hardForm, keeps
// the solver's partial boards the cell draws (the -partial display), and
// stops the search after the third, then closes the explorer.
type partialPage struct {
	seq      int
	started  bool
	stopped  bool
	partials []string // the -partial displays of a running search
	after    []string // the -partial displays once stopped
	closed   bool
}

func (p *partialPage) send(cmd string, form map[string]any) string {
	ev := map[string]any{"seq": p.seq, "cmd": cmd}
	if form != nil {
		ev["form"] = form
	}
	p.seq++
	b, _ := json.Marshal(ev)
	return string(b)
}

func (p *partialPage) show(id, h string) []string {
	switch {
	case strings.HasSuffix(id, "-controls") && strings.Contains(h, `cmd:"hello"`):
		p.seq = 0
		return []string{p.send("hello", nil)}
	case strings.HasSuffix(id, "-progress"):
		switch state := dataAttr(h, "state"); {
		case state == "idle" && !p.started:
			p.started = true
			return []string{p.send("search", hardForm)}
		case state == "stopped" && !p.closed:
			p.closed = true
			return []string{p.send("close", nil)}
		}
	case strings.HasSuffix(id, "-partial"):
		if p.stopped {
			p.after = append(p.after, h)
			return nil
		}
		if dataAttr(h, "state") == "searching" {
			p.partials = append(p.partials, h)
			if len(p.partials) == 3 {
				p.stopped = true
				return []string{p.send("stop", nil)}
			}
		}
	}
	return nil
}

// TestExplorePartial: while a long search runs, the explorer draws the
// solver's partial board of generation 0 (a picture, and its counts in
// data-known, data-alive and data-cells), each a new one (data-seq), and
// empties it when the search ends.
func TestExplorePartial(t *testing.T) {
	if os.Getenv(exploreCellEnv) == "partial" {
		exploreCell(t)
		return
	}
	pg := &partialPage{}
	displays, out := runExploreCell(t, "partial", pg)
	if len(pg.partials) < 3 || !pg.closed {
		t.Fatalf("%d partial boards of the running search (want 3), closed %v\n%s", len(pg.partials), pg.closed, out)
	}
	last := 0
	for _, h := range pg.partials {
		seq, _ := strconv.Atoi(dataAttr(h, "seq"))
		known, _ := strconv.Atoi(dataAttr(h, "known"))
		alive, _ := strconv.Atoi(dataAttr(h, "alive"))
		cells, _ := strconv.Atoi(dataAttr(h, "cells"))
		if seq <= last {
			t.Errorf("partial board %d after %d", seq, last)
		}
		last = seq
		if cells != 12*12 || known > cells || alive > known || known == 0 {
			t.Errorf("a partial board of 12 x 12 with %d cells, %d known, %d alive", cells, known, alive)
		}
		if !strings.Contains(h, `<img src="data:image/png;base64,`) {
			t.Errorf("a partial board without its picture:\n%.300s", h)
		}
	}
	if h := partOf(displays, "-partial"); dataAttr(h, "state") != "idle" || strings.Contains(h, "<img") {
		t.Errorf("after the search the partial board is still shown:\n%.300s", h)
	}
}
