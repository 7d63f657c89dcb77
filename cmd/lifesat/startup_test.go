package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkStartup times the README's main command, "lifesat still -size
// 16x16", as a whole process: start, search, print, exit. It reports the
// wall time per run (ns/op, and wall-ms/op) and the CPU time per run
// (cpu-ms/op, user and system, less sensitive to other work on the
// machine).
//
// With LIFESAT_BASELINE naming another lifesat binary (an earlier build),
// every iteration runs both, in turn, one process each, and the benchmark
// reports each one's times (base-wall-ms/op, base-cpu-ms/op) and their
// ratio (wall-ratio: the current build's wall time over the baseline's),
// measured side by side on the same machine at the same moments:
//
//	git worktree add /tmp/base 176a6de
//	go build -C /tmp/base -o /tmp/lifesat-base ./cmd/lifesat
//	LIFESAT_BASELINE=/tmp/lifesat-base go test -run '^$' -bench Startup -count 5 ./cmd/lifesat/
func BenchmarkStartup(b *testing.B) {
	current := filepath.Join(b.TempDir(), "lifesat")
	if out, err := exec.Command("go", "build", "-o", current, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	base := os.Getenv("LIFESAT_BASELINE")
	run := func(bin string) (wall, cpu time.Duration) {
		c := exec.Command(bin, "still", "-size", "16x16")
		start := time.Now()
		if err := c.Run(); err != nil {
			b.Fatalf("%s still -size 16x16: %v", bin, err)
		}
		return time.Since(start), c.ProcessState.UserTime() + c.ProcessState.SystemTime()
	}
	var wall, cpu, baseWall, baseCPU time.Duration
	i := 0
	for b.Loop() {
		order := []string{current, base}
		if i%2 == 1 {
			order = []string{base, current}
		}
		i++
		for _, bin := range order {
			switch bin {
			case current:
				w, c := run(bin)
				wall, cpu = wall+w, cpu+c
			case "":
			default:
				w, c := run(bin)
				baseWall, baseCPU = baseWall+w, baseCPU+c
			}
		}
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(b.N) }
	b.ReportMetric(ms(wall), "wall-ms/op")
	b.ReportMetric(ms(cpu), "cpu-ms/op")
	if base != "" {
		b.ReportMetric(ms(baseWall), "base-wall-ms/op")
		b.ReportMetric(ms(baseCPU), "base-cpu-ms/op")
		b.ReportMetric(float64(wall)/float64(baseWall), "wall-ratio")
	}
}
