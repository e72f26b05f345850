// Shared by every kernel family. The host prepends this file to each family's
// source before compiling it with NVRTC (no #include: NVRTC has no file system).
//
// A batch of grids is one buffer of cells (signed char, row-major per grid).
// Each row of a call is described by DESC ints:
//   [0] a_off  [1] a_h  [2] a_w     first input grid (offset into `a`)
//   [3] b_off  [4] b_h  [5] b_w     second input grid (offset into `b`), if any
//   [6] out_off [7] out_h [8] out_w output grid (offset into `out`), if any
//   [9] p0  [10] p1  [11] p2        integer parameters (factor, colours, ...)
// Output shapes and offsets are computed on the host.

#define DESC 12

// The row whose output holds `cell`: the last row with out_off <= cell.
// Every row of a gather call has at least one output cell, so out_off is
// strictly increasing.
__device__ __forceinline__ int find_row(const int* desc, int nrows, int cell) {
    int lo = 0, hi = nrows - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) >> 1;
        if (desc[mid * DESC + 6] <= cell) lo = mid; else hi = mid - 1;
    }
    return lo;
}
