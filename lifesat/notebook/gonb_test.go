//go:build unix

package notebook_test

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/notebook"
)

// childEnv marks the copy of the test binary that plays a GoNB cell.
const childEnv = "LIFESAT_NOTEBOOK_TEST_CELL"

// A message the fake kernel received: one display, or a Sync request.
type message struct {
	mime      string // "sync" for a Sync request
	displayID string
	content   any
}

// TestGoNBProtocol runs a copy of the test binary as GoNB runs a cell: with
// $GONB_PIPE and $GONB_PIPE_BACK naming two FIFOs, over which the cell
// sends gob-encoded displays and GoNB acknowledges each Sync (as
// internal/jpyexec/namedpipes_dispatch.go of gonb v0.11.5 does). It checks
// what each function sends, and that each display is followed by a Sync.
func TestGoNBProtocol(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		cell(t)
		return
	}
	var msgs []message
	out := runGoNBCell(t, childEnv+"=1", func(d protocol.DisplayData) ([]*protocol.CommValue, error) {
		m, err := record(d)
		msgs = append(msgs, m)
		return nil, err
	})
	for _, fallback := range []string{"[PNG", "[image", "[GIF", "a < b", "searching seed"} {
		if strings.Contains(out, fallback) {
			t.Errorf("the cell printed its fallback %q to stdout:\n%s", fallback, out)
		}
	}

	// Each display is followed by its Sync.
	var displays []message
	for i, m := range msgs {
		if m.mime == "sync" {
			continue
		}
		displays = append(displays, m)
		if i+1 == len(msgs) || msgs[i+1].mime != "sync" {
			t.Errorf("display %d (%s) is not followed by a Sync", len(displays), m.mime)
		}
	}

	want := []struct {
		mime     string
		contains string // in the text content; for PNGs the size "W x H"
		progress bool
	}{
		{"image/png", "37 x 25", false},                                // Show: a 3 x 2 board, 3*12+1 x 2*12+1
		{"image/png", "5 x 4", false},                                  // ShowPNG
		{"image/png", "7 x 3", false},                                  // ShowImage
		{"text/html", `<img src="data:image/gif;base64,R0lGOD`, false}, // ShowGIF: "GIF8" in base64
		{"text/html", `<pre style="margin:0">a &lt; b</pre>`, false},   // ShowText escapes
		{"text/markdown", "**bold** $x^2$", false},
		{"text/html", "<b>raw</b>", false},
		{"text/html", "no pattern", false},             // Show(nil)
		{"text/html", "notebook: png: invalid", false}, // ShowImage of an empty image
		{"text/html", `<figcaption style="font-family:sans-serif;font-size:13px;color:#333">a &amp; b</figcaption>`, false}, // ShowFigure
		{"text/html", `data:image/gif;base64,R0lGOD`, false},                                                                // ShowGIFFigure
		{"text/html", "<svg", false}, // ShowSVG
		{"text/html", "searching seed 1", true},
		{"text/html", "searching seed 2", true},
		{"text/html", "found 2", true},
	}
	if len(displays) != len(want) {
		t.Fatalf("got %d displays, want %d: %v", len(displays), len(want), displays)
	}
	var progressID string
	for i, w := range want {
		d := displays[i]
		if d.mime != w.mime {
			t.Errorf("display %d: MIME type %s, want %s", i+1, d.mime, w.mime)
			continue
		}
		var text string
		switch c := d.content.(type) {
		case string:
			text = c
		case []byte:
			cfg, err := png.DecodeConfig(bytes.NewReader(c))
			if err != nil {
				t.Errorf("display %d: %v", i+1, err)
			}
			text = fmt.Sprintf("%d x %d", cfg.Width, cfg.Height)
		default:
			t.Errorf("display %d: content of type %T", i+1, c)
		}
		if !strings.Contains(text, w.contains) {
			t.Errorf("display %d: %.100q does not contain %q", i+1, text, w.contains)
		}
		switch {
		case !w.progress && d.displayID != "":
			t.Errorf("display %d: display id %q, want none", i+1, d.displayID)
		case w.progress && d.displayID == "":
			t.Errorf("display %d: a progress message without a display id", i+1)
		case w.progress && progressID == "":
			progressID = d.displayID
		case w.progress && d.displayID != progressID:
			t.Errorf("display %d: display id %q, want the progress line's %q", i+1, d.displayID, progressID)
		}
	}
}

// cell is the notebook side of TestGoNBProtocol.
func cell(t *testing.T) {
	if !gonbui.IsNotebook {
		t.Fatal("gonbui.IsNotebook is false with $GONB_PIPE set")
	}
	b := life.NewBoard(3, 2)
	b.Set(0, 0, true)
	notebook.Show(b)
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 5, 4))); err != nil {
		t.Fatal(err)
	}
	notebook.ShowPNG(buf.Bytes())
	notebook.ShowImage(image.NewGray(image.Rect(0, 0, 7, 3)))
	notebook.ShowGIF([]byte("GIF89a..."))
	notebook.ShowText("a < b")
	notebook.ShowMarkdown("**bold** $x^2$")
	notebook.ShowHTML("<b>raw</b>")
	notebook.Show(nil)
	notebook.ShowImage(image.NewGray(image.Rect(0, 0, 0, 0)))
	notebook.ShowFigure(image.NewGray(image.Rect(0, 0, 3, 3)), "a & b")
	notebook.ShowGIFFigure([]byte("GIF89a..."), "")
	notebook.ShowSVG([]byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), "")
	p := notebook.NewProgress()
	p.Update("searching seed 1")
	p.Updatef("searching seed %d", 2)
	p.Done("found 2")
}

// record is what the fake kernel keeps of a message of the cell: a Sync,
// or the one MIME type and content of a display.
func record(d protocol.DisplayData) (message, error) {
	if v, ok := d.Data[protocol.MIMECommValue]; ok {
		cv, ok := v.(protocol.CommValue)
		if !ok || cv.Address != protocol.GonbuiSyncAddress {
			return message{}, fmt.Errorf("unexpected comm value %#v", v)
		}
		return message{mime: "sync"}, nil
	}
	if len(d.Data) != 1 {
		return message{}, fmt.Errorf("a display with %d MIME types: %v", len(d.Data), d.Data)
	}
	var m message
	for mime, content := range d.Data {
		m = message{mime: string(mime), displayID: d.DisplayID, content: content}
	}
	return m, nil
}
