#!/bin/bash
# Forty-first session (nvidia-h200), after help47.sh: six interleaved
# rounds of all47_nohelp and all47 over training, each traced (when the
# threads ran out of jobs, the tail, what helpers ran), to tell the tail
# from the host's drift (the first try of this script lost the no-help
# rounds: the wrapper was help47.sh's, gone with the carried folder); then
# scaling.sh on all47 (the host's ceiling against our 16 threads).
cd "$(dirname "$0")"
source ./lib.sh
host
printf '#!/bin/bash\nBATTGEN_NO_HELP=1 exec "$(dirname "$0")/all47" "$@"\n' > all47_nohelp
chmod +x all47_nohelp
for r in 1 2 3 4 5 6; do
    for b in all47_nohelp all47; do
        printf "== r%d %s\n" $r $b
        BATTGEN_THREADS_TRACE=1 ./$b $X --exec per-input 2>&1 |
            grep -E "threads trace: (16 threads|helpers)|wall time" | sed 's/; jobs .*//'
    done
done
BIN=all47 EXECS=per-input ./scaling.sh 2>&1 | grep -E "alone|ceiling"
date
