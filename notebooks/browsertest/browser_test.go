//go:build linux

package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromium is Debian's browser.
const chromium = "/usr/bin/chromium"

// A browser is headless Chromium, started by chromedp in a process group
// of its own, with one tab.
type browser struct {
	t      *testing.T
	abort  context.Context // the test's: once it ends, every wait fails
	ctx    context.Context // the tab's
	cancel func()
	cmd    *exec.Cmd
	shots  string // folder of the screenshots
	nshot  int
}

// startBrowser starts Chromium with the flags it needs here: headless,
// no sandbox (root), no GPU, and none of its background connections
// (without them its connections are refused many at a time), in a fresh
// profile under work.
func startBrowser(t *testing.T, abort context.Context, work, run, shots string) *browser {
	t.Helper()
	b := &browser{t: t, abort: abort, shots: shots}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(filepath.Join(work, "chromium-profile")),
		chromedp.WindowSize(1280, 1700),
		chromedp.Env(markerEnv + "=" + run),
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) {
			if cmd.SysProcAttr == nil {
				cmd.SysProcAttr = new(syscall.SysProcAttr)
			}
			cmd.SysProcAttr.Setpgid = true
			cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
			b.cmd = cmd
		}),
	}
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	b.ctx = ctx
	b.cancel = func() { cancel(); acancel() }
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		b.stop()
		t.Fatalf("starting Chromium: %v", err)
	}
	return b
}

// stop closes the browser, then kills what is left of its process group.
func (b *browser) stop() {
	b.cancel()
	if b.cmd != nil && b.cmd.Process != nil {
		syscall.Kill(-b.cmd.Process.Pid, syscall.SIGKILL)
	}
}

// eval evaluates the JavaScript expression js in the page, for at most
// 10 s, and decodes its value into v.
func (b *browser) eval(js string, v any) error {
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](js))
	if err != nil {
		return fmt.Errorf("evaluating %.80q: %w", js, err)
	}
	if v == nil {
		return nil
	}
	return json.Unmarshal(raw, v)
}

// must is eval that stops the test on an error.
func (b *browser) must(js string, v any) {
	b.t.Helper()
	if err := b.eval(js, v); err != nil {
		b.fail("%v", err)
	}
}

// waitFor evaluates js every 50 ms until it gives true, for at most limit;
// it returns how long that took. On time out it stops the test, with a
// screenshot.
func (b *browser) waitFor(what, js string, limit time.Duration) time.Duration {
	b.t.Helper()
	start := time.Now()
	for {
		if b.abort.Err() != nil {
			b.t.Fatalf("waiting for %s: the test was stopped", what)
		}
		var ok bool
		err := b.eval("Boolean("+js+")", &ok)
		if err == nil && ok {
			return time.Since(start)
		}
		if time.Since(start) > limit {
			b.fail("waited %v for %s (%s): last error %v", limit, what, js, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// click clicks the centre of the element that the CSS selector css finds,
// with the mouse, as a user would, for at most 10 s.
//
// The explorer redraws its parts as the program answers: an element found
// may be replaced before the click lands. Such a click is tried again, up
// to three times.
func (b *browser) click(css string) {
	b.t.Helper()
	for try := 1; ; try++ {
		ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
		err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(css), chromedp.NodeVisible))
		cancel()
		if err == nil {
			return
		}
		if try == 3 || !strings.Contains(err.Error(), "Could not find node") {
			b.fail("clicking %s: %v", css, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// shot saves a screenshot of the element that css finds, or of the
// window when css is "", as NN-name.png in the screenshots folder.
func (b *browser) shot(name, css string) string {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	var png []byte
	var err error
	if css != "" {
		// Scroll it to the top of the notebook's own scrolling area: what
		// lies outside the window is not painted.
		if err := b.eval(fmt.Sprintf(`document.querySelector(%q).scrollIntoView({block: "start"}); true`, css), nil); err != nil {
			b.t.Errorf("screenshot %s: %v", name, err)
			return ""
		}
		time.Sleep(200 * time.Millisecond)
	}
	if css == "" {
		png, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
	} else {
		png, err = chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(css), chromedp.NodeVisible))
	}
	if err != nil {
		b.t.Errorf("screenshot %s: %v", name, err)
		return ""
	}
	b.nshot++
	file := filepath.Join(b.shots, fmt.Sprintf("%02d-%s.png", b.nshot, name))
	if err := os.WriteFile(file, png, 0o644); err != nil {
		b.t.Errorf("screenshot %s: %v", name, err)
	}
	return file
}

// fail stops the test with a message and a screenshot of the window.
func (b *browser) fail(format string, args ...any) {
	b.t.Helper()
	msg := fmt.Sprintf(format, args...)
	if !strings.Contains(msg, "screenshot") {
		if f := b.shot("failure", ""); f != "" {
			msg += "\nscreenshot: " + f
		}
	}
	b.t.Fatal(msg)
}
