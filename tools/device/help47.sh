#!/bin/bash
# Forty-first session (nvidia-h200): idle threads help with a long
# evaluation's top-level loop (`crew`, `*_helped` forms). The 399 public
# solvers (all47_base: the session's start, all47: this change,
# all47_nohelp: all47 with BATTGEN_NO_HELP=1), per input on all threads,
# cross over training and evaluation, interleaved; the threads' spans and
# helpers' elements; outputs compared; one thread for the efficiency;
# nt47_base / nt47 (the 373 with device code: no costly program) for a
# regression; then the GPU checks at this code.
cd "$(dirname "$0")"
source ./lib.sh
host
printf '#!/bin/bash\nBATTGEN_NO_HELP=1 exec "$(dirname "$0")/all47" "$@"\n' > all47_nohelp
chmod +x all47_nohelp
interleave 4 train-16 "$X --exec per-input" all47_base all47 all47_nohelp
interleave 3 eval-16 "--data evaluation --mode cross --exec per-input" all47_base all47 all47_nohelp
for b in all47_base all47; do
    for d in training evaluation; do
        echo "== threads trace $b ($d)"
        BATTGEN_THREADS_TRACE=1 ./$b --data $d --mode cross --exec per-input 2>&1 |
            grep -E "threads trace|wall time" | cut -c1-400
    done
done
for d in training evaluation; do
    ./all47_base --data $d --mode cross --exec per-input --out /tmp/a.json > /dev/null 2>&1
    ./all47 --data $d --mode cross --exec per-input --out /tmp/b.json > /dev/null 2>&1
    printf "%s: " $d; compare_outputs /tmp/a.json /tmp/b.json
done
rm -f /tmp/a.json /tmp/b.json
echo "== one thread all47 (training)"
./all47 $X --exec per-input --jobs 1 2>&1 | grep "wall time"
interleave 4 nt-16 "$X --exec per-input" nt47_base nt47
printf "nt47 gpu "; alone nt47
gpu_checks nt47
date
