//! A plan as text: how an emitted battery carries its merged plan.
//!
//! A compiled battery walks its merged plan as data (the interpreter in
//! [`crate::plan`]) instead of as one straight-line function per entry
//! point: such functions grow with the number of programs, and rustc is
//! superlinear in function size (a 400-program battery took 19 minutes to
//! compile, and re-arc's overflowed rustc's stack). A plan is a few bytes a
//! node, and the same interpreter serves `--interpret`, so both give
//! identical results by construction.
//!
//! The format is line-based so that golden files read well:
//!
//! ```text
//! battgen-plan 1
//! program <name> <task id> <line> <output> <file (rest of the line)>
//! node <callee> <args...> @ <program>:<var>:<line> ...
//! ```
//!
//! Operands: `I` (the input), `n<k>` (node k), `c:<NAME>` (a constant),
//! `p:<name>` (a primitive), `f:<name>` (a fused operation, by
//! [`Fused::name`]: `f:apply_chain`, `f:collect`, ...).

use std::fmt::Write;

use crate::constants::CONSTANT_NAMES;
use crate::plan::{Fused, Node, Operand, Plan, PlanProgram, Source};
use crate::signatures::Prim;

const MAGIC: &str = "battgen-plan 1";

fn operand(op: &Operand) -> String {
    match op {
        Operand::Input => "I".to_owned(),
        Operand::Node(n) => format!("n{n}"),
        Operand::Const(c) => format!("c:{c}"),
        Operand::Prim(p) => format!("p:{}", p.name()),
        Operand::Fused(f) => format!("f:{}", f.name()),
    }
}

fn parse_operand(s: &str, nodes: usize) -> Result<Operand, String> {
    let bad = || format!("bad operand {s:?}");
    if s == "I" {
        return Ok(Operand::Input);
    }
    if let Some(n) = s.strip_prefix('n') {
        let n: usize = n.parse().map_err(|_| bad())?;
        // Topological order: a node only refers to earlier nodes.
        return if n < nodes {
            Ok(Operand::Node(n))
        } else {
            Err(bad())
        };
    }
    if let Some(c) = s.strip_prefix("c:") {
        return CONSTANT_NAMES
            .iter()
            .find(|n| **n == c)
            .map(|n| Operand::Const(n))
            .ok_or_else(bad);
    }
    if let Some(p) = s.strip_prefix("p:") {
        return Prim::from_name(p).map(Operand::Prim).ok_or_else(bad);
    }
    s.strip_prefix("f:")
        .and_then(Fused::from_name)
        .map(Operand::Fused)
        .ok_or_else(bad)
}

impl Plan {
    /// The plan as text (see the module docs); [`Plan::from_text`] reads it
    /// back to an equal plan.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(64 * (self.nodes.len() + self.programs.len()));
        out.push_str(MAGIC);
        out.push('\n');
        for p in &self.programs {
            let _ = writeln!(
                out,
                "program {} {} {} {} {}",
                p.name,
                p.task_id,
                p.line,
                operand(&p.output),
                p.file
            );
        }
        for node in &self.nodes {
            out.push_str("node ");
            out.push_str(&operand(&node.callee));
            for a in &node.args {
                out.push(' ');
                out.push_str(&operand(a));
            }
            out.push_str(" @");
            for s in &node.sources {
                let _ = write!(out, " {}:{}:{}", s.program, s.var, s.line);
            }
            out.push('\n');
        }
        out
    }

    /// Read a plan written by [`Plan::to_text`].
    pub fn from_text(text: &str) -> Result<Plan, String> {
        // Emitted batteries start the text on the line after the quote.
        let mut lines = text.trim_start_matches('\n').lines().enumerate();
        match lines.next() {
            Some((_, MAGIC)) => {}
            _ => return Err(format!("not a plan (expected {MAGIC:?} first)")),
        }
        let mut plan = Plan::default();
        // Outputs may name any node: resolved once all nodes are read.
        let mut outputs = Vec::new();
        for (i, line) in lines {
            let at = |e: String| format!("plan line {}: {e}", i + 1);
            if let Some(rest) = line.strip_prefix("program ") {
                let mut f = rest.splitn(5, ' ');
                let mut field = || f.next().ok_or_else(|| at("short program line".into()));
                let name = field()?.to_owned();
                let task_id = field()?.to_owned();
                let line_no = field()?.parse().map_err(|_| at("bad line number".into()))?;
                outputs.push((plan.programs.len(), field()?.to_owned(), i));
                let file = field()?.to_owned();
                plan.programs.push(PlanProgram {
                    name,
                    task_id,
                    file,
                    line: line_no,
                    output: Operand::Input,
                });
            } else if let Some(rest) = line.strip_prefix("node ") {
                let (call, sources) = rest
                    .split_once(" @")
                    .ok_or_else(|| at("node without sources".into()))?;
                let mut ops = call.split(' ');
                let nodes = plan.nodes.len();
                let callee = parse_operand(ops.next().unwrap_or(""), nodes).map_err(at)?;
                let args = ops
                    .map(|s| parse_operand(s, nodes))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(at)?;
                let sources = sources
                    .split_whitespace()
                    .map(|s| {
                        let mut f = s.splitn(3, ':');
                        let program = f.next().and_then(|x| x.parse().ok());
                        let var = f.next();
                        let line = f.next().and_then(|x| x.parse().ok());
                        match (program, var, line) {
                            (Some(program), Some(var), Some(line)) => Ok(Source {
                                program,
                                var: var.to_owned(),
                                line,
                            }),
                            _ => Err(at(format!("bad source {s:?}"))),
                        }
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                plan.nodes.push(Node {
                    callee,
                    args,
                    sources,
                });
            } else if !line.is_empty() {
                return Err(at(format!("unexpected {line:?}")));
            }
        }
        for (k, op, i) in outputs {
            plan.programs[k].output = parse_operand(&op, plan.nodes.len())
                .map_err(|e| format!("plan line {}: {e}", i + 1))?;
        }
        Ok(plan)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let plan = Plan {
            nodes: vec![
                Node {
                    callee: Operand::Prim(Prim::rbind),
                    args: vec![Operand::Prim(Prim::colorcount), Operand::Const("ONE")],
                    sources: vec![Source {
                        program: 0,
                        var: "x1".into(),
                        line: 6,
                    }],
                },
                Node {
                    callee: Operand::Fused(Fused::ApplyChain { merge: true }),
                    args: vec![Operand::Node(0), Operand::Input],
                    sources: vec![
                        Source {
                            program: 0,
                            var: "x5.1".into(),
                            line: 7,
                        },
                        Source {
                            program: 1,
                            var: "O".into(),
                            line: 12,
                        },
                    ],
                },
            ],
            programs: vec![
                PlanProgram {
                    name: "solve_a".into(),
                    task_id: "a".into(),
                    file: "dir with space/s.py".into(),
                    line: 5,
                    output: Operand::Node(1),
                },
                PlanProgram {
                    name: "solve_b".into(),
                    task_id: "b".into(),
                    file: "s.py".into(),
                    line: 11,
                    output: Operand::Input,
                },
            ],
            ..Plan::default()
        };
        let text = plan.to_text();
        assert_eq!(Plan::from_text(&text).unwrap(), plan);
    }

    #[test]
    fn malformed_plans_are_errors() {
        assert!(Plan::from_text("").is_err());
        assert!(Plan::from_text("battgen-plan 1\nnode p:nope I @ 0:x1:1\n").is_err());
        // A node may only refer to earlier nodes.
        assert!(Plan::from_text("battgen-plan 1\nnode p:identity n0 @ 0:x1:1\n").is_err());
        assert!(Plan::from_text("battgen-plan 1\nprogram a b 1 n3 f.py\n").is_err());
    }
}
