// Per-grid colour statistics: one block per row builds a 256-bin histogram
// of its grid in shared memory (bin c + 128 counts colour c), then thread 0
// writes the row's answer to out[row * OUT_STRIDE ...]. Ties go to the
// smallest colour: sets iterate in ascending order (see values.rs).

#define OUT_STRIDE 8

__device__ void histogram(const signed char* A, int n, int* counts) {
    for (int t = threadIdx.x; t < 256; t += blockDim.x) counts[t] = 0;
    __syncthreads();
    for (int k = threadIdx.x; k < n; k += blockDim.x) atomicAdd(&counts[(int)A[k] + 128], 1);
    __syncthreads();
}

#define REDUCE(name, ...)                                                      \
extern "C" __global__ void name(const signed char* a, const int* desc,         \
                                int nrows, int* out) {                          \
    __shared__ int counts[256];                                                 \
    const int r = blockIdx.x;                                                   \
    if (r >= nrows) return;                                                     \
    const int* d = desc + r * DESC;                                             \
    histogram(a + d[0], d[1] * d[2], counts);                                   \
    if (threadIdx.x == 0) {                                                     \
        int* o = out + r * OUT_STRIDE;                                          \
        const int p0 = d[9];                                                    \
        (void)p0;                                                               \
        __VA_ARGS__;                                                            \
    }                                                                           \
}

REDUCE(mostcolor, {
    int best = 0, n = -1;
    for (int c = 0; c < 256; ++c) if (counts[c] > n) { n = counts[c]; best = c; }
    o[0] = best - 128;
})
REDUCE(leastcolor, {
    int best = 0, n = 0x7fffffff;
    for (int c = 0; c < 256; ++c) if (counts[c] > 0 && counts[c] < n) { n = counts[c]; best = c; }
    o[0] = best - 128;
})
REDUCE(numcolors, {
    int n = 0;
    for (int c = 0; c < 256; ++c) n += counts[c] > 0;
    o[0] = n;
})
REDUCE(colorcount, o[0] = counts[p0 + 128])
// A 256-bit mask of the colours present: bit c + 128.
REDUCE(palette, {
    for (int w = 0; w < 8; ++w) {
        unsigned int m = 0;
        for (int k = 0; k < 32; ++k) if (counts[w * 32 + k] > 0) m |= 1u << k;
        o[w] = (int)m;
    }
})
