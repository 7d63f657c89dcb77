package member_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/member"
)

// pidsEnv names a folder in which each member started by recording(dir)
// writes a file named after its pid, holding its parent's pid (a member
// killed first may leave a file named with a dot before its pid).
const pidsEnv = "LIFESAT_MEMBER_TEST_PIDS"

// TestMain is the member's main too: the members are this test binary
// run again (member.Command), which serves before it tests.
func TestMain(m *testing.M) {
	if dir := os.Getenv(pidsEnv); dir != "" && os.Getenv(member.Env) != "" {
		// Written aside and renamed, whole or not at all: the race may
		// kill a losing member at any moment, between a file's creation
		// and its writing too.
		pid := strconv.Itoa(os.Getpid())
		tmp := filepath.Join(dir, "."+pid)
		if err := os.WriteFile(tmp, []byte(strconv.Itoa(os.Getppid())), 0o644); err != nil {
			panic(err)
		}
		if err := os.Rename(tmp, filepath.Join(dir, pid)); err != nil {
			panic(err)
		}
	}
	member.Serve()
	os.Exit(m.Run())
}

// recording is the default command of each member, with env added to its
// environment.
func recording(env ...string) *member.Options {
	return &member.Options{Command: func(ctx context.Context, k int) (*exec.Cmd, error) {
		c, err := member.Command(ctx, k)
		if err == nil {
			c.Env = append(c.Env, env...)
		}
		return c, err
	}}
}

// members lists the pids recorded in dir, each with its parent's pid.
func members(t *testing.T, dir string) map[int]int {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]int{}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue // a member killed before it renamed its file
		}
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			t.Fatalf("file %s", e.Name())
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if out[pid], err = strconv.Atoi(string(data)); err != nil {
			t.Fatalf("file %s: %q", e.Name(), data)
		}
	}
	return out
}

// TestRaceOfChildProcesses: a race with Process runs its members as child
// processes of this one, whose answers come back and pass the check; the
// members' reports come back too, each marked with its member.
func TestRaceOfChildProcesses(t *testing.T) {
	dir := t.TempDir()
	p := lifesat.Oscillator(2, 6, 6)
	var mu sync.Mutex
	heard := map[int]bool{}
	s := &lifesat.Settings{Progress: func(pr lifesat.Progress) {
		mu.Lock()
		defer mu.Unlock()
		if pr.Raced && strings.HasPrefix(pr.What, p.String()) { // the member's problem, or a sub-problem of it
			heard[pr.Member] = true
		}
	}}
	res, err := lifesat.Race(context.Background(), p, s, &lifesat.RaceOptions{Jobs: 2, Member: member.Process(recording(pidsEnv + "=" + dir))})
	if err != nil || res.Status != logic.Sat {
		t.Fatalf("race: %v, %v", res, err)
	}
	if err := p.Check(res.Patterns[0], nil); err != nil {
		t.Errorf("the answer: %v", err)
	}
	kids := members(t, dir)
	if len(kids) == 0 {
		t.Fatal("no member recorded its process")
	}
	for pid, parent := range kids {
		if pid == os.Getpid() || parent != os.Getpid() {
			t.Errorf("member process %d has parent %d; the race runs in %d", pid, parent, os.Getpid())
		}
	}
	if runtime.GOOS == "linux" && len(heard) == 0 {
		t.Error("no member's report came back marked with its member")
	}
	for k := range heard {
		if k < 0 || k >= len(kids) {
			t.Errorf("a report of member %d; %d members ran", k, len(kids))
		}
	}
}

// TestCancelledRaceLeavesNoMember: when the race's context ends, every
// member's process is killed and reaped before Race returns. The members
// carry a tag in their environment, looked for in /proc.
func TestCancelledRaceLeavesNoMember(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc and passes reports: Linux only")
	}
	tag := fmt.Sprintf("LIFESAT_MEMBER_TEST_TAG=%d-cancel", os.Getpid())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Seconds of search for every member: none answers before the
	// cancellation, which comes at the first member's first report (its
	// formula is built, its search not begun).
	p := lifesat.StillLife(128, 128)
	running := 0
	var once sync.Once
	s := &lifesat.Settings{Progress: func(lifesat.Progress) {
		once.Do(func() {
			running = len(tagged(tag))
			cancel()
		})
	}}
	res, err := lifesat.Race(ctx, p, s, &lifesat.RaceOptions{Jobs: 2, Member: member.Process(recording(tag))})
	if !errors.Is(err, context.Canceled) || res == nil || res.Status != logic.Unknown {
		t.Fatalf("a cancelled race: %v, %v", res, err)
	}
	if running == 0 {
		t.Fatal("no member process was found running while the race ran")
	}
	if left := tagged(tag); len(left) > 0 {
		t.Errorf("%d member processes outlived the race: %v", len(left), left)
	}
}

// tagged lists the live processes whose environment holds tag.
func tagged(tag string) []string {
	envs, _ := filepath.Glob("/proc/[0-9]*/environ")
	var out []string
	for _, name := range envs {
		data, err := os.ReadFile(name)
		if err != nil || !bytes.Contains(data, []byte(tag+"\x00")) {
			continue
		}
		out = append(out, filepath.Base(filepath.Dir(name)))
	}
	return out
}

// serveOnce runs this test binary as member 0 with spec on its standard
// input, and returns its exit status and standard output.
func serveOnce(t *testing.T, spec string) (int, string) {
	t.Helper()
	c := exec.Command(os.Args[0])
	c.Env = append(os.Environ(), member.Env+"=0")
	c.Stdin = strings.NewReader(spec)
	var out bytes.Buffer
	c.Stdout = &out
	err := c.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return c.ProcessState.ExitCode(), out.String()
}

// TestServe: a member reads a job spec and writes the job result of its
// search; a spec it cannot read is a result with the status "error"; a
// share of the memory budget too small for the formula is refused (each
// member is a process with its own peak, so two full-sized members would
// take the machine past the budget).
func TestServe(t *testing.T) {
	code, out := serveOnce(t, `{"width":5,"height":5,"period":2,"seed":3}`)
	var res job.Result
	if err := json.Unmarshal([]byte(out), &res); code != 0 || err != nil || res.Status != job.Found {
		t.Fatalf("a member's blinker: exit %d, %q", code, out)
	}
	back, err := res.Lifesat()
	if err != nil {
		t.Fatal(err)
	}
	if err := lifesat.Oscillator(2, 5, 5).Check(back.Patterns[0], nil); err != nil {
		t.Errorf("a member's blinker: %v", err)
	}
	code, out = serveOnce(t, `{"width":5,"height":5,"colour":1}`)
	if code != 0 || !strings.Contains(out, `"status":"error"`) || !strings.Contains(out, "colour") {
		t.Errorf("a bad spec: exit %d, %q", code, out)
	}
	code, out = serveOnce(t, `{"width":40,"height":40,"period":2,"max_memory":1000000}`)
	if code != 0 || !strings.Contains(out, `"status":"error"`) || !strings.Contains(out, "more than the limit of") {
		t.Errorf("a member with a 1 MB share: exit %d, %q; want its result to say the limit", code, out)
	}
}

// TestCommand: a member is this program's own file run again (on Linux
// through /proc/self/exe, which a new file at the program's path does not
// change), marked by Env; a process started as a member that did not
// serve starts no member of its own.
func TestCommand(t *testing.T) {
	c, err := member.Command(context.Background(), 3)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS == "linux" && c.Path != "/proc/self/exe" {
		t.Errorf("member command %q", c.Path)
	}
	if n := len(c.Env); n == 0 || c.Env[n-1] != member.Env+"=3" {
		t.Errorf("member environment ends %q", c.Env[max(0, n-1):])
	}
	t.Setenv(member.Env, "1")
	if _, err := member.Command(context.Background(), 0); err == nil || !strings.Contains(err.Error(), "member.Serve") {
		t.Errorf("a member that did not serve: %v", err)
	}
}

// TestMemberFailures: a member's process that fails is an error with its
// message; one killed from outside is no answer and no error; one whose
// context ends is stopped.
func TestMemberFailures(t *testing.T) {
	st := lifesat.Strategies(lifesat.Oscillator(2, 5, 5), nil, 1)[0]
	shell := func(script string) func(context.Context, int, lifesat.Strategy) (*lifesat.Result, error) {
		return member.Process(&member.Options{Command: func(ctx context.Context, _ int) (*exec.Cmd, error) {
			return exec.CommandContext(ctx, "sh", "-c", script), nil
		}})
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	ctx := context.Background()
	if res, err := shell(`cat >/dev/null; echo boom >&2; exit 1`)(ctx, 0, st); !errors.Is(err, member.ErrProcess) || !strings.Contains(err.Error(), "boom") {
		t.Errorf("a failing member: %v, %v", res, err)
	}
	if res, err := shell(`cat >/dev/null; echo '{"status":"error","error":"no solver"}'`)(ctx, 0, st); err == nil || err.Error() != "no solver" {
		t.Errorf("a member whose search failed: %v, %v", res, err)
	}
	if runtime.GOOS != "windows" {
		if res, err := shell(`kill -KILL $$`)(ctx, 0, st); err != nil || res == nil || res.Status != logic.Unknown {
			t.Errorf("a member killed from outside: %v, %v", res, err)
		}
	}
	stop, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	if res, err := shell(`exec sleep 60`)(stop, 0, st); !errors.Is(err, context.DeadlineExceeded) || res == nil || res.Status != logic.Unknown {
		t.Errorf("a member whose context ended: %v, %v", res, err)
	}
	// A context that ended before the member started.
	if res, err := shell(`exit 0`)(stop, 0, st); !errors.Is(err, context.DeadlineExceeded) || res == nil || res.Status != logic.Unknown {
		t.Errorf("a member whose context ended before: %v, %v", res, err)
	}
}
