//! The interpreter's fused union idioms (`battgen_runtime::fuse`) change no
//! result: every program gives the same output or error as in the plain
//! plan, in per-input, battery and batched execution, on real tasks.

mod common;
use common::{cross, sample};

use battgen::ast::{Program, SourceFile};
use battgen::diagnostics::parse_and_check;
use battgen::{corpus, merge, rewrite};
use battgen_runtime::driver::Exec;
use battgen_runtime::fuse::{fuse, Fused, Fusions};
use battgen_runtime::plan::{Operand, Plan};
use battgen_runtime::task;

fn programs(path: &str, text: &str) -> Vec<Program> {
    let file = SourceFile {
        path: path.into(),
        text: text.into(),
    };
    let (programs, diags) = parse_and_check(&file);
    assert!(diags.is_empty(), "{diags:?}");
    programs
}

/// The plain and the fused plan agree in every execution on `tasks`.
fn assert_same_results(plain: &Plan, tasks: &[task::Task]) -> Fusions {
    let (fused, fusions) = fuse(plain.clone());
    assert_eq!(fused.nodes.len(), plain.nodes.len());
    let expected = cross(plain, tasks, Exec::PerInput);
    for exec in [Exec::PerInput, Exec::Battery, Exec::Batched] {
        let got = cross(&fused, tasks, exec);
        for (k, (want, have)) in expected.outcomes.iter().zip(&got.outcomes).enumerate() {
            assert!(
                want == have,
                "{exec:?}: {} differs once fused",
                plain.programs[k].name
            );
        }
    }
    fusions
}

#[test]
fn the_fused_corpus_gives_the_plain_corpus_results() {
    let plain = rewrite::rewrite(&merge::merge(&programs(
        "corpus/solvers.py",
        corpus::SOLVERS,
    )))
    .0;
    for split in ["training", "evaluation"] {
        let fusions = assert_same_results(&plain, &sample(split));
        // The corpus's pair idioms (prapply and product of locations, each
        // filtered and merged) are fused.
        assert!(fusions.collected >= 2 && fusions.unions >= 2, "{fusions:?}");
        assert!(fusions.products >= 1, "{fusions:?}");
    }
}

/// Mutants of one program share its apply but not its filter; some
/// filters fail on some results (the exact frozenset is then built), a
/// product is enumerated for two readers, one of them not a union, and
/// containers that are not frozensets keep `apply`'s own result.
const IDIOMS: &str = "\
def solve_00000001(I):
    x1 = ofcolor(I, ONE)
    x2 = product(x1, x1)
    x3 = fork(connect, first, last)
    x4 = apply(x3, x2)
    x5 = fork(either, hline, vline)
    x6 = mfilter(x4, x5)
    O = fill(I, EIGHT, x6)
    return O

def solve_00000002(I):
    x1 = ofcolor(I, ONE)
    x2 = product(x1, x1)
    x3 = fork(connect, first, last)
    x4 = apply(x3, x2)
    x5 = rbind(difference, x1)
    x6 = compose(first, x5)
    x7 = mfilter(x4, x6)
    O = fill(I, EIGHT, x7)
    return O

def solve_00000003(I):
    x1 = ofcolor(I, ONE)
    x2 = product(x1, x1)
    x3 = fork(connect, first, last)
    x4 = apply(x3, x2)
    x5 = merge(x4)
    x6 = size(x4)
    x7 = fill(I, EIGHT, x5)
    O = upscale(x7, x6)
    return O

def solve_00000004(I):
    x1 = ofcolor(I, TWO)
    x2 = prapply(connect, x1, x1)
    x3 = fork(either, vline, hline)
    x4 = mfilter(x2, x3)
    x5 = merge(x2)
    x6 = underfill(I, EIGHT, x4)
    O = fill(x6, ONE, x5)
    return O

def solve_00000005(I):
    x1 = objects(I, T, F, T)
    x2 = totuple(x1)
    x3 = apply(toindices, x2)
    x4 = merge(x3)
    O = fill(I, FIVE, x4)
    return O

def solve_00000006(I):
    x1 = objects(I, T, F, T)
    x2 = product(x1, x1)
    x3 = fork(combine, first, last)
    x4 = apply(x3, x2)
    x5 = matcher(size, FOUR)
    x6 = mfilter(x4, x5)
    O = paint(I, x6)
    return O

def solve_00000007(I):
    x1 = objects(I, T, F, T)
    x2 = rbind(shoot, DOWN)
    x3 = compose(x2, center)
    x4 = apply(x3, x1)
    x5 = merge(x4)
    O = fill(I, THREE, x5)
    return O

def solve_00000008(I):
    x1 = objects(I, T, F, T)
    x2 = rbind(shoot, DOWN)
    x3 = compose(x2, center)
    x4 = apply(x3, x1)
    return x4
";

#[test]
fn fused_idioms_keep_every_result_and_error() {
    let plain = merge::merge(&programs("idioms.py", IDIOMS));
    let (fused, _) = fuse(plain.clone());
    let callees: Vec<Operand> = fused.nodes.iter().map(|n| n.callee.clone()).collect();
    let has = |f: Fused| callees.contains(&Operand::Fused(f));
    assert!(has(Fused::ProductChecks));
    assert!(has(Fused::ApplyProduct), "the product read by `size` too");
    assert!(has(Fused::CollectPrapply));
    assert!(has(Fused::Union {
        filter: true,
        container: false
    }));
    // `solve_00000008` outputs the apply of 7: it stays a plain apply.
    let Operand::Node(out) = fused.programs[7].output else {
        panic!("solve_00000008 outputs a node")
    };
    assert_eq!(
        fused.nodes[out].callee,
        Operand::Prim(battgen_runtime::Prim::apply)
    );
    let mut tasks = sample("training");
    tasks.extend(sample("evaluation"));
    let fusions = assert_same_results(&plain, &tasks);
    assert!(fusions.unions >= 4, "{fusions:?}");
}

/// The same battery with `solve_00000008` gone: the apply it output is
/// collected and `apply`'s result over a tuple (`solve_00000005`) is
/// unioned by the container's kind.
#[test]
fn collected_applies_union_by_their_container() {
    let text = IDIOMS.split("def solve_00000008").next().unwrap();
    let plain = merge::merge(&programs("idioms.py", text));
    let (fused, _) = fuse(plain.clone());
    let container_unions = fused
        .nodes
        .iter()
        .filter(|n| {
            n.callee
                == Operand::Fused(Fused::Union {
                    filter: false,
                    container: true,
                })
        })
        .count();
    assert_eq!(
        container_unions, 2,
        "apply over objects, apply over a tuple"
    );
    assert_same_results(&plain, &sample("training"));
}

/// A fused plan reads back from its text form unchanged (fused operations
/// have names there).
#[test]
fn fused_plans_round_trip_through_text() {
    let plain = merge::merge(&programs("idioms.py", IDIOMS));
    let (fused, _) = fuse(plain.clone());
    let back = Plan::from_text(&fused.to_text()).unwrap();
    assert_eq!(back, fused);
}
