// Whole programs on the device, part two: objects and sets of objects (the
// structs O and S of whole.cuh), and the helpers of the loops the generator
// writes for apply, mapply, sfilter, argmax, ... over them. Appended to
// whole.cuh; the same rules hold: one warp per evaluation, every branch
// warp-uniform, false (DEOPT) for every case other than the ordinary one.

__device__ __forceinline__ unsigned cell_key(int color, unsigned short loc) {
    return ((unsigned)color << 16) | loc;
}
__device__ __forceinline__ int cell_color(unsigned k) { return (int)(k >> 16); }
__device__ __forceinline__ unsigned short cell_loc(unsigned k) { return (unsigned short)(k & 0xFFFFu); }
// astuple(colour, location): a cell (other numbers, or a location out of
// range, are left to the CPU).
__device__ bool d_astuple_cell(unsigned& o, I64 c, P v) {
    if (!is_color(c) || !loc_ok(v.a, v.b)) return false;
    o = cell_key((int)c, loc_key(v.a, v.b));
    return true;
}

// Sorts k[0..n) ascending and drops repeats (a bitonic sort over the next
// power of two, which k must have room for); returns the count left.
template <typename K>
WHOLE_FN int sort_unique(K* k, int n, K pad) {
    int p = 1;
    while (p < n) p <<= 1;
    for (int x = n + LANE; x < p; x += WARP) k[x] = pad;
    SYNC();
    for (int size = 2; size <= p; size <<= 1)
        for (int stride = size >> 1; stride > 0; stride >>= 1) {
            for (int x = LANE; x < p; x += WARP) {
                const int y = x ^ stride;
                if (y > x) {
                    const K a = k[x], b = k[y];
                    if ((a > b) == ((x & size) == 0)) {
                        k[x] = b;
                        k[y] = a;
                    }
                }
            }
            SYNC();
        }
    // Compaction in place, a chunk of the warp at a time: each lane reads
    // its key and the one before, then the kept keys move down to their
    // ranks (at or below their places, so never onto a key still unread).
    int kept = 0;
    for (int x0 = 0; x0 < n; x0 += WARP) {
        const int x = x0 + LANE;
        K v = pad;
        bool keep = false;
        if (x < n) {
            v = k[x];
            keep = x == 0 || k[x - 1] != v;
        }
        const unsigned m = warp_ballot(keep);
        SYNC();
        if (keep) k[kept + popc(m & lanes_below())] = v;
        kept += popc(m);
        SYNC();
    }
    return kept;
}

// The place of `key` in the ascending keys of `a`: the first key not below
// it (a binary search), and whether `a` holds it.
__device__ __forceinline__ int o_place(const O& a, unsigned key) { return keys_below(a.k, a.n, key); }
__device__ __forceinline__ bool o_has(const O& a, unsigned key) {
    const int at = o_place(a, key);
    return at < a.n && a.k[at] == key;
}
// Appends m keys after the o.n held (no sort, repeats kept); false where
// they pass `room`.
template <typename Set, typename K>
__device__ bool append_keys(Set& o, const K* keys, int m, int room) {
    if (o.n + m > room) return false;
    const int at = o.n;
    SYNC(); // every lane has read the count before lane 0 moves it
    for (int x = LANE; x < m; x += WARP) o.k[at + x] = keys[x];
    return keys_done(o, at + m);
}

// The bounds of a non-empty object's locations.
WHOLE_FN void obounds(const O& a, int& top, int& left, int& bottom, int& right) {
    int t = 1 << 20, l = 1 << 20, b = -(1 << 20), r = -(1 << 20);
    for (int x = LANE; x < a.n; x += WARP) {
        const int i = key_i(cell_loc(a.k[x])), j = key_j(cell_loc(a.k[x]));
        t = i < t ? i : t;
        b = i > b ? i : b;
        l = j < l ? j : l;
        r = j > r ? j : r;
    }
    top = warp_min(t);
    bottom = warp_max(b);
    left = warp_min(l);
    right = warp_max(r);
}

// occurrences of a box of one colour c (an object with every cell of its
// oh x ow box, as asobject(canvas(c, dims)) makes) in a grid at most 64
// wide: bit j of row y's word says the row has ow cells of c from column j
// (the row's bits ANDed with themselves shifted, by doubling), and the box
// is at (i, j) where rows i..i+oh-1 all have bit j. A lane a row, then a
// lane a row of places, written in order after a warp scan of the counts.
// The words wait in the top of o's room, above every place it can hold
// (the caller checks). a64e4611's argmax over box sizes tested each place
// cell by cell, 100 sizes per grid: the most warp time of any program.
__device__ bool occurrences_box(X& o, const G& a, int c, int oh, int ow) {
    const int h = a.h, w = a.w, h2 = h - oh + 1;
    unsigned short* words = o.k + WHOLE_LOCS_ROOM - 4 * h;
    for (int y = LANE; y < h; y += WARP) {
        unsigned long long bits = 0;
        for (int j = 0; j < w; ++j) bits |= (unsigned long long)(a.c[y * w + j] == c) << j;
        for (int run = 1; run < ow;) {
            const int step = run < ow - run ? run : ow - run;
            bits &= bits >> step;
            run += step;
        }
        for (int q = 0; q < 4; ++q) words[4 * y + q] = (unsigned short)(bits >> (16 * q));
    }
    SYNC();
    int n = 0;
    for (int i0 = 0; i0 < h2; i0 += WARP) {
        const int i = i0 + LANE;
        unsigned long long both = 0;
        if (i < h2) {
            both = ~0ull;
            for (int y = i; y < i + oh; ++y) {
                unsigned long long row = 0;
                for (int q = 0; q < 4; ++q) row |= (unsigned long long)words[4 * y + q] << (16 * q);
                both &= row;
            }
        }
        const int count = popcll(both);
        int at = n + warp_exclusive_sum(count);
        n += warp_sum(count);
        for (; both; both &= both - 1) o.k[at++] = loc_key(i, lowest_bit64(both));
    }
    return set_done(o, n);
}

// occurrences(grid, obj): the places (i, j), ascending, where the object
// normalized and moved by (i, j) lies inside the grid with its colours;
// each lane tests one place against every cell. An empty object (shape
// (0, 0)) occurs at every place of range(h + 1) x range(w + 1).
WHOLE_FN bool d_occurrences(X& o, const G& a, const O& p) {
    if (!ok_grid(a) || a.h > 127 || a.w > 127) return false;
    int t = 0, l = 0, oh = 0, ow = 0;
    if (p.n > 0) {
        int b, r;
        obounds(p, t, l, b, r);
        oh = b - t + 1;
        ow = r - l + 1;
    }
    const int h2 = a.h - oh + 1, w2 = a.w - ow + 1;
    if (h2 <= 0 || w2 <= 0) return set_done(o, 0);
    if (h2 * w2 > WHOLE_LOCS) return false;
    // One colour (the keys ascend by colour first) over the whole box.
    if (p.n > 0 && p.n == oh * ow && cell_color(p.k[0]) == cell_color(p.k[p.n - 1]) && a.w <= 64 &&
        h2 * w2 + 4 * a.h <= WHOLE_LOCS_ROOM)
        return occurrences_box(o, a, cell_color(p.k[0]), oh, ow);
    int n = 0;
    for (int c0 = 0; c0 < h2 * w2; c0 += WARP) {
        const int c = c0 + LANE;
        bool hit = c < h2 * w2;
        const int i = hit ? c / w2 : 0, j = hit ? c % w2 : 0;
        for (int x = 0; hit && x < p.n; ++x) {
            const int y = key_i(cell_loc(p.k[x])) - t + i, z = key_j(cell_loc(p.k[x])) - l + j;
            hit = y < a.h && z < a.w && a.c[y * a.w + z] == cell_color(p.k[x]);
        }
        const unsigned m = warp_ballot(hit);
        if (hit) o.k[n + popc(m & lanes_below())] = loc_key(i, j);
        n += popc(m);
    }
    return set_done(o, n);
}

// ----- grids -> sets of objects ---------------------------------------------

// objects(grid, univalued, diagonal, without_bg): the connected components
// (4- or 8-connected; of one colour, or of any colour but the background),
// found by propagating the smallest cell index with pointer jumping. The
// labels live in the scratch slot `tmp`; `aux` holds per-object counters.
WHOLE_FN bool d_objects(S& o, const G& a, I64 univalued, I64 diagonal, I64 without_bg, V& tmp, int* aux) {
    if (!ok_grid(a) || a.h > 127 || a.w > 127 || a.h * a.w > WHOLE_LOCS) return false;
    const int h = a.h, w = a.w, n = h * w;
    int bg = -1;
    if (without_bg) {
        I64 m = 0;
        d_mostcolor(m, a);
        bg = (int)m;
    }
    const unsigned short none = 0xFFFFu, root_tag = 0x8000u;
    unsigned short* lab = tmp.x.k;
    for (int c = LANE; c < n; c += WARP) lab[c] = a.c[c] == bg ? none : (unsigned short)c;
    SYNC();
    const bool univ = univalued != 0, diag = diagonal != 0;
    for (;;) {
        // Checked each round, like the programs' own loops: on a large grid
        // of long components the rounds run to several deadlines (up to 39
        // ms for `solve_469497ad`'s upscaled grids, each module's kernel
        // waiting for them).
        if (WHOLE_LATE()) return false;
        bool changed = false;
        for (int c = LANE; c < n; c += WARP) {
            unsigned short best = lab[c];
            if (best == none) continue;
            const unsigned short jump = lab[best];
            if (jump < best) best = jump;
            const int i = c / w, j = c - i * w;
            const signed char v = a.c[c];
            for (int di = -1; di <= 1; ++di)
                for (int dj = -1; dj <= 1; ++dj) {
                    if ((di == 0 && dj == 0) || (!diag && di != 0 && dj != 0)) continue;
                    const int y = i + di, x = j + dj;
                    if (y < 0 || y >= h || x < 0 || x >= w) continue;
                    const int d = y * w + x;
                    const unsigned short l = lab[d];
                    if (l == none || (univ && a.c[d] != v)) continue;
                    if (l < best) best = l;
                }
            if (best < lab[c]) {
                lab[c] = best;
                changed = true;
            }
        }
        SYNC();
        if (!warp_any(changed)) break;
    }
    // Each component's label is now its first cell (row-major), its root.
    // Number the roots, then point every cell at its root's number.
    int* size = aux;
    int* at = aux + WHOLE_OBJS;
    int roots = 0;
    for (int c0 = 0; c0 < n; c0 += WARP) {
        const int c = c0 + LANE;
        const bool root = c < n && lab[c] == c;
        const unsigned m = warp_ballot(root);
        if (roots + popc(m) > WHOLE_OBJS) return false;
        if (root) lab[c] = (unsigned short)(root_tag | (roots + popc(m & lanes_below())));
        roots += popc(m);
    }
    SYNC();
    int cells = 0;
    for (int c = LANE; c < n; c += WARP) {
        const unsigned short l = lab[c];
        if (l != none && l < root_tag) lab[c] = lab[l];
        cells += l != none;
    }
    cells = warp_sum(cells);
    if (cells > WHOLE_SCELLS) return false;
    for (int r = LANE; r < roots; r += WARP) {
        size[r] = 0;
        at[r] = -1;
    }
    SYNC();
    for (int c = LANE; c < n; c += WARP) {
        const unsigned short l = lab[c];
        if (l != none) shared_add(&size[l & 0x7FFF], 1);
    }
    SYNC();
    // One scan of the cells by colour, then row-major, which is the order
    // of their keys: it meets each object first at its smallest cell, so the
    // objects are numbered in their set order (disjoint objects are ordered
    // by their smallest cells) as they are met, and each object's cells
    // come in ascending order. Lanes of one object in a chunk take
    // consecutive places in lane order.
    int ranked = 0, placed = 0;
    for (int col = 0; col < 10; ++col)
        for (int c0 = 0; c0 < n; c0 += WARP) {
            const int c = c0 + LANE;
            const bool hit = c < n && lab[c] != none && a.c[c] == col;
            if (!warp_any(hit)) continue;
            const int r = hit ? (lab[c] & 0x7FFF) : -1;
            const unsigned peers = warp_peers(r);
            const bool lead = hit && (peers & lanes_below()) == 0;
            const bool met = lead && at[r] < 0;
            const unsigned m = warp_ballot(met);
            const int grows = met ? size[r] : 0;
            const int before = warp_exclusive_sum(grows);
            SYNC();
            if (met) {
                at[r] = placed + before;
                o.off[ranked + popc(m & lanes_below())] = (unsigned short)(placed + before);
            }
            ranked += popc(m);
            placed += warp_sum(grows);
            SYNC();
            if (hit) o.k[at[r] + popc(peers & lanes_below())] = cell_key(col, loc_key(c / w, c % w));
            SYNC();
            if (lead) at[r] += popc(peers);
            SYNC();
        }
    if (LANE == 0) {
        o.off[roots] = (unsigned short)cells;
        o.n = roots;
        o.m = cells;
    }
    SYNC();
    return true;
}

// partition / fgpartition: one object per colour (but the most common).
WHOLE_FN bool partition_of(S& o, const G& a, bool fg) {
    if (!ok_grid(a) || a.h > 127 || a.w > 127) return false;
    int counts[10];
    counts_of(a, counts);
    int bg = -1;
    if (fg) {
        bg = 0;
        for (int c = 1; c < 10; ++c) if (counts[c] > counts[bg]) bg = c;
    }
    int objs = 0, total = 0;
    for (int c = 0; c < 10; ++c)
        if (counts[c] > 0 && c != bg) {
            ++objs;
            total += counts[c];
        }
    if (total > WHOLE_SCELLS) return false;
    const int n = a.h * a.w;
    int e = 0, base = 0;
    for (int col = 0; col < 10; ++col) {
        if (counts[col] == 0 || col == bg) continue;
        if (LANE == 0) o.off[e] = (unsigned short)base;
        for (int c0 = 0; c0 < n; c0 += WARP) {
            const int c = c0 + LANE;
            const bool hit = c < n && a.c[c] == col;
            const unsigned m = warp_ballot(hit);
            if (hit) o.k[base + popc(m & lanes_below())] = cell_key(col, loc_key(c / a.w, c % a.w));
            base += popc(m);
        }
        ++e;
    }
    if (LANE == 0) {
        o.off[objs] = (unsigned short)total;
        o.n = objs;
        o.m = total;
    }
    SYNC();
    return true;
}
WHOLE_FN bool d_partition(S& o, const G& a) { return partition_of(o, a, false); }
WHOLE_FN bool d_fgpartition(S& o, const G& a) { return partition_of(o, a, true); }

// ----- sets of objects ------------------------------------------------------

__device__ void s_clear(S& o) {
    if (LANE == 0) {
        o.n = 0;
        o.m = 0;
        o.off[0] = 0;
    }
    SYNC();
}
// Is there room in o for one more object of `len` keys?
__device__ __forceinline__ bool s_room(const S& o, int len) {
    return o.n < WHOLE_OBJS && o.m + len <= WHOLE_SCELLS;
}
// Closes the object of `len` keys just written at o.k[o.m..].
__device__ void s_close(S& o, int len) {
    SYNC();
    if (LANE == 0) {
        o.m += len;
        o.n += 1;
        o.off[o.n] = (unsigned short)o.m;
    }
    SYNC();
}
// Appends `len` keys (one object, or a set of locations as colour 0) to
// o; false if they do not fit.
template <typename K>
WHOLE_FN bool s_push(S& o, const K* k, int len) {
    if (!s_room(o, len)) return false;
    for (int x = LANE; x < len; x += WARP) o.k[o.m + x] = k[x];
    s_close(o, len);
    return true;
}
__device__ __forceinline__ bool s_append(S& o, const S& a, int e) {
    return s_push(o, a.k + a.off[e], a.off[e + 1] - a.off[e]);
}
__device__ __forceinline__ bool s_append_o(S& o, const O& a) { return s_push(o, a.k, a.n); }


// Object e of a set.
WHOLE_FN bool d_obj_at(O& o, const S& a, int e) {
    const int from = a.off[e], len = a.off[e + 1] - from;
    for (int x = LANE; x < len; x += WARP) o.k[x] = a.k[from + x];
    return obj_done(o, len);
}
// Are the keys equal?
WHOLE_FN bool same_keys(const unsigned* a, int na, const unsigned* b, int nb) {
    if (na != nb) return false;
    bool eq = true;
    for (int x = LANE; x < na; x += WARP) eq = eq && a[x] == b[x];
    return warp_all(eq);
}
// Lexicographic order of two key sequences: -1, 0 or 1.
WHOLE_FN int cmp_keys(const unsigned* a, int na, const unsigned* b, int nb) {
    for (int x = 0; x < na && x < nb; ++x)
        if (a[x] != b[x]) return a[x] < b[x] ? -1 : 1;
    return na < nb ? -1 : (na > nb ? 1 : 0);
}

WHOLE_FN bool d_size_s(I64& o, const S& a) { o = a.n; return true; }
WHOLE_FN bool d_first_s(O& o, const S& a) { return a.n > 0 ? d_obj_at(o, a, 0) : raises(WHOLE_RAISE_STOP); }
WHOLE_FN bool d_last_s(O& o, const S& a) { return a.n > 0 ? d_obj_at(o, a, a.n - 1) : raises(WHOLE_RAISE_VALUE); }
WHOLE_FN bool d_merge_s(O& o, const S& a) {
    if (a.m > WHOLE_CELLS) return false;
    for (int x = LANE; x < a.m; x += WARP) o.k[x] = a.k[x];
    SYNC();
    return obj_done(o, sort_unique<unsigned>(o.k, a.m, 0xFFFFFFFFu));
}
// Filters keep the order of the kept objects.
WHOLE_FN bool d_colorfilter(S& o, const S& a, I64 value) {
    s_clear(o);
    for (int e = 0; e < a.n; ++e) {
        if (a.off[e + 1] == a.off[e]) return false;
        if (cell_color(a.k[a.off[e]]) == value && !s_append(o, a, e)) return false;
    }
    return true;
}
WHOLE_FN bool d_sizefilter(S& o, const S& a, I64 size) {
    s_clear(o);
    for (int e = 0; e < a.n; ++e)
        if (a.off[e + 1] - a.off[e] == size && !s_append(o, a, e)) return false;
    return true;
}
// Both sets ascend, so one walk through b finds each object of a or
// passes it (each pair compared at most once, not every object of a
// against every object of b).
WHOLE_FN bool d_difference_s(S& o, const S& a, const S& b) {
    s_clear(o);
    int f = 0;
    for (int e = 0; e < a.n; ++e) {
        const unsigned* ka = a.k + a.off[e];
        const int na = a.off[e + 1] - a.off[e];
        int c = 1;
        while (f < b.n && (c = cmp_keys(b.k + b.off[f], b.off[f + 1] - b.off[f], ka, na)) < 0) ++f;
        if ((f == b.n || c != 0) && !s_append(o, a, e)) return false;
    }
    return true;
}
WHOLE_FN bool d_remove_s(S& o, const O& v, const S& a) {
    s_clear(o);
    for (int e = 0; e < a.n; ++e)
        if (!same_keys(a.k + a.off[e], a.off[e + 1] - a.off[e], v.k, v.n) && !s_append(o, a, e)) return false;
    return true;
}
// initset of an object; insert of an object into a set of objects: in its
// place among them (one walk), unless the set holds it.
WHOLE_FN bool d_initset_s(S& o, const O& v) {
    s_clear(o);
    return s_append_o(o, v);
}
WHOLE_FN bool d_insert_s(S& o, const O& v, const S& a) {
    s_clear(o);
    bool placed = false;
    for (int e = 0; e < a.n; ++e) {
        if (!placed) {
            const int c = cmp_keys(a.k + a.off[e], a.off[e + 1] - a.off[e], v.k, v.n);
            if (c > 0 && !s_append_o(o, v)) return false;
            placed = c >= 0;
        }
        if (!s_append(o, a, e)) return false;
    }
    return placed || s_append_o(o, v);
}
// other(set, object): the first object of the set that is not it
// (StopIteration where there is none: next() of nothing).
WHOLE_FN bool d_other_s(O& o, const S& a, const O& v) {
    for (int e = 0; e < a.n; ++e)
        if (!same_keys(a.k + a.off[e], a.off[e + 1] - a.off[e], v.k, v.n)) return d_obj_at(o, a, e);
    return raises(WHOLE_RAISE_STOP);
}
// The objects of `a` in ascending order without repeats (after a loop
// appended them in another order), through the scratch slot. A set that
// already ascends (a loop over a set that kept its order) stays as it is;
// else each object's rank (the objects below it) places it.
WHOLE_FN bool s_canon(S& a, V& tmp, int* aux) {
    if (2 * a.n > WHOLE_AUX) return false;
    bool ascending = true;
    for (int e = 1 + LANE; e < a.n; e += WARP)
        ascending = ascending && cmp_keys(a.k + a.off[e - 1], a.off[e] - a.off[e - 1], a.k + a.off[e], a.off[e + 1] - a.off[e]) < 0;
    if (warp_all(ascending)) return true;
    int* rank = aux;
    int* holder = aux + a.n;
    for (int e = LANE; e < a.n; e += WARP) {
        int below = 0;
        bool repeat = false;
        for (int f = 0; f < a.n; ++f) {
            const int c = cmp_keys(a.k + a.off[f], a.off[f + 1] - a.off[f], a.k + a.off[e], a.off[e + 1] - a.off[e]);
            below += c < 0;
            repeat = repeat || (c == 0 && f < e);
        }
        rank[e] = repeat ? -1 : below;
        holder[e] = -1;
    }
    SYNC();
    // Ranks count each object below, repeats included: distinct objects
    // have distinct ranks, with gaps where repeats were.
    for (int e = LANE; e < a.n; e += WARP)
        if (rank[e] >= 0) holder[rank[e]] = e;
    SYNC();
    S& t = tmp.s;
    s_clear(t);
    for (int r = 0; r < a.n; ++r)
        if (holder[r] >= 0 && !s_append(t, a, holder[r])) return false;
    s_clear(a);
    for (int e = 0; e < t.n; ++e) s_append(a, t, e);
    return true;
}

// frontiers(grid): its one-coloured rows and columns, as objects.
WHOLE_FN bool d_frontiers(S& o, const G& a, V& tmp, int* aux) {
    if (!ok_grid(a) || a.h > 127 || a.w > 127) return false;
    s_clear(o);
    for (int pass = 0; pass < 2; ++pass) {
        const int lines = pass == 0 ? a.h : a.w, len = pass == 0 ? a.w : a.h;
        for (int l = 0; l < lines; ++l) {
            const int first = pass == 0 ? a.c[l * a.w] : a.c[l];
            bool one = true;
            for (int x = LANE; x < len; x += WARP) one = one && a.c[pass == 0 ? l * a.w + x : x * a.w + l] == first;
            if (!warp_all(one)) continue;
            if (!s_room(o, len)) return false;
            for (int x = LANE; x < len; x += WARP)
                o.k[o.m + x] = cell_key(first, pass == 0 ? loc_key(l, x) : loc_key(x, l));
            s_close(o, len);
        }
    }
    return s_canon(o, tmp, aux);
}
// bordering(patch, grid): does the patch touch the grid's border?
// Of an empty patch, uppermost raises (min of nothing).
WHOLE_FN bool d_bordering(I64& o, const X& p, const G& a) {
    if (p.n == 0) return raises(WHOLE_RAISE_VALUE);
    if (!ok_grid(a)) return false;
    int t, l, b, r;
    bounds(p, t, l, b, r);
    o = t == 0 || l == 0 || b == a.h - 1 || r == a.w - 1;
    return true;
}

// ----- one location -------------------------------------------------------------
// initset of a location or a cell called within a function (whole.rs's
// Loc1 and Cell1) is held as the location itself, until something reads
// it that has no form for it: the reference's primitives over patches of
// one location are then a few compares (`compose(lbind(manhattan, a),
// initset)` as an argmin's key: `solve_49d1d64f`). A cell is read as its
// location. The results are those of the one-location sets exactly, and
// of any location, in range or not.
__device__ __forceinline__ P cell_p(unsigned c) {
    const unsigned short k = cell_loc(c);
    return P{key_i(k), key_j(k)};
}
__device__ __forceinline__ I64 p_distance(P a, P b) {
    const I64 di = a.a - b.a, dj = a.b - b.b;
    return (di < 0 ? -di : di) + (dj < 0 ? -dj : dj);
}
// The least distance from a set's locations to one location.
WHOLE_FN bool x_p_distance(I64& o, const X& a, P v) {
    if (a.n == 0) return raises(WHOLE_RAISE_VALUE);
    I64 best = (I64)1 << 62;
    for (int k = LANE; k < a.n; k += WARP) {
        const I64 d = p_distance(P{key_i(a.k[k]), key_j(a.k[k])}, v);
        best = d < best ? d : best;
    }
    o = warp_min_i64(best);
    return true;
}
WHOLE_FN bool d_manhattan_ll(I64& o, P a, P b) { o = p_distance(a, b); return true; }
WHOLE_FN bool d_manhattan_xl(I64& o, const X& a, P b) { return x_p_distance(o, a, b); }
WHOLE_FN bool d_manhattan_lx(I64& o, P a, const X& b) { return x_p_distance(o, b, a); }
WHOLE_FN bool d_adjacent_ll(I64& o, P a, P b) { o = p_distance(a, b) == 1; return true; }
WHOLE_FN bool d_adjacent_xl(I64& o, const X& a, P b) {
    if (!x_p_distance(o, a, b)) return false;
    o = o == 1;
    return true;
}
WHOLE_FN bool d_adjacent_lx(I64& o, P a, const X& b) { return d_adjacent_xl(o, b, a); }
// Whether a set has a location in the row (rows: true) or column of v.
WHOLE_FN bool x_meets_line(const X& a, P v, bool rows) {
    bool hit = false;
    for (int k = LANE; k < a.n; k += WARP) hit = hit || (rows ? key_i(a.k[k]) == v.a : key_j(a.k[k]) == v.b);
    return warp_any(hit);
}
WHOLE_FN bool d_hmatching_ll(I64& o, P a, P b) { o = a.a == b.a; return true; }
WHOLE_FN bool d_hmatching_xl(I64& o, const X& a, P b) { o = x_meets_line(a, b, true); return true; }
WHOLE_FN bool d_hmatching_lx(I64& o, P a, const X& b) { o = x_meets_line(b, a, true); return true; }
WHOLE_FN bool d_vmatching_ll(I64& o, P a, P b) { o = a.b == b.b; return true; }
WHOLE_FN bool d_vmatching_xl(I64& o, const X& a, P b) { o = x_meets_line(a, b, false); return true; }
WHOLE_FN bool d_vmatching_lx(I64& o, P a, const X& b) { o = x_meets_line(b, a, false); return true; }
WHOLE_FN bool d_bordering_l(I64& o, P v, const G& a) {
    if (!ok_grid(a)) return false;
    o = v.a == 0 || v.b == 0 || v.a == a.h - 1 || v.b == a.w - 1;
    return true;
}

// ----- sets of patches -------------------------------------------------------
// A set of sets of locations (what `apply(toindices, objs)` gives) has the
// layout of a set of objects with colour 0 in every key: the order of the
// sets is then the CPU's order of sets of locations.

__device__ __forceinline__ bool s_append_x(S& o, const X& a) { return s_push(o, a.k, a.n); }
// Set e of a set of patches.
WHOLE_FN bool d_locs_at(X& o, const S& a, int e) {
    const int from = a.off[e], len = a.off[e + 1] - from;
    for (int x = LANE; x < len; x += WARP) o.k[x] = cell_loc(a.k[from + x]);
    return set_done(o, len);
}
WHOLE_FN bool d_first_p(X& o, const S& a) { return a.n > 0 ? d_locs_at(o, a, 0) : raises(WHOLE_RAISE_STOP); }
WHOLE_FN bool d_last_p(X& o, const S& a) { return a.n > 0 ? d_locs_at(o, a, a.n - 1) : raises(WHOLE_RAISE_VALUE); }
WHOLE_FN bool d_merge_p(X& o, const S& a) {
    for (int x = LANE; x < a.m; x += WARP) o.k[x] = cell_loc(a.k[x]);
    SYNC();
    return set_done(o, sort_unique<unsigned short>(o.k, a.m, (unsigned short)0xFFFFu));
}
// initset of a set of locations: a set of patches.
WHOLE_FN bool d_initset_p(S& o, const X& v) {
    s_clear(o);
    return s_append_x(o, v);
}
// astuple of two sets of locations: a tuple of them.
WHOLE_FN bool d_astuple_p(S& o, const X& a, const X& b) {
    s_clear(o);
    return s_append_x(o, a) && s_append_x(o, b);
}
// remove(patch, patches): the sets not equal to it, in their order.
WHOLE_FN bool d_remove_p(S& o, const X& v, const S& a) {
    s_clear(o);
    for (int e = 0; e < a.n; ++e) {
        const int from = a.off[e], len = a.off[e + 1] - from;
        bool same = len == v.n;
        for (int x = LANE; same && x < len; x += WARP) same = a.k[from + x] == v.k[x];
        if (!warp_all(same) && !s_append(o, a, e)) return false;
    }
    return true;
}

// ----- objects ----------------------------------------------------------------

WHOLE_FN bool d_copy_o(O& o, const O& a) {
    for (int x = LANE; x < a.n; x += WARP) o.k[x] = a.k[x];
    return obj_done(o, a.n);
}
// difference of a set of locations and an object: the set (a location
// never equals a cell).
WHOLE_FN bool d_difference_xo(X& o, const X& a, const O& b) {
    (void)b;
    return d_toindices(o, a);
}
WHOLE_FN bool d_copy_s(S& o, const S& a) {
    s_clear(o);
    for (int e = 0; e < a.n; ++e) s_append(o, a, e);
    return true;
}
// ----- tuples of objects, and orders ------------------------------------------

// A tuple of objects is held as a set of objects is (S), in its order,
// repeats kept. totuple: the set's objects in its order (the CPU's).
WHOLE_FN bool d_totuple_s(S& o, const S& a) { return d_copy_s(o, a); }
// astuple of two objects: a tuple of them.
WHOLE_FN bool d_astuple_st(S& o, const O& a, const O& b) {
    s_clear(o);
    return s_append_o(o, a) && s_append_o(o, b);
}
// combine of two tuples of objects: a's, then b's.
WHOLE_FN bool d_combine_st(S& o, const S& a, const S& b) {
    d_copy_s(o, a);
    for (int e = 0; e < b.n; ++e)
        if (!s_append(o, b, e)) return false;
    return true;
}
// merge of a tuple of objects: their cells one after the other (a tuple
// of cells).
WHOLE_FN bool d_merge_st(O& o, const S& a) {
    if (a.m > WHOLE_CELLS) return false;
    for (int x = LANE; x < a.m; x += WARP) o.k[x] = a.k[x];
    return obj_done(o, a.m);
}
// mostcommon and leastcommon of a tuple of objects: of the distinct
// objects in ascending order (the CPU's), the first whose count no later
// one beats (its place; of nothing, ValueError). Each lane counts the
// repeats of its own objects, comparing keys alone: a warp comparing
// every pair together took 24 ms for one evaluation of 500 objects
// (`solve_b230c067`), holding its module's kernel that long.
__device__ __forceinline__ bool lane_same_keys(const unsigned* a, int na, const unsigned* b, int nb) {
    if (na != nb) return false;
    for (int x = 0; x < na; ++x)
        if (a[x] != b[x]) return false;
    return true;
}
// Whether object e, counted c times, comes before the best so far: a
// larger count (most) or a smaller one, else the smaller keys (repeats
// are equal, so which of them is kept does not matter).
__device__ bool s_count_beats(const S& a, bool most, int e, int c, int best, int best_n) {
    if (best < 0 || (most ? c > best_n : c < best_n)) return true;
    return c == best_n &&
           cmp_keys(a.k + a.off[e], a.off[e + 1] - a.off[e], a.k + a.off[best], a.off[best + 1] - a.off[best]) < 0;
}
WHOLE_FN int s_by_count(const S& a, bool most) {
    int best = -1, best_n = 0;
    for (int e = LANE; e < a.n; e += WARP) {
        const unsigned* ke = a.k + a.off[e];
        const int ne = a.off[e + 1] - a.off[e];
        int c = 0;
        for (int f = 0; f < a.n; ++f) c += lane_same_keys(a.k + a.off[f], a.off[f + 1] - a.off[f], ke, ne);
        if (s_count_beats(a, most, e, c, best, best_n)) {
            best = e;
            best_n = c;
        }
    }
    // The lanes' bests, met in one order in every lane.
    int at = -1, at_n = 0;
    for (int l = 0; l < WARP; ++l) {
        const int e = warp_lane(best, l), c = warp_lane(best_n, l);
        if (e >= 0 && s_count_beats(a, most, e, c, at, at_n)) {
            at = e;
            at_n = c;
        }
    }
    return at;
}
WHOLE_FN bool d_mostcommon_st(O& o, const S& a) { return a.n > 0 ? d_obj_at(o, a, s_by_count(a, true)) : raises(WHOLE_RAISE_VALUE); }
WHOLE_FN bool d_leastcommon_st(O& o, const S& a) { return a.n > 0 ? d_obj_at(o, a, s_by_count(a, false)) : raises(WHOLE_RAISE_VALUE); }
// mostcommon and leastcommon of a tuple of sets of locations (colour 0
// keys: their order is the CPU's order of the sets).
WHOLE_FN bool d_mostcommon_p(X& o, const S& a) { return a.n > 0 ? d_locs_at(o, a, s_by_count(a, true)) : raises(WHOLE_RAISE_VALUE); }
WHOLE_FN bool d_leastcommon_p(X& o, const S& a) { return a.n > 0 ? d_locs_at(o, a, s_by_count(a, false)) : raises(WHOLE_RAISE_VALUE); }

// other(set of locations, location): its first other location
// (StopIteration where there is none).
WHOLE_FN bool d_other_x(P& o, const X& a, P v) {
    const bool in_range = loc_ok(v.a, v.b);
    const unsigned short key = in_range ? loc_key(v.a, v.b) : 0;
    for (int x = 0; x < a.n; ++x)
        if (!in_range || a.k[x] != key) {
            o.a = key_i(a.k[x]);
            o.b = key_j(a.k[x]);
            return true;
        }
    return raises(WHOLE_RAISE_STOP);
}

// ----- products: sets of pairs --------------------------------------------------
// product(a, b) is the set of pairs (x, y), x of a, y of b; both ascend
// and hold no repeats, so the pairs with x's outside and y's inside
// ascend, without repeats, in the CPU's order of tuples.

// Two sets of small numbers: a set of locations.
WHOLE_FN bool d_product_c(X& o, CM a, CM b) {
    if (LANE == 0) {
        int n = 0;
        for (int x = 0; x < 64; ++x)
            for (int y = 0; y < 64; ++y)
                if (((a >> x) & 1ull) && ((b >> y) & 1ull)) o.k[n++] = loc_key(x, y);
        o.n = n;
    }
    SYNC();
    return true;
}
// Two sets of locations: a set of pairs of locations, each held as one
// key (x's key << 16 | y's), in an object's slot (O).
WHOLE_FN bool d_product_x(O& o, const X& a, const X& b) {
    if ((I64)a.n * b.n > WHOLE_CELLS) return false;
    for (int x = LANE; x < a.n * b.n; x += WARP) o.k[x] = ((unsigned)a.k[x / b.n] << 16) | b.k[x % b.n];
    return obj_done(o, a.n * b.n);
}
__device__ bool d_first_lp(P& o, unsigned k) {
    o.a = key_i((unsigned short)(k >> 16));
    o.b = key_j((unsigned short)(k >> 16));
    return true;
}
__device__ bool d_last_lp(P& o, unsigned k) {
    o.a = key_i((unsigned short)(k & 0xFFFFu));
    o.b = key_j((unsigned short)(k & 0xFFFFu));
    return true;
}
// Two sets of objects: a set of pairs of objects, held as a set of objects
// is (S) with pair e as its objects 2e and 2e + 1.
WHOLE_FN bool d_product_s(S& o, const S& a, const S& b) {
    s_clear(o);
    for (int x = 0; x < a.n; ++x)
        for (int y = 0; y < b.n; ++y)
            if (!s_append(o, a, x) || !s_append(o, b, y)) return false;
    return true;
}
WHOLE_FN bool d_size_sp(I64& o, const S& a) { o = a.n / 2; return true; }
// One pair of objects, where a loop reads it: object ea of set a and
// object eb of set b (of a set of pairs, its objects 2e and 2e + 1; of a
// product never made, one object of each factor), never kept past the
// loop's turn.
struct SP {
    const S* a;
    int ea;
    const S* b;
    int eb;
};
WHOLE_FN bool d_first_op(O& o, SP p) { return d_obj_at(o, *p.a, p.ea); }
WHOLE_FN bool d_last_op(O& o, SP p) { return d_obj_at(o, *p.b, p.eb); }
// Pair e of such a set as a tuple of its two objects.
WHOLE_FN bool d_pair_at(S& o, const S& a, int e) {
    s_clear(o);
    return s_append(o, a, 2 * e) && s_append(o, a, 2 * e + 1);
}
// merge of a pair of objects: their cells.
WHOLE_FN bool d_merge_op(O& o, SP p) {
    const int fa = p.a->off[p.ea], na = p.a->off[p.ea + 1] - fa;
    const int fb = p.b->off[p.eb], nb = p.b->off[p.eb + 1] - fb;
    if (na + nb > WHOLE_CELLS) return false;
    for (int x = LANE; x < na; x += WARP) o.k[x] = p.a->k[fa + x];
    for (int x = LANE; x < nb; x += WARP) o.k[na + x] = p.b->k[fb + x];
    SYNC();
    return obj_done(o, sort_unique<unsigned>(o.k, na + nb, 0xFFFFFFFFu));
}
// repeat(object, n): a tuple of n copies (none for n < 1).
WHOLE_FN bool d_repeat_s(S& o, const O& v, I64 n) {
    s_clear(o);
    if (n > WHOLE_OBJS) return false;
    for (I64 e = 0; e < n; ++e)
        if (!s_append_o(o, v)) return false;
    return true;
}
// totuple of small numbers: ascending.
WHOLE_FN bool d_totuple_c(N& o, CM a) {
    n_clear(o);
    for (int c = 0; c < 64; ++c)
        if (((a >> c) & 1ull) && !n_push(o, c)) return false;
    return true;
}
// Python's sorted of n keys (stable): pos[r] is the element of rank r.
WHOLE_FN bool order_of(const N& keys, int* pos) {
    if (keys.n > WHOLE_AUX) return false;
    SYNC();
    for (int e = LANE; e < keys.n; e += WARP) {
        const I64 k = keys.a[e];
        int r = 0;
        for (int f = 0; f < keys.n; ++f) r += keys.a[f] < k || (keys.a[f] == k && f < e);
        pos[r] = e;
    }
    SYNC();
    return true;
}
// order(container, key) of the keys of its elements (a loop wrote them).
WHOLE_FN bool d_order_s(S& o, const S& a, const N& keys, int* aux) {
    if (keys.n != a.n || !order_of(keys, aux)) return false;
    s_clear(o);
    for (int r = 0; r < a.n; ++r)
        if (!s_append(o, a, aux[r])) return false;
    return true;
}
WHOLE_FN bool d_order_n(N& o, const N& a, const N& keys, int* aux) {
    if (keys.n != a.n || !order_of(keys, aux)) return false;
    for (int r = LANE; r < a.n; r += WARP) o.a[r] = a.a[aux[r]];
    if (LANE == 0) o.n = a.n;
    SYNC();
    return true;
}
// order of a set (or tuple) of locations: a tuple of them.
WHOLE_FN bool d_order_x(X& o, const X& a, const N& keys, int* aux) {
    if (keys.n != a.n || !order_of(keys, aux)) return false;
    for (int r = LANE; r < a.n; r += WARP) o.k[r] = a.k[aux[r]];
    return set_done(o, a.n);
}
// order of a set of small numbers: its numbers ascending, sorted on the keys.
WHOLE_FN bool d_order_c(N& o, CM a, const N& keys, int* aux) {
    if (keys.n != popcll(a) || !order_of(keys, aux)) return false;
    int colours[64], n = 0;
    for (int c = 0; c < 64; ++c)
        if ((a >> c) & 1ull) colours[n++] = c;
    for (int r = LANE; r < n; r += WARP) o.a[r] = colours[aux[r]];
    if (LANE == 0) o.n = n;
    SYNC();
    return true;
}
WHOLE_FN bool d_order_t(T& o, const T& a, const N& keys, int* aux) {
    if (keys.n != a.n || !order_of(keys, aux)) return false;
    t_clear(o, &a);
    const int per = a.h * a.w;
    for (int r = 0; r < a.n; ++r)
        if (!t_add(o, a.c + aux[r] * per, 1, a.h, a.w)) return false;
    return true;
}

WHOLE_FN bool d_color(I64& o, const O& a) {
    if (a.n == 0) return raises(WHOLE_RAISE_STOP);  // next(iter(obj))
    o = cell_color(a.k[0]);
    return true;
}
WHOLE_FN bool d_size_o(I64& o, const O& a) { o = a.n; return true; }
// The object's locations, ascending, without repeats.
WHOLE_FN bool d_toindices_o(X& o, const O& a) {
    for (int x = LANE; x < a.n; x += WARP) o.k[x] = cell_loc(a.k[x]);
    SYNC();
    const int n = sort_unique<unsigned short>(o.k, a.n, (unsigned short)0xFFFFu);
    return set_done(o, n);
}
// A translation keeps the order of the keys.
WHOLE_FN bool d_shift_o(O& o, const O& a, P d) {
    bool ok = true;
    for (int x = LANE; x < a.n; x += WARP) {
        const unsigned short l = cell_loc(a.k[x]);
        const I64 i = key_i(l) + d.a, j = key_j(l) + d.b;
        ok = ok && loc_ok(i, j);
        if (ok) o.k[x] = cell_key(cell_color(a.k[x]), loc_key(i, j));
    }
    if (!warp_all(ok)) return false;
    return obj_done(o, a.n);
}
WHOLE_FN bool d_normalize_o(O& o, const O& a) {
    if (a.n == 0) return obj_done(o, 0);
    int t, l, b, r;
    obounds(a, t, l, b, r);
    P d = {-t, -l};
    return d_shift_o(o, a, d);
}
WHOLE_FN bool d_recolor_x(O& o, I64 value, const X& a) {
    if (!is_color(value) || a.n > WHOLE_CELLS) return false;
    for (int x = LANE; x < a.n; x += WARP) o.k[x] = cell_key((int)value, a.k[x]);
    return obj_done(o, a.n);
}
WHOLE_FN bool d_recolor_o(O& o, I64 value, const O& a) {
    if (!is_color(value)) return false;
    for (int x = LANE; x < a.n; x += WARP) o.k[x] = cell_loc(a.k[x]);
    SYNC();
    const int n = sort_unique<unsigned>(o.k, a.n, 0xFFFFFFFFu);
    for (int x = LANE; x < n; x += WARP) o.k[x] = cell_key((int)value, (unsigned short)o.k[x]);
    return obj_done(o, n);
}
// The colours' counts over the lanes (every lane gets them all).
__device__ void ocounts(const O& a, int* counts) {
    for (int c = 0; c < 10; ++c) counts[c] = 0;
    for (int x = LANE; x < a.n; x += WARP) counts[cell_color(a.k[x])] += 1;
    for (int c = 0; c < 10; ++c) counts[c] = warp_sum(counts[c]);
}
WHOLE_FN bool d_mostcolor_o(I64& o, const O& a) {
    if (a.n == 0) return raises(WHOLE_RAISE_VALUE);  // max(set())
    int counts[10];
    ocounts(a, counts);
    int best = 0;
    for (int c = 1; c < 10; ++c) if (counts[c] > counts[best]) best = c;
    o = best;
    return true;
}
WHOLE_FN bool d_leastcolor_o(I64& o, const O& a) {
    if (a.n == 0) return raises(WHOLE_RAISE_VALUE);  // min(set())
    int counts[10];
    ocounts(a, counts);
    int best = -1;
    for (int c = 0; c < 10; ++c)
        if (counts[c] > 0 && (best < 0 || counts[c] < counts[best])) best = c;
    o = best;
    return true;
}
WHOLE_FN bool d_palette_o(CM& o, const O& a) {
    int counts[10];
    ocounts(a, counts);
    CM m = 0;
    for (int c = 0; c < 10; ++c) if (counts[c] > 0) m |= 1ull << c;
    o = m;
    return true;
}
WHOLE_FN bool d_numcolors_o(I64& o, const O& a) {
    CM m = 0;
    d_palette_o(m, a);
    o = popcll(m);
    return true;
}
WHOLE_FN bool d_colorcount_o(I64& o, const O& a, I64 value) {
    int counts[10];
    ocounts(a, counts);
    o = is_color(value) ? counts[value] : 0;
    return true;
}
// square, hline, vline of an object: its bounds against its count of
// cells (len), not of locations.
#define OBJECT_SHAPE(name, test)                                                \
    WHOLE_FN bool name(I64& o, const O& a) {                                    \
        if (a.n == 0) return false;                                             \
        int t, l, b, r;                                                         \
        obounds(a, t, l, b, r);                                                 \
        const I64 h = b - t + 1, w = r - l + 1, n = a.n;                        \
        o = (test);                                                             \
        return true;                                                            \
    }
OBJECT_SHAPE(d_square_o, h * w == n && h == w)
OBJECT_SHAPE(d_hline_o, w == n && h == 1)
OBJECT_SHAPE(d_vline_o, h == n && w == 1)
WHOLE_FN bool d_equality_o(I64& o, const O& a, const O& b) {
    o = same_keys(a.k, a.n, b.k, b.n);
    return true;
}

// ----- cells of objects -------------------------------------------------------
// One cell (colour, (i, j)) of an object, held as its key (cell_key), in a
// register as a number is.

// The first and last cells of an object: its keys ascend in the CPU's order.
WHOLE_FN bool d_first_o(unsigned& o, const O& a) {
    if (a.n == 0) return raises(WHOLE_RAISE_STOP);  // next(iter(()))
    o = a.k[0];
    return true;
}
WHOLE_FN bool d_last_o(unsigned& o, const O& a) {
    if (a.n == 0) return raises(WHOLE_RAISE_VALUE);  // max(enumerate(()))
    o = a.k[a.n - 1];
    return true;
}
// A cell's two items: its colour and its location.
__device__ bool d_first_cell(I64& o, unsigned c) { o = cell_color(c); return true; }
__device__ bool d_last_cell(P& o, unsigned c) {
    o.a = key_i(cell_loc(c));
    o.b = key_j(cell_loc(c));
    return true;
}
__device__ bool d_equality_cell(I64& o, unsigned a, unsigned b) { o = a == b; return true; }
WHOLE_FN bool d_contained_o(I64& o, unsigned c, const O& a) { o = o_has(a, c); return true; }
WHOLE_FN bool d_initset_o(O& o, unsigned c) {
    if (LANE == 0) o.k[0] = c;
    return obj_done(o, 1);
}
// insert and remove: the keys after the cell's place move up or down one.
WHOLE_FN bool d_insert_o(O& o, unsigned c, const O& a) {
    const int at = o_place(a, c);
    const int put = at < a.n && a.k[at] == c ? 0 : 1;
    if (a.n + put > WHOLE_CELLS) return false;
    for (int x = LANE; x < a.n; x += WARP) o.k[x < at ? x : x + put] = a.k[x];
    if (LANE == 0 && put) o.k[at] = c;
    return obj_done(o, a.n + put);
}
WHOLE_FN bool d_remove_o(O& o, unsigned c, const O& a) {
    const int at = o_place(a, c);
    const int gone = at < a.n && a.k[at] == c ? 1 : 0;
    for (int x = LANE; x < a.n; x += WARP)
        if (!gone || x != at) o.k[x < at ? x : x - gone] = a.k[x];
    return obj_done(o, a.n - gone);
}

// square, hline, vline of a set of locations: its bounds against its
// count (Python's height and width of nothing are 0, so `square` of
// nothing is True).
#define PATCH_SHAPE(name, test)                                                 \
    WHOLE_FN bool name(I64& o, const X& a) {                                    \
        I64 h = 0, w = 0;                                                       \
        if (a.n > 0) {                                                          \
            int t, l, b, r;                                                     \
            bounds(a, t, l, b, r);                                              \
            h = b - t + 1;                                                      \
            w = r - l + 1;                                                      \
        }                                                                       \
        const I64 n = a.n;                                                      \
        o = (test);                                                             \
        return true;                                                            \
    }
PATCH_SHAPE(d_square_x, h * w == n && h == w)
PATCH_SHAPE(d_hline_x, w == n && h == 1)
PATCH_SHAPE(d_vline_x, h == n && w == 1)

// hperiod (rows: false) and vperiod (rows: true): the least p in 1..w-1
// (1..h-1) such that every cell moved p columns left (rows up) that stays
// inside the object's box is a cell of the object; else the width
// (height). Checked on the object as it is, not normalised: moving it
// changes neither the box's test nor membership.
WHOLE_FN bool o_period(I64& o, const O& a, bool rows) {
    if (a.n == 0) { o = 0; return true; }
    int t, l, b, r;
    obounds(a, t, l, b, r);
    const int extent = rows ? b - t + 1 : r - l + 1;
    for (int p = 1; p < extent; ++p) {
        bool ok = true;
        for (int x = LANE; x < a.n && ok; x += WARP) {
            const unsigned c = a.k[x];
            int i = key_i(cell_loc(c)), j = key_j(cell_loc(c));
            if (rows) i -= p; else j -= p;
            if ((rows ? i - t : j - l) >= 0) ok = o_has(a, cell_key(cell_color(c), loc_key(i, j)));
        }
        if (warp_all(ok)) { o = p; return true; }
    }
    o = extent;
    return true;
}
WHOLE_FN bool d_hperiod_o(I64& o, const O& a) { return o_period(o, a, false); }
WHOLE_FN bool d_vperiod_o(I64& o, const O& a) { return o_period(o, a, true); }

// Mirrors of a patch within its bounds (rows t..b, columns l..r): a
// bijection of locations, sorted after. cmirror is vmirror(dmirror(vmirror))
// in the reference: (i, j) -> (t + r - j, l + b - i). Of nothing the
// reference raises (ulcorner of nothing); left to the CPU.
enum { MIRROR_V, MIRROR_H, MIRROR_D, MIRROR_C };
__device__ __forceinline__ bool mirror_loc(int kind, int i, int j, int t, int l, int b, int r,
                                           int& oi, int& oj) {
    switch (kind) {
    case MIRROR_V: oi = i; oj = l + r - j; break;
    case MIRROR_H: oi = t + b - i; oj = j; break;
    case MIRROR_D: oi = j - l + t; oj = i - t + l; break;
    default: oi = t + r - j; oj = l + b - i; break;
    }
    return loc_ok(oi, oj);
}
// What the mirrors read and write of a set of locations and of an object:
// a key's location, the key moved to another (an object's cell keeps its
// colour), the bounds, and the result's count.
__device__ __forceinline__ unsigned short key_loc_of(unsigned short k) { return k; }
__device__ __forceinline__ unsigned short key_loc_of(unsigned k) { return cell_loc(k); }
__device__ __forceinline__ unsigned short key_moved(unsigned short, unsigned short loc) { return loc; }
__device__ __forceinline__ unsigned key_moved(unsigned k, unsigned short loc) { return cell_key(cell_color(k), loc); }
__device__ __forceinline__ void keys_bounds(const X& a, int& t, int& l, int& b, int& r) { bounds(a, t, l, b, r); }
__device__ __forceinline__ void keys_bounds(const O& a, int& t, int& l, int& b, int& r) { obounds(a, t, l, b, r); }
template <typename T, typename K>
WHOLE_FN bool mirror_keys(T& o, const T& a, int kind, K pad) {
    // Of an empty patch, ulcorner is (): dmirror's unpacking of it raises
    // ValueError, the others' indexing IndexError.
    if (a.n == 0) return raises(kind == MIRROR_D ? WHOLE_RAISE_VALUE : WHOLE_RAISE_INDEX);
    int t, l, b, r;
    keys_bounds(a, t, l, b, r);
    bool ok = true;
    for (int x = LANE; x < a.n; x += WARP) {
        const unsigned short k = key_loc_of(a.k[x]);
        int i = 0, j = 0;
        ok = ok && mirror_loc(kind, key_i(k), key_j(k), t, l, b, r, i, j);
        if (ok) o.k[x] = key_moved(a.k[x], loc_key(i, j));
    }
    if (!warp_all(ok)) return false;
    SYNC();
    return keys_done(o, sort_unique<K>(o.k, a.n, pad));
}
WHOLE_FN bool mirror_x(X& o, const X& a, int kind) { return mirror_keys(o, a, kind, (unsigned short)0xFFFFu); }
WHOLE_FN bool mirror_o(O& o, const O& a, int kind) { return mirror_keys(o, a, kind, 0xFFFFFFFFu); }
WHOLE_FN bool d_vmirror_x(X& o, const X& a) { return mirror_x(o, a, MIRROR_V); }
WHOLE_FN bool d_hmirror_x(X& o, const X& a) { return mirror_x(o, a, MIRROR_H); }
WHOLE_FN bool d_dmirror_x(X& o, const X& a) { return mirror_x(o, a, MIRROR_D); }
WHOLE_FN bool d_cmirror_x(X& o, const X& a) { return mirror_x(o, a, MIRROR_C); }
WHOLE_FN bool d_vmirror_o(O& o, const O& a) { return mirror_o(o, a, MIRROR_V); }
WHOLE_FN bool d_hmirror_o(O& o, const O& a) { return mirror_o(o, a, MIRROR_H); }
WHOLE_FN bool d_dmirror_o(O& o, const O& a) { return mirror_o(o, a, MIRROR_D); }
WHOLE_FN bool d_cmirror_o(O& o, const O& a) { return mirror_o(o, a, MIRROR_C); }

// upscale of an object: each cell a factor x factor block, the object's
// upper left corner kept; nothing for a factor of 0 or less (the
// reference's ranges are empty).
WHOLE_FN bool d_upscale_o(O& o, const O& a, I64 f) {
    if (a.n == 0 || f <= 0) return obj_done(o, 0);
    if (f > 32 || (I64)a.n * f * f > WHOLE_CELLS) return false;
    int t, l, b, r;
    obounds(a, t, l, b, r);
    const int F = (int)f, per = F * F, total = a.n * per;
    bool ok = true;
    for (int x = LANE; x < total; x += WARP) {
        const unsigned c = a.k[x / per];
        const int q = x % per;
        const int i = (key_i(cell_loc(c)) - t) * F + q / F + t;
        const int j = (key_j(cell_loc(c)) - l) * F + q % F + l;
        ok = ok && loc_ok(i, j);
        if (ok) o.k[x] = cell_key(cell_color(c), loc_key(i, j));
    }
    if (!warp_all(ok)) return false;
    SYNC();
    return obj_done(o, sort_unique<unsigned>(o.k, total, 0xFFFFFFFFu));
}

WHOLE_FN bool d_combine_o(O& o, const O& a, const O& b) {
    if (a.n + b.n > WHOLE_CELLS) return false;
    for (int x = LANE; x < a.n; x += WARP) o.k[x] = a.k[x];
    for (int x = LANE; x < b.n; x += WARP) o.k[a.n + x] = b.k[x];
    SYNC();
    return obj_done(o, sort_unique<unsigned>(o.k, a.n + b.n, 0xFFFFFFFFu));
}
// toobject(patch, grid): the patch's cells inside the grid, with its colours.
WHOLE_FN bool d_toobject(O& o, const X& p, const G& a) {
    if (!ok_grid(a) || p.n > WHOLE_CELLS) return false;
    int kept = 0;
    for (int x0 = 0; x0 < p.n; x0 += WARP) {
        const int x = x0 + LANE;
        bool in = false;
        unsigned key = 0;
        if (x < p.n) {
            const int i = key_i(p.k[x]), j = key_j(p.k[x]);
            in = i >= 0 && i < a.h && j >= 0 && j < a.w;
            if (in) key = cell_key(a.c[i * a.w + j], p.k[x]);
        }
        const unsigned m = warp_ballot(in);
        if (in) o.k[kept + popc(m & lanes_below())] = key;
        kept += popc(m);
    }
    SYNC();
    return obj_done(o, sort_unique<unsigned>(o.k, kept, 0xFFFFFFFFu));
}
WHOLE_FN bool d_asobject(O& o, const G& a) {
    if (a.h > 127 || a.w > 127 || a.h * a.w > WHOLE_CELLS) return false;
    const int n = a.h * a.w;
    int base = 0;
    for (int col = 0; col < 10; ++col)
        for (int c0 = 0; c0 < n; c0 += WARP) {
            const int c = c0 + LANE;
            const bool hit = c < n && a.c[c] == col;
            const unsigned m = warp_ballot(hit);
            if (hit) o.k[base + popc(m & lanes_below())] = cell_key(col, loc_key(c / a.w, c % a.w));
            base += popc(m);
        }
    return obj_done(o, base);
}

// Paints the object's cells inside the grid onto o, a copy of a. paint
// (`only` < 0): where two cells share a location the later in the object's
// order wins, as on the CPU. underpaint (`only`, the background): a cell
// is painted where the grid being painted still holds the background, so
// the first cell of another colour wins.
WHOLE_FN bool paint_onto(G& o, const G& a, const O& p, P d, int only) {
    for (int x0 = 0; x0 < p.n; x0 += WARP) {
        const int x = x0 + LANE;
        int at = -1, col = 0;
        if (x < p.n) {
            const I64 i = key_i(cell_loc(p.k[x])) + d.a, j = key_j(cell_loc(p.k[x])) + d.b;
            col = cell_color(p.k[x]);
            if (i >= 0 && i < a.h && j >= 0 && j < a.w) {
                at = (int)(i * a.w + j);
                if (only >= 0 && (o.c[at] != only || col == only)) at = -1;
            }
        }
        const unsigned peers = warp_peers(at);
        const unsigned others = only < 0 ? peers & ~lanes_below() & ~(1u << LANE) : peers & lanes_below();
        SYNC();
        if (at >= 0 && others == 0) o.c[at] = (signed char)col;
        SYNC();
    }
    return true;
}
WHOLE_FN bool copy_grid(G& o, const G& a) {
    if (!ok_grid(a)) return false;
    for (int k = LANE; k < a.h * a.w; k += WARP) o.c[k] = a.c[k];
    if (LANE == 0) {
        o.h = a.h;
        o.w = a.w;
    }
    SYNC();
    return true;
}
WHOLE_FN bool d_paint(G& o, const G& a, const O& p) {
    P zero = {0, 0};
    return copy_grid(o, a) && paint_onto(o, a, p, zero, -1);
}
WHOLE_FN bool d_underpaint(G& o, const G& a, const O& p) {
    I64 bg = 0;
    P zero = {0, 0};
    return ok_grid(a) && d_mostcolor(bg, a) && copy_grid(o, a) && paint_onto(o, a, p, zero, (int)bg);
}
// move(grid, obj, offset): cover the object, then paint it shifted.
WHOLE_FN bool d_move(G& o, const G& a, const O& p, P d) {
    I64 bg = 0;
    if (!ok_grid(a) || !d_mostcolor(bg, a) || !copy_grid(o, a)) return false;
    if (d.a > 256 || d.a < -256 || d.b > 256 || d.b < -256) return false;
    for (int x = LANE; x < p.n; x += WARP) {
        const int i = key_i(cell_loc(p.k[x])), j = key_j(cell_loc(p.k[x]));
        if (i >= 0 && i < a.h && j >= 0 && j < a.w) o.c[i * a.w + j] = (signed char)bg;
    }
    SYNC();
    return paint_onto(o, o, p, d, -1);
}

// corners(patch): its bounding box's corners.
WHOLE_FN bool d_corners(X& o, const X& a) {
    if (a.n == 0) return false;
    int t, l, b, r;
    bounds(a, t, l, b, r);
    if (LANE == 0) {
        int n = 0;
        o.k[n++] = loc_key(t, l);
        if (r != l) o.k[n++] = loc_key(t, r);
        if (b != t) {
            o.k[n++] = loc_key(b, l);
            if (r != l) o.k[n++] = loc_key(b, r);
        }
        o.n = n;
    }
    SYNC();
    return true;
}

WHOLE_FN bool d_portrait_grid(I64& o, const G& a) {
    o = a.h > a.w;
    return true;
}
WHOLE_FN bool d_square_grid(I64& o, const G& a) {
    if (!ok_grid(a)) return false;
    o = a.h == a.w;
    return true;
}
// An empty patch's height and width are 0: not portrait.
WHOLE_FN bool d_portrait(I64& o, const X& a) {
    if (a.n == 0) {
        o = 0;
        return true;
    }
    int t, l, b, r;
    bounds(a, t, l, b, r);
    o = (b - t) > (r - l);
    return true;
}

// ----- loops ------------------------------------------------------------------
// The generator writes apply, mapply, sfilter, argmax, ... as loops over a
// container's elements; these gather the results.

// Appends the keys of a set of locations or an object to an accumulator of
// its kind (sorted and made unique when the loop ends).
// An accumulator that would overflow drops its repeats first (it is made
// unique at the loop's end anyway): mapply's results overlap, and their
// repeats overflowed accumulators whose sets fit. Where that frees less
// than half of the room, the evaluation is left to the CPU: sorting again
// for every few keys added made one evaluation take 50 ms (one H200).
// A location accumulator (mapply, mfilter) starts as a list of keys and,
// once it would pass WHOLE_ACC_LIST keys (1024), becomes a bit map of all
// 65536 keys in the upper half of its slot (k[4096..8192) as 2048
// words): repeats then cost nothing, no list overflows, and the loop's
// end reads the keys out in order instead of sorting them (a bitonic sort
// of a full accumulator's 8192 keys, each time one filled, is some 23,000
// steps of a warp). A set of over 4096 locations read out of a bit map
// would overwrite it: left to the CPU. BATTGEN_WHOLE_ACC_LIST (whole.rs)
// sets the list's length; over 4096, accumulators stay lists (dropping
// their repeats when full), as before the bit maps.
#ifndef WHOLE_ACC_LIST
#define WHOLE_ACC_LIST 1024
#endif
#define ACC_BITS (WHOLE_ACC_LIST <= 4096)
#define ACC_LIST_MAX (WHOLE_LOCS < WHOLE_ACC_LIST ? WHOLE_LOCS : WHOLE_ACC_LIST)
__device__ __forceinline__ unsigned* acc_bits(X& o) { return (unsigned*)(o.k + 4096); }
__device__ void acc_x_start(X& o) {
    if (LANE == 0) {
        o.n = 0;
        o.bitmap = 0;
    }
    SYNC();
}
// The keys listed so far (at most ACC_LIST_MAX <= 4096, below the bit
// map) into the bit map.
WHOLE_FN void acc_to_bits(X& o) {
    unsigned* bits = acc_bits(o);
    for (int w = LANE; w < 2048; w += WARP) bits[w] = 0;
    SYNC();
    for (int x = LANE; x < o.n; x += WARP) shared_or(&bits[o.k[x] >> 5], 1u << (o.k[x] & 31));
    SYNC();
    if (LANE == 0) o.bitmap = 1;
    SYNC();
}
WHOLE_FN bool acc_x(X& o, const X& a) {
    if (ACC_BITS && !o.bitmap && o.n + a.n > ACC_LIST_MAX) acc_to_bits(o);
    if (o.bitmap) {
        unsigned* bits = acc_bits(o);
        for (int x = LANE; x < a.n; x += WARP) shared_or(&bits[a.k[x] >> 5], 1u << (a.k[x] & 31));
        SYNC();
        return true;
    }
    // A list that would overflow drops its repeats first (mapply's results
    // overlap); where that frees less than half of the room, the
    // evaluation is left to the CPU.
    if (o.n + a.n > WHOLE_LOCS) {
        SYNC();
        set_done(o, sort_unique<unsigned short>(o.k, o.n, (unsigned short)0xFFFFu));
        if (2 * o.n > WHOLE_LOCS) return false;
    }
    return append_keys(o, a.k, a.n, WHOLE_LOCS);
}
WHOLE_FN bool acc_loc(X& o, P v) {
    if (!loc_ok(v.a, v.b)) return false;
    if (o.n >= WHOLE_LOCS) {
        SYNC();
        set_done(o, sort_unique<unsigned short>(o.k, o.n, (unsigned short)0xFFFFu));
        if (2 * o.n > WHOLE_LOCS) return false;
    }
    const int at = o.n;
    SYNC(); // every lane has read the count before lane 0 moves it
    if (LANE == 0) o.k[at] = loc_key(v.a, v.b);
    return set_done(o, at + 1);
}
WHOLE_FN bool acc_o(O& o, const O& a) {
    if (o.n + a.n > WHOLE_CELLS) {
        SYNC();
        obj_done(o, sort_unique<unsigned>(o.k, o.n, 0xFFFFFFFFu));
        if (2 * o.n > WHOLE_CELLS) return false;
    }
    return append_keys(o, a.k, a.n, WHOLE_CELLS);
}
// Appends one cell's key to an object: sfilter over an object's cells
// keeps them ascending (nothing to sort); apply of a function giving cells
// sorts them when the loop ends (end_o).
WHOLE_FN bool acc_cell(O& o, unsigned key) { return append_keys(o, &key, 1, WHOLE_CELLS); }
WHOLE_FN bool end_x(X& o) {
    if (!o.bitmap) return set_done(o, sort_unique<unsigned short>(o.k, o.n, (unsigned short)0xFFFFu));
    unsigned* bits = acc_bits(o);
    int total = 0;
    for (int w = LANE; w < 2048; w += WARP) total += popc(bits[w]);
    total = warp_sum(total);
    if (total > 4096 || total > WHOLE_LOCS) return false;
    // Each lane reads out one word of every 32, at its place among the
    // keys the words before it hold.
    int base = 0;
    for (int w0 = 0; w0 < 2048; w0 += WARP) {
        unsigned word = bits[w0 + LANE];
        const int c = popc(word);
        int at = base + warp_exclusive_sum(c);
        while (word) {
            o.k[at++] = (unsigned short)((w0 + LANE) * 32 + lowest_bit(word));
            word &= word - 1;
        }
        base += warp_sum(c);
    }
    SYNC();
    if (LANE == 0) {
        o.n = total;
        o.bitmap = 0;
    }
    SYNC();
    return true;
}
// A location accumulator for lines set from every lane at once
// (`Emitter::lane_union`): a bit map from the start, read out by end_x.
WHOLE_FN void acc_lines_start(X& o) {
    acc_x_start(o);
    acc_to_bits(o);
}
// Sets a line's cells in such an accumulator's bit map, from one lane
// (atomic on the device: lanes set theirs at once).
__device__ void ln_or(X& o, const LN& l) {
    unsigned* bits = acc_bits(o);
    for (int k = 0; k < l.n; ++k) {
        const unsigned short key = loc_key(l.i + k * l.di, l.j + k * l.dj);
        shared_or(&bits[key >> 5], 1u << (key & 31));
    }
}
// The union of the lines between every location of a and every one of b
// that run in one of `dirs` (1 rows, 2 columns, 4 diagonals, 8
// antidiagonals; with 16 only lines of two cells or more, so no span of
// one location; `lines_union` of the CPU), set in a line
// accumulator's bit map: on each line that both sets are on, the span from
// the first location of either to the last (each line joins one of a and
// one of b); no line per pair. A lane per line of the sets' box, scanning
// both sets.
WHOLE_FN void lines_or(X& o, const X& a, const X& b, int dirs) {
    if (a.n == 0 || b.n == 0) return;
    int ta, la, ba, ra, tb, lb, bb, rb;
    bounds(a, ta, la, ba, ra);
    bounds(b, tb, lb, bb, rb);
    const int top = ta < tb ? ta : tb, bottom = ba > bb ? ba : bb;
    const int left = la < lb ? la : lb, right = ra > rb ? ra : rb;
    for (int d = 0; d < 4; ++d) {
        if (!(dirs & (1 << d))) continue;
        // The lines of the box in this direction: i, j, i - j or i + j.
        const int first = d == 0 ? top : d == 1 ? left : d == 2 ? top - right : top + left;
        const int last = d == 0 ? bottom : d == 1 ? right : d == 2 ? bottom - left : bottom + right;
        for (int line = first + LANE; line <= last; line += WARP) {
            // The first and last place on the line (j on a row, i else).
            int lo[2] = {1 << 20, 1 << 20}, hi[2] = {-(1 << 20), -(1 << 20)};
            for (int s = 0; s < 2; ++s) {
                const X& x = s == 0 ? a : b;
                for (int k = 0; k < x.n; ++k) {
                    const int i = key_i(x.k[k]), j = key_j(x.k[k]);
                    const int on = d == 0 ? i : d == 1 ? j : d == 2 ? i - j : i + j;
                    if (on != line) continue;
                    const int place = d == 0 ? j : i;
                    lo[s] = place < lo[s] ? place : lo[s];
                    hi[s] = place > hi[s] ? place : hi[s];
                }
            }
            if (lo[0] > hi[0] || lo[1] > hi[1]) continue;
            const int from = lo[0] < lo[1] ? lo[0] : lo[1];
            const int to = hi[0] > hi[1] ? hi[0] : hi[1];
            if ((dirs & 16) && from == to) continue;
            LN l;
            l.n = to - from + 1;
            if (d == 0) l.i = line, l.j = from, l.di = 0, l.dj = 1;
            else if (d == 1) l.i = from, l.j = line, l.di = 1, l.dj = 0;
            else if (d == 2) l.i = from, l.j = from - line, l.di = 1, l.dj = 1;
            else l.i = from, l.j = line - from, l.di = 1, l.dj = -1;
            ln_or(o, l);
        }
    }
    SYNC();
}
WHOLE_FN bool end_o(O& o) { return obj_done(o, sort_unique<unsigned>(o.k, o.n, 0xFFFFFFFFu)); }
// A tuple of locations (apply of a function giving pairs over a tuple,
// mapply of one giving sets of locations) is held as a set of locations
// is, in its order, repeats kept: appends that never drop repeats.
WHOLE_FN bool push_loc(X& o, P v) {
    if (!loc_ok(v.a, v.b) || o.n >= WHOLE_LOCS) return false;
    const int at = o.n;
    SYNC(); // every lane has read the count before lane 0 moves it
    if (LANE == 0) o.k[at] = loc_key(v.a, v.b);
    return set_done(o, at + 1);
}
WHOLE_FN bool push_x(X& o, const X& a) { return append_keys(o, a.k, a.n, WHOLE_LOCS); }
// Tuples of locations: astuple of two, combine of two tuples (a's, then
// b's), pair of two tuples of numbers (zipped, as long as the shorter).
WHOLE_FN bool d_astuple_l(X& o, P a, P b) {
    set_done(o, 0);
    return push_loc(o, a) && push_loc(o, b);
}
WHOLE_FN bool d_combine_l(X& o, const X& a, const X& b) {
    set_done(o, 0);
    return push_x(o, a) && push_x(o, b);
}
// combine of two pairs: a tuple of four numbers.
WHOLE_FN bool d_combine_pp(N& o, P a, P b) {
    n_clear(o);
    return n_push(o, a.a) && n_push(o, a.b) && n_push(o, b.a) && n_push(o, b.b);
}
// repeat(location, n): a tuple of n copies (none for n < 1).
WHOLE_FN bool d_repeat_l(X& o, P v, I64 n) {
    if (n > WHOLE_LOCS || !loc_ok(v.a, v.b)) return false;
    const int m = n < 1 ? 0 : (int)n;
    for (int k = LANE; k < m; k += WARP) o.k[k] = loc_key(v.a, v.b);
    return set_done(o, m);
}
WHOLE_FN bool d_pair_n(X& o, const N& a, const N& b) {
    const int n = a.n < b.n ? a.n : b.n;
    if (n > WHOLE_LOCS) return false;
    bool ok = true;
    for (int k = LANE; k < n; k += WARP) {
        ok = ok && loc_ok(a.a[k], b.a[k]);
        if (ok) o.k[k] = loc_key(a.a[k], b.a[k]);
    }
    if (!warp_all(ok)) return false;
    return set_done(o, n);
}
// The set of a tuple's locations (where the reference reads only that).
WHOLE_FN bool d_locs_set(X& o, const X& a) {
    for (int x = LANE; x < a.n; x += WARP) o.k[x] = a.k[x];
    SYNC();
    return set_done(o, sort_unique<unsigned short>(o.k, a.n, (unsigned short)0xFFFFu));
}
// box of a tuple of locations: of its set (the empty tuple's box is the
// empty tuple: left to the CPU).
WHOLE_FN bool d_box_l(X& o, const X& a) {
    if (a.n == 0 || !d_locs_set(o, a)) return false;
    int t, l, b, r;
    bounds(o, t, l, b, r);
    return box_of(o, t, l, b, r);
}
// shift of a tuple of locations: a set (of the empty tuple, the empty
// tuple: left to the CPU).
WHOLE_FN bool d_shift_l(X& o, const X& a, P d) {
    if (a.n == 0 || !d_shift(o, a, d)) return false;
    return set_done(o, sort_unique<unsigned short>(o.k, o.n, (unsigned short)0xFFFFu));
}
// product of two tuples of numbers: the set of their pairs.
WHOLE_FN bool d_product_n(X& o, const N& a, const N& b) {
    if ((I64)a.n * b.n > WHOLE_LOCS) return false;
    bool ok = true;
    for (int x = LANE; x < a.n * b.n; x += WARP) {
        const I64 i = a.a[x / b.n], j = b.a[x % b.n];
        ok = ok && loc_ok(i, j);
        if (ok) o.k[x] = loc_key(i, j);
    }
    if (!warp_all(ok)) return false;
    SYNC();
    return set_done(o, sort_unique<unsigned short>(o.k, a.n * b.n, (unsigned short)0xFFFFu));
}
// A tuple of cells (mapply or mpapply of a function giving objects over
// tuples) is held as an object is, in its order, repeats kept.
WHOLE_FN bool push_o(O& o, const O& a) { return append_keys(o, a.k, a.n, WHOLE_CELLS); }
// paint of a tuple of cells: in its order, a later cell over an earlier
// one at the same place (a warp's chunk at a time, each lane's cell
// written unless a later lane of the chunk has its place).
WHOLE_FN bool d_paint_cells(G& o, const G& a, const O& p) {
    if (!ok_grid(a)) return false;
    d_copy(o, a);
    for (int x0 = 0; x0 < p.n; x0 += WARP) {
        const int x = x0 + LANE;
        if (x < p.n) {
            const unsigned short at = cell_loc(p.k[x]);
            bool last = true;
            for (int y = x + 1; y < x0 + WARP && y < p.n; ++y) last = last && cell_loc(p.k[y]) != at;
            const int i = key_i(at), j = key_j(at);
            if (last && i >= 0 && i < a.h && j >= 0 && j < a.w) o.c[i * a.w + j] = (signed char)cell_color(p.k[x]);
        }
        SYNC();
    }
    return true;
}
// The i-th location of a set as a pair.
__device__ __forceinline__ P loc_at(const X& a, int i) {
    P v = {key_i(a.k[i]), key_j(a.k[i])};
    return v;
}
