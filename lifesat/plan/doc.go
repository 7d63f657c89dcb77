// Package plan runs lifesat searches as job arrays: many independent
// searches (a sweep), or one hard search cut into cubes (a split), each
// search one task that an engine people already run — a Slurm job array,
// GNU parallel, a Kubernetes Indexed Job — runs on its own, anywhere.
//
// A plan is written before anything runs. Its manifest is one JSON line
// per task, with a stable id and the exact search (a job.Spec), after a
// header that says what an answer means: a sweep keeps every task's
// answers, a split stops at the first pattern. Each task writes its own
// result file; Collect merges them into one table.
//
// # A worked example
//
// A sweep over two rules and two box sizes for a c/2 spaceship,
//
//	sw := &plan.Sweep{
//		Problem: lifesat.Spaceship(4, 2, 0, 6, 6),
//		Rules:   []rule.Rule{rule.Life, rule.MustParse("B36/S23")},
//		Sizes:   []image.Point{{6, 6}, {7, 7}},
//	}
//	m, _ := sw.Plan()
//	m.Write(f) // sweep.jsonl
//
// is the manifest
//
//	{"lifesat_manifest":1,"kind":"sweep","answer":"all","tasks":4,"axes":["rule","size"],"memory_bytes":7910300,"fingerprint":"sha256:2501f5..."}
//	{"index":0,"id":"dcc293ffeb6aba3a","labels":{"rule":"B3/S23","size":"6x6"},"spec":{"width":6,"height":6,"period":4,"shift":[2,0],"rule":"B3/S23"}}
//	{"index":1,"id":"2a5cf26f1ca93f41","labels":{"rule":"B3/S23","size":"7x7"},"spec":{"width":7,"height":7,"period":4,"shift":[2,0],"rule":"B3/S23"}}
//	...
//
// The fingerprint is the SHA-256 of the manifest as written, with the
// fingerprint empty; Read and ReadTask refuse a manifest changed after
// it was planned. Task I (from the engine: SLURM_ARRAY_TASK_ID,
// JOB_COMPLETION_INDEX or GNU parallel's job number, see Index) runs as
//
//	h, t, _ := plan.ReadTask(f, i)
//	plan.RunTask(ctx, h, t, "sweep.results", nil)
//
// and writes sweep.results/task-000001.json whole or not at all (a
// temporary file, synced, renamed): its status (found, none, stopped or
// error), its patterns (rows of '.' and 'O', each re-simulated), the
// solver's statistics, the host, the engine, the wall and CPU times, and
// the manifest's fingerprint and the task's id, so that a result file of
// another manifest is never mistaken for one of this. A task that has a
// valid result file is skipped: an array killed, cancelled or requeued
// resumes where it stopped when it is submitted again.
//
//	m, _ := plan.Read(f)
//	tab, _ := plan.Collect(m, "sweep.results")
//	tab.WriteCSV(out)
//
// reads every result file, checks it and re-simulates its answers, and
// writes a row per task; tasks without a file are "missing", and named.
// A corrupt or foreign result file is an error: the table is never
// merged from results that cannot be trusted.
//
// # Splits
//
// Split cuts one search into cubes (Cut): each cube knows a few cells of
// the search (lifesat.Problem.Known), and every answer of the search
// agrees with exactly one cube, so the search has an answer exactly when
// some cube has one. By default the cubes fix the cells of generation 0
// nearest the box's centre, 2^k cubes for k cells:
//
//	{"lifesat_manifest":1,"kind":"split","answer":"first","tasks":4,"axes":["cube"],"whole":{"width":6,"height":6,"period":2},"cut":{...},...}
//	{"index":0,"id":"bd2de41803f3fe20","labels":{"cube":"0,2,2=O 0,3,2=O"},"spec":{"width":6,"height":6,"period":2,"known":[[0,2,2,1],[0,3,2,1]]}}
//	{"index":1,"id":"1f2235c445e09cd4","labels":{"cube":"0,2,2=O 0,3,2=."},"spec":{"width":6,"height":6,"period":2,"known":[[0,2,2,1],[0,3,2,0]]}}
//	...
//
// A cube cell [t, x, y, s] is cell (x, y) of generation t, alive when s
// is 1. Read checks that the cubes partition the search (Partition)
// before Collect may say that no pattern exists. The first task to find
// a pattern writes the file "found" beside the results: running tasks of
// the split look for it every second and stop (writing a record
// "superseded" with the time they spent), later ones do not start.
// WriteICNF writes a split as an incremental CNF ("p inccnf" and one "a"
// line per cube) for a cube solver such as cadical.
//
// # Re-splits
//
// A split with a time limit (SplitOptions.Limit) re-splits a cube that
// reaches it without an answer: the task cuts its cube into
// Header.Resplit sub-cubes, chosen on the cube's own formula by the
// split's cut, and writes them in its result,
//
//	{"lifesat_result":1,...,"index":3,"id":"...","result":{"status":"stopped",...},
//	 "stop":"split","split":[[[0,3,4,1]],[[0,3,4,0]]],...}
//
// Sub-cube k of task 3 is task 3.k (result file task-000003.k.json): task
// 3's search with the sub-cube's cells known too, and so on down. The
// manifest is not changed; every worker and Collect derive the same
// sub-tasks from the split results, and Collect says that no pattern
// exists only when every leaf of the tree says none and the leaves
// partition the whole search. The limit is processor time, so that a
// cube is cut when it is hard, not when its machine is busy; and the
// workers take open sub-cubes breadth first (Work).
//
// # Proofs that none exists
//
// A split planned with SplitOptions.Proofs (Header.Proofs) certifies its
// "none exists": a task whose cube has none writes the solver's clausal
// proof of it beside its result (Task.ProofDir: task-000003.proof/, with
// formula.cnf and proof.drat or proof.lrat), and its record names the
// folder and the files' SHA-256 (Record.Proof). Collect says that none
// exists only after checking, for every leaf, the files' hashes, that the
// formula is the cube's (its search encoded again, byte for byte), and
// the proof (package drat); a "none" without a proof is a bad result.
//
// # Workers and claims
//
// A task that runs holds a claim (ClaimFile: its host, process and a
// heartbeat), so that a second worker on the same task leaves it at once
// (Claimed) unless the claim is stale; a result file is never written
// over another. Work runs the tasks of one array index (one, or a batch:
// ReadTasks, Batch) and, in a split, then the split's open tasks, the
// sub-cubes of re-splits included: an array's workers are a pool for the
// split, whatever the engine. TaskOptions.TimeUp tells a worker that the
// engine's time is up: a split's running task re-splits at once.
//
// # Engines
//
// WriteSlurm, WriteParallel and WriteKubernetes write the scripts that
// run a manifest's tasks, each array index "lifesat task -batch B
// MANIFEST I", and the collect step; their comments give their commands
// and time limits (UpTime).
package plan
