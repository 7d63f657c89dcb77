# Helpers shared by the .ci/cluster scripts; sourced, not run.
# Every wait here is bounded: a failure ends in a message, never a hang.

# die MSG: one line to stderr, exit 1.
die() { echo "${0##*/}: $*" >&2; exit 1; }

# note MSG: progress to stderr, so stdout stays for what callers parse.
note() { echo "${0##*/}: $*" >&2; }

# abs PATH: PATH made absolute (it need not exist yet).
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }

# apt_install "CMD..." PKG...: installs Debian's PKG... unless every
# command CMD exists already.
apt_install() {
  local cmds=$1 c missing=; shift
  for c in $cmds; do command -v "$c" >/dev/null 2>&1 || missing=1; done
  [ -n "$missing" ] || return 0
  [ "$(id -u)" = 0 ] || die "need root to install $*"
  note "installing $*"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || die "apt-get update failed"
  apt-get install -y -qq --no-install-recommends "$@" >/dev/null ||
    die "apt-get install $* failed"
}

# show_log FILE...: the last lines of each existing FILE, to stderr.
show_log() {
  local f
  for f in "$@"; do
    [ -s "$f" ] || continue
    echo "---- last lines of $f" >&2
    tail -n 20 "$f" >&2
  done
}

# alive PID COMM: true if PID is a running process (not a zombie) whose
# command name is COMM, so a pid reused by another program never counts.
alive() {
  local out
  out=$(ps -o stat=,comm= -p "$1" 2>/dev/null) || return 1
  set -- $out "$2"
  [[ $1 != Z* && $2 == "$3" ]]
}

# pid_alive PIDFILE COMM: alive, for the pid that PIDFILE holds.
pid_alive() {
  local pid
  pid=$(cat "$1" 2>/dev/null) && [ -n "$pid" ] && alive "$pid" "$2"
}

# stop_pidfile PIDFILE COMM: TERM the process COMM in PIDFILE, KILL it after
# STOP_TIMEOUT seconds (default 10), then remove PIDFILE. Waits on the pid,
# not the file, which a daemon may remove before it is done. No PIDFILE, a
# stale one, or a process already gone are all fine: stopping twice is not an
# error.
stop_pidfile() {
  local pidfile=$1 name=$2 pid i
  pid=$(cat "$pidfile" 2>/dev/null) || return 0
  if [ -n "$pid" ] && alive "$pid" "$name"; then
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < ${STOP_TIMEOUT:-10} * 10; i++)); do
      alive "$pid" "$name" || break
      sleep 0.1
    done
    if alive "$pid" "$name"; then
      note "$name (pid $pid) ignored TERM; sending KILL"
      kill -KILL "$pid" 2>/dev/null || true
      for ((i = 0; i < 50; i++)); do alive "$pid" "$name" || break; sleep 0.1; done
      ! alive "$pid" "$name" || note "$name (pid $pid) survived KILL"
    fi
  fi
  rm -f "$pidfile"
}

# tree PID: PID and all its descendants.
tree() {
  local c
  echo "$1"
  for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do tree "$c"; done
}

# wait_until SECONDS WHAT CMD...: runs CMD every 0.2 s until it succeeds;
# returns 1 after SECONDS with a message naming WHAT.
wait_until() {
  local secs=$1 what=$2 end; shift 2
  end=$((SECONDS + secs))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= end)); then
      note "timed out after ${secs}s waiting for $what"
      return 1
    fi
    sleep 0.2
  done
}

# env_pids ENTRY [COMM]: the pids (COMM ones only, if given) whose starting
# environment holds exactly ENTRY (NAME=VALUE): how the scripts find what
# their own daemons or tasks started, and nothing else.
env_pids() {
  local f p
  for f in $(grep -lszxF "$1" /proc/[0-9]*/environ); do
    p=${f#/proc/}; p=${p%/environ}
    # grep itself matches when ENTRY is exported here: it is gone by now.
    [ -d "/proc/$p" ] && [ "$p" != $$ ] || continue
    [ $# -lt 2 ] || [ "$(cat "/proc/$p/comm" 2>/dev/null)" = "$2" ] || continue
    echo "$p"
  done
}
