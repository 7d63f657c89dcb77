package notebook

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"html"
	"image"
	"image/png"
	"os"
	"strings"

	"github.com/janpfeifer/gonb/gonbui"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/lifeplot"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// SliderOptions say how ShowSlider draws boards. A nil *SliderOptions means
// the defaults, and so does the zero value of every field.
type SliderOptions struct {
	// Rule is the rule under which the marks say what the next step does
	// to each cell; the zero Rule means Life. A partial rule draws no
	// marks.
	Rule rule.Rule
	// NoMarks draws plain cells, black squares on white, instead of the
	// marks of lifeplot.States (a disc for a cell that stays alive, a ring
	// for one about to die, a dot for one about to be born).
	NoMarks bool
	// CellSize is the side of a cell in pixels; 0 picks one that makes the
	// larger side of the board about 320 pixels, between 6 and 24.
	CellSize int
	// Caption is a line of text above the slider, such as "p3 oscillator,
	// 16 x 16".
	Caption string
	// Label names a board in the counter: "generation" when empty, as in
	// "generation 2 of 0..3".
	Label string
	// Note is a line of text under the boards, such as "generation 4 is
	// generation 0 moved by (1, 1)".
	Note string
}

// ShowSlider displays boards, usually the generations of a pattern, one at
// a time with a slider, Back and Step buttons and a Play button, a
// counter "generation t of 0..n-1" and each board's population. Each
// board is drawn with the marks of lifeplot.States (see SliderOptions), so
// the cells that the next step changes are marked.
//
// The output is HTML with a small script and needs no connection to the
// Go program: it works the same in a live notebook, in a notebook run
// headless by nbconvert, and in its HTML export, wherever the page runs
// JavaScript. The boards are PNG images in a table, each labelled, and
// the script builds the controls and shows one board at a time; where it
// does not run and styles are stripped (a notebook Jupyter does not
// trust, as a cloned one is, or a viewer that strips scripts), the table
// shows every board, labelled, and no dead controls.
//
// Outside a notebook ShowSlider prints each board with a line
// "generation t (population n):" above it, in the notation of
// Board.String. Boards of no cells, or no boards, show a line saying so;
// boards may differ in size.
func ShowSlider(boards []*life.Board, o *SliderOptions) {
	if !gonbui.IsNotebook {
		fmt.Fprint(os.Stdout, sliderText(boards, o))
		return
	}
	h, err := SliderHTML(boards, o)
	if err != nil {
		ShowText("notebook: " + err.Error())
		return
	}
	ShowHTML(h)
}

// maxRowPixels bounds the width of a row of the slider's table of
// boards: more boards start a new row.
const maxRowPixels = 960

// SliderHTML is the HTML fragment that ShowSlider displays, for a page or
// a display of one's own. Each board is a table cell <td
// class="lifesat-frame"> with the attributes data-gen (its index),
// data-pop (its population) and data-rle (the board in RLE, its whole
// box), holding its label and its picture, a PNG <img>; the fragment's
// root has data-gen, the index of the board shown. It fails on a nil
// board.
func SliderHTML(boards []*life.Board, o *SliderOptions) (string, error) {
	var opt SliderOptions
	if o != nil {
		opt = *o
	}
	if opt.Label == "" {
		opt.Label = "generation"
	}
	r := opt.Rule
	if r.IsZero() {
		r = rule.Life
	}
	marks := !opt.NoMarks && !r.Partial()
	w, h := 0, 0
	for i, b := range boards {
		if b == nil {
			return "", fmt.Errorf("notebook: board %d of the slider is nil", i)
		}
		w, h = max(w, b.Width()), max(h, b.Height())
	}
	cell := opt.CellSize
	if cell <= 0 {
		cell = min(24, max(6, 320/max(w, h, 1)))
	}
	id := newID("lifesat-slider")
	n := len(boards)
	var sb strings.Builder
	fmt.Fprintf(&sb, `<div id="%s" class="lifesat-slider" data-gen="0" data-frames="%d">`+"\n", id, n)
	sb.WriteString(sliderStyle(id))
	if opt.Caption != "" {
		fmt.Fprintf(&sb, `<div class="lifesat-caption"><b>%s</b></div>`+"\n", html.EscapeString(opt.Caption))
	}
	if n == 0 {
		sb.WriteString("<div>no boards</div>\n</div>\n")
		return sb.String(), nil
	}
	perRow := max(1, maxRowPixels/((w*cell+1)+12))
	sb.WriteString(`<table class="lifesat-frames"><tr>`)
	bo := &lifeplot.BoardOptions{CellSize: cell}
	for i, b := range boards {
		if i > 0 && i%perRow == 0 {
			sb.WriteString("</tr><tr>")
		}
		cls := "lifesat-frame"
		if i == 0 {
			cls += " lifesat-cur"
		}
		fmt.Fprintf(&sb, `<td class="%s" data-gen="%d" data-pop="%d" data-rle="%s" valign="top">`,
			cls, i, b.Population(), html.EscapeString(boardRLE(b, r)))
		label := fmt.Sprintf("%s %d", opt.Label, i)
		fmt.Fprintf(&sb, `<div class="lifesat-label">%s</div>`, html.EscapeString(label))
		if b.Width() == 0 || b.Height() == 0 {
			fmt.Fprintf(&sb, "<div>empty %d x %d board</div></td>", b.Width(), b.Height())
			continue
		}
		var img image.Image
		if marks {
			img = lifeplot.States(b, r, bo)
		} else {
			img = lifeplot.BoardImage(b, bo)
		}
		src, err := pngSrc(img)
		if err != nil {
			return "", fmt.Errorf("notebook: board %d of the slider: %w", i, err)
		}
		sz := img.Bounds().Size()
		fmt.Fprintf(&sb, `<img src="%s" width="%d" height="%d" alt="%s: %d live cells"></td>`,
			src, sz.X, sz.Y, html.EscapeString(label), b.Population())
	}
	sb.WriteString("</tr></table>\n")
	var notes []string
	if opt.Note != "" {
		notes = append(notes, html.EscapeString(opt.Note))
	}
	if marks {
		notes = append(notes, "&#9679; alive, stays alive &nbsp; &#9675; alive, dies at the next step &nbsp; &bull; dead, born at the next step")
	}
	if len(notes) > 0 {
		fmt.Fprintf(&sb, `<div class="lifesat-note">%s</div>`+"\n", strings.Join(notes, "<br>"))
	}
	if n > 1 {
		fmt.Fprintf(&sb, "<script>%s</script>\n", sliderScript(id, opt.Label))
	}
	sb.WriteString("</div>\n")
	return sb.String(), nil
}

// pngSrc is img as a data: URL of a PNG, for an <img>.
func pngSrc(img image.Image) (string, error) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return "", err
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}

// sliderStyle is the style of one slider; the script adds the class
// lifesat-js to the root, which shows one board at a time.
func sliderStyle(id string) string {
	s := `#ID{font-family:sans-serif;font-size:13px;margin:4px 0}
#ID .lifesat-caption{margin-bottom:4px}
#ID .lifesat-controls{display:flex;margin-bottom:6px;align-items:center;gap:6px;flex-wrap:wrap}
#ID .lifesat-controls input{width:180px;margin:0}
#ID .lifesat-frames{border-collapse:collapse;margin:0}
#ID .lifesat-frames tr,#ID .lifesat-frame{background:none;border:none}
#ID .lifesat-frame{padding:0 12px 8px 0;text-align:left}
#ID.lifesat-js .lifesat-frame{display:none}
#ID.lifesat-js .lifesat-frame.lifesat-cur{display:table-cell}
#ID.lifesat-js .lifesat-label{display:none}
#ID .lifesat-label{color:#555;margin-bottom:2px}
#ID .lifesat-note{color:#555;margin-top:4px}`
	return "<style>" + strings.ReplaceAll(s, "ID", id) + "</style>\n"
}

// sliderScript builds the controls of the slider with the given root id
// and runs them.
func sliderScript(id, label string) string {
	s := `(function(){
var r=document.getElementById("ID");if(!r||r.dataset.ready)return;r.dataset.ready="1";
var fs=r.querySelectorAll(".lifesat-frame"),n=fs.length,cur=0,timer=null;
var c=document.createElement("div");c.className="lifesat-controls";
c.innerHTML='<button type="button" data-step="-1" title="the board before">&#9664; Back</button>'+
'<input type="range" min="0" max="'+(n-1)+'" value="0">'+
'<button type="button" data-step="1" title="the next board">Step &#9654;</button>'+
'<button type="button" data-play="1" title="step on every 0.4 s">Play</button>'+
'<span class="lifesat-gen"></span><span>&middot;</span><span class="lifesat-pop"></span>';
r.insertBefore(c,r.querySelector(".lifesat-frames"));
var s=c.querySelector("input"),g=c.querySelector(".lifesat-gen"),p=c.querySelector(".lifesat-pop"),play=c.querySelector("[data-play]");
s.setAttribute("aria-label",LABEL);
function show(i){cur=((i%n)+n)%n;for(var k=0;k<n;k++){fs[k].classList.toggle("lifesat-cur",k==cur);}
s.value=cur;r.dataset.gen=cur;g.textContent=LABEL+" "+cur+" of 0.."+(n-1);p.textContent="population "+fs[cur].dataset.pop;}
c.querySelectorAll("[data-step]").forEach(function(b){b.addEventListener("click",function(){show(cur+Number(b.dataset.step));});});
s.addEventListener("input",function(){show(Number(s.value));});
play.addEventListener("click",function(){if(timer){clearInterval(timer);timer=null;play.textContent="Play";return;}
timer=setInterval(function(){if(!document.body.contains(r)){clearInterval(timer);return;}show(cur+1);},400);play.textContent="Pause";});
r.classList.add("lifesat-js");show(0);
})();`
	s = strings.ReplaceAll(s, "LABEL", jsString(label))
	return strings.ReplaceAll(s, "ID", id)
}

// sliderText is ShowSlider's output outside a notebook.
func sliderText(boards []*life.Board, o *SliderOptions) string {
	label := "generation"
	var caption, note string
	if o != nil {
		if o.Label != "" {
			label = o.Label
		}
		caption, note = o.Caption, o.Note
	}
	var sb strings.Builder
	if caption != "" {
		sb.WriteString(caption + "\n")
	}
	if len(boards) == 0 {
		sb.WriteString("no boards\n")
	}
	for i, b := range boards {
		if b == nil {
			fmt.Fprintf(&sb, "%s %d: nil\n", label, i)
			continue
		}
		fmt.Fprintf(&sb, "%s %d (population %d):\n", label, i, b.Population())
		if b.Width() == 0 || b.Height() == 0 {
			fmt.Fprintf(&sb, "empty %d x %d board\n", b.Width(), b.Height())
			continue
		}
		sb.WriteString(b.String())
	}
	if note != "" {
		sb.WriteString(note + "\n")
	}
	return sb.String()
}

// newID is prefix and 12 random hex digits: an HTML id that no other
// output of the page has.
func newID(prefix string) string {
	var b [6]byte
	rand.Read(b[:])
	return prefix + "-" + hex.EncodeToString(b[:])
}

// jsString is s as a JavaScript string literal that is also safe inside
// an HTML <script> element.
func jsString(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(c)
		case c < 0x20 || c == '<' || c == '>' || c == '&' || c == 0x2028 || c == 0x2029:
			fmt.Fprintf(&sb, `\u%04x`, c)
		default:
			sb.WriteRune(c)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}
