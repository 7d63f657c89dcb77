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
# /shared/my split.results/table.csv and table.json. A task that has its result file already is
# skipped, so after a kill or a failure run the script again: only the tasks without a
# result run. A task that finds the answer writes /shared/my split.results/found; the tasks that
# run then stop within a second, and the tasks after them stop at once.
set -u
manifest='/shared/my split.jsonl'
results='/shared/my split.results'
lifesat=(/opt/bin/lifesat)
mkdir -p "$results" || exit 2
seq 0 3 | parallel --will-cite -q -j 100% --joblog "$results/parallel.joblog" --wd . "$@" \
	"${lifesat[@]}" task -results "$results" "$manifest" {}
exec "${lifesat[@]}" collect -results "$results" -csv "$results/table.csv" -json "$results/table.json" "$manifest"
