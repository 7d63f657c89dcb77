package member_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// racer is a program outside this module that races the period-2
// oscillators of a 6x6 box with two members, each a child process of the
// program, through the library alone. Every process that runs its main
// writes a file named after its pid in $RACER_PIDS: its role and its
// parent's pid. It prints its own pid, the race's status and the answer.
const racer = `package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/member"
)

func main() {
	role := "parent"
	if _, ok := os.LookupEnv(member.Env); ok {
		role = "member"
	}
	note := fmt.Sprintf("%s %d", role, os.Getppid())
	if err := os.WriteFile(filepath.Join(os.Getenv("RACER_PIDS"), strconv.Itoa(os.Getpid())), []byte(note), 0o644); err != nil {
		panic(err)
	}
	member.Serve()

	p := lifesat.Oscillator(2, 6, 6)
	opt := &lifesat.RaceOptions{Jobs: 2, Member: member.Process(nil)}
	res, err := lifesat.Race(context.Background(), p, &lifesat.Settings{Seed: 5}, opt)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Println("pid", os.Getpid())
	fmt.Println(res.Status)
	fmt.Print(res.Patterns[0].Board())
}
`

// repoRoot is the folder of this module's go.mod.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.HasPrefix(data, []byte("module github.com/lifesat/lifesat\n")) {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod of github.com/lifesat/lifesat above the test")
		}
		dir = up
	}
}

// TestOutsideModule is issue 41's "a Go program outside the module runs a
// race whose members are child processes, through the library alone": it
// writes racer in a module of its own, which requires this one (replaced
// by this folder, with this module's go.sum, so that Go's checksum
// database is never asked), builds it with the go command, runs it, and
// checks that its members ran as its child processes and that its answer
// is a period-2 oscillator of the box, re-simulated here with the plain
// Step.
func TestOutsideModule(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: no program outside the module can be built")
	}
	root := repoRoot(t)
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goLine := "go 1.26"
	for _, l := range strings.Split(string(mod), "\n") {
		if strings.HasPrefix(l, "go ") {
			goLine = l
		}
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": fmt.Sprintf("module example.com/racer\n\n%s\n\nrequire github.com/lifesat/lifesat v0.0.0\n\nreplace github.com/lifesat/lifesat => %s\n", goLine, root),
		"go.sum": string(sum), "main.go": racer,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A hang detector only: the build takes seconds with a warm cache.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	build := exec.CommandContext(ctx, gobin, "build", "-o", "racer", ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"), "GOWORK=off", "GOTOOLCHAIN=local")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	pids := t.TempDir()
	run := exec.CommandContext(ctx, filepath.Join(dir, "racer"))
	run.Env = append(os.Environ(), "RACER_PIDS="+pids)
	var stderr bytes.Buffer
	run.Stderr = &stderr
	out, err := run.Output()
	if err != nil {
		t.Fatalf("racer: %v\n%s", err, stderr.String())
	}

	sc := bufio.NewScanner(bytes.NewReader(out))
	var parent int
	var status string
	var rows []string
	for sc.Scan() {
		switch l := sc.Text(); {
		case strings.HasPrefix(l, "pid "):
			parent, _ = strconv.Atoi(l[4:])
		case status == "":
			status = l
		default:
			rows = append(rows, l)
		}
	}
	if status != "SAT" || len(rows) != 6 {
		t.Fatalf("racer printed\n%s", out)
	}
	b := life.NewBoard(len(rows[0]), len(rows))
	for y, r := range rows {
		for x, c := range r {
			b.Set(x, y, c == 'O')
		}
	}
	g := life.Run(b.Pad(2), rule.Life, life.Dead, 2)
	if b.Width() != 6 || !g[2].Equal(g[0]) || g[1].Equal(g[0]) {
		t.Errorf("the racer's answer is not a period-2 oscillator of 6x6:\n%v", b)
	}

	entries, err := os.ReadDir(pids)
	if err != nil {
		t.Fatal(err)
	}
	members := 0
	for _, e := range entries {
		note, err := os.ReadFile(filepath.Join(pids, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		pid, _ := strconv.Atoi(e.Name())
		role, ppid, _ := strings.Cut(string(note), " ")
		switch {
		case role == "parent" && pid == parent:
		case role == "member" && pid != parent && ppid == strconv.Itoa(parent):
			members++
		default:
			t.Errorf("process %d: %q; the racer is process %d", pid, note, parent)
		}
	}
	if members == 0 {
		t.Errorf("no member ran as a child process of the racer (%d): %d processes ran its main", parent, len(entries))
	}
}
