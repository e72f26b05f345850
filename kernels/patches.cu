// Grids to sets of cells, and sets of cells onto grids.
//
// A cell or location travels as one unsigned key whose integer order is the
// reference's tuple order (colour, row, column), so sorted keys are the
// frozenset order of the CPU (values.rs):
//     key = (colour + 128) << 24 | i << 12 | j        (0 <= i, j < 4096)
// Locations of `ofcolor` use the same key with colour slot 0.
//
// Components (objects, partition, fgpartition) and ofcolor run one thread
// per row: a row is one grid of at most MAX_CELLS cells, the work is a
// flood fill and counting sorts, serial by nature; a batch has thousands
// of rows. The painting kernels (fill, underfill, paint, underpaint) run
// one block per row.
//
// Rows a kernel cannot decide exactly get status -1 in `counts` and go
// back to the CPU.

#define MAX_CELLS 4096
#define KEY(slot, i, j) (((unsigned int)(slot) << 24) | ((unsigned int)(i) << 12) | (unsigned int)(j))

// The first most common colour slot (ascending slot order, as the CPU's
// pick over its 256 counts).
__device__ int most_common_slot(const int* counts) {
    int best = 0, n = -1;
    for (int s = 0; s < 256; ++s) if (counts[s] > n) { n = counts[s]; best = s; }
    return best;
}

// Sort keys[0..n) with their payload, ascending (Shell sort: small n, no
// recursion, no extra memory).
__device__ void sort_by_key(unsigned int* keys, int* payload, int n) {
    const int gaps[8] = {701, 301, 132, 57, 23, 10, 4, 1};
    for (int g = 0; g < 8; ++g) {
        const int gap = gaps[g];
        for (int k = gap; k < n; ++k) {
            const unsigned int key = keys[k];
            const int p = payload[k];
            int m = k;
            for (; m >= gap && keys[m - gap] > key; m -= gap) {
                keys[m] = keys[m - gap];
                payload[m] = payload[m - gap];
            }
            keys[m] = key;
            payload[m] = p;
        }
    }
}

// Descriptor words (DESC ints per row, common.cuh):
//   [0] a_off [1] h [2] w       the grid
//   [6] out_off                 first key of the row in `keys` (h*w of them)
//   [9] p0  mode: 0 objects, 1 partition, 2 fgpartition, 3 ofcolor
//   [10] p1 objects: 1 univalued | 2 diagonal | 4 without_bg; ofcolor: colour
//   [11] p2 first word of the row in `starts` (h*w + 1 of them)
// Scratch: 5 * h * w ints per row at 5 * out_off.
// Output: counts[row] = number of sets (components) or of keys (ofcolor),
// -1 when the row must run on the CPU; keys of component k are
// keys[out_off + starts[p2 + k] .. out_off + starts[p2 + k + 1]).
__device__ int components_row(const signed char* A, int h, int w, int mode, int flags,
                              unsigned int* keys, int* starts, int* scratch) {
    const int n = h * w;
    if (n <= 0 || n > MAX_CELLS || h >= 4096 || w >= 4096) return -1;
    if (mode == 3) {
        int m = 0;
        for (int k = 0; k < n; ++k)
            if ((int)A[k] == flags) keys[m++] = KEY(0, k / w, k % w);
        return m;
    }
    int counts[256];
    for (int s = 0; s < 256; ++s) counts[s] = 0;
    for (int k = 0; k < n; ++k) counts[(int)A[k] + 128]++;
    const bool univalued = mode != 0 || (flags & 1);
    const bool diagonal = mode == 0 && (flags & 2);
    const bool without_bg = mode == 2 || (mode == 0 && (flags & 4));
    const int bg = without_bg ? most_common_slot(counts) - 128 : 1000;

    int* label = scratch;             // component of each cell, -1 none
    int* stack = scratch + n;         // flood fill
    int* count = scratch + 2 * n;     // cells per component
    unsigned int* first = (unsigned int*)(scratch + 3 * n);  // smallest key
    int* order = scratch + 4 * n;     // components in set order
    int ncomp = 0;
    if (mode != 0) {
        // partition / fgpartition: a component per colour present.
        int comp_of[256];
        for (int s = 0; s < 256; ++s) comp_of[s] = -1;
        for (int k = 0; k < n; ++k) {
            const int c = A[k];
            if (c == bg) { label[k] = -1; continue; }
            int& id = comp_of[c + 128];
            if (id < 0) id = ncomp++;
            label[k] = id;
        }
    } else {
        for (int k = 0; k < n; ++k) label[k] = -2;  // unvisited
        const int di[8] = {-1, 1, 0, 0, -1, -1, 1, 1};
        const int dj[8] = {0, 0, -1, 1, -1, 1, -1, 1};
        const int nb = diagonal ? 8 : 4;
        for (int seed = 0; seed < n; ++seed) {
            if (label[seed] != -2) continue;
            const int val = A[seed];
            if (val == bg) { label[seed] = -1; continue; }
            label[seed] = ncomp;
            int top = 0;
            stack[top++] = seed;
            while (top > 0) {
                const int p = stack[--top];
                const int pi = p / w, pj = p % w;
                for (int d = 0; d < nb; ++d) {
                    const int qi = pi + di[d], qj = pj + dj[d];
                    if (qi < 0 || qi >= h || qj < 0 || qj >= w) continue;
                    const int q = qi * w + qj;
                    if (label[q] != -2) continue;
                    const int v = A[q];
                    if (univalued ? v == val : v != bg) {
                        label[q] = ncomp;
                        stack[top++] = q;
                    }
                }
            }
            ++ncomp;
        }
        // Unvisited cells left are background cells never seeded.
        for (int k = 0; k < n; ++k) if (label[k] == -2) label[k] = -1;
    }
    for (int c = 0; c < ncomp; ++c) { count[c] = 0; first[c] = 0xffffffffu; order[c] = c; }
    for (int k = 0; k < n; ++k) {
        const int c = label[k];
        if (c < 0) continue;
        count[c]++;
        const unsigned int key = KEY((int)A[k] + 128, k / w, k % w);
        if (key < first[c]) first[c] = key;
    }
    // Components are disjoint, so the frozenset order of two of them is
    // the order of their smallest cells.
    sort_by_key(first, order, ncomp);
    // Reuse `count` as each component's next write position.
    int at = 0;
    for (int r = 0; r < ncomp; ++r) {
        const int c = order[r];
        starts[r] = at;
        const int m = count[c];
        count[c] = at;
        at += m;
    }
    starts[ncomp] = at;
    // Colour by colour, row-major within: each component's keys ascend.
    for (int s = 0; s < 256; ++s) {
        if (counts[s] == 0) continue;
        for (int k = 0; k < n; ++k) {
            if ((int)A[k] + 128 != s) continue;
            const int c = label[k];
            if (c >= 0) keys[count[c]++] = KEY(s, k / w, k % w);
        }
    }
    return ncomp;
}

#ifndef BATTGEN_HOST_TEST
extern "C" __global__ void components(const signed char* a, const int* desc, int nrows,
                                      unsigned int* keys, int* starts, int* scratch,
                                      int* counts) {
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < nrows;
         r += gridDim.x * blockDim.x) {
        const int* d = desc + r * DESC;
        counts[r] = components_row(a + d[0], d[1], d[2], d[9], d[10], keys + d[6],
                                   starts + d[11], scratch + 5 * d[6]);
    }
}

// Painting: one block per row. `patch` holds 3 ints per cell (colour, i, j)
// from patch_off = d[3], d[4] cells. p0 = the colour of fill/underfill;
// p1 = 1 under (only cells of the grid's most common colour) | 2 paint
// (each cell's own colour, in order: a later cell at the same place wins).
extern "C" __global__ void paint_cells(const signed char* a, const int* patch,
                                       signed char* out, const int* desc, int nrows) {
    __shared__ int counts[256];
    __shared__ int bg;
    const int r = blockIdx.x;
    if (r >= nrows) return;
    const int* d = desc + r * DESC;
    const signed char* A = a + d[0];
    const int h = d[1], w = d[2], n = h * w;
    const int* P = patch + 3 * d[3];
    const int len = d[4];
    signed char* O = out + d[6];
    const int color = d[9], mode = d[10];
    for (int k = threadIdx.x; k < n; k += blockDim.x) O[k] = A[k];
    if (mode & 1) {
        for (int t = threadIdx.x; t < 256; t += blockDim.x) counts[t] = 0;
        __syncthreads();
        for (int k = threadIdx.x; k < n; k += blockDim.x) atomicAdd(&counts[(int)A[k] + 128], 1);
        __syncthreads();
        if (threadIdx.x == 0) bg = most_common_slot(counts) - 128;
    }
    __syncthreads();
    if (mode & 2) {
        if (threadIdx.x != 0) return;
        for (int k = 0; k < len; ++k) {
            const int i = P[3 * k + 1], j = P[3 * k + 2];
            if (i < 0 || i >= h || j < 0 || j >= w) continue;
            signed char* cell = O + i * w + j;
            if (!(mode & 1) || *cell == bg) *cell = (signed char)P[3 * k];
        }
        return;
    }
    // One colour into distinct places (a location twice writes the same
    // colour): any order gives the CPU's grid.
    for (int k = threadIdx.x; k < len; k += blockDim.x) {
        const int i = P[3 * k + 1], j = P[3 * k + 2];
        if (i < 0 || i >= h || j < 0 || j >= w) continue;
        const int at = i * w + j;
        if (!(mode & 1) || A[at] == bg) O[at] = (signed char)color;
    }
}
#endif
