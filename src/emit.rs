//! Emitting Rust from a battery plan: the tera template lays the file out,
//! syn parses the result (a file that does not parse is a generator bug,
//! reported as one) and prettyplease formats it.

use std::collections::BTreeSet;
use std::fmt;

use battgen_runtime::plan::{Fused, Operand, Plan};
use battgen_runtime::Prim;
use serde::Serialize;

/// The template, bundled so that the binary works from anywhere.
const TEMPLATE: &str = include_str!("../templates/battery.rs.tera");
const TEMPLATE_NAME: &str = "battery.rs.tera";

/// A failure to emit: always a bug of the generator, never of the input.
#[derive(Debug)]
pub enum EmitError {
    Template(String),
    /// The rendered code did not parse; carries syn's message and the code.
    Syntax {
        message: String,
        code: String,
    },
}

impl fmt::Display for EmitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EmitError::Template(m) => write!(f, "internal error: template failed: {m}"),
            EmitError::Syntax { message, .. } => {
                write!(f, "internal error: emitted Rust does not parse ({message}); please report this bug")
            }
        }
    }
}

impl std::error::Error for EmitError {}

/// Where the programs came from and what merging did, for the file header.
pub struct EmitInfo<'a> {
    pub files: &'a [String],
    pub statements: usize,
    pub dead: usize,
}

#[derive(Serialize)]
struct PrimValue {
    var: String,
    prim: String,
}

#[derive(Serialize)]
struct Line {
    var: String,
    expr: String,
    comment: String,
}

/// A node of the column-wise battery.
#[derive(Serialize)]
struct BatchLine {
    var: String,
    callee: String,
    args: String,
    comment: String,
    /// Columns whose last use this is.
    drops: Vec<String>,
}

/// A uniform column of a constant or primitive value.
#[derive(Serialize)]
struct Uniform {
    var: String,
    expr: String,
}

/// The uniform-column local of a static operand.
fn uniform_var(op: &Operand) -> String {
    match op {
        Operand::Const(c) => format!("k_{c}"),
        Operand::Prim(p) => format!("k_f_{}", p.name()),
        _ => unreachable!("only static operands are uniform"),
    }
}

fn batch_ref(op: &Operand) -> String {
    match op {
        Operand::Input => "I".to_owned(),
        Operand::Node(n) => format!("&n{n}"),
        other => format!("&{}", uniform_var(other)),
    }
}

/// The column-wise battery: one backend call per node.
fn batch_ctx(plan: &Plan, orders: &[Vec<usize>]) -> (Vec<Uniform>, Vec<BatchLine>, Vec<String>) {
    let mut statics = BTreeSet::new();
    for node in &plan.nodes {
        for op in std::iter::once(&node.callee).chain(&node.args) {
            if matches!(op, Operand::Const(_) | Operand::Prim(_))
                && !matches!((op, &node.callee), (Operand::Prim(_), c) if std::ptr::eq(op, c))
            {
                statics.insert(op.clone());
            }
        }
    }
    for p in &plan.programs {
        if matches!(p.output, Operand::Const(_) | Operand::Prim(_)) {
            statics.insert(p.output.clone());
        }
    }
    let uniforms = statics
        .iter()
        .map(|op| Uniform {
            var: uniform_var(op),
            expr: match op {
                Operand::Const(c) => format!("rt::c::{c}"),
                Operand::Prim(p) => format!("rt::prim(rt::Prim::{})", ident(p.name())),
                _ => unreachable!(),
            },
        })
        .collect();
    let last = plan.last_uses();
    let lines = plan
        .nodes
        .iter()
        .enumerate()
        .map(|(n, node)| {
            let callee = match &node.callee {
                Operand::Prim(p) => format!("rt::Callee::Prim(rt::Prim::{})", ident(p.name())),
                Operand::Fused(Fused::ApplyChain { merge }) => {
                    format!("rt::Callee::Fused(rt::Fused::ApplyChain {{ merge: {merge} }})")
                }
                op => format!("rt::Callee::Column({})", batch_ref(op)),
            };
            let args: Vec<String> = node.args.iter().map(batch_ref).collect();
            let mut drops: Vec<String> = std::iter::once(&node.callee)
                .chain(&node.args)
                .filter_map(|op| match op {
                    Operand::Node(m) if last[*m] == n => Some(format!("n{m}")),
                    _ => None,
                })
                .collect();
            drops.sort();
            drops.dedup();
            BatchLine {
                var: format!("n{n}"),
                callee,
                args: args.join(", "),
                comment: node_comment(plan, n),
                drops,
            }
        })
        .collect();
    let outputs = plan
        .programs
        .iter()
        .zip(orders)
        .map(|(p, order)| match &p.output {
            Operand::Input => "I.clone()".to_owned(),
            Operand::Node(n) => {
                let order: Vec<String> = order.iter().map(usize::to_string).collect();
                format!("log.resolve(n{n}.clone(), &[{}], rows)", order.join(", "))
            }
            other => format!("{}.clone()", uniform_var(other)),
        })
        .collect();
    (uniforms, lines, outputs)
}

#[derive(Serialize)]
struct ProgramCtx {
    name: String,
    fn_name: String,
    task_id: String,
    file: String,
    line: usize,
    prim_values: Vec<PrimValue>,
    stmts: Vec<Line>,
    ret: String,
}

/// Rust keywords that a DSL name may collide with.
const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "else", "enum", "extern", "false", "fn", "for", "if",
    "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "static",
    "struct", "trait", "true", "type", "unsafe", "use", "where", "while", "async", "await", "dyn",
    "abstract", "become", "box", "do", "final", "macro", "override", "priv", "typeof", "unsized",
    "virtual", "yield", "try", "gen",
];
/// Names that cannot even be raw identifiers, or that the emitted file uses.
const RESERVED: &[&str] = &[
    "self", "Self", "super", "crate", "_", "rt", "battery", "PROGRAMS", "BATTERY", "I",
];

/// A DSL name as a Rust identifier.
fn ident(name: &str) -> String {
    if name.contains('.') {
        // The parser names the results of nested calls `x5.1`.
        return ident(&name.replace('.', "__"));
    }
    if RESERVED.contains(&name) {
        format!("v_{name}")
    } else if KEYWORDS.contains(&name) {
        format!("r#{name}")
    } else {
        name.to_owned()
    }
}

/// The Rust path of a primitive function.
fn prim_path(p: Prim) -> String {
    format!("rt::p::{}", ident(p.name()))
}

/// The local holding a primitive used as a value.
fn prim_var(p: Prim) -> String {
    format!("f_{}", p.name())
}

/// How operands are written in one of the two contexts.
trait Context {
    /// An operand passed by reference to a primitive.
    fn by_ref(&self, op: &Operand) -> String {
        match op {
            Operand::Input => "I".to_owned(),
            Operand::Node(n) => self.node_ref(*n),
            Operand::Const(c) => format!("&rt::c::{c}"),
            Operand::Prim(p) => format!("&{}", prim_var(*p)),
            Operand::Fused(_) => unreachable!("fused operations are only callees"),
        }
    }
    fn node_ref(&self, n: usize) -> String;
    /// The call of node `n` (without the trailing `?` of the program context).
    fn call(&self, plan: &Plan, n: usize) -> String {
        let node = &plan.nodes[n];
        let args: Vec<String> = node.args.iter().map(|a| self.by_ref(a)).collect();
        let owned = |args: &[String]| -> String {
            args.iter()
                .map(|a| match a.strip_prefix('&') {
                    Some(rest) if rest.starts_with("rt::c::") => rest.to_owned(),
                    Some(rest) => format!("{rest}.clone()"),
                    None => format!("{a}.clone()"),
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        match &node.callee {
            Operand::Prim(p) => format!("{}({})", prim_path(*p), args.join(", ")),
            Operand::Fused(Fused::ApplyChain { merge }) => match args.split_last() {
                Some((container, stages)) => {
                    format!(
                        "rt::p::apply_chain(&[{}], {container}, {merge})",
                        owned(stages)
                    )
                }
                None => unreachable!("an apply chain has a container"),
            },
            callee => format!("rt::call({}, &[{}])", self.by_ref(callee), owned(&args)),
        }
    }
}

/// Inside a program's own function: nodes are its variables.
struct ProgramContext<'a> {
    vars: &'a [Option<String>],
}

impl Context for ProgramContext<'_> {
    fn node_ref(&self, n: usize) -> String {
        format!("&{}", self.vars[n].as_deref().unwrap_or("MISSING"))
    }
}

/// Inside the merged battery: nodes are `Result`s, unwrapped with `?`.
struct BatteryContext;

impl Context for BatteryContext {
    fn node_ref(&self, n: usize) -> String {
        format!("rt::arg(&n{n})?")
    }
}

/// Primitives used as values (not called) among `nodes` and `extra`.
fn prim_values<'a>(
    plan: &Plan,
    nodes: impl Iterator<Item = &'a usize>,
    extra: &[&Operand],
) -> Vec<PrimValue> {
    let mut set = BTreeSet::new();
    for &n in nodes {
        let node = &plan.nodes[n];
        for op in node.args.iter().chain(match &node.callee {
            Operand::Prim(_) => None,
            other => Some(other),
        }) {
            if let Operand::Prim(p) = op {
                set.insert(*p);
            }
        }
    }
    for op in extra {
        if let Operand::Prim(p) = op {
            set.insert(*p);
        }
    }
    set.into_iter()
        .map(|p| PrimValue {
            var: prim_var(p),
            prim: ident(p.name()),
        })
        .collect()
}

fn owned_output(op: &Operand, node: impl Fn(usize) -> String) -> String {
    match op {
        Operand::Input => "I.clone()".to_owned(),
        Operand::Node(n) => node(*n),
        Operand::Const(c) => format!("rt::c::{c}"),
        Operand::Prim(p) => format!("{}.clone()", prim_var(*p)),
        Operand::Fused(_) => unreachable!("fused operations are only callees"),
    }
}

/// The function name of each program, unique and a valid identifier.
fn function_names(plan: &Plan) -> Vec<String> {
    let mut seen = BTreeSet::new();
    plan.programs
        .iter()
        .map(|p| {
            let mut name = ident(&p.name);
            let base = name.clone();
            let mut k = 2;
            while !seen.insert(name.clone()) {
                name = format!("{base}_{k}");
                k += 1;
            }
            name
        })
        .collect()
}

fn program_ctx(plan: &Plan, k: usize, fn_name: String) -> ProgramCtx {
    let prog = &plan.programs[k];
    // In the program's own statement order (node order may interleave
    // statements of programs merged earlier).
    let nodes = plan.program_order(k);
    let mut vars: Vec<Option<String>> = vec![None; plan.nodes.len()];
    let mut stmts = Vec::with_capacity(nodes.len());
    for &n in &nodes {
        let source = plan.nodes[n].sources.iter().find(|s| s.program == k);
        let (var, line) = match source {
            Some(s) => (ident(&s.var), s.line),
            None => (format!("n{n}"), 0),
        };
        vars[n] = Some(var.clone());
        let expr = ProgramContext { vars: &vars }.call(plan, n);
        stmts.push(Line {
            var,
            expr,
            comment: format!("{}:{line}", prog.file),
        });
    }
    let ret = owned_output(&prog.output, |n| vars[n].clone().unwrap_or_default());
    ProgramCtx {
        name: prog.name.clone(),
        fn_name,
        task_id: prog.task_id.clone(),
        file: prog.file.clone(),
        line: prog.line,
        prim_values: prim_values(plan, nodes.iter(), &[&prog.output]),
        stmts,
        ret,
    }
}

/// Where node `n` came from, for its comment.
fn node_comment(plan: &Plan, n: usize) -> String {
    let sources = &plan.nodes[n].sources;
    let shown: Vec<String> = sources
        .iter()
        .take(4)
        .map(|s| {
            format!(
                "{} {} (line {})",
                plan.programs[s.program].name, s.var, s.line
            )
        })
        .collect();
    let more = sources.len().saturating_sub(4);
    if more > 0 {
        format!("{}, and {more} more", shown.join(", "))
    } else {
        shown.join(", ")
    }
}

/// Render the plan as a formatted Rust source file.
pub fn emit(plan: &Plan, info: &EmitInfo) -> Result<String, EmitError> {
    let names = function_names(plan);
    let programs: Vec<ProgramCtx> = names
        .iter()
        .enumerate()
        .map(|(k, name)| program_ctx(plan, k, name.clone()))
        .collect();
    let nodes: Vec<Line> = (0..plan.nodes.len())
        .map(|n| Line {
            var: format!("n{n}"),
            expr: BatteryContext.call(plan, n),
            comment: node_comment(plan, n),
        })
        .collect();
    let outputs: Vec<&Operand> = plan.programs.iter().map(|p| &p.output).collect();
    // A failed program reports its first failing statement's error.
    let orders: Vec<Vec<usize>> = (0..plan.programs.len())
        .map(|k| plan.program_order(k))
        .collect();
    let outputs_rs: Vec<String> = outputs
        .iter()
        .zip(&orders)
        .map(|(op, order)| match op {
            Operand::Node(n) => {
                let nodes: Vec<String> = order.iter().map(|m| format!("&n{m}")).collect();
                format!(
                    "rt::sequential_error(n{n}.clone(), &[{}])",
                    nodes.join(", ")
                )
            }
            other => format!("Ok({})", owned_output(other, |_| String::new())),
        })
        .collect();
    let all: Vec<usize> = (0..plan.nodes.len()).collect();

    let mut ctx = tera::Context::new();
    ctx.insert("version", env!("CARGO_PKG_VERSION"));
    ctx.insert("files", info.files);
    ctx.insert("statements", &info.statements);
    ctx.insert("dead", &info.dead);
    ctx.insert("programs", &programs);
    ctx.insert("prim_values", &prim_values(plan, all.iter(), &outputs));
    ctx.insert("nodes", &nodes);
    ctx.insert("outputs", &outputs_rs);
    let (uniforms, batch_nodes, batch_outputs) = batch_ctx(plan, &orders);
    ctx.insert("uniforms", &uniforms);
    ctx.insert("batch_nodes", &batch_nodes);
    ctx.insert("batch_outputs", &batch_outputs);

    let mut tera = tera::Tera::default();
    tera.autoescape_on(vec![]);
    tera.add_raw_template(TEMPLATE_NAME, TEMPLATE)
        .map_err(|e| EmitError::Template(format!("{e:?}")))?;
    let code = tera
        .render(TEMPLATE_NAME, &ctx)
        .map_err(|e| EmitError::Template(format!("{e:?}")))?;
    let file = syn::parse_file(&code).map_err(|e| EmitError::Syntax {
        message: e.to_string(),
        code: code.clone(),
    })?;
    Ok(space_items(&prettyplease::unparse(&file)))
}

/// prettyplease puts no blank line between items; add one after each
/// top-level item so the file reads like hand-written code.
fn space_items(code: &str) -> String {
    let mut out = String::with_capacity(code.len() + 256);
    for line in code.lines() {
        out.push_str(line);
        out.push('\n');
        if matches!(line, "}" | "};" | "];") || line.starts_with("use ") || line.starts_with("#![")
        {
            out.push('\n');
        }
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}
