package notebook

import (
	"context"
	"fmt"
	"html"
	"image"
	"image/color"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/apgcode"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/lifeplot"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// The explorer's outputs, top to bottom, each a display of its own that
// is replaced as a whole: the controls, the template's board, the action
// buttons, the progress line, the solver's partial board while it
// searches and the answer. Each is a <div> whose id is the explorer's id
// and a suffix.
const (
	partControls = "-controls"
	partBoard    = "-board"
	partActions  = "-actions"
	partProgress = "-progress"
	partPartial  = "-partial"
	partAnswer   = "-answer"
)

// explorerStyle is the look of the explorer's parts; ids start with the
// explorer's id, so one style serves every part.
func explorerStyle(id string) string {
	s := `[id^=ID]{font-family:sans-serif;font-size:13px}
#ID-controls label{margin-right:10px;white-space:nowrap}
#ID-controls input[type=number]{width:4em}
#ID-controls input[name=rule]{width:9em}
#ID-controls .lifesat-title{font-weight:bold;margin-bottom:4px}
#ID-board .lifesat-legend span{display:inline-block;width:11px;height:11px;border:1px solid #888;vertical-align:middle;margin:0 3px 0 8px}
#ID-actions button{margin-right:6px;min-width:5em}
#ID-progress{font-family:monospace;margin:4px 0}
#ID-answer pre{background:#f6f6f6;padding:4px;margin:4px 0}
.lifesat-warn{color:#a00}`
	return "<style>" + strings.ReplaceAll(s, "ID", id) + "</style>"
}

// The fill of each cell state on the template's board.
var cellFill = [...]string{cellUnknown: "#c8c8c8", cellAlive: "#111111", cellDead: "#ffffff"}

// cellCode is the state of a cell as the board's data-s attribute
// writes it: u unknown, a alive, d dead.
var cellCode = [...]string{cellUnknown: "u", cellAlive: "a", cellDead: "d"}

// controlsHTML is the controls of the live explorer id, which sends the
// page's events to the comms address addr.
func controlsHTML(id, addr string, f form) string {
	var sb strings.Builder
	sb.WriteString(explorerStyle(id))
	fmt.Fprintf(&sb, `<div id="%s%s" class="lifesat-explorer" data-live="1">`, id, partControls)
	sb.WriteString(`<div class="lifesat-title">lifesat explorer <span class="lifesat-warn"></span></div>`)
	sb.WriteString(`<label>Kind <select name="kind">`)
	for _, k := range kinds {
		sel := ""
		if k == f.kind {
			sel = " selected"
		}
		fmt.Fprintf(&sb, `<option value="%s"%s>%s</option>`, k, sel, k)
	}
	sb.WriteString(`</select></label>`)
	v := f.values()
	input := func(label, name, value string, lo, hi int) {
		fmt.Fprintf(&sb, `<label><span data-label="%s">%s</span> <input type="number" name="%s" min="%d" max="%d" value="%s"></label>`,
			name, label, name, lo, hi, html.EscapeString(value))
	}
	input("Width", "w", v.W, 1, maxExploreSide)
	input("Height", "h", v.H, 1, maxExploreSide)
	input("Period", "p", v.Period, 1, maxExploreGens)
	input("Shift x", "dx", v.DX, -maxExploreSide, maxExploreSide)
	input("Shift y", "dy", v.DY, -maxExploreSide, maxExploreSide)
	selectOf := func(label, name, title string, values []string, cur string) {
		fmt.Fprintf(&sb, `<label title="%s">%s <select name="%s">`, html.EscapeString(title), label, name)
		for _, val := range values {
			sel := ""
			if val == cur {
				sel = " selected"
			}
			fmt.Fprintf(&sb, `<option value="%s"%s>%s</option>`, html.EscapeString(val), sel, html.EscapeString(val))
		}
		sb.WriteString(`</select></label>`)
	}
	var transforms, symmetries []string
	for _, t := range life.Transforms() {
		transforms = append(transforms, t.String())
	}
	for _, s := range life.Symmetries() {
		symmetries = append(symmetries, string(s))
	}
	selectOf("Transform", "tr", "generation p is generation 0 turned or reflected by this, then moved by the shift (F- with period 2: a glide-symmetric ship)", transforms, v.Transform)
	selectOf("Symmetry", "sym", "a symmetry of every generation", symmetries, v.Symmetry)
	fmt.Fprintf(&sb, `<label>Rule <input type="text" name="rule" value="%s"></label>`, html.EscapeString(v.Rule))
	fmt.Fprintf(&sb, `<label title="the most live cells of generation 0; 0: no bound">Max cells <input type="number" name="max" min="0" max="%d" value="%s"></label>`,
		maxExploreSide*maxExploreSide, html.EscapeString(v.MaxPop))
	selectOf("Unknown cells start", "unknown", "the first value the search tries for a cell no one knows: the settings' way (auto), dead, alive, or a random board", unknowns, v.Unknown)
	sb.WriteString("</div>\n")
	js := `(function(){
var id=ID,addr=ADDR,root=document.getElementById(id+"-controls");if(!root)return;
var X=globalThis.lifesatExplorer=globalThis.lifesatExplorer||{},e=X[id]=X[id]||{seq:1};
e.form=function(){var v={},r=document.getElementById(id+"-controls");if(r)r.querySelectorAll("[name]").forEach(function(el){v[el.name]=el.value;});return v;};
e.warn=function(msg){var r=document.getElementById(id+"-controls"),w=r&&r.querySelector(".lifesat-warn");if(w)w.textContent=msg;
if(r&&msg){r.dataset.dead="1";document.querySelectorAll("[id^="+id+"] button,[id^="+id+"] select,[id^="+id+"] input,[id^="+id+"] textarea").forEach(function(b){b.disabled=true;});}};
e.send=function(cmd,extra){var c=globalThis.gonb_comm;
if(!c){e.warn("\u00b7 not connected to the Go program: run the cell again");return false;}
if(c!==e.comm){e.comm=c;c.subscribe(addr+"/pong",function(){e.waiting=0;});}
var m={seq:e.seq++,cmd:cmd,form:e.form()};for(var k in extra||{}){m[k]=extra[k];}c.send(addr,JSON.stringify(m));return true;};
if(!e.beat){
e.beat=setInterval(function(){var r=document.getElementById(id+"-controls");
if(!r||r.dataset.live!=="1"||r.dataset.dead){clearInterval(e.beat);return;}
if(e.waiting&&Date.now()-e.waiting>PONG){e.warn("\u00b7 the explorer's program does not answer (its cell ended, or the kernel restarted): run the cell again");return;}
if(e.send("ping")&&!e.waiting)e.waiting=Date.now();},BEAT);
window.addEventListener("pagehide",function(){var r=document.getElementById(id+"-controls");if(r&&r.dataset.live==="1")e.send("bye");});}
function sync(){var k=root.querySelector("[name=kind]").value;
root.querySelector("[name=p]").disabled=(k=="still life");
root.querySelector("[name=dx]").disabled=root.querySelector("[name=dy]").disabled=(k!="spaceship");
root.querySelector("[name=tr]").disabled=(k=="still life"||k=="reaction");
root.querySelector("[data-label=p]").textContent=(k=="reaction")?"Generations":"Period";}
root.querySelectorAll("[name]").forEach(function(el){el.addEventListener("change",function(){sync();e.send("set");});});
sync();})();`
	js = strings.ReplaceAll(js, "ADDR", jsString(addr))
	js = strings.ReplaceAll(js, "BEAT", strconv.Itoa(int(pingEvery/time.Millisecond)))
	js = strings.ReplaceAll(js, "PONG", strconv.Itoa(int(pongWait/time.Millisecond)))
	js = strings.ReplaceAll(js, "ID", jsString(id))
	sb.WriteString("<script>" + js + "</script>\n")
	return sb.String()
}

// The page of a live explorer sends a ping every pingEvery, which the
// program answers at once; a page that has waited pongWait for an answer
// says that the program is gone, and disables the explorer's controls.
const (
	pingEvery = 3 * time.Second
	pongWait  = 10 * time.Second
)

// summaryHTML stands for the controls where the explorer is not live:
// the search in words, and why the board cannot be edited.
func summaryHTML(id string, f form, why string) string {
	return explorerStyle(id) + fmt.Sprintf(`<div id="%s%s" class="lifesat-explorer" data-live="0"><b>lifesat explorer</b>: %s<br><i>%s</i></div>`,
		id, partControls, html.EscapeString(f.describe()), html.EscapeString(why))
}

// templateSVG draws generation gen of the template: a square of cell
// pixels per cell, grey unknown, black alive, white dead, on a grey
// mesh. Each cell is a <rect> with data-x, data-y and data-s (its
// state: u, a or d).
func templateSVG(s *exploreState, gen, cell int) string {
	w, h := s.form.w, s.form.h
	pw, ph := w*cell+1, h*cell+1
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d"><rect width="%d" height="%d" fill="#888888"/>`,
		pw, ph, pw, ph, pw, ph)
	for i, c := range s.cells[gen] {
		x, y := i%w, i/w
		fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" data-x="%d" data-y="%d" data-s="%s"/>`,
			x*cell+1, y*cell+1, cell-1, cell-1, cellFill[c], x, y, cellCode[c])
	}
	sb.WriteString("</svg>")
	return sb.String()
}

// boardCell is the side in pixels of a cell of the template's board.
func boardCell(w, h int) int { return min(28, max(10, 420/max(w, h))) }

// templateImage draws generation gen of the template as templateSVG
// does, as a picture: for the board of an explorer that is not live,
// which must show where scripts and SVG are stripped.
func templateImage(s *exploreState, gen, cell int) *image.Paletted {
	w, h := s.form.w, s.form.h
	pal := color.Palette{color.RGBA{0x88, 0x88, 0x88, 0xff}}
	for _, f := range cellFill {
		var c color.RGBA
		fmt.Sscanf(f, "#%02x%02x%02x", &c.R, &c.G, &c.B)
		c.A = 0xff
		pal = append(pal, c)
	}
	img := image.NewPaletted(image.Rect(0, 0, w*cell+1, h*cell+1), pal) // the mesh, colour 0
	for i, c := range s.cells[gen] {
		x, y := i%w, i/w
		r := image.Rect(x*cell+1, y*cell+1, (x+1)*cell, (y+1)*cell)
		for py := r.Min.Y; py < r.Max.Y; py++ {
			for px := r.Min.X; px < r.Max.X; px++ {
				img.Pix[img.PixOffset(px, py)] = uint8(c) + 1
			}
		}
	}
	return img
}

// boardHTML is the template's board: the generation edited, live (cells
// that react to clicks, a generation chooser, a Clear button, and Save
// and Load) or not (a picture, for every generation with known cells).
// saved is the text of the last Save, shown with a link to download it,
// or "". The root has data-gen, data-alive, data-dead and data-unknown:
// the generation shown and its counts.
func boardHTML(id string, s *exploreState, live bool, saved string) string {
	gen := s.form.editedGen
	alive, dead, unknown := s.counts(gen)
	var sb strings.Builder
	fmt.Fprintf(&sb, `<div id="%s%s" data-gen="%d" data-alive="%d" data-dead="%d" data-unknown="%d">`,
		id, partBoard, gen, alive, dead, unknown)
	if !live && !s.known() {
		sb.WriteString(`<div style="margin:6px 0 4px 0"><b>Template</b>: no cell known, the search chose them all</div></div>` + "\n")
		return sb.String()
	}
	gens := len(s.cells)
	cell := boardCell(s.form.w, s.form.h)
	if !live {
		// Every generation that has known cells, as pictures.
		for g := range gens {
			a, d, u := s.counts(g)
			if a+d == 0 {
				continue
			}
			src, err := pngSrc(templateImage(s, g, cell))
			if err != nil {
				src = ""
			}
			fmt.Fprintf(&sb, `<div style="margin:6px 0 4px 0"><b>Template</b>, generation %d of 0..%d: known alive %d, known dead %d, unknown %d (black alive, white dead, grey unknown)</div>`,
				g, gens-1, a, d, u)
			fmt.Fprintf(&sb, `<div><img src="%s" alt="the template's generation %d"></div>`, src, g)
		}
		sb.WriteString("</div>\n")
		return sb.String()
	}
	sb.WriteString(`<div style="margin:6px 0 4px 0"><b>Template</b>, generation `)
	if gens > 1 {
		sb.WriteString(`<select name="gen">`)
		for g := range gens {
			sel := ""
			if g == gen {
				sel = " selected"
			}
			fmt.Fprintf(&sb, `<option value="%d"%s>%d</option>`, g, sel, g)
		}
		sb.WriteString(`</select>`)
	} else {
		fmt.Fprintf(&sb, "%d", gen)
	}
	fmt.Fprintf(&sb, " of 0..%d", gens-1)
	sb.WriteString(` &middot; click a cell: unknown &rarr; alive &rarr; dead &rarr; unknown</div>`)
	fmt.Fprintf(&sb, `<div style="cursor:pointer">%s</div>`, templateSVG(s, gen, cell))
	fmt.Fprintf(&sb, `<div class="lifesat-legend">known alive <b class="lifesat-alive">%d</b> &middot; known dead <b>%d</b> &middot; unknown <b>%d</b> `,
		alive, dead, unknown)
	fmt.Fprintf(&sb, `<span style="background:%s"></span>unknown<span style="background:%s"></span>alive<span style="background:%s"></span>dead`,
		cellFill[cellUnknown], cellFill[cellAlive], cellFill[cellDead])
	sb.WriteString(` &nbsp;<button type="button" data-cmd="clear">Clear</button></div>`)
	// Save and Load: the whole state as an RLE file with a comment header
	// (see fileMagic), downloaded or copied; loaded from a file or pasted.
	sb.WriteString(`<div class="lifesat-file" style="margin-top:6px"><button type="button" data-cmd="save" title="the board, the template and the settings as RLE with a comment header">Save</button> `)
	if saved != "" {
		fmt.Fprintf(&sb, `<a class="lifesat-saved" download="lifesat-explorer.rle" href="data:text/plain;charset=utf-8,%s">lifesat-explorer.rle</a> (or copy the text) `, url.PathEscape(saved))
	}
	sb.WriteString(`&middot; Load <input type="file" name="file" accept=".rle,.txt,text/plain"> or paste RLE below and <button type="button" data-cmd="load">Load</button><br>`)
	fmt.Fprintf(&sb, `<textarea name="text" rows="4" cols="60" spellcheck="false" style="font-family:monospace;font-size:11px">%s</textarea></div>`, html.EscapeString(saved))
	sb.WriteString("</div>\n")
	// A press, not a click, edits a cell: the board is redrawn as the
	// program answers each edit, and a redraw between the press and the
	// release of a quick second click would lose that click.
	js := `(function(){var id=ID,r=document.getElementById(id+"-board");if(!r||r.dataset.ready)return;r.dataset.ready="1";
function send(cmd,extra){var e=(globalThis.lifesatExplorer||{})[id];if(e&&e.send)e.send(cmd,extra);}
r.querySelector("svg").addEventListener("mousedown",function(ev){var t=ev.target.closest("[data-x]");if(!t||ev.button!==0)return;ev.preventDefault();
send("click",{x:Number(t.dataset.x),y:Number(t.dataset.y),gen:Number(r.dataset.gen)});});
var g=r.querySelector("[name=gen]");if(g)g.addEventListener("change",function(){send("gen",{gen:Number(g.value)});});
r.querySelector("[data-cmd=clear]").addEventListener("click",function(){send("clear");});
r.querySelector("[data-cmd=save]").addEventListener("click",function(){send("save");});
var ta=r.querySelector("[name=text]");
r.querySelector("[data-cmd=load]").addEventListener("click",function(){send("load",{text:ta.value});});
var f=r.querySelector("[name=file]");f.addEventListener("change",function(){if(!f.files.length)return;
var rd=new FileReader();rd.onload=function(){send("load",{text:String(rd.result)});};rd.readAsText(f.files[0]);});})();`
	sb.WriteString("<script>" + strings.ReplaceAll(js, "ID", jsString(id)) + "</script>\n")
	return sb.String()
}

// The states of the explorer, as the action buttons and the progress
// line's data-state show them.
const (
	stateIdle      = "idle"
	stateSearching = "searching"
	stateFound     = "found"   // at a pattern; Next looks for another
	stateNone      = "none"    // no (more) pattern exists
	stateStopped   = "stopped" // stopped by Stop, or by a time limit
	stateError     = "error"   // bad settings, or the search failed
	stateClosed    = "closed"  // the live explorer has ended
	stateStatic    = "static"  // no browser: the search ran once
)

// actionsHTML is the row of action buttons of the live explorer, enabled
// as the state allows: Search unless a search runs, Stop while one runs,
// Next at a pattern, Close always.
func actionsHTML(id, state string) string {
	searching := state == stateSearching
	var sb strings.Builder
	fmt.Fprintf(&sb, `<div id="%s%s" data-state="%s">`, id, partActions, state)
	button := func(cmd, label, title string, enabled bool) {
		dis := ""
		if !enabled {
			dis = " disabled"
		}
		fmt.Fprintf(&sb, `<button type="button" data-cmd="%s" title="%s"%s>%s</button>`, cmd, title, dis, label)
	}
	button("search", "Search", "search for a pattern that fits the template", !searching)
	button("stop", "Stop", "stop the search", searching)
	button("next", "Next", "look for another pattern", state == stateFound)
	button("close", "Close", "end the explorer and keep its outputs", true)
	sb.WriteString("</div>\n")
	js := `(function(){var id=ID,r=document.getElementById(id+"-actions");if(!r||r.dataset.ready)return;r.dataset.ready="1";
r.querySelectorAll("[data-cmd]").forEach(function(b){b.addEventListener("click",function(){
var e=(globalThis.lifesatExplorer||{})[id];if(e&&e.send)e.send(b.dataset.cmd);});});})();`
	sb.WriteString("<script>" + strings.ReplaceAll(js, "ID", jsString(id)) + "</script>\n")
	return sb.String()
}

// progress is what the progress line says.
type progress struct {
	state     string
	text      string
	elapsed   time.Duration
	conflicts int64 // -1 when not counted
	found     int
	stopTook  time.Duration // from Stop to the search's end, when stopped
}

// progressHTML is the progress line, with its numbers in data-state,
// data-elapsed-ms, data-conflicts, data-found and data-stop-ms.
func progressHTML(id string, p progress) string {
	return fmt.Sprintf(`<div id="%s%s" data-state="%s" data-elapsed-ms="%d" data-conflicts="%d" data-found="%d" data-stop-ms="%d">%s</div>`+"\n",
		id, partProgress, p.state, p.elapsed.Milliseconds(), p.conflicts, p.found, p.stopTook.Milliseconds(), html.EscapeString(p.text))
}

// progressText is the progress line of search s, in state state.
func progressText(s *search, state string, what string) progress {
	p := progress{state: state, elapsed: s.spent(), conflicts: s.count.conflicts(), found: s.patterns}
	if !s.stopAt.IsZero() && state == stateStopped {
		p.stopTook = time.Since(s.stopAt)
	}
	numbers := fmt.Sprintf("%s", seconds(p.elapsed))
	if p.conflicts >= 0 {
		numbers += fmt.Sprintf(", %s conflicts", thousands(p.conflicts))
	}
	numbers += fmt.Sprintf(", %d found", p.found)
	switch state {
	case stateSearching:
		if !s.count.solving() {
			p.text = fmt.Sprintf("encoding %s: %s", what, numbers)
		} else {
			p.text = fmt.Sprintf("searching %s: %s", what, numbers)
		}
	case stateFound:
		p.text = fmt.Sprintf("found pattern %d of %s: %s; Next looks for another", p.found, what, numbers)
	case stateNone:
		if p.found == 0 {
			p.text = fmt.Sprintf("no such pattern exists: %s, proved in %s", what, numbers)
		} else {
			p.text = fmt.Sprintf("no other pattern exists: %s, %s", what, numbers)
		}
	case stateStopped:
		p.text = fmt.Sprintf("stopped %s after %s", what, numbers)
	case stateStatic:
		p.text = fmt.Sprintf("%s: %s", what, numbers)
	default:
		p.text = fmt.Sprintf("%s: %s", what, numbers)
	}
	return p
}

// partialHTML is generation 0 as the running solver sees it, the seq-th
// such picture of the explorer: the cells it has decided, alive or dead,
// and grey the others (lifeplot.Partial). With cells nil it is the empty
// part of an explorer that does not search. The root has data-state
// (searching, or idle when empty), data-seq, and data-known, data-alive
// and data-cells: the cells decided, those alive among them, and all.
func partialHTML(id string, cells, known *life.Board, seq int) string {
	if cells == nil {
		return fmt.Sprintf(`<div id="%s%s" data-state="%s" data-seq="%d"></div>`+"\n", id, partPartial, stateIdle, seq)
	}
	decided, alive := known.Population(), 0
	for y := range cells.Height() {
		for x := range cells.Width() {
			if known.Alive(x, y) && cells.Alive(x, y) {
				alive++
			}
		}
	}
	w, h := cells.Width(), cells.Height()
	src, err := pngSrc(lifeplot.Partial(cells, known, &lifeplot.BoardOptions{CellSize: min(boardCell(w, h), 14)}))
	if err != nil {
		return preHTML("notebook: " + err.Error())
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<div id="%s%s" data-state="%s" data-seq="%d" data-known="%d" data-alive="%d" data-cells="%d">`,
		id, partPartial, stateSearching, seq, decided, alive, w*h)
	fmt.Fprintf(&sb, `<div style="margin-top:6px"><b>The solver's guess</b> at generation 0, now: %d of %d cells decided, %d of them alive (grey: not decided yet)</div>`,
		decided, w*h, alive)
	fmt.Fprintf(&sb, `<div><img src="%s" alt="the solver's partial assignment of generation 0"></div></div>`+"\n", src)
	return sb.String()
}

// seconds writes a duration as "0.012 s", "0.35 s", "2.7 s", "44 s".
func seconds(d time.Duration) string {
	switch s := d.Seconds(); {
	case s < 0.1:
		return fmt.Sprintf("%.3f s", s)
	case s < 10:
		return fmt.Sprintf("%.2g s", s)
	default:
		return fmt.Sprintf("%.0f s", s)
	}
}

// thousands writes n with thin groups of three digits: 1 234 567.
func thousands(n int64) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ' ')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

// answerNote says how the last generation of an answer goes on.
func answerNote(p lifesat.Problem, gens int) string {
	turned := ""
	if p.Transform != life.Id {
		turned = " turned by " + p.Transform.String() + " and"
	}
	switch p.Kind() {
	case kindStill:
		return "a still life: generation 0 steps to itself"
	case kindShip:
		return fmt.Sprintf("generation %d steps to generation 0%s moved by (%d, %d)", gens-1, turned, p.Shift.X, p.Shift.Y)
	case kindOsc:
		if turned != "" {
			return fmt.Sprintf("generation %d steps to generation 0 turned by %s", gens-1, p.Transform)
		}
		return fmt.Sprintf("generation %d steps back to generation 0", gens-1)
	}
	return fmt.Sprintf("a reaction of %d generations: each steps to the next", gens)
}

// answerRLE is generation 0 of pat in RLE, trimmed to its live cells,
// with the rule r and a comment naming the search.
func answerRLE(pat *lifesat.Pattern, r rule.Rule, what string) string {
	b := pat.Board()
	if bb := b.BoundingBox(); !bb.Empty() {
		b = b.Crop(bb)
	}
	return patternRLE(b, r, what)
}

// answerApgcode is Catagolue's name for generation 0 of pat under r
// (apgcode.Identify, given a second), or "" when it has none: a partial
// rule, an object that does not settle, or no time left.
func answerApgcode(pat *lifesat.Pattern, r rule.Rule) string {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	obj, err := apgcode.Identify(ctx, pat.Board(), r, nil)
	if err != nil {
		return ""
	}
	return obj.String()
}

// An answer is a pattern that a search found: the n-th of the search of
// problem (in words, what) under rule.
type answer struct {
	n       int
	pat     *lifesat.Pattern
	problem lifesat.Problem
	rule    rule.Rule
	what    string
}

// answerHTML shows the answer: its generations on a slider (see
// SliderHTML), cells as large as the board's, and generation 0 in RLE, to
// read and to download. An earlier answer, shown while another search
// runs, says so. The root has data-index (n), data-rle (generation 0 in
// RLE, in the search box), data-period, data-dx, data-dy and data-tr (the
// transform's name).
func answerHTML(id string, a answer, earlier bool) (string, error) {
	p, pat := a.problem, a.pat
	slider, err := SliderHTML(pat.Phases, &SliderOptions{
		Rule: a.rule, Note: answerNote(p, len(pat.Phases)), CellSize: boardCell(p.Width, p.Height)})
	if err != nil {
		return "", err
	}
	code := answerRLE(pat, a.rule, a.what)
	var sb strings.Builder
	fmt.Fprintf(&sb, `<div id="%s%s" data-index="%d" data-rle="%s" data-period="%d" data-dx="%d" data-dy="%d" data-tr="%s">`,
		id, partAnswer, a.n, html.EscapeString(boardRLE(pat.Board(), a.rule)), len(pat.Phases), p.Shift.X, p.Shift.Y, html.EscapeString(p.Transform.String()))
	heading := fmt.Sprintf("Pattern %d", a.n)
	if earlier {
		heading = fmt.Sprintf("The last pattern found, %d of its search", a.n)
	}
	fmt.Fprintf(&sb, `<div style="margin-top:6px"><b>%s</b>: %s, population %d at generation 0</div>`,
		heading, html.EscapeString(a.what), pat.Board().Population())
	sb.WriteString(slider)
	fmt.Fprintf(&sb, `<div>RLE &middot; <a download="lifesat-pattern.rle" href="data:text/plain;charset=utf-8,%s">download</a></div><pre>%s</pre>`,
		url.PathEscape(code), html.EscapeString(code))
	if name := answerApgcode(pat, a.rule); name != "" {
		link := ""
		if a.rule.String() == rule.Life.String() {
			link = fmt.Sprintf(` &middot; <a href="https://catagolue.hatsya.com/object/%s/b3s23" target="_blank">Catagolue</a>`, url.PathEscape(name))
		}
		fmt.Fprintf(&sb, `<div class="lifesat-apgcode">apgcode <code>%s</code>%s</div>`, html.EscapeString(name), link)
	}
	sb.WriteString("</div>\n")
	return sb.String(), nil
}
