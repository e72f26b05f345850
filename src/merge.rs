//! Merging checked programs into one battery plan.
//!
//! Every primitive is pure, so two calls with the same callee on the same
//! operands give the same value: they become one node (common-subexpression
//! elimination across and within programs). Statements that no program
//! output needs stay: Python runs them, and one that raises ends the
//! program with its error. Nodes keep every statement merged into them, so
//! the emitted code can say where each came from.

use std::collections::HashMap;

use battgen_runtime::plan::{Node, Operand as PlanOperand, Plan, PlanProgram, Source};

use crate::ast::{Operand, Program};

/// Merge `programs` (in this order) into one plan.
pub fn merge(programs: &[Program]) -> Plan {
    let mut plan = Plan::default();
    let mut index: HashMap<(PlanOperand, Vec<PlanOperand>), usize> = HashMap::new();
    for (k, program) in programs.iter().enumerate() {
        // Statement index -> plan operand of its value.
        let mut value_of: Vec<Option<PlanOperand>> = vec![None; program.stmts.len()];
        for (s, stmt) in program.stmts.iter().enumerate() {
            let resolve = |op: &Operand| -> PlanOperand {
                match op {
                    Operand::Input => PlanOperand::Input,
                    Operand::Var(v) => value_of[*v].clone().expect("checked: defined before use"),
                    Operand::Prim(p) => PlanOperand::Prim(*p),
                    Operand::Const(c) => PlanOperand::Const(c),
                }
            };
            let key = (
                resolve(&stmt.callee),
                stmt.args.iter().map(resolve).collect::<Vec<_>>(),
            );
            let source = Source {
                program: k,
                var: stmt.target.clone(),
                line: stmt.line,
            };
            let n = *index.entry(key.clone()).or_insert_with(|| {
                plan.nodes.push(Node {
                    callee: key.0,
                    args: key.1,
                    sources: Vec::new(),
                });
                plan.nodes.len() - 1
            });
            plan.nodes[n].sources.push(source);
            value_of[s] = Some(PlanOperand::Node(n));
        }
        let output = match &program.ret {
            Operand::Var(v) => value_of[*v]
                .clone()
                .expect("checked: returned variable is defined"),
            Operand::Input => PlanOperand::Input,
            Operand::Prim(p) => PlanOperand::Prim(*p),
            Operand::Const(c) => PlanOperand::Const(c),
        };
        plan.programs.push(PlanProgram {
            name: program.name.clone(),
            task_id: program.task_id.clone(),
            file: program.file.to_string(),
            line: program.line,
            output,
        });
    }
    plan
}

/// Which statements the program's output depends on.
fn live_statements(program: &Program) -> Vec<bool> {
    let mut live = vec![false; program.stmts.len()];
    if let Operand::Var(v) = program.ret {
        live[v] = true;
    }
    for s in (0..program.stmts.len()).rev() {
        if !live[s] {
            continue;
        }
        let stmt = &program.stmts[s];
        for op in std::iter::once(&stmt.callee).chain(&stmt.args) {
            if let Operand::Var(v) = op {
                live[*v] = true;
            }
        }
    }
    live
}

/// Figures about a merge, for the user and the benchmarks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MergeStats {
    /// Statements in the input programs.
    pub statements: usize,
    /// Statements no output needs (they still run: they may raise).
    pub dead: usize,
    /// Nodes of the merged plan.
    pub nodes: usize,
}

pub fn stats(programs: &[Program], plan: &Plan) -> MergeStats {
    let statements = programs.iter().map(|p| p.stmts.len()).sum();
    let dead = programs
        .iter()
        .map(|p| live_statements(p).iter().filter(|l| !**l).count())
        .sum();
    MergeStats {
        statements,
        dead,
        nodes: plan.nodes.len(),
    }
}
