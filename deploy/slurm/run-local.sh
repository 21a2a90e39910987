#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, and the slate in Scenarios run on it as a user would
# run it on a real cluster: submitted as a job array of 4 shards by deploy/slurm-slate.sh, merged
# with `mcsim merge`, and compared with the same slate run whole on one machine.
#
#   bash deploy/slurm/run-local.sh
#
# It brings up MariaDB, slurmdbd (so sacct can show the array's tasks), munged, slurmctld and
# slurmd from Debian's packages (scripts/setup.sh installs them), each under a state directory of
# its own on ports 16817-16819 and 13306, never the system's; then:
#   1. submits the array and its merge job, waits for them, prints sacct for the array's tasks;
#   2. compares the merge job's answer with the single run (after masking the elapsed-time fields,
#      which time the run rather than answer it): "identical";
#   3. covers failure: a second array whose task 2 is killed while it runs; `mcsim merge` then
#      refuses the parts and names the missing shard; `scontrol requeue` runs the task again and
#      the merge is identical once more.
# Exits 0 only when every task completed and both merges are identical. It stops every daemon
# and removes its state on the way out, whatever happens, so it is safe to run twice and leaves
# nothing running. Exits 77 (skip) with the reason when the machine cannot run the daemons
# (not root, or the packages are missing).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
state=${MCSIM_SLURM_STATE:-/tmp/mcsim-slurm-local}
sims=${MCSIM_SLURM_SIMS:-2000000}
shards=4

skip() { echo "SKIP: $*" >&2; exit 77; }
[[ $(id -u) == 0 ]] || skip "slurmd and munged run as root here (SlurmdUser=root); run as root"
for tool in munged slurmctld slurmd slurmdbd sbatch sacct sacctmgr scontrol mariadbd mariadb-install-db; do
  command -v "$tool" > /dev/null || skip "$tool is missing: bash scripts/setup.sh installs Slurm, munge and MariaDB"
done

mcsim_bin=${MCSIM_BIN:-$root/.build/release/mcsim}
[[ -x $mcsim_bin ]] || { echo "building mcsim (release)"; (cd "$root" && swift build -c release --product mcsim > /dev/null); }
bin=$state/bin

# Stops whatever a previous run (or this one) left, by the pid files under $state.
stop_all() {
  for name in slurmd slurmctld slurmdbd munged mariadbd; do
    local pidfile=$state/$name.pid
    if [[ -s $pidfile ]]; then
      local pid
      pid=$(cat "$pidfile")
      kill "$pid" 2> /dev/null || true
      for _ in $(seq 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2> /dev/null || true
    fi
  done
}
cleanup() {
  local status=$?
  stop_all
  if [[ $status != 0 && -d $state/log ]]; then
    echo "--- the daemons' last log lines ---" >&2
    tail -n 5 "$state"/log/*.log >&2 || true
  fi
  rm -rf "$state"
  exit "$status"
}
[[ -d $state ]] && stop_all
rm -rf "$state"
trap cleanup EXIT
mkdir -p "$state"/{spool,ctld,log,mysql,work,bin}
ln -s "$mcsim_bin" "$bin/mcsim"
export PATH=$bin:$PATH
host=$(hostname -s)

# MariaDB on loopback for slurmdbd, with its own data directory.
mariadb-install-db --user=root --datadir="$state/mysql" --auth-root-authentication-method=socket > "$state/log/mariadb-install.log" 2>&1
mariadbd --user=root --datadir="$state/mysql" --socket="$state/mysql.sock" --port=13306 --bind-address=127.0.0.1 \
  --pid-file="$state/mariadbd.pid" --log-error="$state/log/mariadbd.log" --skip-log-bin > /dev/null 2>&1 &
for _ in $(seq 100); do [[ -S $state/mysql.sock ]] && break; sleep 0.2; done
[[ -S $state/mysql.sock ]] || { echo "MariaDB did not start" >&2; exit 1; }
mariadb --socket="$state/mysql.sock" -e "CREATE USER 'slurm'@'127.0.0.1' IDENTIFIED BY 'mcsim-local';
  GRANT ALL ON slurm_acct_db.* TO 'slurm'@'127.0.0.1';"

cat > "$state/slurmdbd.conf" << EOF
AuthType=auth/munge
AuthInfo=socket=$state/munge.socket
DbdHost=localhost
DbdAddr=127.0.0.1
DbdPort=16819
SlurmUser=root
PidFile=$state/slurmdbd.pid
LogFile=$state/log/slurmdbd.log
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=13306
StorageUser=slurm
StoragePass=mcsim-local
StorageLoc=slurm_acct_db
EOF
chmod 600 "$state/slurmdbd.conf"

cat > "$state/slurm.conf" << EOF
ClusterName=mcsimlocal
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$state/munge.socket
CredType=cred/munge
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=127.0.0.1
AccountingStoragePort=16819
# With auth/munge this names the munge socket for slurmdbd's connections (Slurm's slurm.conf(5)).
AccountingStoragePass=$state/munge.socket
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
JobRequeue=1
MpiDefault=none
SwitchType=switch/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=1000 State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$state/slurm.conf

munged --socket="$state/munge.socket" --key-file=/etc/munge/munge.key --pid-file="$state/munged.pid" \
  --log-file="$state/log/munged.log" --seed-file="$state/munge.seed" --force
slurmdbd  # reads slurmdbd.conf beside $SLURM_CONF
for _ in $(seq 50); do sacctmgr -n list cluster > /dev/null 2>&1 && break; sleep 0.2; done
sacctmgr -i add cluster mcsimlocal > /dev/null
slurmctld
slurmd
for _ in $(seq 100); do sinfo -h -o %T 2> /dev/null | grep -q idle && break; sleep 0.2; done
sinfo -h -o %T | grep -q idle || { echo "the node did not come up" >&2; exit 1; }
echo "one-node Slurm cluster up on $host (slurmctld :16817, slurmd :16818, slurmdbd :16819)"

# Waits until no job of the given ids is pending or running.
wait_jobs() {
  for _ in $(seq 1200); do
    [[ -z $(squeue -h -j "$1" 2> /dev/null) ]] && return 0
    sleep 0.5
  done
  echo "jobs $1 did not finish within 10 minutes" >&2
  return 1
}
masked() { sed -E 's/"(elapsed_ms|elapsed_seconds|elapsed|simulation_ms|evaluation_ms|exact_ms)":[0-9.eE+-]+/"\1":0/g' "$1"; }
states() { sacct -n -X -P -j "$1" -o JobID,State | sort; }

work=$state/work
cp "$root/Scenarios/slate_native.json" "$work/slate.json"
cd "$work"
start=$(date +%s)
mcsim slate slate.json --sims "$sims" --seed 20261124 --threads 2 --json > single.json

# 1. The array as a user submits it, and its merge job.
submitted=$(MCSIM_SHARDS=$shards MCSIM_SIMS=$sims bash "$root/deploy/slurm-slate.sh" slate.json)
echo "$submitted"
array=$(sed -E 's/.*shards ([0-9]+).*/\1/' <<< "$submitted")
merge_job=$(sed -E 's/.*merge ([0-9]+).*/\1/' <<< "$submitted")
wait_jobs "$array,$merge_job"
sleep 1
echo "sacct for the array's tasks:"
sacct -X -j "$array" -o JobID%14,JobName%12,State,ExitCode,Elapsed
completed=$(states "$array" | grep -c "|COMPLETED$" || true)
[[ $completed == "$shards" ]] || { echo "$completed of $shards array tasks COMPLETED" >&2; exit 1; }
if cmp -s <(masked slate.out.json) <(masked single.json); then
  echo "merged from $shards Slurm array tasks: identical to the single run"
else
  echo "merged from $shards Slurm array tasks: DIFFERENT from the single run" >&2
  cmp <(masked slate.out.json) <(masked single.json) >&2 || true
  exit 1
fi

# 2. A task killed while it runs, the merge refused naming it, the task requeued.
rm -rf parts slate.out.json
slow=$((sims * 10))
mcsim slate slate.json --sims "$slow" --seed 20261124 --threads 2 --json > single-slow.json
# Task 2's first run waits before it simulates, so the kill always lands before its part is
# written (on a fast machine the whole task can end between squeue seeing it and scancel); its
# requeued run (SLURM_RESTART_COUNT 1) does not wait. It is cancelled, not signalled: once in
# about ten runs the merge below found task 2's part after `scancel --signal=KILL`, as if Slurm
# had requeued the signalled job itself (JobRequeue=1, --requeue); a cancelled job is requeued
# only by the `scontrol requeue` below. Should the merge accept, the parts and the records say why.
array=$(sbatch --parsable --array=0-$((shards - 1)) --cpus-per-task=2 --job-name=mcsim-shard --requeue \
  --wrap "if [ \$SLURM_ARRAY_TASK_ID = 2 ] && [ \${SLURM_RESTART_COUNT:-0} = 0 ]; then sleep 120; fi; mcsim slate slate.json --sims $slow --seed 20261124 --threads 2 --json --shard auto --partial parts/part-\$SLURM_ARRAY_TASK_ID.part")
mkdir -p parts
for _ in $(seq 600); do
  [[ $(squeue -h -j "${array}_2" -o %T 2> /dev/null) == RUNNING ]] && break
  sleep 0.1
done
scancel "${array}_2"
wait_jobs "$array"
echo "after killing task 2:"
states "$array"
if refusal=$(mcsim merge parts 2>&1); then
  echo "the merge accepted the parts with a shard missing; the parts and the tasks' records:" >&2
  ls -l parts >&2
  sacct -X -P -j "$array" -o JobID,State,Start,End >&2 || true
  exit 1
fi
echo "mcsim merge before the requeue: $refusal"
grep -q "shard 2" <<< "$refusal" || { echo "the merge did not name the missing shard 2" >&2; exit 1; }
scontrol requeue "${array}_2"
# A requeued job is held for two minutes by default (its BeginTime): start it now.
scontrol update jobid="${array}_2" StartTime=now
# squeue may not list the task again at once: wait on its accounting record instead.
for _ in $(seq 1200); do
  case $(sacct -n -X -P -j "${array}_2" -o State | tail -n 1) in
    COMPLETED | FAILED* | CANCELLED* | TIMEOUT | OUT_OF_ME* | NODE_FAIL) break ;;
  esac
  sleep 0.5
done
sleep 1
echo "after scontrol requeue:"
sacct -X -j "$array" -o JobID%14,JobName%12,State,ExitCode,Elapsed
completed=$(states "$array" | grep -c "|COMPLETED$" || true)
[[ $completed == "$shards" ]] || { echo "$completed of $shards array tasks COMPLETED after the requeue" >&2; exit 1; }
mcsim merge parts > merged-slow.json
if cmp -s <(masked merged-slow.json) <(masked single-slow.json); then
  echo "merged after a killed and requeued task: identical to the single run"
else
  echo "merged after a killed and requeued task: DIFFERENT from the single run" >&2
  exit 1
fi
echo "Slurm run-local: every task COMPLETED, both merges identical ($(($(date +%s) - start)) s)"
