//go:build unix

package notebook_test

import (
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

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
	dir := t.TempDir()
	toKernel := filepath.Join(dir, "to-kernel")
	toCell := filepath.Join(dir, "to-cell")
	for _, p := range []string{toKernel, toCell} {
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Skipf("no FIFOs here: %v", err)
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestGoNBProtocol$", "-test.v")
	cmd.Env = append(os.Environ(),
		childEnv+"=1",
		protocol.GONB_PIPE_ENV+"="+toKernel,
		protocol.GONB_PIPE_BACK_ENV+"="+toCell)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}

	var (
		msgs      []message
		kernelErr error
		wg        sync.WaitGroup
	)
	wg.Go(func() { msgs, kernelErr = fakeKernel(toKernel, toCell) })
	err := cmd.Wait()
	kernelDone := make(chan struct{})
	go func() { wg.Wait(); close(kernelDone) }()
	for waited := 0; ; waited++ {
		unblockFIFOs(toKernel, toCell) // if the cell died before opening them
		select {
		case <-kernelDone:
		case <-time.After(10 * time.Millisecond):
			if waited < 1000 {
				continue
			}
			t.Fatal("the fake kernel does not return")
		}
		break
	}
	if err != nil {
		t.Fatalf("cell: %v\n%s", err, out.String())
	}
	if kernelErr != nil {
		t.Fatalf("fake kernel: %v", kernelErr)
	}
	for _, fallback := range []string{"[PNG", "[image", "[GIF", "a < b", "searching seed"} {
		if strings.Contains(out.String(), fallback) {
			t.Errorf("the cell printed its fallback %q to stdout:\n%s", fallback, out.String())
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
	p := notebook.NewProgress()
	p.Update("searching seed 1")
	p.Updatef("searching seed %d", 2)
	p.Done("found 2")
}

// fakeKernel is GoNB's side of the FIFOs: it opens them in the order the
// cell does (gonbui opens $GONB_PIPE, then $GONB_PIPE_BACK), records each
// message, and acknowledges each Sync, until the cell closes its end.
func fakeKernel(toKernel, toCell string) ([]message, error) {
	in, err := os.Open(toKernel)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	back, err := os.OpenFile(toCell, os.O_WRONLY, 0)
	if err != nil {
		return nil, err
	}
	defer back.Close()
	dec, enc := gob.NewDecoder(in), gob.NewEncoder(back)
	var msgs []message
	for {
		var d protocol.DisplayData
		if err := dec.Decode(&d); err != nil {
			if errors.Is(err, io.EOF) {
				return msgs, nil
			}
			return msgs, err
		}
		if v, ok := d.Data[protocol.MIMECommValue]; ok {
			cv, ok := v.(protocol.CommValue)
			if !ok || cv.Address != protocol.GonbuiSyncAddress {
				return msgs, fmt.Errorf("unexpected comm value %#v", v)
			}
			msgs = append(msgs, message{mime: "sync"})
			if err := enc.Encode(&protocol.CommValue{Address: protocol.GonbuiSyncAckAddress, Value: cv.Value}); err != nil {
				return msgs, err
			}
			continue
		}
		if len(d.Data) != 1 {
			return msgs, fmt.Errorf("a display with %d MIME types: %v", len(d.Data), d.Data)
		}
		for mime, content := range d.Data {
			msgs = append(msgs, message{mime: string(mime), displayID: d.DisplayID, content: content})
		}
	}
}

// unblockFIFOs opens the other end of each FIFO without blocking, so that
// a fakeKernel still waiting in an open returns (with EOF) once the cell
// has exited.
func unblockFIFOs(toKernel, toCell string) {
	if f, err := os.OpenFile(toKernel, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
	if f, err := os.OpenFile(toCell, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}
