// Grid -> grid transforms: one thread per output cell over the whole batch.
// Each kernel is one statement (variadic: commas inside are fine): the
// value `v` of output cell (i, j) of a row,
// read from its input grid A (h x w = ah x aw) and, for binary ops, B.

#define GATHER(name, ...)                                                      \
extern "C" __global__ void name(const signed char* a, const signed char* b,    \
                                signed char* out, const int* desc,              \
                                int nrows, int total) {                         \
    for (int cell = blockIdx.x * blockDim.x + threadIdx.x; cell < total;        \
         cell += gridDim.x * blockDim.x) {                                      \
        const int* d = desc + find_row(desc, nrows, cell) * DESC;               \
        const int k = cell - d[6];                                              \
        const int i = k / d[8], j = k % d[8];                                   \
        const signed char* A = a + d[0];                                        \
        const signed char* B = b + d[3];                                        \
        const int ah = d[1], aw = d[2], bw = d[5];                              \
        const int p0 = d[9], p1 = d[10];                                        \
        (void)A; (void)B; (void)ah; (void)aw; (void)bw; (void)p0; (void)p1;     \
        signed char v;                                                          \
        __VA_ARGS__;                                                            \
        out[cell] = v;                                                          \
    }                                                                           \
}

// Rotations and mirrors (output ah x aw or aw x ah).
GATHER(rot90,   v = A[(ah - 1 - j) * aw + i])
GATHER(rot180,  v = A[(ah - 1 - i) * aw + (aw - 1 - j)])
GATHER(rot270,  v = A[j * aw + (aw - 1 - i)])
GATHER(hmirror, v = A[(ah - 1 - i) * aw + j])
GATHER(vmirror, v = A[i * aw + (aw - 1 - j)])
GATHER(dmirror, v = A[j * aw + i])
GATHER(cmirror, v = A[(ah - 1 - j) * aw + (aw - 1 - i)])

// A window at (p0, p1): crop, tophalf, bottomhalf, lefthalf, righthalf, trim.
GATHER(window,  v = A[(i + p0) * aw + (j + p1)])

// Scaling: upscale by (p0 rows, p1 columns); downscale keeps every p0-th.
GATHER(upscale,   v = A[(i / p0) * aw + (j / p1)])
GATHER(downscale, v = A[(i * p0) * aw + (j * p0)])

// Colours.
GATHER(replace, { v = A[i * aw + j]; if (v == p0) v = (signed char)p1; })
GATHER(switch_colors, {
    v = A[i * aw + j];
    if (v == p0) v = (signed char)p1; else if (v == p1) v = (signed char)p0;
})
GATHER(canvas,  v = (signed char)p0)

// Two grids.
GATHER(cellwise, {
    const signed char x = A[i * aw + j];
    v = (x == B[i * bw + j]) ? x : (signed char)p0;
})
GATHER(hconcat, v = (j < aw) ? A[i * aw + j] : B[i * bw + (j - aw)])
GATHER(vconcat, v = (i < ah) ? A[i * aw + j] : B[(i - ah) * bw + j])
