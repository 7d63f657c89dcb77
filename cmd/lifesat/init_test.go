package main

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// TestInitAllocatesLittle: no package of the module builds tables, parses
// templates or compiles large regular expressions when the program starts
// (issue 42: the startup regression was a package init building tables at
// every start of every command). The package inits of this test's own
// binary - every package the command links, and the tests' - run under
// GODEBUG=inittrace=1, and each of the module's reports what it allocated.
// Bytes, not time: the allocations do not depend on the machine's load.
// The tables and patterns that cost are made on first use (sync.OnceValue).
func TestInitAllocatesLittle(t *testing.T) {
	const limit = 64 << 10
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	line := regexp.MustCompile(`(?m)^init (github\.com/lifesat/lifesat/\S+) @\S+ ms, \S+ ms clock, (\d+) bytes`)
	seen := 0
	for _, m := range line.FindAllStringSubmatch(string(out), -1) {
		seen++
		n, _ := strconv.Atoi(m[2])
		if n > limit {
			t.Errorf("init of %s allocates %d bytes, more than %d: build it on first use", m[1], n, limit)
		}
	}
	if seen == 0 {
		t.Fatalf("no init of the module's packages in the trace:\n%s", out)
	}
}
