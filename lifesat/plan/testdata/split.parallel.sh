#!/bin/bash
# GNU parallel for the lifesat split /shared/my split.jsonl: 4 tasks, cubes of one
# search: the first task that finds a pattern stops the others.
# Written by lifesat plan.
#
#   bash split.parallel.sh
#       runs the tasks here, one per core at once, then collects them
#   bash split.parallel.sh -S host1,host2
#       runs them on those hosts over ssh (and not here; add ":" for here); each host
#       must see this folder at the same path and have lifesat on its PATH
#
# Any other parallel option can be given the same way. The exit status is collect's (0
# found, 1 none exists, 3 incomplete, 2 bad input); the table goes to
# /shared/my split.results/table.csv and table.json. Job K runs task K, then the
# split's open tasks (the sub-cubes of cubes that reached the time limit and re-split).
# A task that has its result file, or that a live worker claims, is skipped; the joblog
# (/shared/my split.results/parallel.joblog) lets a second run start only the jobs that failed, were
# killed or never ran (--resume-failed): after a kill or a failure, run the script again.
set -u
manifest='/shared/my split.jsonl'
results='/shared/my split.results'
lifesat=(/opt/bin/lifesat)
mkdir -p "$results" || exit 2
seq 0 3 | parallel --will-cite -q -j 100% --joblog "$results/parallel.joblog" --resume-failed --wd . "$@" \
	"${lifesat[@]}" task -batch 1 -results "$results" "$manifest" {}
exec "${lifesat[@]}" collect -results "$results" -csv "$results/table.csv" -json "$results/table.json" "$manifest"
