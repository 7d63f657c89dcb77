//go:build linux

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestNoProcessOutlivesTheCommand is issue 13's point 2: for every way the
// command can end (an answer, "none exists", -timeout, SIGINT, SIGTERM,
// SIGHUP, an external solver that crashes, is killed or hangs) and with
// -jobs 1, 2 and 4, no process the command started is left once it has
// ended. The command is this test binary in worker mode (TestMain); it
// and every process it starts carry an environment variable with a tag of
// the case, found again by scanning /proc/*/environ. The fake solvers
// leave a background child too, as a careless wrapper script would.
func TestNoProcessOutlivesTheCommand(t *testing.T) {
	dir := t.TempDir()
	script := func(name, body string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("#!/bin/sh\nsleep 300 &\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
	crash := script("crash.sh", "cat >/dev/null\nkill -SEGV $$")
	killed := script("killed.sh", "kill -KILL $$")
	exit139 := script("exit139.sh", "cat >/dev/null\nexit 139")
	hang := script("hang.sh", "exec sleep 300")
	hard := []string{"still", "-size", "128x128"}            // seconds for every member: none answers before the signal
	small := []string{"osc", "-period", "3", "-size", "8x8"} // for fake solvers
	cases := []struct {
		name   string
		args   []string
		signal syscall.Signal // sent once the command's processes run
		solver bool           // an external solver runs in each search
		code   int
	}{
		{"answer", []string{"osc", "-period", "2", "-size", "6x6"}, 0, false, exitFound},
		{"none", []string{"osc", "-period", "2", "-size", "2x2"}, 0, false, exitNone},
		{"timeout", append(hard, "-timeout", "300ms"), 0, false, exitStopped},
		{"SIGINT", hard, syscall.SIGINT, false, exitStopped},
		{"SIGTERM", hard, syscall.SIGTERM, false, exitStopped},
		{"SIGHUP", hard, syscall.SIGHUP, false, exitStopped},
		{"solver-crashes", append(small, "-solver", crash), 0, true, exitUsage},
		{"solver-exits-139", append(small, "-solver", exit139), 0, true, exitUsage},
		{"solver-killed", append(small, "-solver", killed), 0, true, exitUsage},
		{"solver-hangs-timeout", append(small, "-solver", hang, "-timeout", "300ms"), 0, true, exitStopped},
		{"solver-hangs-SIGTERM", append(small, "-solver", hang), syscall.SIGTERM, true, exitStopped},
	}
	// The cases run at once (t.Parallel would run only GOMAXPROCS of
	// them at a time), then each reports as a subtest.
	type result struct {
		name string
		errs []string
	}
	var results []*result
	var wg sync.WaitGroup
	for _, jobs := range []int{1, 2, 4} {
		for _, c := range cases {
			r := &result{name: fmt.Sprintf("%s/jobs=%d", c.name, jobs)}
			results = append(results, r)
			wg.Add(1)
			go func() {
				defer wg.Done()
				r.errs = lifetimeCase(r.name, c.args, jobs, c.signal, c.solver, c.code)
			}()
		}
	}
	wg.Wait()
	for _, r := range results {
		t.Run(r.name, func(t *testing.T) {
			for _, e := range r.errs {
				t.Error(e)
			}
		})
	}
}

// lifetimeCase runs the command with args and -jobs, sends it sig once its
// processes run (when sig is not 0), checks its exit status, and lists the
// processes it started that are left once it has ended (after a minute at
// most for a busy machine to remove them). solver tells that every search
// runs an external solver.
func lifetimeCase(name string, args []string, jobs int, sig syscall.Signal, solver bool, code int) (errs []string) {
	tag := fmt.Sprintf("%d-%s", os.Getpid(), strings.ReplaceAll(name, "/", "-"))
	if sig != 0 {
		// -v: the first report on stderr comes after the command has
		// installed its signal handlers (the first thing it does).
		args = append(args[:len(args):len(args)], "-v")
	}
	cmd := exec.Command(os.Args[0], append(args[:len(args):len(args)], "-jobs", fmt.Sprint(jobs))...)
	cmd.Env = append(os.Environ(), "LIFESAT_TEST_WORKER=1", "LIFESAT_LIFETIME_TAG="+tag)
	stderr := &reportBuffer{first: make(chan struct{})}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return []string{err.Error()}
	}
	if sig != 0 {
		// Wait until the command has reported and its members (and their
		// solvers) run. The bound only keeps a broken command from
		// hanging the test; no case needs it.
		want := 1
		if jobs > 1 {
			want += jobs
		}
		if solver {
			want += jobs
		}
		bound := time.After(time.Minute)
	wait:
		for {
			select {
			case <-bound:
				errs = append(errs, "the command neither reported nor started its processes within a minute")
				break wait
			case <-stderr.first:
				if len(tagged(tag)) >= want {
					break wait
				}
			default:
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := cmd.Process.Signal(sig); err != nil {
			errs = append(errs, err.Error())
		}
	}
	_ = cmd.Wait()
	if got := cmd.ProcessState.ExitCode(); got != code {
		errs = append(errs, fmt.Sprintf("exit %d, want %d: %s", got, code, stderr.String()))
	}
	// The command kills and reaps what it started on its way out; a busy
	// machine may take a while to remove them. The fake solvers' children
	// sleep 300 s, so one that was not killed is still there at the bound.
	left := tagged(tag)
	for deadline := time.Now().Add(time.Minute); len(left) > 0 && time.Now().Before(deadline); left = tagged(tag) {
		time.Sleep(50 * time.Millisecond)
	}
	if len(left) > 0 {
		errs = append(errs, fmt.Sprintf("%d processes outlived the command: %s", len(left), strings.Join(left, "; ")))
		for _, pid := range left {
			var p int
			fmt.Sscan(pid, &p)
			_ = syscall.Kill(p, syscall.SIGKILL)
		}
	}
	return errs
}

// reportBuffer is a command's stderr, safe to read while it runs; first
// is closed at its first write.
type reportBuffer struct {
	mu    sync.Mutex
	b     bytes.Buffer
	first chan struct{}
	once  sync.Once
}

func (r *reportBuffer) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.once.Do(func() { close(r.first) })
	return r.b.Write(p)
}

func (r *reportBuffer) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.b.String()
}

// tagged lists the processes whose environment holds the tag, each as its
// pid and command line.
func tagged(tag string) []string {
	want := []byte("LIFESAT_LIFETIME_TAG=" + tag + "\x00")
	envs, _ := filepath.Glob("/proc/[0-9]*/environ")
	var out []string
	for _, name := range envs {
		data, err := os.ReadFile(name)
		if err != nil || !bytes.Contains(data, want) {
			continue
		}
		pid := filepath.Base(filepath.Dir(name))
		if st, _ := os.ReadFile(filepath.Join("/proc", pid, "stat")); bytes.Contains(st, []byte(") Z ")) {
			continue // ended, waiting for its parent to reap it
		}
		cmdline, _ := os.ReadFile(filepath.Join("/proc", pid, "cmdline"))
		stat, _ := os.ReadFile(filepath.Join("/proc", pid, "stat"))
		if i := bytes.LastIndexByte(stat, ')'); i >= 0 {
			stat = stat[i+2:]
		}
		f := strings.Fields(string(stat))
		if len(f) > 3 {
			f = f[:4] // state, parent, group, session
		}
		out = append(out, fmt.Sprintf("%s %q (%s)", pid, strings.TrimRight(string(cmdline), "\x00"), strings.Join(f, " ")))
	}
	return out
}
