//! Rewriting sequential `apply`/`mapply` chains into one fused call.
//!
//! Patterns, where the intermediate node has no other use (no other node
//! reads it and it is no program's output):
//!
//! - `y = apply(f, X); z = apply(g, y)`  ->  `z = apply_chain[f, g](X)`
//! - `y = apply(f, X); z = mapply(g, y)` ->  `z = apply_chain[f, g; merge](X)`
//! - `y = apply(f, X); z = merge(y)`     ->  `z = apply_chain[f; merge](X)`
//!
//! and longer chains by repetition. The fused call evaluates stage by stage
//! with `apply`'s own semantics, and fusing only happens where the two
//! statements are adjacent in every program using them, so results and
//! errors (which statement fails first) are unchanged; what it saves is the
//! intermediate nodes (and, column-wise, their columns).

use battgen_runtime::plan::{Fused, Node, Operand, Plan};
use battgen_runtime::Prim;

/// One rewrite that was made, for reports and golden files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rewrite {
    /// Where it came from: program and variable of the outer statement.
    pub at: String,
    /// The chain before, e.g. `apply(f, apply(g, X))`.
    pub before: String,
    pub after: String,
}

/// The chain stages and container of an apply-like node, if it is one.
fn as_chain(node: &Node) -> Option<(Vec<Operand>, Operand, bool)> {
    match (&node.callee, node.args.as_slice()) {
        (Operand::Prim(Prim::apply), [f, x]) => Some((vec![f.clone()], x.clone(), false)),
        (Operand::Prim(Prim::mapply), [f, x]) => Some((vec![f.clone()], x.clone(), true)),
        (Operand::Fused(Fused::ApplyChain { merge }), [stages @ .., x]) => {
            Some((stages.to_vec(), x.clone(), *merge))
        }
        _ => None,
    }
}

fn uses(plan: &Plan) -> Vec<usize> {
    let mut count = vec![0; plan.nodes.len()];
    for node in &plan.nodes {
        for op in std::iter::once(&node.callee).chain(&node.args) {
            if let Operand::Node(m) = op {
                count[*m] += 1;
            }
        }
    }
    for p in &plan.programs {
        if let Operand::Node(m) = p.output {
            count[m] += 1;
        }
    }
    count
}

fn show(plan: &Plan, op: &Operand) -> String {
    match op {
        Operand::Input => "I".into(),
        Operand::Node(n) => plan.nodes[*n]
            .sources
            .first()
            .map_or(format!("n{n}"), |s| s.var.clone()),
        Operand::Const(c) => (*c).into(),
        Operand::Prim(p) => p.name().into(),
        Operand::Fused(_) => "apply_chain".into(),
    }
}

fn show_node(plan: &Plan, node: &Node) -> String {
    let args: Vec<String> = node.args.iter().map(|a| show(plan, a)).collect();
    let callee = match &node.callee {
        Operand::Fused(Fused::ApplyChain { merge: true }) => "apply_chain[merge]".to_owned(),
        c => show(plan, c),
    };
    format!("{callee}({})", args.join(", "))
}

/// Fuse every chain in `plan`; returns the rewritten plan and the rewrites.
pub fn rewrite(plan: &Plan) -> (Plan, Vec<Rewrite>) {
    let mut plan = plan.clone();
    let mut done = Vec::new();
    loop {
        let count = uses(&plan);
        let mut changed = false;
        for z in 0..plan.nodes.len() {
            // The outer call: apply/mapply(g, Node(y)) or merge(Node(y)).
            let (outer_stages, y, outer_merge) =
                match (&plan.nodes[z].callee, plan.nodes[z].args.as_slice()) {
                    (Operand::Prim(Prim::merge), [Operand::Node(y)]) => (vec![], *y, true),
                    _ => match as_chain(&plan.nodes[z]) {
                        Some((stages, Operand::Node(y), merge)) => (stages, y, merge),
                        _ => continue,
                    },
                };
            if count[y] != 1 {
                continue;
            }
            let Some((inner_stages, x, inner_merge)) = as_chain(&plan.nodes[y]) else {
                continue;
            };
            if !adjacent_everywhere(&plan, y, z) {
                continue;
            }
            if inner_merge {
                // mapply's merge sits between the stages: not a plain chain.
                continue;
            }
            let before = format!(
                "{} <- {}",
                show_node(&plan, &plan.nodes[z]),
                show_node(&plan, &plan.nodes[y])
            );
            let mut args = inner_stages;
            args.extend(outer_stages);
            args.push(x);
            let sources = plan.nodes[y].sources.clone();
            let node = &mut plan.nodes[z];
            node.callee = Operand::Fused(Fused::ApplyChain { merge: outer_merge });
            node.args = args;
            node.sources.extend(sources);
            let at = node
                .sources
                .first()
                .map_or(String::new(), |s| s.var.clone());
            let at = format!("{} {at}", plan.programs[node.sources[0].program].name);
            let after = show_node(&plan, &plan.nodes[z]);
            done.push(Rewrite { at, before, after });
            // y is now unused; it goes with the clean-up below.
            plan.nodes[y].sources.clear();
            changed = true;
            break;
        }
        if !changed {
            break;
        }
        plan = drop_unused(plan);
    }
    (plan, done)
}

/// In every program that uses `z`, `y` is the statement just before it:
/// then fusing them cannot change which statement fails first, and every
/// operand of the fused call is defined before it.
fn adjacent_everywhere(plan: &Plan, y: usize, z: usize) -> bool {
    let mut programs: Vec<usize> = plan.nodes[z].sources.iter().map(|s| s.program).collect();
    programs.dedup();
    programs.iter().all(|&k| {
        let order = plan.program_order(k);
        order.windows(2).any(|w| w[0] == y && w[1] == z)
    })
}

/// Remove the nodes that fusing emptied (nothing reads them and no
/// statement is theirs any more) and renumber.
fn drop_unused(plan: Plan) -> Plan {
    let count = uses(&plan);
    let keep: Vec<bool> = (0..plan.nodes.len())
        .map(|n| count[n] > 0 || !plan.nodes[n].sources.is_empty())
        .collect();
    let mut new_index = vec![usize::MAX; plan.nodes.len()];
    let mut next = 0;
    for n in 0..plan.nodes.len() {
        if keep[n] {
            new_index[n] = next;
            next += 1;
        }
    }
    let renumber = |op: &Operand| match op {
        Operand::Node(m) => Operand::Node(new_index[*m]),
        other => other.clone(),
    };
    let nodes = plan
        .nodes
        .iter()
        .enumerate()
        .filter(|(n, _)| keep[*n])
        .map(|(_, node)| Node {
            callee: renumber(&node.callee),
            args: node.args.iter().map(renumber).collect(),
            sources: node.sources.clone(),
        })
        .collect();
    let programs = plan
        .programs
        .iter()
        .map(|p| {
            let mut p = p.clone();
            p.output = renumber(&p.output);
            p
        })
        .collect();
    Plan {
        nodes,
        programs,
        ..Plan::default()
    }
}
