//! Whole programs on the device, checked without a GPU: the generated CUDA
//! source (`battgen_runtime::backends::cuda::whole`) is compiled as C++ on
//! the host and run on every input of the sampled real tasks; every result
//! it gives must be the CPU runtime's, and it must give most of them (the
//! others are the cases it leaves to the CPU).

mod common;
use common::{plan_of, sample};

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use battgen::corpus;
use battgen_runtime::backends::cuda::whole::{raised_status, DevTy, WholeCode, OUT_CAP};
use battgen_runtime::battery::Battery;
use battgen_runtime::plan::Plan;
use battgen_runtime::types::{infer, Ty};
use battgen_runtime::values::{Grid, Value};

fn corpus_plan() -> Plan {
    plan_of("corpus/solvers.py", corpus::SOLVERS)
}

/// The inputs of the sampled tasks, or of the task directories in
/// `BATTGEN_WHOLE_TASKS` (separated by `:`).
fn inputs() -> Vec<Grid> {
    let tasks = match std::env::var("BATTGEN_WHOLE_TASKS") {
        Ok(dirs) => dirs
            .split(':')
            .flat_map(|d| battgen_runtime::task::load(Path::new(d)).tasks)
            .collect(),
        Err(_) => {
            let mut tasks = sample("training");
            tasks.extend(sample("evaluation"));
            tasks
        }
    };
    tasks
        .iter()
        .flat_map(|t| t.samples().map(|e| e.input().clone()).collect::<Vec<_>>())
        .collect()
}

#[test]
fn the_prelude_and_the_host_agree_on_capacities() {
    use battgen_runtime::backends::cuda::whole::{GRID_CAP, PRELUDE};
    assert!(PRELUDE.contains(&format!("#define WHOLE_CAP {GRID_CAP} ")));
    assert!(PRELUDE.contains(&format!("#define WHOLE_OUT_CAP {OUT_CAP} ")));
    assert!(PRELUDE.contains(&format!(
        "#define WHOLE_AUX {} ",
        battgen_runtime::backends::cuda::whole::AUX_INTS
    )));
    // The statuses of raises, as the host reads them.
    use battgen_runtime::error::ErrorKind as E;
    for (name, status, kind) in [
        ("VALUE", 3, E::Value),
        ("INDEX", 4, E::Index),
        ("ZERODIV", 5, E::ZeroDivision),
        ("STOP", 6, E::StopIteration),
    ] {
        let define = format!("#define WHOLE_RAISE_{name} {status} ");
        assert!(PRELUDE.contains(&define), "{define}");
        assert_eq!(raised_status(status), Some(kind));
    }
    assert_eq!(raised_status(0), None);
    assert_eq!(raised_status(1), None);
    // Left at the deadline: the second pass's status, no raise.
    use battgen_runtime::backends::cuda::whole::OVERTIME_STATUS;
    assert!(PRELUDE.contains(&format!("#define WHOLE_OVERTIME {OVERTIME_STATUS} ")));
    assert_eq!(raised_status(OVERTIME_STATUS), None);
}

#[test]
fn device_kinds_agree_with_the_inferred_types() {
    let plan = corpus_plan();
    let code = WholeCode::of(&plan);
    assert!(
        code.programs.len() >= 30,
        "only {} programs have device code",
        code.programs.len()
    );
    kinds_agree_with_the_inferred_types(&plan, &code);
    // Modules of at most MAX_PROGRAMS_PER_MODULE programs, back to back
    // (the corpus's 54 make two: the host build dispatches over both).
    use battgen_runtime::backends::cuda::whole::MAX_PROGRAMS_PER_MODULE;
    assert!(code.modules.len() >= 2);
    let mut next = 0;
    for m in &code.modules {
        assert!(m.len > 0 && m.len <= MAX_PROGRAMS_PER_MODULE);
        assert_eq!(m.first, next);
        next += m.len;
    }
    assert_eq!(next, code.programs.len());
    let summary = code.summary(plan.programs.len());
    assert!(summary.starts_with("whole programs: "), "{summary}");
}

/// The generator's device kinds agree with `types::infer`, and every value
/// node of a selected program has one.
fn kinds_agree_with_the_inferred_types(plan: &Plan, code: &WholeCode) {
    let types = infer(plan);
    for (&n, &kind) in &code.kinds {
        let agrees = match (kind, &types[n]) {
            (DevTy::Grid, Ty::Grid) => true,
            // A tuple of rows (`repeat` of a row, rows made by `apply`).
            (DevTy::Grid, Ty::TupleOf(e)) => {
                matches!(&**e, Ty::TupleOf(n) if matches!(**n, Ty::Int | Ty::Bool))
            }
            (DevTy::Int, Ty::Int | Ty::Bool) => true,
            (DevTy::Pair, Ty::Pair) => true,
            (DevTy::Indices, Ty::Indices) => true,
            (DevTy::Indices, Ty::SetOf(e)) => matches!(**e, Ty::Pair),
            (DevTy::Colors, Ty::SetOf(e)) => matches!(**e, Ty::Int),
            (DevTy::Object, Ty::Object) => true,
            (DevTy::Objects, Ty::Objects) => true,
            (DevTy::Patches, Ty::IndicesSet) => true,
            (DevTy::Cell, Ty::Cell) => true,
            (DevTy::Grids, Ty::TupleOf(e)) => matches!(**e, Ty::Grid),
            (DevTy::Ints, Ty::TupleOf(e)) => matches!(**e, Ty::Int | Ty::Bool),
            (DevTy::ObjectTuple, Ty::TupleOf(e)) => matches!(**e, Ty::Object),
            (DevTy::Locs, Ty::TupleOf(e)) => matches!(**e, Ty::Pair),
            (DevTy::Locs, Ty::LocPair) => true,
            (DevTy::LocPairs, Ty::LocPairs) => true,
            (DevTy::LocPair, Ty::LocPair) => true,
            (DevTy::ObjectPairs, Ty::ObjectPairs) => true,
            (DevTy::ObjectPair, Ty::ObjectPair) => true,
            (DevTy::ObjectTuple, Ty::ObjectPair) => true,
            (DevTy::PatchTuple, Ty::TupleOf(e)) => matches!(**e, Ty::Indices),
            (DevTy::LocsTuple, Ty::TupleOf(e)) => {
                matches!(&**e, Ty::TupleOf(p) if matches!(**p, Ty::Pair))
            }
            (DevTy::Cells, Ty::TupleOf(e)) => matches!(**e, Ty::Cell),
            (_, Ty::Dynamic) => true,
            _ => false,
        };
        assert!(
            agrees,
            "node {n} ({:?}): device {kind:?}, inferred {:?}",
            plan.nodes[n].callee, types[n]
        );
    }
    // Every program's nodes have kinds, but functions (their calls are
    // written inline), the tuples known item by item (of functions, of
    // what functions gave, of two values the device has no pair of, such
    // as a set of objects and a grid) and the nodes of union chains (made
    // and unioned one value at a time).
    for &k in &code.programs {
        for n in plan.program_nodes(k) {
            let known = code.statics.contains(&n)
                && matches!(
                    types[n],
                    Ty::Func(_)
                        | Ty::Dynamic
                        | Ty::TupleOf(_)
                        | Ty::SetOf(_)
                        | Ty::LocPair
                        | Ty::ObjectPair
                        | Ty::Tuple2(..)
                );
            assert!(
                known || code.kinds.contains_key(&n) || code.unioned.contains(&n),
                "node {n} ({:?}, {:?}) has no kind",
                plan.nodes[n].callee,
                types[n]
            );
        }
    }
}

#[test]
fn generated_device_code_gives_the_cpu_results_on_real_tasks() {
    let Some(d) = device_code_on_real_tasks(&corpus_plan(), "whole-host") else {
        return;
    };
    // The device leaves to the CPU only the unusual cases (empty or
    // oversized grids, raises it cannot name): on these real inputs, a
    // small minority. It names some raises.
    assert!(d.grids > 0 && d.left * 5 < d.grids && d.raised > 0, "{d:?}");
    println!("{d}");
}

/// Any program file's device code against the CPU on the sampled tasks:
/// `BATTGEN_WHOLE_PROGRAMS=solvers.py cargo test --release --test whole`
/// (for measuring and debugging on the public corpora, which stay out of
/// the repository). With `BATTGEN_WHOLE_LEFT=1`, each evaluation the device
/// code leaves to the CPU is listed on stderr with what the CPU gives and
/// how long the CPU (the plan interpreter) took.
#[test]
fn device_code_of_a_given_program_file() {
    let Some(path) = std::env::var_os("BATTGEN_WHOLE_PROGRAMS") else {
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap();
    let plan = plan_of(&path.to_string_lossy(), &text);
    let code = WholeCode::of(&plan);
    println!("{}", code.summary(plan.programs.len()));
    kinds_agree_with_the_inferred_types(&plan, &code);
    if let Some(d) = device_code_on_real_tasks(&plan, "whole-given") {
        println!("{d}");
    }
}

/// The device functions a loop may run one element per lane (the
/// emitter's `SCALAR_FNS`) are of numbers, pairs and cells alone: no
/// lane-shared work (warp functions, `SYNC`, `LANE`), and nothing written
/// but the result.
#[test]
fn the_functions_run_per_lane_are_scalar() {
    use battgen_runtime::backends::cuda::whole::{PRELUDE, SCALAR_FNS};
    for name in SCALAR_FNS {
        let head = format!("bool {name}(");
        let at = PRELUDE
            .find(&head)
            .unwrap_or_else(|| panic!("{name} is not defined"));
        let text = &PRELUDE[at..];
        let params = &text[head.len()..text.find(')').unwrap()];
        let refs = params
            .split(',')
            .filter(|p| p.contains('&') && !p.trim().starts_with("const"))
            .count();
        assert!(
            refs == 1 && params.split(',').next().unwrap().contains('&'),
            "{name}: {params}"
        );
        // The body: to the brace that closes the first one.
        let open = text.find('{').unwrap();
        let mut depth = 0;
        let mut end = open;
        for (i, c) in text[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                end = open + i;
                break;
            }
        }
        let body = &text[open..=end];
        for shared in ["SYNC", "warp_", "LANE", "WARP", "__shfl", "s["] {
            assert!(!body.contains(shared), "{name} uses {shared}: {body}");
        }
    }
}

/// tests/data/programs/whole_forms.py uses every device form; each gives
/// the CPU's results on real tasks.
#[test]
fn every_device_form_gives_the_cpu_results_on_real_tasks() {
    let (plan, code) = all_on_the_device("tests/data/programs/whole_forms.py");
    // Every device function named in the forms table is called by some
    // program here (`branch` and `identity` are written inline).
    let table = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("runtime/src/backends/cuda/whole.rs"),
    )
    .unwrap();
    let mut missing = Vec::new();
    for part in table.split("f(\"d_").skip(1) {
        let name = &part[..part.find('"').unwrap()];
        if !code.source().contains(&format!("d_{name}(s["))
            && !code.source().contains(&format!("d_{name}(v"))
        {
            missing.push(name.to_owned());
        }
    }
    assert!(
        missing.is_empty(),
        "device forms no test program uses: {missing:?}"
    );
    let Some(d) = device_code_on_real_tasks(&plan, "whole-forms") else {
        return;
    };
    assert!(d.grids > d.left, "{d:?}");
    println!("{d}");
}

/// tests/data/programs/union_chains.py: each program's union chain (a
/// prapply, or a function over a product's pairs, that only a union reads)
/// is written as one loop, with no value for the nodes it stands for, and
/// gives the CPU's results on real tasks. Straight lines between every two
/// locations of two sets, merged or kept by `hline`/`vline`, are their
/// spans (`lines_or`), no loop over the pairs.
#[test]
fn union_chains_are_one_loop_each_and_give_the_cpu_results() {
    let (plan, code) = all_on_the_device("tests/data/programs/union_chains.py");
    let source = code.source();
    assert_eq!(
        source.matches("> WHOLE_UNION_TURNS)").count()
            + source.matches("> WHOLE_LANE_TURNS)").count()
            + source.matches("lines_or(s[").count(),
        plan.programs.len(),
        "one union loop per program"
    );
    // The programs whose device function calls `call` (each function
    // follows a comment line that names its program).
    let programs_calling = |call: &str| -> Vec<&str> {
        source
            .split("\n// ")
            .filter(|f| f.contains(call))
            .map(|f| f.split_whitespace().next().unwrap_or(""))
            .collect()
    };
    assert_eq!(
        programs_calling("lines_or(s["),
        [
            "lines_of_the_rarest_colour",
            "lines_within_each_colour",
            "columns_between_two_colours",
            "rows_of_the_rarest_colour",
            "straight_lines_longer_than_a_cell"
        ],
        "the programs whose lines are spans"
    );
    // The unions of lines tested by their size and shape run one line per
    // lane (`Emitter::lane_union`); the others (objects, shifted patches,
    // a line read as a set) a warp's turn each.
    assert_eq!(
        programs_calling("ln_or(s["),
        [
            "long_lines_between_pairs",
            "short_straight_lines",
            "diagonals_between_pairs"
        ],
        "the programs whose lines run one per lane"
    );
    assert!(!code.unioned.is_empty());
    let Some(d) = device_code_on_real_tasks(&plan, "whole-unions") else {
        return;
    };
    assert!(d.grids > d.left, "{d:?}");
    println!("{d}");
}

/// tests/data/programs/shared_forks.py: a fork whose branches both call
/// one function on its arguments (a location, an argmax, a normalized
/// patch in a slot; the fork's argument a tuple known item by item in the
/// second) computes it once on the device, and the results are the CPU's.
#[test]
fn a_call_both_branches_of_a_fork_make_is_computed_once() {
    let (plan, code) = all_on_the_device("tests/data/programs/shared_forks.py");
    let source = code.source();
    let function = |name: &str| -> &str {
        source
            .split("\n// ")
            .find(|f| f.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no device function for {name}"))
    };
    for (name, call) in [
        ("lines_from_each_centre", "d_center("),
        (
            "box_of_the_largest_in_its_colour",
            "raises(WHOLE_RAISE_VALUE)",
        ),
        ("objects_moved_to_a_corner", "d_normalize_o("),
    ] {
        assert_eq!(function(name).matches(call).count(), 1, "{name}: {call}");
    }
    let Some(d) = device_code_on_real_tasks(&plan, "whole-forks") else {
        return;
    };
    assert!(d.grids > d.left, "{d:?}");
    println!("{d}");
}

/// tests/data/programs/empty_corners.py: the corner of a patch that may be
/// empty is followed to its first reader, which raises the reference's
/// error where the patch is empty (a flag per corner) or goes on as the
/// reference does (`remove`, `shift`); so is `None`, `index` outside the
/// grid, to an `equality`. A corner whose first reader would keep the
/// empty tuple is left to the CPU there. Inside a function value, a corner
/// that a fork's outer primitive reads last raises that primitive's error. Grids of no cells (a canvas of a
/// height or width under 1, a trim or crop of nothing, ...) are values of
/// their own on the device (whole.cuh's `g_flat`) and take no flag. The
/// results are the CPU's on real tasks.
#[test]
fn absent_values_are_followed_to_their_first_reader() {
    let (plan, code) = all_on_the_device("tests/data/programs/empty_corners.py");
    let source = code.source();
    let flags = |going_on: bool| {
        source
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("if (none"))
            .filter(|l| l.ends_with(") {") == going_on && (going_on || l.contains("raises(")))
            .map(str::to_owned)
            .collect::<Vec<String>>()
    };
    // Readers that raise: the first six programs'.
    let raising = flags(false);
    assert_eq!(raising.len(), 6, "{raising:?}");
    for kind in ["INDEX", "VALUE", "STOP"] {
        assert!(raising
            .iter()
            .any(|l| l.contains(&format!("raises(WHOLE_RAISE_{kind});"))));
    }
    // remove, shift and equality.
    assert_eq!(flags(true).len(), 3, "{:?}", flags(true));
    // valmax of no objects: width(0).
    assert!(source.contains("{ raises(WHOLE_RAISE_TYPE); return WHOLE_DEOPT; }"));
    assert_eq!(source.matches("if (!d_split_first(").count(), 2);
    // A corner in a function, read last by a fork's subtract (not first by
    // an add: the centre would be found first).
    assert_eq!(
        source
            .matches(".n == 0) { raises(WHOLE_RAISE_INDEX); return WHOLE_DEOPT; }")
            .count(),
        1
    );
    let Some(d) = device_code_on_real_tasks(&plan, "whole-corners") else {
        return;
    };
    assert!(d.raised > 0 && d.grids > d.left, "{d:?}");
    println!("{d}");
}

/// tests/data/programs/flat_grids.py: grids of no cells (the empty tuple,
/// rows of width 0) are device values, made and read as the reference
/// does, inside function values too (a canvas vconcat'ed in `apply`, the
/// palette of a trim in `sfilter`, `power(trim, TWO)`); every program has
/// device code, and its results are the CPU's on real tasks.
#[test]
fn grids_of_no_cells_are_device_values() {
    let (plan, _) = all_on_the_device("tests/data/programs/flat_grids.py");
    let Some(d) = device_code_on_real_tasks(&plan, "whole-flat") else {
        return;
    };
    assert!(d.raised > 0 && d.grids > 10 * d.left, "{d:?}");
    println!("{d}");
}

/// tests/data/programs/late_raises.py: a statement shared with an earlier
/// program runs before this program's own earlier statements (the nodes
/// run ascending). Its raises stay on the device where those statements
/// cannot raise (`vline`), and are left to the CPU where one can (`first`,
/// StopIteration before the centre's ValueError). The results are the
/// CPU's on real tasks.
#[test]
fn a_raise_out_of_program_order_stays_where_nothing_before_can_raise() {
    let (plan, code) = all_on_the_device("tests/data/programs/late_raises.py");
    let source = code.source();
    assert_eq!(source.matches("if (!d_center(").count(), 3);
    // The third program's centre and what reads it, not the second's.
    assert_eq!(
        source.matches("return whole_left();").count(),
        2,
        "{source}"
    );
    let Some(d) = device_code_on_real_tasks(&plan, "whole-late") else {
        return;
    };
    assert!(d.raised > 0 && d.grids > d.left, "{d:?}");
    println!("{d}");
}

/// The plan and device code of a test program file (a path from the
/// repository's root), whose every program must have device code with
/// kinds that agree with the inferred types.
fn all_on_the_device(file: &str) -> (Plan, WholeCode) {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
    let plan = plan_of(file, &text);
    let code = WholeCode::of(&plan);
    assert_eq!(
        code.programs.len(),
        plan.programs.len(),
        "{}",
        code.summary(plan.programs.len())
    );
    kinds_agree_with_the_inferred_types(&plan, &code);
    (plan, code)
}

/// What the device code decided over the inputs.
#[derive(Debug)]
struct Decided {
    /// Output grids given.
    grids: usize,
    /// Errors named (`raises` in the kernels).
    raised: usize,
    /// Evaluations left to the CPU.
    left: usize,
}

impl std::fmt::Display for Decided {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} grids and {} raises from the device code, {} left to the CPU",
            self.grids, self.raised, self.left
        )
    }
}

/// Compile the device code of `plan` as C++ and run it on every input of
/// the sampled real tasks: every result it gives (grid or raise) must be
/// the CPU's. `None` without a C++ compiler.
fn device_code_on_real_tasks(plan: &Plan, name: &str) -> Option<Decided> {
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".to_owned());
    if Command::new(&cxx).arg("--version").output().is_err() {
        println!("skipped: no C++ compiler ({cxx})");
        return None;
    }
    let code = WholeCode::of(plan);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).unwrap();
    // Listing the evaluations left, each statement that gives up records
    // its line of whole.cu (the first to give up is where the evaluation
    // was left).
    let listing = std::env::var_os("BATTGEN_WHOLE_LEFT").is_some();
    let source = if listing {
        code.source()
            .replace("return WHOLE_DEOPT;", "return whole_left_at(__LINE__);")
    } else {
        code.source()
    };
    std::fs::write(dir.join("whole.cu"), &source).unwrap();
    let harness = r#"#include <cstdio>
#include <vector>
#define __device__
#define __noinline__
#define __forceinline__ inline
#define BATTGEN_HOST_TEST
static int whole_line_left;
static inline int whole_left_at(int line) {
  if (!whole_line_left) whole_line_left = line;
  return 1;  // WHOLE_DEOPT
}
#include "whole.cu"
int main() {
  int n_in = 0, n_prog = 0;
  if (scanf("%d %d", &n_in, &n_prog) != 2) return 1;
  std::vector<signed char> cells;
  std::vector<int> desc;
  for (int i = 0; i < n_in; ++i) {
    int h, w;
    if (scanf("%d %d", &h, &w) != 2) return 1;
    desc.push_back((int)cells.size()); desc.push_back(h); desc.push_back(w);
    for (int k = 0; k < h * w; ++k) { int x; if (scanf("%d", &x) != 1) return 1; cells.push_back((signed char)x); }
  }
  const long long total = (long long)n_in * n_prog;
  // Room for 512 cells per evaluation, as on the device (launch.rs): a
  // full buffer makes the later ones DEOPT, never write past it.
  const unsigned long long cap = (unsigned long long)total * 512 + WHOLE_OUT_CAP;
  std::vector<signed char> out(cap);
  std::vector<int> out_desc(WHOLE_DESC * total);
  unsigned long long used = 0;
  std::vector<V> mem(WHOLE_SLOTS + 1);
  std::vector<int> aux(WHOLE_AUX);
  std::vector<int> left_at(total);
  for (long long t = 0; t < total; ++t) {
    whole_line_left = 0;
    whole_eval(t, n_in, cells.data(), desc.data(), out.data(), out_desc.data(), &used, cap, mem.data(), aux.data());
    left_at[t] = whole_line_left;
  }
  static_assert(WHOLE_DEOPT == 1, "whole_left_at returns WHOLE_DEOPT");
  for (long long t = 0; t < total; ++t) {
    // Left to the CPU: status 1 and the line that gave up (0: unknown).
    if (out_desc[WHOLE_DESC * t] == WHOLE_DEOPT) out_desc[WHOLE_DESC * t + 1] = left_at[t];
    printf("%d %d %d", out_desc[WHOLE_DESC * t], out_desc[WHOLE_DESC * t + 1], out_desc[WHOLE_DESC * t + 2]);
    if (out_desc[WHOLE_DESC * t] == 0)
      for (int k = 0; k < out_desc[WHOLE_DESC * t + 1] * out_desc[WHOLE_DESC * t + 2]; ++k) printf(" %d", out[out_desc[WHOLE_DESC * t + 3] + k]);
    printf("\n");
  }
}
"#;
    std::fs::write(dir.join("harness.cpp"), harness).unwrap();
    let exe = dir.join("harness");
    let built = Command::new(&cxx)
        .args(["-O1", "-std=c++17", "-Wall", "-Wno-unused-function", "-o"])
        .arg(&exe)
        .arg(dir.join("harness.cpp"))
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "the generated source does not compile as C++:\n{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let grids = inputs();
    let mut stdin = format!("{} {}\n", grids.len(), code.programs.len());
    for g in &grids {
        stdin.push_str(&format!("{} {}", g.height(), g.width()));
        for c in g.cells() {
            stdin.push_str(&format!(" {c}"));
        }
        stdin.push('\n');
    }
    // Kept beside the harness, to rerun it by hand when debugging.
    std::fs::write(dir.join("stdin.txt"), &stdin).unwrap();
    let mut child = Command::new(&exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), grids.len() * code.programs.len());
    let (mut given, mut raised, mut left) = (0usize, 0usize, 0usize);
    let mut wrong = Vec::new();
    for (p, &k) in code.programs.iter().enumerate() {
        for (i, g) in grids.iter().enumerate() {
            let nums: Vec<i64> = lines[p * grids.len() + i]
                .split(' ')
                .map(|x| x.parse().unwrap())
                .collect();
            let cpu = || plan.run_program(k, &Value::Grid(g.clone()));
            if let Some(kind) = raised_status(nums[0] as i32) {
                raised += 1;
                let cpu = cpu();
                if cpu.as_ref().map_err(|e| e.kind).err() != Some(kind) {
                    wrong.push(format!(
                        "{} on input {i}: the device raised {}, the CPU gave {cpu:?}",
                        plan.programs[k].name,
                        kind.as_str()
                    ));
                }
                continue;
            }
            if nums[0] != 0 {
                left += 1;
                if std::env::var_os("BATTGEN_WHOLE_LEFT").is_some() {
                    let start = std::time::Instant::now();
                    let cpu = cpu();
                    let micros = start.elapsed().as_micros();
                    let what = match &cpu {
                        Ok(Value::Grid(g)) if g.cells().len() > OUT_CAP => {
                            "a large grid".to_owned()
                        }
                        Ok(Value::Grid(_)) => "a grid".to_owned(),
                        Ok(_) => "not a grid".to_owned(),
                        Err(e) => format!("{e}").chars().take(40).collect(),
                    };
                    let at = source
                        .lines()
                        .nth((nums[1] as usize).wrapping_sub(1))
                        .unwrap_or("")
                        .trim();
                    eprintln!(
                        "LEFT\t{}\t{what}\tinput {i}\t{micros} us on the CPU\tat: {at}",
                        plan.programs[k].name
                    );
                }
                continue;
            }
            given += 1;
            let (h, w) = (nums[1] as usize, nums[2] as usize);
            assert!(h * w <= OUT_CAP);
            let cells: Vec<i8> = nums[3..].iter().map(|&c| c as i8).collect();
            let device = Value::Grid(Grid::new(h, w, cells));
            let cpu = cpu();
            if cpu.as_ref().ok() != Some(&device) {
                wrong.push(format!(
                    "{} on input {i}: the device gave {device:?}, the CPU {cpu:?}",
                    plan.programs[k].name
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} results differ from the CPU's:\n{}",
        wrong.len(),
        wrong[..wrong.len().min(8)].join("\n")
    );
    Some(Decided {
        grids: given,
        raised,
        left,
    })
}
