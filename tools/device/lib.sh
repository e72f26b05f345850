#!/bin/bash
# Helpers for the device scripts (source it from .device/).

# The data of the runs: the training set, every program on every input.
T=training
X="--data $T --mode cross"
#
# interleave ROUNDS LABEL "ARGS" BIN...: run each BIN with ARGS, the
# binaries in turn, ROUNDS times (a host's speed drifts between rounds, so
# A/B pairs are taken back to back), printing "LABEL BIN rK <wall line>".
# The wall line is the run summary's `wall time` (the median of --repeat
# runs where ARGS asks for them).
interleave() {
    local rounds=$1 label=$2 args=$3
    shift 3
    for r in $(seq "$rounds"); do
        for b in "$@"; do
            printf "%-14s %-14s r%d " "$label" "$b" "$r"
            # shellcheck disable=SC2086
            # A run that ends without its summary leaves its exit code and
            # its last lines (one in about 60 did once, forty-first session).
            ./$b $args > /tmp/interleave.log 2>&1
            local rc=$?
            grep 'wall time' /tmp/interleave.log ||
                { echo "(no wall time: failed, exit code $rc)"; tail -c 2000 /tmp/interleave.log; }
        done
    done
}

# corpus_ab: the corpus bench of corpus_start and corpus (per-input,
# battery, batched; one and all threads; the GPU line where a GPU is),
# then scaling.sh (the host's ceiling against our threads).
corpus_ab() {
    echo "== corpus bench (per-input, battery, batched; 1 and all threads; the GPU line)"
    for b in corpus_start corpus; do
        echo "-- $b"
        ./$b --data $T --bench --repeat 3 2>&1 | grep -E 'evaluations/s|identical|efficiency|differ'
    done
    echo "== scaling (the host's ceiling against our threads)"
    ./scaling.sh 2>&1 | grep -E 'alone|ceiling'
}

# solvers_outputs_ab: solvers_start and solvers (arc-dsl's solvers.py,
# compiled) per input on all threads, two rounds, then their outputs
# compared (`__stats__` aside).
solvers_outputs_ab() {
    echo "== solvers.py compiled, per-input, all threads (outputs compared, __stats__ aside)"
    for r in 1 2; do
        for b in solvers_start solvers; do
            printf "solvers-all %-14s r%d " $b $r
            ./$b $X --exec per-input --out /tmp/sol_$b.json 2>&1 | grep 'wall time'
        done
    done
    compare_outputs /tmp/sol_solvers_start.json /tmp/sol_solvers.json
}

# host: what the machine is, for the log.
host() {
    date
    nproc
    lscpu | grep -E 'Model name'
    nvidia-smi -L 2>/dev/null || echo "no nvidia-smi"
}

# compare_outputs A B: two results JSON files of the same battery, program
# by program (`__stats__` aside): how many programs differ, and for the
# first three the inputs that do with a few of the outputs on each side.
compare_outputs() {
    python3 - "$1" "$2" <<'PY'
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
keys = [k for k in a if k != '__stats__']
diff = [k for k in keys if a[k] != b[k]]
print('outputs: %d programs, %d differ %s' % (len(keys), len(diff), diff[:5]))
for k in diff[:3]:
    d = [i for i in a[k] if a[k][i] != b[k][i]]
    print(k, len(d), 'inputs differ; first:', sorted({str(a[k][i])[:30] for i in d})[:3],
          'second:', sorted({str(b[k][i])[:30] for i in d})[:3])
PY
}

# search_ab GEN...: `gen search --mutants 100000` over $T with each binary,
# its search time and phases, then whether the results (stats aside) of
# the first two are identical.
search_ab() {
    for g in "$@"; do
        printf "search %-10s " "$g"
        ./"$g" search --mutants 100000 --data $T --out "/tmp/found_$g.json" 2>&1 |
            grep -E "search time" | tr '\n' ' '
        python3 -c "import json; s = json.load(open('/tmp/found_$g.json'))['stats']; print('prepare %.2f s, search %.2f s, %d solved' % (s['prepare_seconds'], s['search_seconds'], s['tasks_solved']))"
    done
    python3 -c "
import json
a = json.load(open('/tmp/found_$1.json')); b = json.load(open('/tmp/found_$2.json'))
strip = lambda d: {k: v for k, v in d.items() if k != 'stats'}
print('search results identical:', strip(a) == strip(b))"
}

# cmp_out REF NAME...: results JSON files $OUT/REF.json and $OUT/NAME.json
# (`__stats__` aside), output by output: how many of NAME's differ from
# REF's, out of how many, with the first few differences.
cmp_out() { python3 - "$OUT" "$@" <<'PY' || echo "no python3"
import json, sys
out = sys.argv[1]
def load(n):
    d = json.load(open(f"{out}/{n}.json")); d.pop("__stats__", None); return d
c = load(sys.argv[2])
for n in sys.argv[3:]:
    g = load(n)
    diff = 0
    for p, r in c.items():
        for k, v in r.items():
            w = g.get(p, {}).get(k)
            if w != v:
                diff += 1
                if diff <= 6:
                    print("  ", n, p, k, "cpu:", str(v)[:100], "| gpu:", str(w)[:100])
    print(n, "vs", sys.argv[2], ":", diff, "differing outputs of", sum(len(r) for r in c.values()))
PY
}

# alone BIN [ENV...]: the device-code programs of BIN alone (its bench's
# "device code alone" line, GPU against all CPU threads), with ENV set;
# any differing output is printed too.
alone() {
    env BATTGEN_BENCH_WHOLE_ONLY=1 "${@:2}" ./$1 --data training --bench --repeat 5 2>&1 |
        grep -E "device code alone|differ|identical across all configurations: false"
}

# ab_configs: three interleaved rounds of the base (solvers_whole_start),
# this build (solvers_whole) and this build with each of $CONFIGS (knobs
# joined by commas: BATTGEN_WHOLE_OBJS=256,BATTGEN_WHOLE_DEADLINE_US=2000).
ab_configs() {
    echo "== the device-code programs alone, A/B"
    for r in 1 2 3; do
        printf "start r%d " $r; alone solvers_whole_start
        printf "this  r%d " $r; alone solvers_whole
        for c in $CONFIGS; do printf "%s r%d " $c $r; alone solvers_whole ${c//,/ }; done
    done
}

# run_both BIN DATA LABEL: BIN in cross mode over DATA per input on the
# CPU, then whole programs on all GPUs (`--exec device`, its `whole
# programs:` counter line), and their outputs compared (cmp_out).
run_both() {  # binary, data set, label
    echo "== $3"
    ./$1 --data $2 --mode cross --timeout-ms 10000 --exec per-input --out $OUT/${3}_cpu.json 2>&1 |
        grep -E "wall time"
    ./$1 --data $2 --mode cross --timeout-ms 10000 --exec device --gpus all --stats \
        --out $OUT/${3}_gpu.json 2>&1 | grep -E "whole programs|wall time"
    cmp_out ${3}_cpu ${3}_gpu
    rm -f $OUT/*.json
}

# gpu_checks BIN: a session's checks of a battery on the GPU, over the
# training set: the selftest of the batched kernels, the whole programs'
# outputs on the GPU against the CPU (their counter line), and the batched
# per-node path's batch-op counters and static gpu coverage line.
gpu_checks() {
    echo "== selftest"
    ./$1 --data training --gpu-selftest 2>&1 | tail -4
    run_both $1 training ${1}_train
    echo "== batched per-node path"
    ./$1 $X --exec batched --gpus all --stats --timeout-ms 10000 2>&1 |
        grep -E "batch ops|gpu coverage|wall time"
}

# alone_rounds ROUNDS BIN...: each BIN alone (`alone`), the binaries in
# turn, ROUNDS times: A/B pairs back to back on one host.
alone_rounds() {
    local rounds=$1
    shift
    for r in $(seq "$rounds"); do
        for b in "$@"; do printf "%-14s r%d\n" "$b" "$r"; alone "$b"; done
    done
}

# profile_gpu1 BIN NAME: BIN in cross mode over training on one GPU with
# the per-evaluation profile (BATTGEN_WHOLE_PROFILE) and the GPU trace;
# the log into $OUT/NAME.log, the profile gzipped into $OUT/NAME.tsv.gz.
profile_gpu1() {
    echo "== profile $1, 1 GPU"
    BATTGEN_WHOLE_PROFILE=$OUT/$2.tsv BATTGEN_GPU_TRACE=1 ./$1 --data training --mode cross \
        --exec device --gpus 1 --timeout-ms 10000 --stats --out /tmp/$2.json > $OUT/$2.log 2>&1
    grep -E "whole programs|wall time|outcomes" $OUT/$2.log
    gzip -f $OUT/$2.tsv
}

# session_pair STEP OLD NEW WHOLE: a session's runs on a one-GPU host,
# the build before (OLD) against this one (NEW), both batteries of the
# same programs; WHOLE this session's battery of solvers_whole.py.
#   step 1: gpu_checks WHOLE, then OLD and NEW alone, 2 rounds;
#   step 2: 16-thread per-input times of OLD and NEW interleaved, 4 rounds,
#           their outputs compared; NEW's parallel efficiency per input.
session_pair() {
    local old=$2 new=$3 whole=$4
    case "$1" in
    1)
        gpu_checks "$whole"
        alone_rounds 2 "$old" "$new"
        ;;
    2)
        interleave 4 per-input-16 "$X --exec per-input" "$old" "$new"
        ./"$old" $X --exec per-input --out /tmp/old.json > /dev/null 2>&1
        ./"$new" $X --exec per-input --out /tmp/new.json > /dev/null 2>&1
        compare_outputs /tmp/old.json /tmp/new.json
        EXECS=per-input BIN=$new ./scaling.sh | grep -E "alone|ceiling"
        ;;
    esac
}
