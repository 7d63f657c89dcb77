package notebook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/comms"

	"github.com/lifesat/lifesat/lifesat"
)

// An event is a message of the explorer's page: a command, the
// controls' values when it was sent, and for a click the cell.
type event struct {
	Seq  int         `json:"seq"`
	Cmd  string      `json:"cmd"`
	X    int         `json:"x"`
	Y    int         `json:"y"`
	Gen  int         `json:"gen"`
	Form *formValues `json:"form"`
	Text string      `json:"text"` // of a file to load
}

// maxEventBytes bounds the size of a message of the page: a file to load
// and the controls' values.
const maxEventBytes = maxFileBytes + 4096

// parseEvent reads a message of the page: a JSON object with a
// sequence number of 0 or more and a command.
func parseEvent(s string) (event, error) {
	var ev event
	if len(s) > maxEventBytes {
		return ev, fmt.Errorf("%w: a message of %d bytes from the page, more than %d", errExplore, len(s), maxEventBytes)
	}
	if err := json.Unmarshal([]byte(s), &ev); err != nil {
		return event{}, fmt.Errorf("%w: a message from the page that is not an event: %v", errExplore, err)
	}
	if ev.Seq < 0 || ev.Cmd == "" {
		return event{}, fmt.Errorf("%w: a message from the page without a sequence number or a command", errExplore)
	}
	return ev, nil
}

// An inbox puts the page's events back in the order they were sent: GoNB
// hands each message to the program on a goroutine of its own, so they
// may arrive out of order. A gap older than gapWait is skipped.
type inbox struct {
	mu      sync.Mutex
	next    int
	pending map[int]event
	gapAt   time.Time // when the oldest unfilled gap was seen
	ready   []event
	bad     error // the last message that did not parse
	signal  chan struct{}
}

const gapWait = 2 * time.Second

// pageGone is how long a live explorer waits for a message of its page
// (it pings every pingEvery, see controlsHTML) before it takes the page
// for closed and ends: long enough for a browser that slows the timers
// of a tab in the background to a minute.
const pageGone = 2 * time.Minute

func newInbox() *inbox {
	return &inbox{pending: map[int]event{}, signal: make(chan struct{}, 1)}
}

// put receives a message of the page.
func (in *inbox) put(msg string) {
	ev, err := parseEvent(msg)
	in.mu.Lock()
	defer in.mu.Unlock()
	if err != nil {
		in.bad = err
	} else if ev.Seq >= in.next {
		in.pending[ev.Seq] = ev
		in.drain()
	}
	select {
	case in.signal <- struct{}{}:
	default:
	}
}

// drain moves the events that are next in order to ready.
func (in *inbox) drain() {
	for {
		ev, ok := in.pending[in.next]
		if !ok {
			break
		}
		in.ready = append(in.ready, ev)
		delete(in.pending, in.next)
		in.next++
	}
	switch {
	case len(in.pending) == 0:
		in.gapAt = time.Time{}
	case in.gapAt.IsZero():
		in.gapAt = time.Now()
	}
}

// skipGaps gives up waiting for messages that have been missing for
// gapWait: the events after the gap become ready.
func (in *inbox) skipGaps() {
	in.mu.Lock()
	defer in.mu.Unlock()
	if len(in.pending) == 0 || time.Since(in.gapAt) < gapWait {
		return
	}
	in.next = slices.Min(keys(in.pending))
	in.gapAt = time.Time{}
	in.drain()
	select {
	case in.signal <- struct{}{}:
	default:
	}
}

func keys(m map[int]event) []int {
	ks := make([]int, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// unread puts events taken back in front of those ready.
func (in *inbox) unread(evs []event) {
	if len(evs) == 0 {
		return
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	in.ready = append(slices.Clone(evs), in.ready...)
	select {
	case in.signal <- struct{}{}:
	default:
	}
}

// take returns the events ready, in order, and the last bad message.
func (in *inbox) take() ([]event, error) {
	in.mu.Lock()
	defer in.mu.Unlock()
	evs, bad := in.ready, in.bad
	in.ready, in.bad = nil, nil
	return evs, bad
}

// live is an explorer shown in a browser.
type live struct {
	id, addr string
	st       *exploreState
	opt      ExploreOptions
	in       *inbox
	cur      *search // the current search, or nil
	what     string  // the current search in words
	searches int
	answer   *answer // the last pattern shown, or nil
	state    string
	last     progress // the progress line as last drawn
	seq      int      // the number of the partial board last drawn (see partialHTML)
}

func newLive(st *exploreState, opt ExploreOptions) *live {
	id := newID("lifesat-explorer")
	return &live{id: id, addr: "/lifesat/explorer/" + id, st: st, opt: opt, in: newInbox(), state: stateIdle}
}

// connect reports whether a page answers. It subscribes to the
// explorer's address, which has GoNB install its connection in the page
// (GoNB waits up to 3 s for it), waits until GoNB has done so, then shows
// a script that says hello on the address if the page runs it, and waits
// up to wait for the hello. A page may be slow to connect, or its
// connection may fail (GoNB's script gives up when the kernel's answer
// takes more than half a second): then connect has GoNB check the
// connection again (comms.Start), which reinstalls it where it went, shows
// the script again and waits again, until patience has passed (and twice
// at least). Without a page (nbconvert) nothing runs the script and
// connect returns false.
func (x *live) connect(wait, patience time.Duration) bool {
	comms.Subscribe(x.addr, func(_ string, msg string) { x.in.put(msg) })
	start := time.Now()
	for attempt := 1; ; attempt++ {
		if attempt > 1 {
			comms.Start()
		}
		gonbui.Sync() // returns once GoNB has tried to reach the page
		x.show(partControls, helloHTML(x.id, x.addr, attempt, wait))
		gonbui.Sync()
		if x.hello(wait) {
			return true
		}
		if attempt >= 2 && time.Since(start) >= patience {
			return false
		}
	}
}

// helloHTML stands for the controls while the explorer waits for its
// page: a line of text, and a script that says hello on the address
// once GoNB's connection is in the page (it may come a little later
// than the script), trying for up to wait.
func helloHTML(id, addr string, attempt int, wait time.Duration) string {
	msg := "connecting to the page ..."
	if attempt > 1 {
		msg = fmt.Sprintf("connecting to the page (try %d) ...", attempt)
	}
	js := `(function(){var t0=Date.now();(function hello(){var c=globalThis.gonb_comm;
if(c){c.send(ADDR,JSON.stringify({seq:0,cmd:"hello"}));return;}
if(Date.now()-t0<WAIT)setTimeout(hello,100);})();})();`
	js = strings.ReplaceAll(js, "ADDR", jsString(addr))
	js = strings.ReplaceAll(js, "WAIT", strconv.Itoa(int(wait/time.Millisecond)))
	return fmt.Sprintf(`<div id="%s%s">%s</div><script>%s</script>`, id, partControls, html.EscapeString(msg), js)
}

// hello waits up to wait for the page's hello.
func (x *live) hello(wait time.Duration) bool {
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for {
		select {
		case <-x.in.signal:
			evs, _ := x.in.take()
			for i, ev := range evs {
				if ev.Cmd == "hello" {
					x.in.unread(evs[i+1:]) // for run
					return true
				}
			}
		case <-deadline.C:
			return false
		}
	}
}

// show replaces the output part by h.
func (x *live) show(part, h string) { gonbui.UpdateHTML(x.id+part, h) }

// run draws the explorer and serves its page until it closes.
func (x *live) run(ctx context.Context) (*lifesat.Pattern, error) {
	x.show(partControls, controlsHTML(x.id, x.addr, x.st.form))
	x.show(partBoard, boardHTML(x.id, x.st, true, ""))
	x.show(partActions, actionsHTML(x.id, x.state))
	x.progress(progress{state: stateIdle, text: "ready: click cells of the template, then Search", conflicts: -1})
	x.show(partPartial, partialHTML(x.id, nil, nil, 0))
	gonbui.Sync()

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	idle := time.NewTimer(x.opt.Idle)
	defer idle.Stop()
	heard := time.NewTimer(pageGone) // the page's pings keep it from firing
	defer heard.Stop()
	tick := time.NewTicker(reportEvery) // the progress and the partial board, redrawn
	defer tick.Stop()
	for {
		var found <-chan *lifesat.Pattern
		var done <-chan error
		if x.cur != nil {
			found, done = x.cur.found, x.cur.done
		}
		select {
		case <-ctx.Done():
			x.close("its context ended")
			return x.pattern(), nil
		case <-sig:
			x.close("the kernel was interrupted")
			return x.pattern(), nil
		case <-idle.C:
			if x.state == stateSearching {
				idle.Reset(x.opt.Idle) // a long search is not idleness
				break
			}
			x.close(fmt.Sprintf("nothing was done on the page for %v", x.opt.Idle))
			return x.pattern(), nil
		case <-heard.C:
			x.close(fmt.Sprintf("the page sent nothing for %v: it was closed", pageGone))
			return x.pattern(), nil
		case <-x.in.signal:
			evs, bad := x.in.take()
			if bad != nil {
				x.fail(bad)
			}
			heard.Reset(pageGone)
			for _, ev := range evs {
				switch ev.Cmd {
				case "ping":
					comms.Send(x.addr+"/pong", ev.Seq)
					continue // the page is there; nothing was done on it
				case "bye":
					x.close("the page was closed or reloaded")
					return x.pattern(), nil
				}
				idle.Reset(x.opt.Idle)
				if x.handle(ctx, ev) {
					x.close("Close was pressed")
					return x.pattern(), nil
				}
			}
		case pat := <-found:
			x.cur.pause()
			x.answer = &answer{n: x.cur.patterns, pat: pat, problem: x.cur.problem, rule: x.cur.rule, what: x.what}
			x.showAnswer(false)
			x.setState(stateFound)
			x.progress(progressText(x.cur, stateFound, x.what))
		case err := <-done:
			x.ended(err)
		case <-tick.C:
			x.in.skipGaps()
			if x.state == stateSearching && x.cur != nil {
				x.progress(progressText(x.cur, stateSearching, x.what))
				x.partial()
			}
		}
		gonbui.Sync()
	}
}

// handle acts on one event of the page; it reports whether the explorer
// should close.
func (x *live) handle(ctx context.Context, ev event) bool {
	var formErr error
	if ev.Form != nil {
		formErr = x.st.apply(*ev.Form)
	}
	switch ev.Cmd {
	case "set":
		if formErr != nil {
			x.fail(formErr)
			return false
		}
		x.edited()
		x.progress(progress{state: stateIdle, text: "ready: " + x.st.form.describe(), conflicts: -1})
	case "click":
		x.st.click(ev.Gen, ev.X, ev.Y)
		x.edited()
	case "gen":
		x.st.setGen(ev.Gen)
		x.show(partBoard, boardHTML(x.id, x.st, true, ""))
	case "clear":
		x.st.clear()
		x.edited()
	case "save":
		x.show(partBoard, boardHTML(x.id, x.st, true, x.st.save()))
	case "load":
		if err := x.st.load(ev.Text); err != nil {
			x.fail(err)
			return false
		}
		x.show(partControls, controlsHTML(x.id, x.addr, x.st.form))
		x.edited()
		x.progress(progress{state: stateIdle, text: "loaded: " + x.st.form.describe(), conflicts: -1})
	case "search":
		if formErr != nil {
			x.fail(formErr)
			return false
		}
		x.start(ctx)
	case "next":
		if x.cur != nil && x.state == stateFound {
			x.cur.next()
			x.setState(stateSearching)
			x.progress(progressText(x.cur, stateSearching, x.what))
		} else if formErr == nil {
			x.start(ctx)
		}
	case "stop":
		if x.cur != nil {
			x.cur.stop()
		}
	case "close":
		return true
	}
	return false
}

// showAnswer draws the last answer; earlier says that a search after it
// runs.
func (x *live) showAnswer(earlier bool) {
	h, err := answerHTML(x.id, *x.answer, earlier)
	if err != nil {
		h = preHTML("notebook: " + err.Error())
	}
	x.show(partAnswer, h)
}

// pattern is the last pattern shown, or nil.
func (x *live) pattern() *lifesat.Pattern {
	if x.answer == nil {
		return nil
	}
	return x.answer.pat
}

// edited redraws the board after a change of the template, and ends a
// search that waits at a pattern: its Next would no longer search what
// the board shows.
func (x *live) edited() {
	x.show(partBoard, boardHTML(x.id, x.st, true, ""))
	if x.cur != nil && x.state == stateFound {
		x.cur.stop()
		x.cur = nil
		x.setState(stateIdle)
	}
}

// start starts a search of what the board and the controls show,
// ending the current one.
func (x *live) start(ctx context.Context) {
	p, err := x.st.problem()
	if err != nil {
		x.fail(err)
		return
	}
	if x.cur != nil {
		x.cur.stop() // its end is no longer awaited; done is buffered
	}
	set := x.st.form.settings(x.opt.Settings)
	set.Seed += uint64(x.searches)
	x.searches++
	x.what = x.st.form.describe()
	x.cur = startSearch(ctx, p, set)
	if x.answer != nil {
		x.showAnswer(true)
	}
	x.setState(stateSearching)
	x.progress(progressText(x.cur, stateSearching, x.what))
}

// ended shows the end of the current search: err is nil when no pattern
// is left, a cancellation after Stop, or the search's failure.
func (x *live) ended(err error) {
	s := x.cur
	s.finish()
	switch {
	case err == nil:
		x.progress(progressText(s, stateNone, x.what))
		x.setState(stateNone)
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		x.progress(progressText(s, stateStopped, x.what))
		x.setState(stateStopped)
	default:
		x.fail(err)
	}
	x.cur = nil
}

// fail shows err on the progress line.
func (x *live) fail(err error) {
	msg := strings.TrimPrefix(err.Error(), errExplore.Error()+": ")
	x.progress(progress{state: stateError, text: "error: " + msg, conflicts: -1})
	if x.cur == nil || x.state != stateSearching {
		x.setState(stateError)
	}
}

func (x *live) setState(state string) {
	if state != x.state {
		if x.state == stateSearching {
			x.show(partPartial, partialHTML(x.id, nil, nil, x.seq)) // the guess is over
		}
		x.state = state
		x.show(partActions, actionsHTML(x.id, state))
	}
}

// partial draws the partial board the current search reported last, when
// it is new: at most every reportEvery.
func (x *live) partial() {
	cells, known, seq := x.cur.count.partial()
	if cells == nil || seq == x.cur.drawn {
		return
	}
	x.cur.drawn = seq
	x.seq++
	x.show(partPartial, partialHTML(x.id, cells, known, x.seq))
}

func (x *live) progress(p progress) {
	x.last = p
	x.show(partProgress, progressHTML(x.id, p))
}

// close ends the search and leaves the outputs for the saved notebook:
// the controls become a line saying what was searched and why the
// explorer closed, the board loses its clicks, the buttons go; the
// progress line and the answer stay.
func (x *live) close(why string) {
	if s := x.cur; s != nil {
		s.stop()
		select {
		case err := <-s.done:
			x.ended(err)
		case <-time.After(5 * time.Second):
		}
	}
	x.show(partControls, summaryHTML(x.id, x.st.form, "Closed: "+why+". Run the cell again to edit the board and search."))
	x.show(partBoard, boardHTML(x.id, x.st, false, ""))
	x.show(partActions, fmt.Sprintf(`<div id="%s%s" data-state="%s"></div>`, x.id, partActions, stateClosed))
	gonbui.Sync()
}
