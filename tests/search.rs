//! `gen search` on real ARC tasks: mutants of the bundled corpus find
//! solutions the corpus does not have, deterministically; the solutions are
//! valid arc-dsl that reproduces the train outputs; shards merge into the
//! unsharded result; bad input is an error, not a panic.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value as Json;

/// Four training tasks: two the corpus solves (007bbfb7, 67a3c6ac) and two
/// it does not, which single mutations of corpus programs solve.
fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/search")
}

fn tmp(name: &str) -> PathBuf {
    common::fresh_dir(env!("CARGO_TARGET_TMPDIR"), "search-tests", name)
}

fn gen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gen"))
        .args(args)
        .output()
        .unwrap()
}

fn ok(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "gen failed ({}):\n{err}", out.status);
    err
}

fn read(p: &Path) -> Json {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

/// `gen search` over the test tasks with 2,000 mutants.
fn search(dir: &Path, name: &str, extra: &[&str]) -> Json {
    search_with(dir, name, &[&["--mutants", "2000"], extra].concat())
}

/// `gen search --quiet --data <test tasks> --out <dir/name.json> ARGS`.
fn search_with(dir: &Path, name: &str, args: &[&str]) -> Json {
    let out = dir.join(format!("{name}.json"));
    let data = data();
    let mut all = vec!["search", "--quiet", "--data"];
    all.push(data.to_str().unwrap());
    all.push("--out");
    all.push(out.to_str().unwrap());
    all.extend_from_slice(args);
    ok(&gen(&all));
    read(&out)
}

fn solved(results: &Json) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = results["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["task"].as_str().unwrap().to_owned(),
                s["source"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn mutants_solve_tasks_the_corpus_does_not() {
    let dir = tmp("new");
    let r = search(&dir, "r", &["--seed", "1"]);
    let stats = &r["stats"];
    assert_eq!(stats["tasks_solved_by_parents"], 2);
    let new: Vec<&str> = stats["new_tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert_eq!(new, ["bb43febb", "f8ff0b80"]);
    // A solution of a new task names its parent and its mutation.
    let s = r["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["task"] == "bb43febb")
        .unwrap();
    assert!(s["mutation"].as_str().unwrap().contains("->"), "{s}");
    assert!(s["source"].as_str().unwrap().contains("# parent: solve_"));
    // Mutants are distinct and every one checked: more than a thousand kept.
    assert!(stats["mutants"].as_u64().unwrap() > 1000);
}

#[test]
fn the_search_is_deterministic_for_a_seed() {
    let dir = tmp("seed");
    let a = search(&dir, "a", &["--seed", "7"]);
    let b = search(&dir, "b", &["--seed", "7"]);
    let c = search(&dir, "c", &["--seed", "8"]);
    assert_eq!(solved(&a), solved(&b));
    assert_eq!(a["stats"]["plan_nodes"], b["stats"]["plan_nodes"]);
    assert_ne!(a["stats"]["plan_nodes"], c["stats"]["plan_nodes"]);
}

/// The emitted solutions are arc-dsl that gen parses and checks, and that
/// reproduce every train output of their task when run.
#[test]
fn emitted_solutions_reproduce_their_train_outputs() {
    let dir = tmp("emit");
    let py = dir.join("solutions.py");
    let data = data();
    ok(&gen(&[
        "search",
        "--quiet",
        "--mutants",
        "2000",
        "--data",
        data.to_str().unwrap(),
        "--emit",
        py.to_str().unwrap(),
    ]));
    let out = dir.join("run.json");
    ok(&gen(&[
        "run",
        "--interpret",
        "--quiet",
        "--mode",
        "cross",
        "--programs",
        py.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]));
    let results = read(&out);
    let mut checked = 0;
    for (name, outs) in results.as_object().unwrap() {
        if name == "__stats__" {
            continue;
        }
        // solve_<task>_<n>
        let task = name.split('_').nth(1).unwrap();
        let t = read(&data.join(format!("{task}.json")));
        for (k, ex) in t["train"].as_array().unwrap().iter().enumerate() {
            assert_eq!(
                outs[&format!("{task}:{k}")],
                ex["output"],
                "{name} on {task}:{k}"
            );
        }
        checked += 1;
    }
    assert!(checked >= 4, "{checked} solutions");
}

#[test]
fn shards_merge_into_the_whole_search() {
    let dir = tmp("shards");
    let whole = search(
        &dir,
        "whole",
        &["--submission", dir.join("whole-sub.json").to_str().unwrap()],
    );
    let one = search(&dir, "one", &["--shard", "1/2"]);
    let two = search(&dir, "two", &["--shard", "2/2"]);
    assert!(!solved(&one).is_empty() && !solved(&two).is_empty());
    let merged = dir.join("merged.json");
    let sub = dir.join("merged-sub.json");
    ok(&gen(&[
        "merge",
        dir.join("one.json").to_str().unwrap(),
        dir.join("two.json").to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
        "--submission",
        sub.to_str().unwrap(),
    ]));
    assert_eq!(solved(&read(&merged)), solved(&whole));
    assert_eq!(read(&sub), read(&dir.join("whole-sub.json")));
    // Two attempts per test input of every task.
    for (_, entries) in read(&sub).as_object().unwrap() {
        for e in entries.as_array().unwrap() {
            assert!(e["attempt_1"].is_array() && e["attempt_2"].is_array());
        }
    }
}

#[test]
fn bad_search_input_is_an_error_not_a_panic() {
    let out = gen(&["search", "--shard", "3/2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 <= K <= N"));
    let dir = tmp("bad");
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"solutions\": 3}").unwrap();
    let out = gen(&["merge", junk.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("junk.json"));
}

/// A program whose unused statement raises does not solve a task, even
/// when its output is right: Python stops at that statement. Both programs
/// below return `vmirror(I)`, which solves 67a3c6ac.
#[test]
fn a_program_that_raises_before_its_output_solves_nothing() {
    let dir = tmp("raises");
    let programs = dir.join("p.py");
    std::fs::write(
        &programs,
        "def solve_67a3c6ac(I):\n    x1 = palette(I)\n    x2 = difference(x1, x1)\n    \
         x3 = first(x2)\n    O = vmirror(I)\n    return O\n\n\
         def solve_aaaaaaaa(I):\n    O = vmirror(I)\n    return O\n",
    )
    .unwrap();
    let programs = programs.to_str().unwrap();
    let r = search_with(&dir, "r", &["--mutants", "0", "--programs", programs]);
    let by: Vec<String> = r["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["task"] == "67a3c6ac")
        .map(|s| s["program"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert!(!by.is_empty(), "{r}");
    assert!(by.iter().all(|p| !p.contains("67a3c6ac")), "{by:?}");
}
