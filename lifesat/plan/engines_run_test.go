package plan_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/plan"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// The engines' tests run the scripts WriteSlurm and WriteParallel write,
// for real, with the test binary as the lifesat command (see TestMain), or
// the lifesat command that LIFESAT_COMMAND names (commandEnv).
// They need LIFESAT_ENGINES set (the CI sets it):
//
//	LIFESAT_ENGINES=1 go test -run Engine ./lifesat/plan/
//
// GNU parallel runs them here; with SSHLOGINS and PARALLEL_SSH set (by
// .ci/cluster/parallel-ssh-up) also on those hosts; with SLURM_CONF set
// (by .ci/cluster/slurm-up) through sbatch on that cluster.

// engineSweeps are the sweeps the engines run: a rule sweep of 64 rules
// (every rule from B3/S to B3/S2, the six classes of S2 on or off) and a
// size and period sweep.
func engineSweeps(t *testing.T) map[string]*plan.Manifest {
	t.Helper()
	rules, err := plan.RulesIn(rule.MustParse("pB3cekainyqjr/S2"), 64)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*plan.Manifest{}
	for name, sw := range map[string]*plan.Sweep{
		"rules": {Problem: lifesat.Oscillator(2, 5, 5), Settings: &lifesat.Settings{Seed: 1}, Rules: rules},
		"sizes": {Problem: lifesat.StillLife(4, 4), Settings: &lifesat.Settings{Seed: 1, Solutions: 2},
			Sizes: []image.Point{{4, 4}, {5, 5}, {6, 6}, {7, 7}}, Periods: []int{1, 2}},
	} {
		m, err := sw.Plan()
		if err != nil {
			t.Fatal(err)
		}
		out[name] = m
	}
	return out
}

// engineSplits are the splits the engines run: one with answers, one
// without.
func engineSplits(t *testing.T) map[string]*plan.Manifest {
	return map[string]*plan.Manifest{
		"osc":  splitManifest(t, lifesat.Oscillator(2, 6, 6), 8),
		"ship": splitManifest(t, lifesat.Spaceship(2, 1, 0, 6, 6), 8), // none exists
	}
}

// engineRun is one engine, running a script for a manifest: it writes
// the script with the options and runs it with the arguments.
type engineRun struct {
	name     string
	write    func(m *plan.Manifest) func(w *bytes.Buffer, o *plan.EngineOptions) error
	args     []string
	maxArray int  // EngineOptions.MaxArray
	batch    int  // EngineOptions.Batch
	srun     bool // EngineOptions.Srun
}

// engineCmd writes m and its script into dir and returns the command
// that runs the script, and the results folder.
func engineCmd(t *testing.T, e engineRun, m *plan.Manifest, dir string, env ...string) (*exec.Cmd, string) {
	t.Helper()
	path := writeManifest(t, m, dir, "plan.jsonl")
	var buf bytes.Buffer
	o := &plan.EngineOptions{Manifest: path, Jobs: 2, Command: taskCommand(env), Script: e.name, MaxArray: e.maxArray, Batch: e.batch, Srun: e.srun}
	if err := e.write(m)(&buf, o); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, e.name+".sh")
	if err := os.WriteFile(script, buf.Bytes(), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", append([]string{script}, e.args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	return cmd, plan.ResultsDir(path)
}

// commandEnv names a lifesat command (a path) for the engines' scripts
// to run instead of the test binary's driver (TestMain), as .ci/run does:
//
//	go build -o /tmp/bin/lifesat ./cmd/lifesat
//	LIFESAT_ENGINES=1 LIFESAT_COMMAND=/tmp/bin/lifesat go test -run Engine ./lifesat/plan/
//
// A test that holds a task (holdEnv) runs the driver all the same: only
// the driver has that hook.
const commandEnv = "LIFESAT_COMMAND"

// taskCommand is the command the scripts run, for a run with env.
func taskCommand(env []string) []string {
	driver := []string{"env", driverEnv + "=1", os.Args[0]}
	for _, kv := range env {
		if strings.HasPrefix(kv, holdEnv+"=") {
			return driver
		}
	}
	if c := os.Getenv(commandEnv); c != "" {
		return []string{c}
	}
	return driver
}

// exitCode is the exit status of a command that ran, or -1.
func exitCode(err error) int {
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return ee.ExitCode()
	case err != nil:
		return -1
	}
	return 0
}

// runEngine runs m's script in dir and returns the exit status and the
// results folder.
func runEngine(t *testing.T, e engineRun, m *plan.Manifest, dir string, env ...string) (int, string) {
	t.Helper()
	cmd, results := engineCmd(t, e, m, dir, env...)
	out, err := cmd.CombinedOutput()
	code := exitCode(err)
	if code < 0 {
		t.Fatal(err)
	}
	if testing.Verbose() {
		t.Logf("%s: exit %d\n%s", e.name, code, out)
	}
	return code, results
}

// checkCollected checks what an engine's collect step wrote: the JSON
// table must be Collect's (which re-simulates every answer), a sweep's
// rows must equal a sequential run's, and a split's verdict the whole
// search's, its answer an answer of the whole search.
func checkCollected(t *testing.T, name string, m *plan.Manifest, results string, code int) {
	t.Helper()
	tab, err := plan.Collect(m, results)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	data, err := os.ReadFile(filepath.Join(results, "table.json"))
	if err != nil {
		t.Fatalf("%s: the collect step wrote no table: %v", name, err)
	}
	var written plan.Table
	if err := json.Unmarshal(data, &written); err != nil || !reflect.DeepEqual(written.Summary, tab.Summary) || !reflect.DeepEqual(written.Rows, tab.Rows) {
		t.Errorf("%s: the written table is not Collect's (%v)", name, err)
	}
	if _, err := os.Stat(filepath.Join(results, "table.csv")); err != nil {
		t.Errorf("%s: %v", name, err)
	}
	if m.Header.Kind == plan.KindSweep {
		want := sequential(t, m)
		for i, row := range tab.Rows {
			if got := collected(t, m, row); !reflect.DeepEqual(got, want[i]) {
				t.Errorf("%s: task %d (%v): %v, sequentially %v", name, i, row.Labels, got, want[i])
			}
		}
		if tab.Summary.Verdict != plan.VerdictComplete || code != 0 {
			t.Errorf("%s: %s, exit %d", name, tab.Summary.Verdict, code)
		}
		return
	}
	p, s, err := m.Header.Whole.Search()
	if err != nil {
		t.Fatal(err)
	}
	res, err := lifesat.Search(context.Background(), p, s)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case res.Status == logic.Sat && (tab.Summary.Verdict != plan.VerdictFound || code != 0):
		t.Errorf("%s: %s (exit %d), but the whole search finds a pattern", name, tab.Summary.Verdict, code)
	case res.Status == logic.Unsat && (tab.Summary.Verdict != plan.VerdictNone || code != 1):
		t.Errorf("%s: %s (exit %d), but the whole search proves none exists", name, tab.Summary.Verdict, code)
	case tab.Answer() != nil:
		if err := p.Check(tab.Answer(), s); err != nil {
			t.Errorf("%s: the answer: %v", name, err)
		}
	}
}

// testEngine runs the sweeps and the splits with e and checks them.
func testEngine(t *testing.T, e engineRun, env ...string) {
	for name, m := range engineSweeps(t) {
		code, results := runEngine(t, e, m, t.TempDir(), env...)
		checkCollected(t, e.name+" "+name, m, results, code)
	}
	for name, m := range engineSplits(t) {
		code, results := runEngine(t, e, m, t.TempDir(), env...)
		checkCollected(t, e.name+" "+name, m, results, code)
	}
}

func needEngines(t *testing.T, commands ...string) {
	t.Helper()
	if os.Getenv("LIFESAT_ENGINES") == "" {
		t.Skip("set LIFESAT_ENGINES to run the engines for real")
	}
	for _, c := range commands {
		if _, err := exec.LookPath(c); err != nil {
			t.Skipf("%s is not installed", c)
		}
	}
}

var parallelEngine = engineRun{name: "parallel", write: func(m *plan.Manifest) func(*bytes.Buffer, *plan.EngineOptions) error {
	return func(w *bytes.Buffer, o *plan.EngineOptions) error { return m.WriteParallel(w, o) }
}}

// TestParallelEngine: GNU parallel on this machine gives the sequential
// results.
func TestParallelEngine(t *testing.T) {
	needEngines(t, "parallel")
	testEngine(t, parallelEngine)
}

// TestParallelEngineSSH: GNU parallel on the hosts of SSHLOGINS (over
// the ssh command of PARALLEL_SSH) gives the sequential results.
func TestParallelEngineSSH(t *testing.T) {
	needEngines(t, "parallel")
	logins := os.Getenv("SSHLOGINS")
	if logins == "" || os.Getenv("PARALLEL_SSH") == "" {
		t.Skip("set SSHLOGINS and PARALLEL_SSH (.ci/cluster/parallel-ssh-up) to run over ssh")
	}
	e := parallelEngine
	e.name, e.args = "parallel-ssh", []string{"-S", logins}
	testEngine(t, e)
}

// TestParallelKilledTaskResumes: a task killed with SIGKILL in the middle
// of its search leaves no result; parallel runs the others, collect names
// it missing; the script run again runs that task alone (no finished
// task runs again, their files are untouched), and the results are the
// sequential run's.
func TestParallelKilledTaskResumes(t *testing.T) {
	needEngines(t, "parallel")
	m := engineSweeps(t)["sizes"]
	dir := t.TempDir()
	const held = 5
	mark := filepath.Join(dir, "held")
	hold := holdEnv + "=" + strconv.Itoa(held) + ":" + mark
	cmd, results := engineCmd(t, parallelEngine, m, dir, hold)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// The held task creates the mark in the middle of its search, and
	// waits: kill it.
	waitFor(t, mark, done)
	pid := heldPid(fmt.Sprintf("task -batch 1 -results %s %s %d", results, filepath.Join(dir, "plan.jsonl"), held))
	if pid == 0 {
		t.Fatal("the held task is not running")
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if code := exitCode(<-done); code != 3 {
		t.Errorf("the first run's collect: exit %d, want 3 (incomplete)\n%s", code, out.String())
	}
	tab, err := plan.Collect(m, results)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(tab.Summary.MissingTasks, []string{strconv.Itoa(held)}) {
		t.Fatalf("missing %v, want [%d]", tab.Summary.MissingTasks, held)
	}
	before := map[int][]byte{}
	for i := range m.Tasks {
		if i != held {
			before[i], _ = os.ReadFile(filepath.Join(results, plan.ResultFile(i)))
		}
	}
	code, _ := runEngine(t, parallelEngine, m, dir, hold)
	for i, data := range before {
		if after, _ := os.ReadFile(filepath.Join(results, plan.ResultFile(i))); !bytes.Equal(after, data) {
			t.Errorf("task %d ran again on resume", i)
		}
	}
	checkCollected(t, "resumed", m, results, code)
}

// heldPid finds the process whose command line ends with tail, or 0.
func heldPid(tail string) int {
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		cmd := strings.TrimSuffix(strings.ReplaceAll(string(data), "\x00", " "), " ")
		if strings.HasPrefix(cmd, os.Args[0]+" ") && strings.HasSuffix(cmd, tail) {
			return pid
		}
	}
	return 0
}

var slurmEngine = engineRun{name: "slurm", args: []string{"--wait"}, write: func(m *plan.Manifest) func(*bytes.Buffer, *plan.EngineOptions) error {
	return func(w *bytes.Buffer, o *plan.EngineOptions) error { return m.WriteSlurm(w, o) }
}}

// TestSlurmEngine: a Slurm job array, submitted with sbatch --wait on
// the cluster of SLURM_CONF, gives the sequential results.
func TestSlurmEngine(t *testing.T) {
	needEngines(t, "sbatch", "squeue", "scancel")
	if os.Getenv("SLURM_CONF") == "" {
		t.Skip("set SLURM_CONF (.ci/cluster/slurm-up) to run on Slurm")
	}
	testEngine(t, slurmEngine)
	// Fewer array indices than tasks: each index runs three tasks in
	// turn, and in a split the one that finds the answer stops its loop.
	chunked := slurmEngine
	chunked.name, chunked.maxArray = "slurm-chunked", 3
	m := engineSweeps(t)["sizes"]
	code, results := runEngine(t, chunked, m, t.TempDir())
	checkCollected(t, "chunked sizes", m, results, code)
	m = engineSplits(t)["osc"]
	code, results = runEngine(t, chunked, m, t.TempDir())
	checkCollected(t, "chunked osc", m, results, code)
	// A sweep of one wave, as plan writes it for seconds of work: --wait
	// runs its two indices as the tasks of one srun job.
	srun := slurmEngine
	srun.name, srun.batch, srun.srun = "slurm-srun", 32, true
	m = engineSweeps(t)["rules"]
	cmd, results := engineCmd(t, srun, m, t.TempDir())
	out, err := cmd.CombinedOutput()
	if !strings.Contains(string(out), "srun job: 64 tasks, 32 an index, 2 at once") {
		t.Errorf("slurm-srun: no srun job (%v):\n%s", err, out)
	}
	checkCollected(t, "srun rules", m, results, exitCode(err))
	tab, err := plan.Collect(m, results)
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range tab.Rows {
		if !strings.HasPrefix(row.Engine, "slurm ") || !strings.Contains(row.Engine, " rank ") {
			t.Fatalf("slurm-srun: task %d ran on %q, not in the srun job", row.Index, row.Engine)
		}
	}
}

// sleepingSplit is a split whose every task searches until it is killed
// (a fake solver that sleeps), re-split into 2 at a time limit of an
// hour: a task re-splits only when its time is up.
func sleepingSplit(t *testing.T) *plan.Manifest {
	t.Helper()
	m, err := plan.Split(context.Background(), lifesat.Oscillator(2, 6, 6), &lifesat.Settings{Seed: 1},
		&plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: 4}, Limit: time.Hour, Resplit: 2})
	if err != nil {
		t.Fatal(err)
	}
	sl := sleeper(t, filepath.Join(t.TempDir(), "started"))
	m.Header.Whole.Solver = sl
	for i := range m.Tasks {
		m.Tasks[i].Spec.Solver = sl
	}
	m.Seal()
	return m
}

// waitForFile waits, a minute at most, until path exists.
func waitForFile(t *testing.T, path string) {
	t.Helper()
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		if _, err := os.Stat(path); err == nil {
			return
		}
		if time.Since(start) > time.Minute {
			t.Fatalf("no %s after a minute", path)
		}
	}
}

// checkSplitWritten wants task 0's result to be a re-split.
func checkSplitWritten(t *testing.T, m *plan.Manifest, results string) {
	t.Helper()
	rec, err := plan.ReadRecord(&m.Header, &m.Tasks[0], results)
	if err != nil || rec == nil || rec.Status() != plan.StatusSplit || len(rec.Split) != 2 {
		t.Errorf("task 0 after its time was up: %+v, %v; want a split", rec, err)
	}
}

// TestKilledByTimeUp: SIGUSR1 (the engine's time is up) makes a task of
// a split that re-splits write its split at once; the worker then takes
// no other task and exits 3.
func TestKilledByTimeUp(t *testing.T) {
	needEngines(t)
	m := sleepingSplit(t)
	dir := t.TempDir()
	path := writeManifest(t, m, dir, "plan.jsonl")
	results := plan.ResultsDir(path)
	cmd := exec.Command(taskCommand(nil)[0], append(taskCommand(nil)[1:], "task", path, "0")...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitForFile(t, filepath.Join(results, m.Tasks[0].ClaimFile()))
	cmd.Process.Signal(syscall.SIGUSR1)
	if code := exitCode(cmd.Wait()); code != 3 {
		t.Errorf("exit %d, want 3\n%s", code, out.String())
	}
	checkSplitWritten(t, m, results)
	if names := plan.Open(t, m, results); len(names) != 5 {
		t.Errorf("%d open tasks after the re-split, want 5 (0.0, 0.1, 1, 2, 3)", len(names))
	}
}

// TestSlurmEngineTimeUp: the USR1 that Slurm sends the batch script a
// minute before an index's time limit (--signal=B:USR1@60; here sent at
// once with scancel --batch) reaches the task, which writes its split.
func TestSlurmEngineTimeUp(t *testing.T) {
	needEngines(t, "sbatch", "squeue", "scancel")
	if os.Getenv("SLURM_CONF") == "" {
		t.Skip("set SLURM_CONF (.ci/cluster/slurm-up) to run on Slurm")
	}
	m := sleepingSplit(t)
	cmd, results := engineCmd(t, engineRun{name: "slurm-timeup", write: slurmEngine.write}, m, t.TempDir())
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	array := regexp.MustCompile(`array job (\d+):`).FindSubmatch(out)
	if array == nil {
		t.Fatalf("no array job in %q", out)
	}
	job := string(array[1])
	defer exec.Command("scancel", job).Run()
	waitForFile(t, filepath.Join(results, m.Tasks[0].ClaimFile()))
	// scancel may report the job already done (exit 229, 2021 &
	// 255, ESLURM_ALREADY_DONE) when the index ends while it signals it.
	if out, err := exec.Command("scancel", "--batch", "--signal=USR1", job+"_0").CombinedOutput(); err != nil {
		t.Logf("scancel: %v %s", err, out)
	}
	waitForFile(t, filepath.Join(results, m.Tasks[0].File()))
	checkSplitWritten(t, m, results)
}
