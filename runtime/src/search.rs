//! Searching a battery of many programs (mutants) for the ones that
//! reproduce a task's train outputs.
//!
//! Every program runs on every task, with **early exit**: a program stops
//! being evaluated on a task at its first train pair whose output is wrong
//! (or an error), and a node of the merged plan runs for a pair only when
//! some program still alive on that task needs it. Programs that get every
//! train pair right solve the task; they alone then run on its test inputs.
//! Tasks are independent and run in parallel; each worker reuses one value
//! buffer, so memory is bounded by the plan, not by programs x tasks.

use std::time::Instant;

use rayon::prelude::*;

use crate::error::{Error, Result};
use crate::plan::{static_value, Operand, Plan};
use crate::task::Task;
use crate::values::{Grid, Value};

/// The nodes each program needs, in evaluation (ascending) order, flat.
pub struct ProgramNodes {
    offsets: Vec<usize>,
    nodes: Vec<u32>,
}

impl ProgramNodes {
    /// Computed once per plan: a walk from each output over its own nodes
    /// only (a stamp array instead of a fresh set per program).
    pub fn of(plan: &Plan) -> ProgramNodes {
        let mut stamp = vec![usize::MAX; plan.nodes.len()];
        let mut offsets = vec![0];
        let mut nodes = Vec::new();
        let mut stack = Vec::new();
        // Statements no output needs count too: they may raise.
        let mut statements: Vec<Vec<usize>> = vec![Vec::new(); plan.programs.len()];
        for (n, node) in plan.nodes.iter().enumerate() {
            for src in &node.sources {
                statements[src.program].push(n);
            }
        }
        for (k, p) in plan.programs.iter().enumerate() {
            let start = nodes.len();
            if let Operand::Node(n) = p.output {
                stack.push(n);
            }
            stack.extend(&statements[k]);
            while let Some(n) = stack.pop() {
                if stamp[n] == k {
                    continue;
                }
                stamp[n] = k;
                nodes.push(n as u32);
                let node = &plan.nodes[n];
                for op in std::iter::once(&node.callee).chain(&node.args) {
                    if let Operand::Node(m) = op {
                        if stamp[*m] != k {
                            stack.push(*m);
                        }
                    }
                }
            }
            nodes[start..].sort_unstable();
            offsets.push(nodes.len());
        }
        ProgramNodes { offsets, nodes }
    }
    pub fn of_program(&self, k: usize) -> &[u32] {
        &self.nodes[self.offsets[k]..self.offsets[k + 1]]
    }
}

/// What the search found on one task.
#[derive(Clone, Debug, Default)]
pub struct TaskResult {
    /// Index of the task in the list searched.
    pub task: usize,
    /// The programs that reproduce every train output, ascending.
    pub solvers: Vec<usize>,
    /// Per solver, its output on each test input (`None`: not a grid).
    pub test_outputs: Vec<Vec<Option<Grid>>>,
    /// (program, train pair) evaluations done, and node evaluations.
    pub pair_evaluations: u64,
    pub node_evaluations: u64,
    /// Wall time of the task's search (on one thread): a parallel search
    /// lasts at least as long as its slowest task.
    pub seconds: f64,
}

/// What one round (one train pair) evaluates: the nodes its live
/// programs need, ascending; the last of them that reads each node (after
/// which its value is dropped: a pair holds only the values still to be
/// read, not every node's); and the live programs' (output node,
/// program), by node.
#[derive(Default)]
struct Round {
    needed: Vec<u32>,
    last_reader: Vec<u32>,
    outputs: Vec<(u32, u32)>,
}

impl Round {
    /// The round of `programs`; `need` stamps the nodes found (with
    /// `mark`, a value no earlier call used).
    fn fill(
        &mut self,
        plan: &Plan,
        nodes_of: &ProgramNodes,
        programs: &[usize],
        need: &mut [u32],
        mark: u32,
    ) {
        self.needed.clear();
        self.outputs.clear();
        for &k in programs {
            if let Operand::Node(n) = plan.programs[k].output {
                self.outputs.push((n as u32, k as u32));
            }
            for &n in nodes_of.of_program(k) {
                if need[n as usize] != mark {
                    need[n as usize] = mark;
                    self.needed.push(n);
                }
            }
        }
        self.needed.sort_unstable();
        self.outputs.sort_unstable();
        if self.last_reader.len() < plan.nodes.len() {
            self.last_reader.resize(plan.nodes.len(), 0);
        }
        for &m in &self.needed {
            for a in operands(plan, m as usize) {
                self.last_reader[a] = m;
            }
            self.last_reader[m as usize] = 0;
        }
    }

    /// The first round of every task: all programs live. The same for
    /// every task, so made once per search (with 100,000 mutants it costs
    /// more than many tasks' evaluations).
    fn all(plan: &Plan, nodes_of: &ProgramNodes) -> Round {
        let mut round = Round::default();
        let programs: Vec<usize> = (0..plan.programs.len()).collect();
        round.fill(plan, nodes_of, &programs, &mut vec![0; plan.nodes.len()], 1);
        round
    }
}

/// Per-worker scratch, one slot per plan node: values, the stamps of the
/// nodes a round needs, and the round in which a node failed (its programs
/// fail with it, even when their output does not read it).
struct Scratch {
    values: Vec<Option<Result<Value>>>,
    need: Vec<u32>,
    failed: Vec<u32>,
    round: u32,
    /// The round of a task's later pairs, where only some programs live.
    later: Round,
}

impl Scratch {
    fn new(nodes: usize) -> Scratch {
        Scratch {
            values: vec![None; nodes],
            need: vec![0; nodes],
            failed: vec![0; nodes],
            round: 0,
            later: Round::default(),
        }
    }
}

fn static_output(plan: &Plan, k: usize, input: &Value) -> Result<Value> {
    match &plan.programs[k].output {
        Operand::Input => Ok(input.clone()),
        other => static_value(other).ok_or(Error::type_error("output")),
    }
}

fn operands(plan: &Plan, n: usize) -> impl Iterator<Item = usize> + '_ {
    let node = &plan.nodes[n];
    std::iter::once(&node.callee)
        .chain(&node.args)
        .filter_map(|op| match op {
            Operand::Node(m) => Some(*m),
            _ => None,
        })
}

/// Search one task with every program of the plan (`all`: the round of
/// all of them); `None` if the deadline passed before it was done.
fn search_task(
    plan: &Plan,
    nodes_of: &ProgramNodes,
    all: &Round,
    t: usize,
    task: &Task,
    scratch: &mut Scratch,
    deadline: Option<Instant>,
) -> Option<TaskResult> {
    let mut result = TaskResult {
        task: t,
        ..TaskResult::default()
    };
    let mut live: Vec<usize> = (0..plan.programs.len()).collect();
    let mut passed = vec![false; plan.programs.len()];
    // A program solves the task only if it gets every train pair right, so
    // the order of the pairs does not change the result: the smallest
    // input first, where evaluating every node costs least (most programs
    // fail on the first pair they see).
    let mut train: Vec<&crate::task::Example> = task.train.iter().collect();
    train.sort_by_key(|ex| ex.input().height() * ex.input().width());
    for ex in train {
        let Some(expected) = &ex.output else {
            continue;
        };
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let expected = Value::grid(expected.clone());
        let input = ex.input_value();
        scratch.round += 1;
        let round = scratch.round;
        for &k in &live {
            passed[k] = match plan.programs[k].output {
                Operand::Node(_) => false,
                _ => static_output(plan, k, input).is_ok_and(|v| v == expected),
            };
        }
        let Scratch {
            values,
            need,
            failed,
            later,
            ..
        } = scratch;
        let this: &Round = if live.len() == plan.programs.len() {
            all
        } else {
            later.fill(plan, nodes_of, &live, need, round);
            later
        };
        let mut next_output = 0;
        for &n in &this.needed {
            let n = n as usize;
            let v = plan.eval_node(n, input, values);
            result.node_evaluations += 1;
            if v.is_err() {
                failed[n] = round;
            }
            // Programs whose output this is: compared now.
            while next_output < this.outputs.len() && this.outputs[next_output].0 as usize == n {
                let k = this.outputs[next_output].1 as usize;
                passed[k] = v.as_ref().is_ok_and(|v| *v == expected);
                next_output += 1;
            }
            if this.last_reader[n] as usize > n {
                values[n] = Some(v);
            }
            for a in operands(plan, n) {
                if this.last_reader[a] as usize == n {
                    values[a] = None;
                }
            }
        }
        result.pair_evaluations += live.len() as u64;
        for &k in &live {
            if passed[k] {
                let of_k = nodes_of.of_program(k);
                passed[k] = !of_k.iter().any(|&n| failed[n as usize] == round);
            }
        }
        live.retain(|&k| passed[k]);
        for &n in &this.needed {
            values[n as usize] = None;
        }
        if live.is_empty() {
            break;
        }
    }
    if task.train.iter().all(|ex| ex.output.is_none()) {
        live.clear();
    }
    for &k in &live {
        let outs = task
            .test
            .iter()
            .map(|ex| match plan.eval_program(k, ex.input_value()) {
                Ok(v) => grid_output(&v),
                Err(_) => None,
            })
            .collect();
        result.test_outputs.push(outs);
    }
    result.solvers = live;
    Some(result)
}

/// A result as an ARC answer: a non-empty rectangle of colours.
fn grid_output(v: &Value) -> Option<Grid> {
    if !v.is_tuple() {
        return None;
    }
    let g = v.as_grid("output").ok()?;
    (g.height() > 0 && g.width() > 0).then(|| g.into_owned())
}

/// How far a search got and what it found.
pub struct SearchReport {
    pub results: Vec<TaskResult>,
    /// Tasks not searched (or not finished) because the time budget ran out.
    pub skipped: Vec<usize>,
}

/// Search `tasks` (those at `indices`) with every program of `plan`, in
/// parallel over tasks; `deadline` stops the search (a task not finished by
/// then counts as skipped); `done` is
/// called after each task (progress).
pub fn search(
    plan: &Plan,
    tasks: &[Task],
    indices: &[usize],
    deadline: Option<Instant>,
    done: &(dyn Fn(&TaskResult) + Sync),
) -> SearchReport {
    let nodes_of = ProgramNodes::of(plan);
    let all = Round::all(plan, &nodes_of);
    // The costliest tasks first, one task per work item: the run ends with
    // many small tasks to balance the threads instead of one large task
    // running alone. Cost: the cells of the first (smallest) train input,
    // where every node runs, plus the others'.
    let cost = |t: usize| -> usize {
        let mut cells: Vec<usize> = tasks[t]
            .train
            .iter()
            .map(|ex| ex.input().height() * ex.input().width())
            .collect();
        cells.sort_unstable();
        cells.first().map_or(0, |c| c * 8) + cells.iter().sum::<usize>()
    };
    let mut order: Vec<usize> = indices.to_vec();
    order.sort_by_key(|&t| std::cmp::Reverse(cost(t)));
    let outcomes: Vec<Option<TaskResult>> = order
        .par_iter()
        .with_max_len(1)
        .map_init(
            || Scratch::new(plan.nodes.len()),
            |scratch, &t| {
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    return None;
                }
                let start = Instant::now();
                let mut r = search_task(plan, &nodes_of, &all, t, &tasks[t], scratch, deadline)?;
                r.seconds = start.elapsed().as_secs_f64();
                done(&r);
                Some(r)
            },
        )
        .collect();
    let mut results = Vec::new();
    let mut skipped = Vec::new();
    for (&t, o) in order.iter().zip(outcomes) {
        match o {
            Some(r) => results.push(r),
            None => skipped.push(t),
        }
    }
    SearchReport { results, skipped }
}

/// The peak resident memory of this process (Linux), in bytes.
pub fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}
