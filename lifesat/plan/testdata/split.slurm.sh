#!/bin/bash
# Slurm job array for the lifesat split /shared/my split.jsonl: 4 tasks, cubes of one
# search: the first task that finds a pattern stops the others.
# Written by lifesat plan.
#
#   bash split.slurm.sh
#       submits the array (as many indices at once as Slurm allows) and a collect job
#       that runs when the array has ended, however it ended
#   bash split.slurm.sh --wait
#       submits the array, waits for it to end and collects here, at once (a collect
#       job would wait for Slurm's next scheduling pass): the exit status is collect's
#       (0 found, 1 none exists, 3 incomplete, 2 bad input)
#
# Array index K runs task K ("lifesat task -batch 1 M K"),
# then the split's open tasks (the sub-cubes of cubes that reached the time limit and
# re-split), as long as its time allows. A task that has its result file, or that a live
# worker claims, is skipped, so to resume a cancelled or failed array, submit again:
# only the tasks without a result run. The collect job writes the table to
# /shared/my split.results/table.csv and table.json, and its output names the missing tasks.
# --requeue: a task preempted or on a failed node is queued again.
set -u
manifest='/shared/my split.jsonl'
results='/shared/my split.results'
lifesat=(/opt/bin/lifesat)
# collect_results writes the table of the results so far; its status is collect's.
collect_results() {
	"${lifesat[@]}" collect -results "$results" -csv "$results/table.csv" -json "$results/table.json" "$manifest"
}
case "${1:-submit}" in
task)
	# lifesat runs in the background so that the USR1 of --signal reaches it.
	trap 'kill -USR1 "$pid" 2>/dev/null' USR1
	"${lifesat[@]}" task -batch 1 -results "$results" "$manifest" "$SLURM_ARRAY_TASK_ID" &
	pid=$!
	while wait "$pid"; rc=$?; [ "$rc" -gt 128 ] && kill -0 "$pid" 2>/dev/null; do :; done
	if [ -s "$results/found" ]; then
		# The split is answered: the pending indices need not start.
		squeue -h -r -t PENDING -j "$SLURM_ARRAY_JOB_ID" -o %i | xargs -r scancel
	fi
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
	array=$(sbatch --parsable --job-name=c2-5x5 --array=0-3 --ntasks=1 --cpus-per-task=1 --requeue --mem=257M \
		-o "$results/slurm-%A_%a.out" "$0" task) || exit 2
	if [ "${1:-}" != --wait ]; then
		collect=$(sbatch --parsable --job-name=c2-5x5-collect --dependency=afterany:"$array" --ntasks=1 --mem=257M \
			-o "$results/collect-%j.out" "$0" collect) || exit 2
		echo "array job $array: 4 tasks; collect job $collect"
		exit 0
	fi
	echo "array job $array: 4 tasks; collecting here when it has ended"
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
