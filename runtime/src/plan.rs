//! A battery plan: many programs merged into one graph of calls.
//!
//! The generator builds a plan (after common-subexpression elimination and
//! dead-statement removal) and emits Rust from it; the runtime can also
//! interpret a plan directly, which is how tests check the corpus without a
//! compile step and how emitted code is cross-checked.
//!
//! Nodes are in topological order: a node only refers to earlier nodes.

use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::batch::{Backend, Callee, Column};
use crate::error::{Error, ErrorKind, Result};
use crate::functions::{call_refs, Func};
use crate::signatures::{dispatch_refs, Prim};
use crate::values::Value;

/// An argument (or callee) of a node.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operand {
    /// The program's input grid.
    Input,
    /// The value of an earlier node.
    Node(usize),
    /// A named constant of `constants.py`.
    Const(&'static str),
    /// A primitive: as callee it is called, as argument it is a value.
    Prim(Prim),
    /// A fused operation made by the generator's rewrite pass (callee only).
    Fused(Fused),
}

pub use crate::fuse::Fused;

/// Where a node came from: a statement of a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub program: usize,
    /// The variable it assigned (`x3`).
    pub var: String,
    pub line: usize,
}

/// One call: `callee(args...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub callee: Operand,
    pub args: Vec<Operand>,
    /// Every statement merged into this node (at least one).
    pub sources: Vec<Source>,
}

/// A program of the battery and the operand holding its output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanProgram {
    pub name: String,
    pub task_id: String,
    pub file: String,
    pub line: usize,
    pub output: Operand,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    pub nodes: Vec<Node>,
    pub programs: Vec<PlanProgram>,
    /// The nodes ready to evaluate, derived from `nodes` on first use.
    pub resolved: Resolved,
}

/// Where an argument's value comes from, resolved once per plan: constants
/// and primitives used as values are looked up (and allocated) once, not
/// on every evaluation.
pub enum Slot {
    Input,
    Node(usize),
    Static(Result<Value>),
}

/// What a resolved node calls.
pub enum Call {
    Prim(Prim),
    Fused(Fused),
    /// A function value: the input, a node's value or a constant.
    Value(Slot),
}

/// A node of the plan as the interpreter runs it.
pub struct ResolvedNode {
    pub call: Call,
    pub args: Box<[Slot]>,
}

/// The plan's nodes resolved for evaluation, built on first use. Derived
/// data: a clone starts empty and comparison ignores it, so the nodes of a
/// plan must not change after its first evaluation (plans are built, then
/// run).
#[derive(Default)]
pub struct Resolved {
    nodes: std::sync::OnceLock<Vec<ResolvedNode>>,
    /// Each program's nodes in its statement order.
    orders: std::sync::OnceLock<Vec<Vec<usize>>>,
}

impl Clone for Resolved {
    fn clone(&self) -> Resolved {
        Resolved::default()
    }
}
impl PartialEq for Resolved {
    fn eq(&self, _: &Resolved) -> bool {
        true
    }
}
impl Eq for Resolved {}
impl std::fmt::Debug for Resolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Resolved")
    }
}

fn resolve_slot(op: &Operand) -> Slot {
    match op {
        Operand::Input => Slot::Input,
        Operand::Node(m) => Slot::Node(*m),
        other => Slot::Static(static_value(other).ok_or(Error::type_error("unknown constant"))),
    }
}

/// An argument's value, borrowed from where it lives.
#[inline]
pub fn slot_value<'v>(
    slot: &'v Slot,
    input: &'v Value,
    values: &'v [Option<Result<Value>>],
) -> Result<&'v Value> {
    match slot {
        Slot::Input => Ok(input),
        Slot::Node(m) => match &values[*m] {
            Some(Ok(v)) => Ok(v),
            Some(Err(e)) => Err(*e),
            None => Err(Error::new(ErrorKind::Value, "node not evaluated")),
        },
        Slot::Static(r) => r.as_ref().map_err(|e| *e),
    }
}

/// Evaluate `f`, turning a panic inside a primitive into an error value so
/// that one bug never takes a run down.
/// The time budget and the memo of function calls restart here too.
#[inline]
pub fn guarded(f: impl FnOnce() -> Result<Value>) -> Result<Value> {
    crate::budget::begin();
    crate::memo::begin();
    let result = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(_) => Err(Error::new(ErrorKind::Panic, "primitive panicked")),
    };
    crate::memo::end();
    result
}

/// The errors of each node's column, kept after the column itself is
/// dropped, so that column-wise execution reports the same error as
/// sequential execution (Python stops at a program's first failing
/// statement, in that program's order).
pub struct ErrorLog {
    errors: Vec<Option<Vec<Option<Error>>>>,
}

impl ErrorLog {
    pub fn new(nodes: usize) -> ErrorLog {
        ErrorLog {
            errors: vec![None; nodes],
        }
    }
    /// Note the failed rows of node `n` (nothing is kept for a clean column).
    pub fn record(&mut self, n: usize, column: &Column, rows: usize) {
        let failed = (0..rows).any(|r| column.error(r).is_some());
        if failed {
            self.errors[n] = Some((0..rows).map(|r| column.error(r)).collect());
        }
    }
    /// The program's output column with each failed row's error replaced by
    /// that of its first failing node in `order`.
    /// A row whose output is fine still fails when a statement of the
    /// program failed (one whose value no output needs).
    pub fn resolve(&self, output: Column, order: &[usize], rows: usize) -> Column {
        let failed = (0..rows).any(|r| output.error(r).is_some())
            || order.iter().any(|&n| self.errors[n].is_some());
        if !failed {
            return output;
        }
        let first = |r: usize| {
            order
                .iter()
                .find_map(|&n| self.errors[n].as_ref().and_then(|e| e[r]))
        };
        Column::Rows(
            output
                .into_rows(rows)
                .into_iter()
                .enumerate()
                .map(|(r, v)| match first(r) {
                    Some(e) => Err(e),
                    None => v,
                })
                .collect(),
        )
    }
}

/// The value of a constant or primitive operand.
pub fn static_value(op: &Operand) -> Option<Value> {
    match op {
        Operand::Const(name) => crate::constants::constant(name),
        Operand::Prim(p) => Some(Value::func(Func::Prim(*p))),
        _ => None,
    }
}

impl Plan {
    /// Plan nodes per statement of the programs: 1 where they share
    /// nothing, less the more common subexpressions merged.
    pub fn node_share(&self) -> f64 {
        let statements: usize = self.nodes.iter().map(|n| n.sources.len()).sum();
        self.nodes.len() as f64 / statements.max(1) as f64
    }

    /// The nodes program `k` runs, ascending (so in evaluation order): its
    /// output's and every statement of its own, including statements no
    /// output needs, since Python runs those too and they may raise.
    pub fn program_nodes(&self, k: usize) -> Vec<usize> {
        let mut need = vec![false; self.nodes.len()];
        if let Operand::Node(n) = self.programs[k].output {
            need[n] = true;
        }
        for (n, node) in self.nodes.iter().enumerate() {
            if node.sources.iter().any(|s| s.program == k) {
                need[n] = true;
            }
        }
        for n in (0..self.nodes.len()).rev() {
            if !need[n] {
                continue;
            }
            let node = &self.nodes[n];
            for op in std::iter::once(&node.callee).chain(&node.args) {
                if let Operand::Node(m) = op {
                    need[*m] = true;
                }
            }
        }
        (0..self.nodes.len()).filter(|&n| need[n]).collect()
    }

    /// Evaluate one node given the values of earlier nodes.
    pub fn eval_node(
        &self,
        n: usize,
        input: &Value,
        values: &[Option<Result<Value>>],
    ) -> Result<Value> {
        let node = &self.resolved_nodes()[n];
        let mut args: smallvec::SmallVec<[&Value; 4]> = smallvec::SmallVec::new();
        for slot in node.args.iter() {
            args.push(slot_value(slot, input, values)?);
        }
        guarded(|| match &node.call {
            Call::Prim(p) => dispatch_refs(*p, &args),
            Call::Fused(f) => f.eval(&args),
            Call::Value(slot) => call_refs(slot_value(slot, input, values)?, &args),
        })
    }

    /// The nodes resolved for evaluation (built once per plan).
    pub fn resolved_nodes(&self) -> &[ResolvedNode] {
        self.resolved.nodes.get_or_init(|| {
            self.nodes
                .iter()
                .map(|node| ResolvedNode {
                    call: match &node.callee {
                        Operand::Prim(p) => Call::Prim(*p),
                        Operand::Fused(f) => Call::Fused(*f),
                        other => Call::Value(resolve_slot(other)),
                    },
                    args: node.args.iter().map(resolve_slot).collect(),
                })
                .collect()
        })
    }

    /// Evaluate every program on one input, each node once. A program that
    /// fails reports the error of its first failing statement.
    pub fn eval_all(&self, input: &Value) -> Vec<Result<Value>> {
        let mut values: Vec<Option<Result<Value>>> = vec![None; self.nodes.len()];
        for n in 0..self.nodes.len() {
            values[n] = Some(self.eval_node(n, input, &values));
        }
        // A program fails at its first failing statement, even one that no
        // output needs; only inputs where some node failed need the orders.
        let any_failed = values.iter().any(|v| matches!(v, Some(Err(_))));
        (0..self.programs.len())
            .map(|k| {
                let out = self.output_of(&self.programs[k].output, input, &values);
                if !any_failed {
                    return out;
                }
                // Python stops at the first statement that raises.
                let first_failure =
                    self.program_orders()[k]
                        .iter()
                        .find_map(|&n| match &values[n] {
                            Some(Err(e)) => Some(*e),
                            _ => None,
                        });
                first_failure.map_or(out, Err)
            })
            .collect()
    }

    /// Every program's nodes in its statement order (computed once).
    pub fn program_orders(&self) -> &[Vec<usize>] {
        self.resolved
            .orders
            .get_or_init(|| self.compute_program_orders())
    }

    /// [`Plan::program_order`] of every program, in time linear in the
    /// plan and its programs: one pass over all statements' sources, then
    /// a walk from each program's own statements over the nodes it reads
    /// (asking each program for its order alone scans the whole plan once
    /// per program, quadratic in a large battery).
    pub fn compute_program_orders(&self) -> Vec<Vec<usize>> {
        // Each program's own statements, with the line of each.
        let mut own: Vec<Vec<(usize, usize)>> = vec![Vec::new(); self.programs.len()];
        for (n, node) in self.nodes.iter().enumerate() {
            for s in &node.sources {
                own[s.program].push((n, s.line));
            }
        }
        // `seen[n] == k`: node `n` is already among program `k`'s.
        let mut seen = vec![usize::MAX; self.nodes.len()];
        let mut line = vec![0usize; self.nodes.len()];
        own.iter()
            .enumerate()
            .map(|(k, statements)| {
                let mut nodes = Vec::new();
                let mut stack: Vec<usize> = statements.iter().map(|&(n, _)| n).collect();
                if let Operand::Node(n) = self.programs[k].output {
                    stack.push(n);
                }
                while let Some(n) = stack.pop() {
                    if seen[n] == k {
                        continue;
                    }
                    seen[n] = k;
                    line[n] = usize::MAX;
                    nodes.push(n);
                    let node = &self.nodes[n];
                    for op in std::iter::once(&node.callee).chain(&node.args) {
                        if let Operand::Node(m) = op {
                            stack.push(*m);
                        }
                    }
                }
                // A node's position is its earliest statement in program k
                // (0 for nodes the program only reads), as in `program_order`.
                for &(n, l) in statements {
                    line[n] = line[n].min(l);
                }
                let position = |n: usize| if line[n] == usize::MAX { 0 } else { line[n] };
                nodes.sort_unstable_by_key(|&n| (position(n), n));
                nodes
            })
            .collect()
    }

    /// Evaluate one program on one input: its own nodes in its own
    /// statement order, stopping at the first failure as Python does.
    pub fn eval_program(&self, k: usize, input: &Value) -> Result<Value> {
        self.eval_in_order(k, &self.program_orders()[k], input)
    }

    /// [`Plan::eval_program`] with the program's statement order given.
    /// The slots of the values are one buffer per thread, reused: a fresh
    /// buffer the size of the whole plan for every evaluation made per-input
    /// interpretation of a large battery cost O(plan) per evaluation.
    pub fn eval_in_order(&self, k: usize, order: &[usize], input: &Value) -> Result<Value> {
        self.eval_in_order_from(k, order, input, Vec::new())
    }

    /// [`Plan::eval_program`] resumed: the values of some of the program's
    /// nodes are `known` (typed code computed them before it gave up),
    /// and only the others are evaluated. A known value is taken only for
    /// a node this plan computes as the plain plan does (not for one that
    /// [`crate::fuse`] turned into a fused call, whose readers expect its
    /// fused form).
    pub fn eval_program_from(
        &self,
        k: usize,
        input: &Value,
        known: crate::typed::Known,
    ) -> Result<Value> {
        self.eval_in_order_from(k, &self.program_orders()[k], input, known)
    }

    fn eval_in_order_from(
        &self,
        k: usize,
        order: &[usize],
        input: &Value,
        known: crate::typed::Known,
    ) -> Result<Value> {
        thread_local! {
            static SLOTS: std::cell::RefCell<Vec<Option<Result<Value>>>> =
                const { std::cell::RefCell::new(Vec::new()) };
        }
        SLOTS.with(|slots| {
            let mut values = slots.take();
            if values.len() < self.nodes.len() {
                values.resize(self.nodes.len(), None);
            }
            for (n, v) in known {
                if n < values.len() && matches!(self.nodes[n].callee, Operand::Prim(_)) {
                    values[n] = Some(Ok(v));
                }
            }
            let mut result = None;
            for &n in order {
                if values[n].is_some() {
                    continue;
                }
                let v = self.eval_node(n, input, &values);
                if let Err(e) = v {
                    result = Some(Err(e));
                    break;
                }
                values[n] = Some(v);
            }
            let result =
                result.unwrap_or_else(|| self.output_of(&self.programs[k].output, input, &values));
            for &n in order {
                values[n] = None;
            }
            *slots.borrow_mut() = values;
            result
        })
    }

    /// The nodes of program `k` in the order of its statements. (Node order
    /// interleaves programs; a fused node sits where its first statement was.)
    pub fn program_order(&self, k: usize) -> Vec<usize> {
        let mut nodes = self.program_nodes(k);
        let position = |n: usize| {
            self.nodes[n]
                .sources
                .iter()
                .filter(|s| s.program == k)
                .map(|s| s.line)
                .min()
                .unwrap_or(0)
        };
        nodes.sort_by_key(|&n| (position(n), n));
        nodes
    }

    fn output_of(
        &self,
        op: &Operand,
        input: &Value,
        values: &[Option<Result<Value>>],
    ) -> Result<Value> {
        match op {
            Operand::Input => Ok(input.clone()),
            Operand::Node(n) => values[*n]
                .clone()
                .unwrap_or(Err(Error::type_error("output"))),
            other => static_value(other).ok_or(Error::type_error("output")),
        }
    }
}

impl Plan {
    /// For each node, the last node that reads it (`usize::MAX`: a program
    /// output, kept to the end).
    pub fn last_uses(&self) -> Vec<usize> {
        let mut last = vec![0; self.nodes.len()];
        for (n, node) in self.nodes.iter().enumerate() {
            for op in std::iter::once(&node.callee).chain(&node.args) {
                if let Operand::Node(m) = op {
                    last[*m] = n;
                }
            }
        }
        for p in &self.programs {
            if let Operand::Node(m) = p.output {
                last[m] = usize::MAX;
            }
        }
        last
    }

    /// Evaluate every program over a batch, node by node (column-wise);
    /// a column is freed after its last use. One column per program.
    pub fn eval_batch(&self, inputs: &Column, rows: usize, backend: &dyn Backend) -> Vec<Column> {
        let last = self.last_uses();
        let mut log = ErrorLog::new(self.nodes.len());
        let mut cols: Vec<Option<Column>> = vec![None; self.nodes.len()];
        let statics = |op: &Operand| {
            Column::Uniform(static_value(op).ok_or(Error::type_error("unknown constant")))
        };
        for (n, node) in self.nodes.iter().enumerate() {
            let owned: Vec<Option<Column>> = std::iter::once(&node.callee)
                .chain(&node.args)
                .map(|op| match op {
                    Operand::Const(_) | Operand::Prim(_) => Some(statics(op)),
                    _ => None,
                })
                .collect();
            let get = |k: usize, op: &Operand| -> &Column {
                match op {
                    Operand::Input => inputs,
                    Operand::Node(m) => cols[*m].as_ref().expect("evaluated before use"),
                    _ => owned[k].as_ref().expect("static operand"),
                }
            };
            let args: Vec<&Column> = node
                .args
                .iter()
                .enumerate()
                .map(|(k, op)| get(k + 1, op))
                .collect();
            let callee = match &node.callee {
                Operand::Prim(p) => Callee::Prim(*p),
                Operand::Fused(f) => Callee::Fused(*f),
                op => Callee::Column(get(0, op)),
            };
            let col = backend.call(callee, &args, rows);
            drop(args);
            log.record(n, &col, rows);
            // A statement no output needs ran for its errors only.
            let read_later = last[n] > n;
            cols[n] = read_later.then_some(col);
            for op in std::iter::once(&node.callee).chain(&node.args) {
                if let Operand::Node(m) = op {
                    if last[*m] == n {
                        cols[*m] = None;
                    }
                }
            }
        }
        self.programs
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let out = match &p.output {
                    Operand::Input => inputs.clone(),
                    Operand::Node(m) => cols[*m].clone().expect("outputs are kept"),
                    op => statics(op),
                };
                log.resolve(out, &self.program_orders()[k], rows)
            })
            .collect()
    }
}
