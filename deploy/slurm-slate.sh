#!/usr/bin/env bash
# A 15-game slate at 10^10 simulations per game as a Slurm job array of 100 shards, and a merge
# job that starts when every shard has succeeded (docs/shards.md). Run from a directory on a
# filesystem every node sees, holding slate.json:
#   bash deploy/slurm-slate.sh [slate.json]
# Slurm sets SLURM_ARRAY_TASK_ID (0..99) and SLURM_ARRAY_TASK_COUNT in each array task;
# `--shard auto` reads them.
set -euo pipefail
slate=${1:-slate.json}
shards=${MCSIM_SHARDS:-100}
sims=${MCSIM_SIMS:-10000000000}
mkdir -p parts
array=$(sbatch --parsable --array=0-$((shards - 1)) --cpus-per-task=2 --job-name=mcsim-shard \
  --wrap "mcsim slate $slate --sims $sims --seed 20261124 --threads 2 --json --shard auto --partial parts/part-\$SLURM_ARRAY_TASK_ID.part")
# The answer alone in slate.out.json: Slurm writes a job's stderr (mcsim's notes) into its
# --output file unless --error names another.
merge=$(sbatch --parsable --dependency=afterok:"$array" --job-name=mcsim-merge --output=slate.out.json \
  --error=slate.merge.err --wrap "mcsim merge parts")
echo "submitted shards $array and their merge $merge; the answer will be in slate.out.json"
