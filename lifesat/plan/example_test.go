package plan_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image"
	"os"
	"strings"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/plan"
	"github.com/lifesat/lifesat/lifesat/rule"
)

func ExampleSweep_Plan() {
	sw := &plan.Sweep{
		Problem: lifesat.Spaceship(4, 2, 0, 6, 6),
		Rules:   []rule.Rule{rule.Life, rule.MustParse("B36/S23")},
		Sizes:   []image.Point{{6, 6}, {7, 7}},
	}
	m, err := sw.Plan()
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Header.Kind, m.Header.Answer, m.Header.Axes)
	for _, t := range m.Tasks {
		fmt.Println(t.Index, t.ID, t.Labels["rule"], t.Labels["size"])
	}
	// Output:
	// sweep all [rule size]
	// 0 dcc293ffeb6aba3a B3/S23 6x6
	// 1 2a5cf26f1ca93f41 B3/S23 7x7
	// 2 f272810c1ea51308 B36/S23 6x6
	// 3 c2bc70febb2cd487 B36/S23 7x7
}

func ExampleRulesIn() {
	rules, err := plan.RulesIn(rule.MustParse("pB3cekainyqjr/S2cekn"), 100) // S2a and S2i free
	if err != nil {
		panic(err)
	}
	for _, r := range rules {
		fmt.Println(r)
	}
	// Output:
	// B3/S2-ai
	// B3/S2-a
	// B3/S2-i
	// B3/S2
}

func ExampleSplit() {
	m, err := plan.Split(context.Background(), lifesat.Oscillator(2, 6, 6), nil, &plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: 4}})
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Header.Kind, m.Header.Answer, m.Header.Cut.Method)
	for _, t := range m.Tasks {
		fmt.Println(t.Index, t.Labels["cube"], t.Spec.Known)
	}
	// Output:
	// split first centre
	// 0 0,2,2=O 0,3,2=O [[0 2 2 1] [0 3 2 1]]
	// 1 0,2,2=O 0,3,2=. [[0 2 2 1] [0 3 2 0]]
	// 2 0,2,2=. 0,3,2=O [[0 2 2 0] [0 3 2 1]]
	// 3 0,2,2=. 0,3,2=. [[0 2 2 0] [0 3 2 0]]
}

func ExamplePartition() {
	alive := lifesat.KnownCell{X: 1, Y: 1, Alive: true}
	dead := lifesat.KnownCell{X: 1, Y: 1}
	other := lifesat.KnownCell{X: 2, Y: 1, Alive: true}
	fmt.Println(plan.Partition([]plan.Cube{{alive}, {dead}}))
	fmt.Println(plan.Partition([]plan.Cube{{alive}, {dead, other}}))
	// Output:
	// <nil>
	// cube 1 knows 2 cells where its branch decides 1: the rest of the branch is in no cube
}

func ExampleRunTask() {
	m, err := (&plan.Sweep{Problem: lifesat.Oscillator(2, 5, 5), Seeds: []uint64{1, 2}}).Plan()
	if err != nil {
		panic(err)
	}
	dir, err := os.MkdirTemp("", "results")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	for i := range m.Tasks {
		rec, out, err := plan.RunTask(context.Background(), &m.Header, &m.Tasks[i], dir, nil)
		if err != nil {
			panic(err)
		}
		fmt.Println(i, out, rec.Result.Status)
	}
	// A task that has its result is not run again.
	_, out, _ := plan.RunTask(context.Background(), &m.Header, &m.Tasks[1], dir, nil)
	fmt.Println(1, out)
	// Output:
	// 0 ran found
	// 1 ran found
	// 1 skipped
}

func ExampleCollect() {
	m, err := plan.Split(context.Background(), lifesat.Spaceship(2, 1, 0, 5, 5), nil, &plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: 4}})
	if err != nil {
		panic(err)
	}
	dir, err := os.MkdirTemp("", "results")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	for i := range m.Tasks[:3] {
		plan.RunTask(context.Background(), &m.Header, &m.Tasks[i], dir, nil)
	}
	tab, err := plan.Collect(m, dir)
	if err != nil {
		panic(err)
	}
	fmt.Println(tab.Summary.Verdict, tab.Summary.None, tab.Summary.MissingTasks)
	plan.RunTask(context.Background(), &m.Header, &m.Tasks[3], dir, nil)
	tab, _ = plan.Collect(m, dir)
	fmt.Println(tab.Summary.Verdict, tab.Summary.None, tab.Summary.MissingTasks)
	// Output:
	// incomplete 3 [3]
	// none 4 []
}

func ExampleIndex() {
	env := map[string]string{"SLURM_ARRAY_JOB_ID": "41", "SLURM_ARRAY_TASK_ID": "7"}
	fmt.Println(plan.Index("", func(k string) string { return env[k] }))
	env = map[string]string{"PARALLEL_SEQ": "1"} // parallel counts from 1
	fmt.Println(plan.Index("", func(k string) string { return env[k] }))
	fmt.Println(plan.Index("3", func(string) string { return "" }))
	env = map[string]string{"SLURM_JOB_ID": "42", "SLURM_PROCID": "1"} // srun's tasks: the index is given
	fmt.Println(plan.Index("1", func(k string) string { return env[k] }))
	// Output:
	// 7 slurm 41_7 <nil>
	// 0 parallel 1 <nil>
	// 3 local <nil>
	// 1 slurm 42 rank 1 <nil>
}

func ExampleManifest_WriteICNF() {
	m, err := plan.Split(context.Background(), lifesat.Oscillator(2, 6, 6), nil, &plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: 4}})
	if err != nil {
		panic(err)
	}
	var buf bytes.Buffer
	if _, err := m.WriteICNF(context.Background(), &buf); err != nil {
		panic(err)
	}
	sc := bufio.NewScanner(&buf)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "p ") || strings.HasPrefix(line, "a ") || strings.HasPrefix(line, "c cell 0 2 2 ") || strings.HasPrefix(line, "c cell 0 3 2 ") {
			fmt.Println(line)
		}
	}
	// Output:
	// c cell 0 2 2 15
	// c cell 0 3 2 16
	// p inccnf
	// a 15 16 0
	// a 15 -16 0
	// a -15 16 0
	// a -15 -16 0
}

func ExampleManifest_WriteParallel() {
	m, err := (&plan.Sweep{Problem: lifesat.Oscillator(2, 5, 5), Seeds: []uint64{1, 2, 3}}).Plan()
	if err != nil {
		panic(err)
	}
	var buf bytes.Buffer
	m.WriteParallel(&buf, &plan.EngineOptions{Manifest: "seeds.jsonl", Jobs: 2})
	for _, line := range strings.Split(buf.String(), "\n") {
		if !strings.HasPrefix(line, "#") && line != "" {
			fmt.Println(line)
		}
	}
	// Output:
	// set -u
	// manifest=seeds.jsonl
	// results=seeds.results
	// lifesat=(lifesat)
	// mkdir -p "$results" || exit 2
	// seq 0 2 | parallel --will-cite -q -j 2 --joblog "$results/parallel.joblog" --resume-failed --wd . "$@" \
	// 	"${lifesat[@]}" task -batch 1 -results "$results" "$manifest" {}
	// exec "${lifesat[@]}" collect -results "$results" -csv "$results/table.csv" -json "$results/table.json" "$manifest"
}
