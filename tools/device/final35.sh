#!/bin/bash
# The twenty-ninth session's last device run (two-GPU host), the final
# code: nt_c and solvers_whole are nt_new.py and solvers_whole.py built at
# d7bbed4 (the fork sharing in the device code; page-locked result
# buffers made ahead, a knob of that build, BATTGEN_WHOLE_POOL_FREE, since
# removed: level; a mapply read only by paint/fill cut to the grid on the
# CPU); nt_f is nt_new.py built at the session's start (15edb7c).
#  1. solvers_whole's outputs and counter line against the CPU, on the
#     evaluation and the training set (all GPUs);
#  2. alone, three rounds interleaved: nt_f, nt_c with no buffers made
#     ahead (BATTGEN_WHOLE_POOL_FREE=0), nt_c;
#  3. nt_c's batched per-node path, its batch-op and coverage lines;
#  4. traced runs of three of nt_c on two GPUs, with and without buffers
#     made ahead: the host steps and the buffers made in the run.
cd "$(dirname "$0")"
source ./lib.sh
host
run_both solvers_whole evaluation solvers_whole_eval
run_both solvers_whole training solvers_whole_train
for r in 1 2 3; do
    echo "nt_f r$r"; alone nt_f
    echo "nt_c pool 0 r$r"; alone nt_c BATTGEN_WHOLE_POOL_FREE=0
    echo "nt_c r$r"; alone nt_c
done
./nt_c $X --exec batched --gpus all --stats --timeout-ms 10000 2>&1 | grep -E "batch ops|gpu coverage|wall time"
for c in 0 2; do
    echo "== trace: pool $c"
    BATTGEN_WHOLE_POOL_FREE=$c BATTGEN_GPU_TRACE=1 ./nt_c $X --exec device --gpus all --timeout-ms 10000 --repeat 3 --quiet > $OUT/trace_pool$c.log 2>&1
    grep -E "host steps|page-locked|outcomes:|each kernel ends" $OUT/trace_pool$c.log | tail -7 | cut -c1-700
done
date
