#!/bin/bash
# Forty-second session (nvidia-h200, 16 cores): the device-code programs
# alone (nt53) on the GPU against the 16 threads, three rounds.
cd "$(dirname "$0")"
source ./lib.sh
host
alone_rounds 3 nt53
date
