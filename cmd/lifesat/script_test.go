package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestScripts runs the examples of the README and of docs/ as testscript
// files (testdata/script/*.txtar, github.com/rogpeppe/go-internal/testscript):
// each runs the commands as a reader types them and checks their exit
// status and output. TestDocsCommandsAreTested checks that every command
// line of the README and of docs/ is in one of them.
//
// The scripts run with:
//
//   - lifesat on PATH, built from this package;
//   - data/ and lifesat/ of the repository beside them in $WORK (symbolic
//     links), so the documents' paths (data/glider.rle,
//     lifesat/tmpl/testdata/eater.txt) work as written; $ROOT is the
//     repository;
//   - the go command's caches and its module settings as this machine
//     has them (GOPROXY, GOSUMDB, GONOSUMDB, ...): the library example
//     builds a module of its own against this checkout. It needs the
//     module proxy at most, never Go's checksum database: the module it
//     makes starts from this repository's go.sum;
//   - two commands of their own: "exits N CMD ARGS..." runs CMD and wants
//     exit status N, and "patterns FORMAT [COUNT]" wants standard output
//     to read back as patterns of FORMAT (rle, cells, matrix; COUNT of
//     them, blank-line separated);
//   - the condition [stress], true with LIFESAT_STRESS=1: slow examples
//     ("[!stress] skip" at the top of their file) run only then;
//   - the condition [slurm], true with SLURM_CONF set (and passed on):
//     the engines' scripts run on that cluster (.ci/cluster/slurm-up).
func TestScripts(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	bin := buildLifesat(t)
	goEnv := goEnvironment(t)
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(e *testscript.Env) error {
			e.Setenv("PATH", bin+string(os.PathListSeparator)+e.Getenv("PATH"))
			e.Setenv("ROOT", root)
			if conf := os.Getenv("SLURM_CONF"); conf != "" {
				e.Setenv("SLURM_CONF", conf) // sbatch's cluster, for [slurm]
			}
			for _, kv := range goEnv {
				k, v, _ := strings.Cut(kv, "=")
				e.Setenv(k, v)
			}
			for _, dir := range []string{"data", "lifesat"} {
				if err := os.Symlink(filepath.Join(root, dir), filepath.Join(e.WorkDir, dir)); err != nil {
					return err
				}
			}
			return nil
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "stress":
				return os.Getenv("LIFESAT_STRESS") != "", nil
			case "slurm":
				return os.Getenv("SLURM_CONF") != "", nil
			}
			return false, errors.New("unknown condition " + strconv.Quote(cond))
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits":    cmdExits,
			"patterns": cmdPatterns,
		},
	})
}

// buildLifesat builds lifesat into a temporary folder and returns it.
func buildLifesat(t *testing.T) string {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	bin := t.TempDir()
	if out, err := exec.Command(goCmd, "build", "-o", filepath.Join(bin, "lifesat"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// goEnvironment returns what the go command needs inside a script, where
// HOME is not set: its caches, its module settings as this machine has them
// (the proxy, the checksum database and the patterns that bypass them), and
// the toolchain in use.
func goEnvironment(t *testing.T) []string {
	t.Helper()
	names := []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOPROXY", "GOSUMDB", "GONOSUMDB", "GONOPROXY", "GOPRIVATE", "GOINSECURE"}
	out, err := exec.Command("go", append([]string{"env"}, names...)...).Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	vals := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(vals) != len(names) {
		t.Fatalf("go env printed %q", out)
	}
	env := []string{"GOTOOLCHAIN=local", "GOFLAGS=" + os.Getenv("GOFLAGS")}
	for i, name := range names {
		env = append(env, name+"="+vals[i])
	}
	return env
}

// cmdExits runs "exits N CMD ARGS...": CMD must end with exit status N.
// Its output is kept for stdout, stderr and cmp, as exec's is.
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits N command [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: bad status %q", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		got = ee.ExitCode()
	case err != nil:
		ts.Fatalf("%s: %v", args[1], err)
	}
	if got != want {
		ts.Fatalf("%s: exit status %d, want %d", args[1], got, want)
	}
}

// cmdPatterns runs "patterns FORMAT [COUNT]": the last command's standard
// output must be COUNT patterns (any number, at least one, without COUNT)
// of that format, separated by blank lines, each read back by package
// pattern.
func cmdPatterns(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 1 || len(args) > 2 {
		ts.Fatalf("usage: patterns rle|cells|matrix [COUNT]")
	}
	want, err := pattern.ParseFormat(args[0])
	if err != nil {
		ts.Fatalf("patterns: %v", err)
	}
	out := strings.TrimSpace(ts.ReadFile("stdout"))
	if out == "" {
		ts.Fatalf("no pattern on stdout")
	}
	chunks := strings.Split(out, "\n\n")
	if len(args) == 2 && strconv.Itoa(len(chunks)) != args[1] {
		ts.Fatalf("%d patterns on stdout, want %s", len(chunks), args[1])
	}
	for i, c := range chunks {
		p, err := pattern.Read(strings.NewReader(c + "\n"))
		if err != nil {
			ts.Fatalf("pattern %d does not read back: %v", i+1, err)
		}
		if p.Format != want {
			ts.Fatalf("pattern %d is %v, not %s", i+1, p.Format, args[0])
		}
	}
}
