#!/bin/bash
# Slurm job array for the lifesat sweep sweep.jsonl: 3 tasks.
# Written by lifesat plan.
#
#   bash short.slurm.sh
#       submits the array (2 indices at once) and a collect job
#       that runs when the array has ended, however it ended
#   bash short.slurm.sh --wait
#       runs the 2 indices at once as the tasks of one job in the foreground (srun),
#       then collects here: plan timed the whole sweep at seconds, and Slurm starts such a
#       job at once, where an array waits up to a second or more for the scheduler's next
#       pass. The job is not requeued and ends with this script (Ctrl-C, a closed
#       terminal): run it again to resume. The exit status is collect's
#       (0 complete, 3 incomplete, 2 bad input)
#
# Array index K runs tasks 2K to 2K+1, one after the other ("lifesat task -batch 2 M K"). A task that has its result file, or that a live
# worker claims, is skipped, so to resume a cancelled or failed array, submit again:
# only the tasks without a result run. The collect job writes the table to
# sweep.results/table.csv and table.json, and its output names the missing tasks.
# --requeue: a task preempted or on a failed node is queued again.
set -u
manifest=sweep.jsonl
results=sweep.results
lifesat=(lifesat)
# collect_results writes the table of the results so far; its status is collect's.
collect_results() {
	"${lifesat[@]}" collect -results "$results" -csv "$results/table.csv" -json "$results/table.json" "$manifest"
}
case "${1:-submit}" in
task)
	# lifesat runs in the background so that the USR1 of --signal reaches it.
	trap 'kill -USR1 "$pid" 2>/dev/null' USR1
	# The array index; in the srun job of --wait, the task's rank.
	"${lifesat[@]}" task -batch 2 -results "$results" "$manifest" "${SLURM_ARRAY_TASK_ID-$SLURM_PROCID}" &
	pid=$!
	while wait "$pid"; rc=$?; [ "$rc" -gt 128 ] && kill -0 "$pid" 2>/dev/null; do :; done
	exit "$rc"
	;;
collect)
	collect_results
	rc=$?
	echo "$rc" >"$results/collect-$SLURM_JOB_ID.status"
	exit "$rc"
	;;
submit | --wait)
	mkdir -p "$results" || exit 2
	if [ "${1:-}" = --wait ]; then
		echo "srun job: 3 tasks, 2 an index, 2 at once; collecting here when it has ended"
		srun --job-name=lifesat-sweep-db5311bf --ntasks=2 --cpus-per-task=1 --kill-on-bad-exit=0 --quit-on-interrupt --mem-per-cpu=257M \
			-o "$results/slurm-%j_%t.out" bash "$0" task
		collect_results
		exit
	fi
	array=$(sbatch --parsable --job-name=lifesat-sweep-db5311bf --array=0-1%2 --ntasks=1 --cpus-per-task=1 --requeue --mem=257M \
		-o "$results/slurm-%A_%a.out" "$0" task) || exit 2
	if [ "${1:-}" != --wait ]; then
		collect=$(sbatch --parsable --job-name=lifesat-sweep-db5311bf-collect --dependency=afterany:"$array" --ntasks=1 --mem=257M \
			-o "$results/collect-%j.out" "$0" collect) || exit 2
		echo "array job $array: 3 tasks, 2 an index; collect job $collect"
		exit 0
	fi
	echo "array job $array: 3 tasks, 2 an index; collecting here when it has ended"
	# Wait until squeue no longer lists the array, asking every 0.1 s
	# for 10 s, every second for 2 minutes, then every 10 s (sbatch
	# --wait asks after 2, 10 and 42 s, then every 32 s: a short plan
	# would wait for the 42nd second).
	polls=0 failed=0
	while [ "$failed" -lt 10 ]; do
		if queued=$(squeue -h -j "$array" -o %i 2>/dev/null); then
			[ -n "$queued" ] || break
			failed=0
		else
			failed=$((failed + 1))
		fi
		if [ "$polls" -lt 100 ]; then step=0.1; elif [ "$polls" -lt 220 ]; then step=1; else step=10; fi
		sleep "$step"
		polls=$((polls + 1))
	done
	collect_results
	;;
*)
	echo "usage: bash $0 [--wait]" >&2
	exit 2
	;;
esac
