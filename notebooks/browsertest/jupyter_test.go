//go:build linux

package browsertest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// python is Debian's interpreter, which has the Jupyter modules.
const python = "/usr/bin/python3"

// A server is a jupyter-notebook process that serves a copy of the
// notebooks folder on 127.0.0.1 with a random token.
type server struct {
	url, token string
	pgid       int
	done       chan struct{}
	log        string // its output file
}

// randomHex is n random bytes in hex.
func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// freePort is a TCP port on 127.0.0.1 that nothing listened on a moment
// ago.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// runCmd runs a command to its end with env, for at most limit, and returns
// its output on failure.
func runCmd(ctx context.Context, limit time.Duration, env []string, name string, args ...string) error {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}

// viewOf makes dir look like the repository to a notebook's setup cell,
// which uses "${GONB_DIR}/..": dir/go.mod and dir/go.sum are copies,
// dir/lifesat and dir/internal link to the repository's, and dir/notebooks holds copies of
// the notebooks (which the browser may change and save). The repository's
// files are never written.
func viewOf(repo, dir string, notebooks ...string) error {
	for _, f := range []string{"go.mod", "go.sum"} {
		b, err := os.ReadFile(filepath.Join(repo, f))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			return err
		}
	}
	for _, d := range []string{"lifesat", "internal"} { // the module's packages
		if err := os.Symlink(filepath.Join(repo, d), filepath.Join(dir, d)); err != nil {
			return err
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "notebooks"), 0o755); err != nil {
		return err
	}
	for _, name := range notebooks {
		nb, err := os.ReadFile(filepath.Join(repo, "notebooks", name))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "notebooks", name), nb, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// startServer builds gonb and goimports as notebooks/run does, installs
// the GoNB kernel spec in a throwaway Jupyter folder under work, and
// starts jupyter-notebook on copies of the notebooks. Every process it
// starts carries markerEnv=run.
func startServer(t *testing.T, ctx context.Context, repo, work, run string, notebooks ...string) *server {
	t.Helper()
	bin := filepath.Join(repo, "notebooks", "tools", "bin")
	goroot := "/usr/local/go/bin"
	home := os.Getenv("HOME")
	if home == "" {
		home = filepath.Join(work, "home")
		os.MkdirAll(home, 0o755)
	}
	gocache, err := exec.Command(filepath.Join(goroot, "go"), "env", "GOCACHE").Output()
	if err != nil {
		t.Fatalf("go env GOCACHE: %v", err)
	}
	tmp := filepath.Join(work, "tmp")
	os.MkdirAll(tmp, 0o755)
	env := []string{
		"PATH=" + bin + ":" + goroot + ":/usr/bin:/bin",
		"HOME=" + home,
		"GOCACHE=" + strings.TrimSpace(string(gocache)),
		"TMPDIR=" + tmp,
		"JUPYTER_DATA_DIR=" + filepath.Join(work, "jupyter-data"),
		"JUPYTER_CONFIG_DIR=" + filepath.Join(work, "jupyter-config"),
		"JUPYTER_RUNTIME_DIR=" + filepath.Join(work, "jupyter-runtime"),
		"JUPYTER_PLATFORM_DIRS=1",
		markerEnv + "=" + run,
	}
	if p := os.Getenv("GOPROXY"); p != "" {
		env = append(env, "GOPROXY="+p)
	}
	if p := os.Getenv("GOMODCACHE"); p != "" {
		env = append(env, "GOMODCACHE="+p)
	}
	start := time.Now()
	if err := runCmd(ctx, 10*time.Minute, append(env, "GOBIN="+bin), filepath.Join(goroot, "go"), "install", "-C", filepath.Join(repo, "notebooks", "tools"), "tool"); err != nil {
		t.Fatalf("building gonb and goimports: %v", err)
	}
	if err := runCmd(ctx, time.Minute, env, filepath.Join(bin, "gonb"), "--install", "--force_deps", "--raw_error"); err != nil {
		t.Fatalf("installing the GoNB kernel: %v", err)
	}
	t.Logf("gonb built and installed in %v", time.Since(start).Round(time.Millisecond))

	view := filepath.Join(work, "view")
	os.MkdirAll(view, 0o755)
	if err := viewOf(repo, view, notebooks...); err != nil {
		t.Fatal(err)
	}
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	s := &server{token: randomHex(16), done: make(chan struct{}), log: filepath.Join(work, "jupyter.log")}
	s.url = fmt.Sprintf("http://127.0.0.1:%d", port)
	logf, err := os.Create(s.log)
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"-m", "notebook", "--no-browser",
		"--ip=127.0.0.1", fmt.Sprintf("--port=%d", port), "--port-retries=0",
		"--NotebookApp.token=" + s.token, "--NotebookApp.password=",
		"--notebook-dir=" + filepath.Join(view, "notebooks")}
	if os.Getuid() == 0 {
		args = append(args, "--allow-root") // as in CI's containers
	}
	cmd := exec.Command(python, args...)
	cmd.Env = env
	cmd.Dir = view
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting jupyter-notebook: %v", err)
	}
	s.pgid = cmd.Process.Pid
	go func() {
		cmd.Wait()
		logf.Close()
		close(s.done)
	}()
	// Ready when its API answers.
	deadline := time.Now().Add(60 * time.Second)
	for {
		req, _ := http.NewRequestWithContext(ctx, "GET", s.url+"/api/status", nil)
		req.Header.Set("Authorization", "token "+s.token)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		select {
		case <-s.done:
			t.Fatalf("jupyter-notebook ended at start:\n%s", tail(s.log))
		case <-ctx.Done():
			t.Fatalf("waiting for jupyter-notebook: %v", ctx.Err())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("jupyter-notebook does not answer on %s after 60 s:\n%s", s.url, tail(s.log))
		}
		time.Sleep(200 * time.Millisecond)
	}
	return s
}

// stop ends the server (it shuts its kernels down on SIGTERM).
func (s *server) stop() error { return stopGroup(s.pgid, s.done, 10*time.Second) }

// tail is the end of a log file.
func tail(name string) string {
	b, _ := os.ReadFile(name)
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(bytes.TrimSpace(b))
}
