#!/bin/bash
# Slurm job array for the lifesat split /shared/my split.jsonl: 4 tasks, cubes of one
# search: the first task that finds a pattern cancels the others.
# Written by lifesat plan.
#
#   bash split.slurm.sh
#       submits the array (as many tasks at once as Slurm allows) and a collect job
#       that runs when the array has ended, however it ended
#   bash split.slurm.sh --wait
#       the same, and waits for the collect job: the exit status is collect's
#       (0 found, 1 none exists, 3 incomplete, 2 bad input)
#
# Array index K runs tasks 2K to 2K+1, one after the other ("bash SCRIPT task"). A task that
# has its result file already is skipped, so to resume a cancelled or failed array,
# submit again: only the tasks without a result run. The collect job writes the table
# to /shared/my split.results/table.csv and table.json, and its output names the missing tasks.
set -u
manifest='/shared/my split.jsonl'
results='/shared/my split.results'
lifesat=(/opt/bin/lifesat)
tasks=4
per=2
case "${1:-submit}" in
task)
	first=$((SLURM_ARRAY_TASK_ID * per))
	last=$((first + per - 1))
	[ "$last" -lt "$tasks" ] || last=$((tasks - 1))
	rc=0
	for i in $(seq "$first" "$last"); do
		"${lifesat[@]}" task -results "$results" "$manifest" "$i" || rc=$?
		if [ "$(head -n 1 "$results/found" 2>/dev/null)" = "$i" ]; then
			# This task found the answer: cancel the others, running and pending, not itself.
			squeue -h -r -j "$SLURM_ARRAY_JOB_ID" -o %i |
				grep -vxF "${SLURM_ARRAY_JOB_ID}_$SLURM_ARRAY_TASK_ID" | xargs -r scancel
			break
		fi
	done
	exit "$rc"
	;;
collect)
	exec "${lifesat[@]}" collect -results "$results" -csv "$results/table.csv" -json "$results/table.json" "$manifest"
	;;
submit | --wait)
	mkdir -p "$results" || exit 2
	array=$(sbatch --parsable --job-name=c2-5x5 --array=0-1 --ntasks=1 --cpus-per-task=1 --mem=257M \
		-o "$results/slurm-%A_%a.out" "$0" task) || exit 2
	echo "array job $array: 4 tasks"
	wait=
	[ "${1:-}" != --wait ] || wait=--wait
	exec sbatch --parsable $wait --job-name=c2-5x5-collect --dependency=afterany:"$array" --ntasks=1 --mem=257M \
		-o "$results/collect-%j.out" "$0" collect
	;;
*)
	echo "usage: bash $0 [--wait]" >&2
	exit 2
	;;
esac
