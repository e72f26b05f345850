#!/bin/bash
# Fortieth session (nvidia-h200): warps per block of the whole programs'
# kernels under today's register counts. The trace of prof45 showed the
# longest kernels at 128-166 registers a thread and 1-2 blocks of 8 warps
# per SM; smaller blocks fill the register file closer. nt45 alone
# (`alone`: GPU against the 16 threads), configurations interleaved, 3
# rounds; then one traced run of each for the kernels' times and fit.
cd "$(dirname "$0")"
source ./lib.sh
host
CONFIGS="BATTGEN_NONE=1 BATTGEN_WHOLE_WARPS=4,BATTGEN_WHOLE_BLOCKS=2048 BATTGEN_WHOLE_WARPS=2,BATTGEN_WHOLE_BLOCKS=4096 BATTGEN_WHOLE_WARPS=16,BATTGEN_WHOLE_BLOCKS=512"
for r in 1 2 3; do
    for c in $CONFIGS; do printf "%s r%d " "$c" "$r"; alone nt45 ${c//,/ }; done
done
for c in $CONFIGS; do
    echo "== traced $c"
    env ${c//,/ } BATTGEN_GPU_TRACE=1 ./nt45 --data training --mode cross --exec device --gpus 1 --timeout-ms 10000 --out /tmp/t.json 2>&1 |
        grep -E "kernels \(|blocks per SM|each kernel ends|outcomes:|wall time" | cut -c1-700
done
date
