//! End-to-end: the `gen` binary generates, compiles (cached) and runs
//! batteries on real ARC tasks; results, scores, submissions, bad input.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value as Json;

fn gen() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gen"))
}

fn tmp(name: &str) -> PathBuf {
    common::fresh_dir(env!("CARGO_TARGET_TMPDIR"), "run-tests", name)
}

fn ok(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "gen failed ({}):\n{err}", out.status);
    err
}

fn corpus_task(id: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/tasks")
        .join(format!("{id}.json"))
}

fn read_json(p: &Path) -> Json {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

/// A data directory with copies of a few corpus tasks.
fn data_dir(name: &str, ids: &[&str]) -> PathBuf {
    let dir = tmp(name);
    for id in ids {
        std::fs::copy(corpus_task(id), dir.join(format!("{id}.json"))).unwrap();
    }
    dir
}

const THREE: [&str; 3] = ["007bbfb7", "0d3d703e", "67a3c6ac"];

#[test]
fn main_job_solves_every_bundled_task() {
    let dir = tmp("main-job");
    let out_path = dir.join("results.json");
    let out = gen()
        .args(["run", "--quiet", "--out"])
        .arg(&out_path)
        .output()
        .unwrap();
    ok(&out);
    let results = read_json(&out_path);
    let programs = results.as_object().unwrap();
    assert!(programs.len() > 50);
    for (name, outs) in programs {
        if name == "__stats__" {
            continue;
        }
        let id = name.rsplit('_').next().unwrap();
        let task = read_json(&corpus_task(id));
        let samples: Vec<&Json> = task["train"]
            .as_array()
            .unwrap()
            .iter()
            .chain(task["test"].as_array().unwrap())
            .collect();
        let outs = outs.as_object().unwrap();
        assert_eq!(
            outs.len(),
            samples.len(),
            "{name}: own mode runs exactly its task's inputs"
        );
        for (k, ex) in samples.iter().enumerate() {
            assert_eq!(
                outs[&format!("{id}:{k}")],
                ex["output"],
                "{name} on {id}:{k}"
            );
        }
    }
    // Same battery again: the build is reused.
    let again = gen().args(["run", "--quiet"]).output().unwrap();
    assert!(ok(&again).contains("reused the cached build"));
}

#[test]
fn cross_mode_runs_every_program_on_every_task() {
    let data = data_dir("cross", &THREE);
    let out_path = data.join("../cross-results.json");
    let out = gen()
        .args(["run", "--quiet", "--mode", "cross", "--stats", "--out"])
        .arg(&out_path)
        .arg("--data")
        .arg(&data)
        .output()
        .unwrap();
    ok(&out);
    let results = read_json(&out_path);
    let samples: usize = THREE
        .iter()
        .map(|id| {
            let t = read_json(&corpus_task(id));
            t["train"].as_array().unwrap().len() + t["test"].as_array().unwrap().len()
        })
        .sum();
    for (name, outs) in results.as_object().unwrap() {
        if name != "__stats__" {
            assert_eq!(outs.as_object().unwrap().len(), samples, "{name}");
        }
    }
    // With --stats, cross mode runs batched, which counted its rows.
    let stats = &results["__stats__"];
    assert_eq!(stats["exec"], "Batched");
    assert!(!stats["primitives"].as_array().unwrap().is_empty());
    // The share a GPU could take is known on a machine without one.
    let coverage = stats["gpu_coverage"]["rows"].as_f64().unwrap();
    assert!(coverage > 0.0 && coverage < 1.0, "{coverage}");
    // So is what would run whole on a GPU (`--exec device`).
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("programs have device code") && err.contains("[with --exec device]"),
        "{err}"
    );
    // Bytes moved to and from a device, and host crossings: none here.
    assert_eq!(stats["bytes_to_device"], 0);
    assert_eq!(stats["host_crossings"]["columns"], 0);
    // The memo's counts are reported (the bundled corpus repeats no
    // nested call, so none is answered).
    assert_eq!(stats["memo"]["calls_answered"], 0);
}

/// `gen run --quiet --mode cross --out F --data DIR EXTRA...`: the results
/// (without `__stats__`) and the `__stats__` entry.
fn cross_results(data: &Path, name: &str, extra: &[&str]) -> (Json, Json) {
    let path = data.join(format!("../{name}.json"));
    let out = gen()
        .args(["run", "--quiet", "--mode", "cross", "--out"])
        .arg(&path)
        .arg("--data")
        .arg(data)
        .args(extra)
        .output()
        .unwrap();
    ok(&out);
    let mut results = read_json(&path);
    let stats = results
        .as_object_mut()
        .unwrap()
        .remove("__stats__")
        .unwrap();
    (results, stats)
}

/// Without `--gpus` or `--stats`, cross mode runs a compiled battery's
/// programs per input on the CPU (its programs share little: merged, the
/// plan would be interpreted), and an interpreted one merged, with the
/// same outputs.
#[test]
fn cross_mode_defaults_to_compiled_programs_per_input() {
    let data = data_dir("cross-default", &THREE);
    let (default, stats) = cross_results(&data, "default-exec", &[]);
    assert_eq!(stats["exec"], "PerInput");
    let (batched, stats) = cross_results(&data, "batched-exec", &["--exec", "batched"]);
    assert_eq!(stats["exec"], "Batched");
    assert_eq!(default, batched);
    let (interpreted, stats) = cross_results(&data, "interpreted-exec", &["--interpret"]);
    assert_eq!(stats["exec"], "Battery");
    assert_eq!(default, interpreted);
}

/// Programs that share most of their statements (variants of one program,
/// as a search makes) run merged by default: each shared node once.
#[test]
fn cross_mode_runs_programs_that_share_most_work_merged() {
    let data = data_dir("cross-shared", &THREE);
    let programs = data.join("../shared.py");
    let variants: String = (0..4)
        .map(|k| {
            format!(
                "def solve_{k}7a3c6ac(I):\n    x1 = vmirror(I)\n    x2 = hmirror(x1)\n    O = rot{}(x2)\n    return O\n\n",
                [90, 180, 270, 90][k]
            )
        })
        .collect();
    std::fs::write(&programs, variants).unwrap();
    let programs = programs.to_str().unwrap();
    let (merged, stats) = cross_results(&data, "shared-default", &["--programs", programs]);
    assert_eq!(stats["exec"], "Battery");
    let (alone, stats) = cross_results(
        &data,
        "shared-per-input",
        &["--programs", programs, "--exec", "per-input"],
    );
    assert_eq!(stats["exec"], "PerInput");
    assert_eq!(merged, alone);
}

/// With `--gpus`, cross mode runs the programs with device code whole on
/// the GPUs (`Device`); without a GPU they run on the CPU, with the same
/// outputs, and the share that has device code is reported all the same.
#[test]
fn gpus_run_whole_programs_with_the_cpus_outputs() {
    let data = data_dir("cross-gpus", &THREE);
    let (default, _) = cross_results(&data, "gpus-default", &[]);
    let (device, stats) = cross_results(&data, "gpus-device", &["--gpus", "all"]);
    assert_eq!(stats["exec"], "Device");
    assert_eq!(default, device);
    let whole = &stats["whole_programs"];
    assert!(whole["programs"].as_u64().unwrap() > 0, "{whole}");
    assert_eq!(whole["of_programs"], 147);
}

/// `gen run --program NAME` runs only the named programs (and does not
/// clash with `--programs PATH`).
#[test]
fn program_flag_keeps_only_the_named_programs() {
    let data = data_dir("only-program", &THREE);
    let (results, _) = cross_results(
        &data,
        "only-program",
        &["--program", "solve_0d3d703e", "--program", "solve_67a3c6ac"],
    );
    let mut names: Vec<&String> = results.as_object().unwrap().keys().collect();
    names.sort();
    assert_eq!(names, ["solve_0d3d703e", "solve_67a3c6ac"]);
}

#[test]
fn submission_has_two_attempts_per_test_input() {
    let dir = tmp("submission");
    // Kaggle's single-file form, test outputs removed.
    let mut challenges = serde_json::Map::new();
    for id in THREE {
        let mut t = read_json(&corpus_task(id));
        for ex in t["test"].as_array_mut().unwrap() {
            ex.as_object_mut().unwrap().remove("output");
        }
        challenges.insert(id.to_owned(), t);
    }
    let file = dir.join("arc-agi_test_challenges.json");
    std::fs::write(&file, Json::Object(challenges).to_string()).unwrap();
    let sub_path = dir.join("submission.json");
    let out = gen()
        .args(["run", "--quiet", "--data"])
        .arg(&file)
        .arg("--submission")
        .arg(&sub_path)
        .output()
        .unwrap();
    ok(&out);
    let sub = read_json(&sub_path);
    for id in THREE {
        let task = read_json(&corpus_task(id));
        let entries = sub[id].as_array().unwrap();
        assert_eq!(entries.len(), task["test"].as_array().unwrap().len());
        for (e, ex) in entries.iter().zip(task["test"].as_array().unwrap()) {
            let e = e.as_object().unwrap();
            assert_eq!(e.len(), 2);
            // The corpus solves these tasks: the first attempt is right.
            assert_eq!(e["attempt_1"], ex["output"], "{id}");
            assert!(e["attempt_2"].is_array());
        }
    }
}

#[test]
fn malformed_task_files_are_named_and_skipped_or_rejected() {
    let data = data_dir("malformed", &["67a3c6ac"]);
    let bad = [
        ("badjson.json", "{\"train\": [".to_owned()),
        (
            "ragged.json",
            r#"{"train": [{"input": [[1, 2], [3]], "output": [[1]]}], "test": []}"#.to_owned(),
        ),
        (
            "colour.json",
            r#"{"train": [{"input": [[1, 12]], "output": [[1]]}], "test": []}"#.to_owned(),
        ),
        (
            "missing.json",
            r#"{"train": [{"input": [[1]]}]}"#.to_owned(),
        ),
        (
            "oversized.json",
            format!(
                r#"{{"train": [{{"input": [{}], "output": [[1]]}}], "test": []}}"#,
                vec!["[0]"; 31].join(",")
            ),
        ),
    ];
    for (name, text) in &bad {
        std::fs::write(data.join(name), text).unwrap();
    }
    let out = gen().args(["run", "--data"]).arg(&data).output().unwrap();
    let err = ok(&out);
    for (name, _) in &bad {
        assert!(err.contains(name), "{name} not named in:\n{err}");
    }
    assert!(err.contains("tasks solved  1 of 1"), "{err}");
    let strict = gen()
        .args(["run", "--strict", "--data"])
        .arg(&data)
        .output()
        .unwrap();
    assert_eq!(strict.status.code(), Some(3));
}

#[test]
fn program_errors_stop_generation_unless_keep_going() {
    let dir = tmp("bad-programs");
    let file = dir.join("mixed.py");
    std::fs::write(
        &file,
        "def solve_67a3c6ac(I):\n    O = vmirror(I)\n    return O\n\n\
         def solve_bad(I):\n    x1 = vmirorr(I)\n    return x1\n",
    )
    .unwrap();
    let out = gen().arg("--programs").arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("mixed.py:6:10"), "{err}");
    let kept = gen()
        .arg("--programs")
        .arg(&file)
        .arg("--keep-going")
        .output()
        .unwrap();
    ok(&kept);
    let code = String::from_utf8_lossy(&kept.stdout);
    assert!(code.contains("pub fn solve_67a3c6ac"));
    assert!(!code.contains("solve_bad"));
    let err = String::from_utf8_lossy(&kept.stderr);
    assert!(err.contains("skipped: solve_bad"), "{err}");
}

#[test]
fn generation_is_deterministic_and_seeded() {
    let dir = tmp("determinism");
    let gen_to = |name: &str, seed: &str| {
        let path = dir.join(name);
        ok(&gen()
            .args(["-c", "10", "--seed", seed, "-o"])
            .arg(&path)
            .output()
            .unwrap());
        std::fs::read_to_string(path).unwrap()
    };
    let a = gen_to("a.rs", "7");
    let b = gen_to("b.rs", "7");
    let c = gen_to("c.rs", "8");
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert_eq!(a.matches("pub fn solve_").count(), 10);
    syn_check(&a);
}

fn syn_check(code: &str) {
    assert!(code.contains("pub static BATTERY"));
    assert!(code.starts_with("//! Battery generated by battgen"));
}

/// The compiled program functions (with their inlined function values)
/// give exactly the interpreter's outputs, every program on every input of
/// a sample of real tasks, errors included.
#[test]
fn compiled_programs_agree_with_the_interpreter_in_cross_mode() {
    let data = data_dir(
        "agree",
        &[
            "007bbfb7", "0d3d703e", "67a3c6ac", "5521c0d9", "6e82a1ae", "3618c87e",
        ],
    );
    let run = |name: &str, extra: &[&str]| {
        let args = [&["--exec", "per-input"], extra].concat();
        cross_results(&data, name, &args).0
    };
    let compiled = run("compiled", &["--no-fallback"]);
    let interpreted = run("interpreted", &["--interpret"]);
    assert_eq!(
        compiled.as_object().unwrap().len(),
        interpreted.as_object().unwrap().len()
    );
    assert!(
        compiled == interpreted,
        "compiled and interpreted outputs differ"
    );
}

/// Typed pairs of locations (`product` of indices filtered and mapped), an
/// object's cells as typed elements (`sfilter`, `argmax`, `valmax`,
/// `extract` over an object), pairs of cells and of objects (`product` of
/// an object, of a set of objects, and a pair read through its guard;
/// filtered as the product makes them where the filter is its one reader),
/// `prapply` inside a made function, functions
/// made per element (`lbind(rbind, adjacent)` of each object) and
/// statements whose typed code hands over to the interpreter midway (a
/// corner of an empty patch), a tuple of functions `rapply`'d into a tuple
/// of objects, a function made by calling a function maker, cells made of
/// a number and a location, the union of a `prapply` over a set of
/// patches and a tuple of offsets, and an `sfilter` of a `prapply`'s
/// results read by an `mfilter`, and functions made per object that loop
/// over all objects per cell (tuples read by their parts, the nearest
/// object of a cell kept for the statement), and `power` of a made
/// function by a count known when the program runs, over a pair of two
/// types, and `apply(dedupe, grid)` row by row (rows of one width or
/// ragged), and `mpapply` into cells or locations, and reductions inside
/// another loop whose keys read their elements through parts kept per
/// element (element columns, a part that raises on some inputs), and
/// `valmin` over all objects but the loop's own from the whole set's best
/// and second best, and top-level loops that idle threads may help with,
/// and patches stamped at every offset of a set (`mapply` of `lbind(shift,
/// p)`), give the interpreter's outputs, in cross mode on real tasks; the
/// emitted code has those forms.
#[test]
fn typed_forms_agree_with_the_interpreter_in_cross_mode() {
    let programs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/programs/typed_forms.py");
    let data = data_dir(
        "typed-forms",
        &[
            "007bbfb7", "0d3d703e", "67a3c6ac", "5521c0d9", "6e82a1ae", "3618c87e", "a85d4709",
        ],
    );
    let source = tmp("typed-forms-source").join("battery.rs");
    ok(&gen()
        .arg("--programs")
        .arg(&programs)
        .arg("-o")
        .arg(&source)
        .output()
        .unwrap());
    let code = std::fs::read_to_string(&source).unwrap();
    for form in [
        "rt::p::product_locs(",
        "rt::t::sfilter_loc_pairs(",
        "rt::t::resumable(",
        "rt::p::adjacent_locs_cells(",
        "rt::t::sfilter_cells(",
        "rt::t::argmax_cells(",
        "rt::t::valmax_cells(",
        "rt::t::extract_cells(",
        "rt::t::prapply_set(",
        "rt::p::product_cells(",
        "rt::t::sfilter_cell_pairs(",
        "rt::p::product_objects(",
        "rt::t::sfilter_object_pairs(",
        "&rt::t::object_pair(",
        "rt::t::mapply_seq(",
        "rt::t::mapply_tuple_locs(",
        "rt::p::fill_loc_seq(",
        "rt::p::shift_loc_seq(",
        "rt::p::equality_ints(rt::p::last_pair(",
        "rt::t::grid(&I)?.clone()",
        "rt::p::connect_union(",
        "rt::p::lines_union(",
        "rt::p::vconcat_flipped(",
        "rt::p::hconcat_flipped(",
        "rt::p::difference_size_locs(",
        "rt::p::intersection_size_locs(",
        "rt::t::mapply_seq_cells(",
        "rt::t::mapply_tuple_cells(",
        "rt::t::mpapply_tuple_cells(",
        "rt::t::mpapply_tuple_locs(",
        "rt::p::paint_cell_seq(",
        "rt::p::recolor_cell_seq(",
        "rt::t::apply_rows_by_count(",
        "rt::p::dsymmetric_grid(",
        "rt::p::hsymmetric_grid(",
        "rt::p::vsymmetric_grid(",
        "rt::p::astuple_int_pair(",
        "rt::p::insert_cell_cells(",
        "rt::p::insert_object_objects(",
        "rt::p::contained_int_pair(",
        "rt::t::prapply_collect_values(",
        "rt::t::kept_where(",
        "rt::t::Remembered::new()",
        "rt::p::manhattan_points(",
        "rt::p::adjacent_points(",
        "rt::t::mapply_set_within(",
        "rt::t::sfilter_product_locs(",
        "rt::t::sfilter_product_cells(",
        "rt::t::sfilter_product_objects(",
        "rt::t::apply_rows_dedupe(",
        "rt::t::ElementColumn::new()",
        "rt::t::valbest_column(",
        "rt::t::argbest_column(",
        "rt::t::valbest_except_column(",
        "rt::t::mapply_set_within_helped(",
        "rt::t::apply_set_helped(",
        "rt::p::stamp(",
        "rt::p::stamp_locs(",
        "rt::p::stamp_cells(",
        "rt::p::stamp_locs_within(",
        "rt::p::stamp_cells_within(",
    ] {
        assert!(code.contains(form), "no {form} in the emitted code");
    }
    // A product read by one filter alone is never built: its pairs are
    // filtered as they are made.
    for name in ["solve_a1a1a1a1", "solve_1b1b1b1b", "solve_2c2c2c2c"] {
        let body = code
            .split(&format!("pub fn {name}("))
            .nth(1)
            .and_then(|rest| rest.split("pub fn ").next())
            .unwrap();
        assert!(!body.contains("rt::p::product_"), "{body}");
    }
    // The function made by calling `lbind(compose, toindices)` is inlined
    // into typed `mapply`s: no function value is built or called.
    let made = code
        .split("pub fn solve_b4b5b6b7")
        .nth(1)
        .and_then(|rest| rest.split("pub fn ").next())
        .unwrap();
    assert_eq!(
        made.matches("rt::t::mapply_set(").count()
            + made.matches("rt::t::mapply_set_within(").count(),
        2,
        "{made}"
    );
    assert!(
        !made.contains("rt::call_refs(") && !made.contains("rt::p::compose("),
        "{made}"
    );
    // The nearest object's filters: no tuple of a location and an object,
    // no `apply` of a function value, the nearest object of a cell kept.
    let nearest = code
        .split("pub fn solve_f1f2f3f4")
        .nth(1)
        .and_then(|rest| rest.split("pub fn ").next())
        .unwrap();
    assert!(
        !nearest.contains("rt::p::astuple(") && !nearest.contains("rt::p::apply_with("),
        "{nearest}"
    );
    assert_eq!(nearest.matches(".get_or(").count(), 1, "{nearest}");
    // Its valmin over the other objects has an element column and is
    // answered from the whole set's best and second best per cell, and
    // gives up on nothing (one object) as `valmin_objects` does: the
    // statement hands the interpreter what it computed (a device run's
    // reruns, most of them such inputs, otherwise send the program to the
    // interpreter for good).
    assert!(
        nearest.contains("rt::t::valbest_except_column(") && nearest.contains("rt::t::resumable("),
        "{nearest}"
    );
    // Point to point: no one-point set made per cell.
    let points = code
        .split("pub fn solve_f5f6f7f8")
        .nth(1)
        .and_then(|rest| rest.split("pub fn ").next())
        .unwrap();
    assert!(!points.contains("rt::p::initset_cell("), "{points}");
    // A fork's branches share their first call: one argmax, not two.
    let shared = code
        .split("pub fn solve_f9fafbfc")
        .nth(1)
        .and_then(|rest| rest.split("pub fn ").next())
        .unwrap();
    assert_eq!(
        shared.matches("rt::t::argmax_objects(").count(),
        1,
        "{shared}"
    );
    // A power of a count known when the program runs, over a pair of an
    // object and a tuple of objects: a typed loop, no function value called.
    let stepped = code
        .split("pub fn solve_fdfdfdfd")
        .nth(1)
        .and_then(|rest| rest.split("pub fn ").next())
        .unwrap();
    assert!(
        stepped.contains("rt::budget::check()?")
            && stepped.contains("rt::p::combine_cells(")
            && !stepped.contains("rt::call_refs("),
        "{stepped}"
    );
    let run = |name: &str, extra: &[&str]| {
        let program_args = [
            "--programs",
            programs.to_str().unwrap(),
            "--exec",
            "per-input",
        ];
        cross_results(&data, name, &[&program_args[..], extra].concat()).0
    };
    let compiled = run("compiled", &["--no-fallback"]);
    let interpreted = run("interpreted", &["--interpret"]);
    assert_eq!(compiled.as_object().unwrap().len(), 34);
    assert!(
        compiled == interpreted,
        "compiled and interpreted outputs differ"
    );
}

/// `gen --explain types`: the share of plan nodes with a precise type and
/// the untyped ones with their source lines.
#[test]
fn explain_types_reports_the_typed_share_and_the_untyped_nodes() {
    let out = gen().args(["--explain", "types"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text.lines().next().unwrap();
    // "types: T of N plan nodes have a precise type (P%)"
    let words: Vec<&str> = first.split_whitespace().collect();
    let typed: f64 = words[1].parse().unwrap();
    let total: f64 = words[3].parse().unwrap();
    assert!(typed / total > 0.9, "{first}");
    assert!(text.contains("untyped nodes:"));
    assert!(text.contains("<bundled>/corpus/solvers.py:"), "{text}");
}
