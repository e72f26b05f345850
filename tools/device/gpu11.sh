#!/bin/bash
# Device run for issue 11 (staged by tools/device/stage.sh; the *_start
# binaries are the base revision's, run on the same host instance): the
# device checks, the bench's GPU lines and whole-run output comparisons
# (NO_BENCH=1: without the bench lines).
cd "$(dirname "$0")"
T=training
date; nproc; nvidia-smi -L
echo "== selftest"; ./gen run --interpret --gpu-selftest --data arc 2>&1 | grep -vE "^(battery|error: compiling)"
if [ -x ./kernels_test ]; then
  echo "== kernels test"; BATTGEN_TEST_ARC=arc ./kernels_test --test-threads 1 2>&1 | grep -E "^test |test result|panicked"
  echo "== kernels test, two streams on GPU 0 (the multi-GPU split)"
  BATTGEN_TEST_GPUS=0,0 BATTGEN_TEST_ARC=arc ./kernels_test gpu_matches 2>&1 | grep -E "^test |test result|panicked|chain|selftest:"
fi
if [ -z "$NO_BENCH" ]; then
for b in corpus corpus_start corpus; do
  echo "== bench $b"; ./$b --data $T --bench --repeat 3 2>&1 | grep -E "Batched on|Battery  16|identical"
done
fi
source ./lib.sh  # cmp_out
S="--data $T --mode cross --exec batched --stats"
echo "== corpus cpu"; ./corpus $S --cpu --out $OUT/cpu.json 2>&1 | grep -E "gpu cover|wall|batch ops"
echo "== corpus gpu (cost model)"; ./corpus $S --gpus all --out $OUT/gpu.json 2>&1 | grep -E "gpu cover|wall|batch ops|objects|fill|paint|ofcolor"
for r in 1 0; do
  echo "== corpus gpu (every eligible row: min cells 0, batches of 1718), BATTGEN_GPU_RESIDENT=$r"
  BATTGEN_GPU_RESIDENT=$r BATTGEN_GPU_MIN_CELLS=0 BATTGEN_GPU_BATCH_ROWS=1718 ./corpus $S --gpus all --out $OUT/gpu_all$r.json 2>&1 | grep -E "gpu cover|wall|batch ops|bytes"
done
cmp_out cpu gpu gpu_all1 gpu_all0; rm -f $OUT/*.json
if [ -n "$SOLVERS" ]; then
echo "== solvers cpu"; ./solvers $S --cpu --out $OUT/scpu.json 2>&1 | grep -E "gpu cover|wall|batch ops"
echo "== solvers gpu"; ./solvers $S --gpus all --out $OUT/sgpu.json 2>&1 | grep -E "gpu cover|wall|batch ops"
cmp_out scpu sgpu; rm -f $OUT/*.json
fi
if [ -n "$EVAL" ]; then
E="--data evaluation --mode cross --exec batched --stats"
echo "== evaluation: corpus cpu"; ./corpus $E --cpu --out $OUT/ecpu.json 2>&1 | grep -E "gpu cover|wall"
echo "== evaluation: corpus gpu"; ./corpus $E --gpus all --out $OUT/egpu.json 2>&1 | grep -E "wall|batch ops|bytes"
echo "== evaluation: every eligible row"
BATTGEN_GPU_MIN_CELLS=0 BATTGEN_GPU_BATCH_ROWS=1718 ./corpus $E --gpus all --out $OUT/eall.json 2>&1 | grep -E "wall|batch ops|bytes"
cmp_out ecpu egpu eall; rm -f $OUT/*.json
./corpus --data evaluation --bench --repeat 3 2>&1 | grep -E "Batched on|Battery  16|identical"
fi
if [ -n "$TRACE" ]; then
  echo "== phases of the chain's calls"
  BATTGEN_GPU_TRACE=1 ./gen run --interpret --gpu-selftest --data arc 2>&1 | grep "kept on the device |"
fi
date
