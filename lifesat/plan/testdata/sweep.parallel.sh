#!/bin/bash
# GNU parallel for the lifesat sweep sweep.jsonl: 3 tasks.
# Written by lifesat plan.
#
#   bash sweep.parallel.sh
#       runs the tasks here, 2 at once, then collects them
#   bash sweep.parallel.sh -S host1,host2
#       runs them on those hosts over ssh (and not here; add ":" for here); each host
#       must see this folder at the same path and have lifesat on its PATH
#
# Any other parallel option can be given the same way. The exit status is collect's (0
# complete, 3 incomplete, 2 bad input); the table goes to
# sweep.results/table.csv and table.json. Job K runs task K.
# A task that has its result file, or that a live worker claims, is skipped; the joblog
# (sweep.results/parallel.joblog) lets a second run start only the jobs that failed, were
# killed or never ran (--resume-failed): after a kill or a failure, run the script again.
set -u
manifest=sweep.jsonl
results=sweep.results
lifesat=(lifesat)
mkdir -p "$results" || exit 2
seq 0 2 | parallel --will-cite -q -j 2 --joblog "$results/parallel.joblog" --resume-failed --wd . "$@" \
	"${lifesat[@]}" task -batch 1 -results "$results" "$manifest" {}
exec "${lifesat[@]}" collect -results "$results" -csv "$results/table.csv" -json "$results/table.json" "$manifest"
