//! Emitting Rust from a battery plan. The tera templates lay the code out,
//! syn parses the result (code that does not parse is a generator bug,
//! reported as one) and prettyplease formats it.
//!
//! What is emitted, and why it stays small: every program becomes its own
//! function (one of at most [`MAX_STMTS_PER_FN`] statements; a longer
//! program is a chain of such segments), programs are grouped into modules
//! of at most [`MAX_STMTS_PER_MODULE`] statements, and the merged plan that
//! runs all programs with shared work is *data* (`PLAN`, see
//! `battgen_runtime::plan_text`) walked by the runtime's interpreter. No
//! emitted function grows with the number of programs or with the length of
//! one program, so rustc's superlinear cost in function size never bites,
//! and the modules compile in parallel, each as its own cached crate
//! ([`crate::compile`]).

use std::collections::BTreeSet;
use std::fmt;

use battgen_runtime::plan::{Fused, Operand, Plan};
use battgen_runtime::Prim;
use serde::Serialize;

/// The templates, bundled so that the binary works from anywhere.
const BATTERY_TEMPLATE: &str = include_str!("../templates/battery.rs.tera");
const MODULE_TEMPLATE: &str = include_str!("../templates/programs.rs.tera");

/// The most statements one emitted function holds.
pub const MAX_STMTS_PER_FN: usize = 128;
/// The most statements (and programs) one module of programs holds.
pub const MAX_STMTS_PER_MODULE: usize = 512;
pub const MAX_PROGRAMS_PER_MODULE: usize = 48;

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
    /// `let {var} = {expr}?;`, or pushed on the segment's value stack.
    var: String,
    expr: String,
    comment: String,
}

/// One emitted function of a program: the whole program, or a segment.
#[derive(Serialize)]
struct FnCtx {
    fn_name: String,
    /// A segment takes and extends the stack of earlier values (`v`).
    segment: bool,
    /// An entry function that sets up a value stack of this capacity and
    /// calls the first segment (0: not such an entry).
    stack: usize,
    prim_values: Vec<PrimValue>,
    stmts: Vec<Line>,
    /// The last expression: the output, or the call of the next segment.
    tail: String,
}

#[derive(Serialize)]
struct ProgramCtx {
    name: String,
    fn_name: String,
    task_id: String,
    file: String,
    line: usize,
    /// The entry function, then its segments (if the program is long).
    fns: Vec<FnCtx>,
}

/// A module of programs: its name and its programs.
#[derive(Serialize)]
struct ModuleCtx {
    name: String,
    programs: Vec<ProgramCtx>,
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
    "self", "Self", "super", "crate", "_", "rt", "battery", "PROGRAMS", "BATTERY", "PLAN", "I", "v",
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

/// How a program's function names its values: a local per variable, or
/// (in segments) a slot of the value stack `v`.
struct Names<'a> {
    vars: &'a [Option<String>],
    /// The node's value as a statically known function, where it is one.
    statics: &'a [Option<StaticFn>],
}

impl Names<'_> {
    /// An operand passed by reference to a primitive.
    fn by_ref(&self, op: &Operand) -> String {
        match op {
            Operand::Input => "I".to_owned(),
            Operand::Node(n) => format!("&{}", self.vars[*n].as_deref().unwrap_or("MISSING")),
            Operand::Const(c) => format!("&rt::c::{c}"),
            Operand::Prim(p) => format!("&{}", prim_var(*p)),
            Operand::Fused(_) => unreachable!("fused operations are only callees"),
        }
    }
    /// An operand as a `&Value` that is valid anywhere in the program
    /// (in a closure, in a later segment): primitives as shared values.
    fn value_ref(&self, op: &Operand) -> String {
        match op {
            Operand::Prim(p) => format!("rt::prim_ref(rt::Prim::{})", ident(p.name())),
            other => self.by_ref(other),
        }
    }
    fn static_fn(&self, op: &Operand) -> Option<StaticFn> {
        match op {
            Operand::Prim(p) => Some(StaticFn::Prim(*p)),
            Operand::Node(n) => self.statics[*n].clone(),
            _ => None,
        }
    }
    /// The function value node `n` builds, if it is known without running
    /// the program (its parts are primitives or other known functions;
    /// bound values are captured by reference).
    fn static_of(&self, plan: &Plan, n: usize) -> Option<StaticFn> {
        let node = &plan.nodes[n];
        let Operand::Prim(p) = node.callee else {
            return None;
        };
        let f = |k: usize| self.static_fn(node.args.get(k)?).map(Box::new);
        Some(match (p, node.args.len()) {
            (Prim::rbind | Prim::lbind, 2) => {
                let inner = f(0)?;
                // The reference's lambda takes one argument less than the
                // bound function (two or three); other arities stay dynamic.
                let arity = match inner.arity() {
                    2 => 1,
                    3 => 2,
                    _ => return None,
                };
                StaticFn::Bind {
                    right: p == Prim::rbind,
                    f: inner,
                    fixed: self.value_ref(&node.args[1]),
                    arity,
                }
            }
            (Prim::compose, 2) => StaticFn::Compose(f(0)?, f(1)?),
            (Prim::chain, 3) => StaticFn::Chain(f(0)?, f(1)?, f(2)?),
            (Prim::fork, 3) => StaticFn::Fork(f(0)?, f(1)?, f(2)?),
            (Prim::matcher, 2) => StaticFn::Matcher(f(0)?, self.value_ref(&node.args[1])),
            _ => return None,
        })
    }
    /// A higher-order primitive called with a statically known function:
    /// its `_with` form with the function inlined as a Rust closure.
    fn inlined_higher_order(&self, p: Prim, args: &[Operand]) -> Option<String> {
        // (position of the function argument, arity it is called with)
        let (at, arity) = match p {
            Prim::apply | Prim::mapply => (0, 1),
            Prim::papply | Prim::mpapply | Prim::prapply => (0, 2),
            Prim::sfilter
            | Prim::mfilter
            | Prim::extract
            | Prim::order
            | Prim::argmax
            | Prim::argmin
            | Prim::valmax
            | Prim::valmin => (1, 1),
            _ => return None,
        };
        let f = self.static_fn(args.get(at)?)?;
        if f.arity() != arity {
            return None;
        }
        let params: Vec<String> = (0..arity).map(|k| format!("arg__{k}")).collect();
        let body = f.inline(&params)?;
        let typed: Vec<String> = params.iter().map(|a| format!("{a}: &rt::Value")).collect();
        let closure = format!(
            "|{}| -> rt::Result<rt::Value> {{ {body} }}",
            typed.join(", ")
        );
        let rest: Vec<String> = args
            .iter()
            .enumerate()
            .map(|(k, a)| {
                if k == at {
                    closure.clone()
                } else {
                    self.by_ref(a)
                }
            })
            .collect();
        Some(format!("{}_with({})", prim_path(p), rest.join(", ")))
    }
    /// The call of node `n` (without the trailing `?`).
    fn call(&self, plan: &Plan, n: usize) -> String {
        let node = &plan.nodes[n];
        if let Operand::Prim(p) = node.callee {
            if let Some(code) = self.inlined_higher_order(p, &node.args) {
                return code;
            }
        }
        // A call of a known function value: its body, inlined.
        if let Some(f) = self
            .static_fn(&node.callee)
            .filter(|_| !matches!(node.callee, Operand::Prim(_)))
        {
            let args: Vec<String> = node.args.iter().map(|a| self.by_ref(a)).collect();
            if let Some(code) = f.inline(&args) {
                return code;
            }
        }
        let args: Vec<String> = node.args.iter().map(|a| self.by_ref(a)).collect();
        match &node.callee {
            Operand::Prim(p) => format!("{}({})", prim_path(*p), args.join(", ")),
            Operand::Fused(Fused::ApplyChain { merge }) => match args.split_last() {
                Some((container, stages)) => {
                    format!(
                        "rt::p::apply_chain(&[{}], {container}, {merge})",
                        stages.join(", ")
                    )
                }
                None => unreachable!("an apply chain has a container"),
            },
            callee => format!(
                "rt::call_refs({}, &[{}])",
                self.by_ref(callee),
                args.join(", ")
            ),
        }
    }
}

/// A function value known without running the program: what `rbind`,
/// `lbind`, `compose`, `chain`, `fork` and `matcher` build from primitives
/// and other known functions. Emitted code calls it as Rust (no dynamic
/// call, no argument vector); its value is still built for every other use.
#[derive(Clone, Debug)]
enum StaticFn {
    Prim(Prim),
    Bind {
        right: bool,
        f: Box<StaticFn>,
        /// The bound value, a `&Value` expression.
        fixed: String,
        arity: usize,
    },
    Compose(Box<StaticFn>, Box<StaticFn>),
    Chain(Box<StaticFn>, Box<StaticFn>, Box<StaticFn>),
    Fork(Box<StaticFn>, Box<StaticFn>, Box<StaticFn>),
    /// The target, a `&Value` expression.
    Matcher(Box<StaticFn>, String),
}

impl StaticFn {
    /// The number of arguments it takes (the reference's `co_argcount`).
    fn arity(&self) -> usize {
        match self {
            StaticFn::Prim(p) => p.arity(),
            StaticFn::Bind { arity, .. } => *arity,
            _ => 1,
        }
    }
    /// The call on `args` (`&Value` expressions) as a `Result<Value>`
    /// expression; `None` where the arity does not match (then the dynamic
    /// call raises the reference's TypeError).
    fn inline(&self, args: &[String]) -> Option<String> {
        if args.len() != self.arity() {
            return None;
        }
        let value = |e: String| format!("&({e}?)");
        Some(match self {
            StaticFn::Prim(p) => format!("{}({})", prim_path(*p), args.join(", ")),
            StaticFn::Bind {
                right, f, fixed, ..
            } => {
                let mut all = args.to_vec();
                if *right {
                    all.push(fixed.clone());
                } else {
                    all.insert(0, fixed.clone());
                }
                f.inline(&all)?
            }
            StaticFn::Compose(outer, inner) => outer.inline(&[value(inner.inline(args)?)])?,
            StaticFn::Chain(h, g, f) => {
                let fx = value(f.inline(args)?);
                h.inline(&[value(g.inline(&[fx])?)])?
            }
            StaticFn::Fork(outer, a, b) => {
                outer.inline(&[value(a.inline(args)?), value(b.inline(args)?)])?
            }
            StaticFn::Matcher(f, target) => {
                format!("Ok(rt::Value::Bool(&({}?) == {target}))", f.inline(args)?)
            }
        })
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

/// The functions of program `k`. With `lines`, each statement carries its
/// `file:line` (left out of the crates that are compiled, so that an edit
/// which shifts lines does not invalidate the cached modules after it).
fn program_ctx(plan: &Plan, k: usize, fn_name: String, lines: bool) -> ProgramCtx {
    let prog = &plan.programs[k];
    // In the program's own statement order (node order may interleave
    // statements of programs merged earlier).
    let nodes = &plan.program_orders()[k];
    let segmented = nodes.len() > MAX_STMTS_PER_FN;
    let mut vars: Vec<Option<String>> = vec![None; plan.nodes.len()];
    let mut statics: Vec<Option<StaticFn>> = vec![None; plan.nodes.len()];
    let comment = |line: usize| {
        if lines {
            format!("{}:{line}", prog.file)
        } else {
            String::new()
        }
    };
    let mut fns = Vec::new();
    let segments: Vec<&[usize]> = if segmented {
        nodes.chunks(MAX_STMTS_PER_FN).collect()
    } else {
        vec![&nodes[..]]
    };
    if segmented {
        // The entry function only sets up the value stack.
        fns.push(FnCtx {
            fn_name: fn_name.clone(),
            segment: false,
            stack: nodes.len(),
            prim_values: Vec::new(),
            stmts: Vec::new(),
            tail: format!("{fn_name}__1(I, &mut v)"),
        });
    }
    let mut slot = 0;
    for (s, segment) in segments.iter().enumerate() {
        let mut stmts = Vec::with_capacity(segment.len());
        for &n in *segment {
            let source = plan.nodes[n].sources.iter().find(|s| s.program == k);
            let (var, line) = match source {
                Some(s) => (ident(&s.var), s.line),
                None => (format!("n{n}"), 0),
            };
            let names = Names {
                vars: &vars,
                statics: &statics,
            };
            let expr = names.call(plan, n);
            let known = names.static_of(plan, n);
            statics[n] = known;
            vars[n] = Some(if segmented {
                slot += 1;
                format!("v[{}]", slot - 1)
            } else {
                var.clone()
            });
            stmts.push(Line {
                var,
                expr,
                comment: comment(line),
            });
        }
        let last = s + 1 == segments.len();
        let tail = if last {
            format!(
                "Ok({})",
                owned_output(&prog.output, |n| {
                    let v = vars[n].clone().unwrap_or_default();
                    if segmented {
                        format!("{v}.clone()")
                    } else {
                        v
                    }
                })
            )
        } else {
            format!("{fn_name}__{}(I, v)", s + 2)
        };
        let mut prim_extra: Vec<&Operand> = Vec::new();
        if last {
            prim_extra.push(&prog.output);
        }
        fns.push(FnCtx {
            fn_name: if segmented {
                format!("{fn_name}__{}", s + 1)
            } else {
                fn_name.clone()
            },
            segment: segmented,
            stack: 0,
            prim_values: prim_values(plan, segment.iter(), &prim_extra),
            stmts,
            tail,
        });
    }
    ProgramCtx {
        name: prog.name.clone(),
        fn_name,
        task_id: prog.task_id.clone(),
        file: prog.file.clone(),
        line: if lines { prog.line } else { 0 },
        fns,
    }
}

/// Consecutive programs grouped into modules of bounded size; the modules
/// of a battery stay the same when a program of another module changes.
fn modules(plan: &Plan) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut stmts = 0;
    for k in 0..plan.programs.len() {
        let n = plan.program_orders()[k].len();
        if k > start && (stmts + n > MAX_STMTS_PER_MODULE || k - start >= MAX_PROGRAMS_PER_MODULE) {
            out.push(start..k);
            start = k;
            stmts = 0;
        }
        stmts += n;
    }
    if start < plan.programs.len() || out.is_empty() {
        out.push(start..plan.programs.len());
    }
    out
}

/// One module of programs as Rust source, and the program functions it
/// defines.
pub struct Module {
    /// Its name in the battery (`programs_3`).
    pub name: String,
    /// The module's code: a crate root or the body of an inline module.
    pub code: String,
}

/// A battery as a crate: modules of programs (compiled and cached apart)
/// and the root that lists the programs and carries the plan.
pub struct EmittedCrate {
    pub modules: Vec<Module>,
    /// The root: `PROGRAMS`, `PLAN`, `BATTERY`; it refers to the modules by
    /// their names.
    pub root: String,
}

struct Rendered {
    modules: Vec<(String, String)>,
    root_ctx: tera::Context,
}

fn tera_engine() -> Result<tera::Tera, EmitError> {
    let mut tera = tera::Tera::default();
    tera.autoescape_on(vec![]);
    tera.add_raw_templates(vec![
        ("battery.rs.tera", BATTERY_TEMPLATE),
        ("programs.rs.tera", MODULE_TEMPLATE),
    ])
    .map_err(|e| EmitError::Template(format!("{e:?}")))?;
    Ok(tera)
}

fn render(tera: &tera::Tera, name: &str, ctx: &tera::Context) -> Result<String, EmitError> {
    tera.render(name, ctx)
        .map_err(|e| EmitError::Template(format!("{e:?}")))
}

fn render_parts(plan: &Plan, info: &EmitInfo, lines: bool) -> Result<Rendered, EmitError> {
    let tera = tera_engine()?;
    let names = function_names(plan);
    let mut modules = Vec::new();
    let mut table = Vec::new();
    for (m, range) in modules_of(plan).into_iter().enumerate() {
        let name = format!("programs_{m}");
        let programs: Vec<ProgramCtx> = range
            .clone()
            .map(|k| program_ctx(plan, k, names[k].clone(), lines))
            .collect();
        for p in &programs {
            table.push(serde_json::json!({
                "name": p.name,
                "task_id": p.task_id,
                "path": format!("{name}::{}", p.fn_name),
            }));
        }
        let mut ctx = tera::Context::new();
        ctx.insert(
            "module",
            &ModuleCtx {
                name: name.clone(),
                programs,
            },
        );
        ctx.insert("first", &range.start);
        ctx.insert("last", &range.end.saturating_sub(1));
        modules.push((name, render(&tera, "programs.rs.tera", &ctx)?));
    }
    let plan_text = plan.to_text();
    // A raw string needs more `#`s than any run of them in the text.
    let mut hashes = String::from("#");
    while plan_text.contains(&format!("\"{hashes}")) {
        hashes.push('#');
    }
    let mut ctx = tera::Context::new();
    ctx.insert("version", env!("CARGO_PKG_VERSION"));
    ctx.insert("files", info.files);
    ctx.insert("statements", &info.statements);
    ctx.insert("dead", &info.dead);
    ctx.insert("nodes", &plan.nodes.len());
    ctx.insert("programs", &table);
    ctx.insert("max_fn", &MAX_STMTS_PER_FN);
    ctx.insert("max_module", &MAX_STMTS_PER_MODULE);
    ctx.insert("plan", &format!("r{hashes}\"\n{plan_text}\"{hashes}"));
    Ok(Rendered {
        modules,
        root_ctx: ctx,
    })
}

fn modules_of(plan: &Plan) -> Vec<std::ops::Range<usize>> {
    modules(plan)
}

fn format(code: &str) -> Result<String, EmitError> {
    let file = syn::parse_file(code).map_err(|e| EmitError::Syntax {
        message: e.to_string(),
        code: code.to_owned(),
    })?;
    Ok(space_items(&prettyplease::unparse(&file)))
}

/// Render the plan as one formatted Rust source file (the modules inline).
pub fn emit(plan: &Plan, info: &EmitInfo) -> Result<String, EmitError> {
    let parts = render_parts(plan, info, true)?;
    let mut ctx = parts.root_ctx;
    let inline: Vec<serde_json::Value> = parts
        .modules
        .iter()
        .map(|(name, code)| serde_json::json!({ "name": name, "code": code }))
        .collect();
    ctx.insert("inline", &inline);
    let code = render(&tera_engine()?, "battery.rs.tera", &ctx)?;
    format(&code)
}

/// Render the plan as a crate: each module of programs apart (so that each
/// compiles and caches on its own), and the root.
pub fn emit_crate(plan: &Plan, info: &EmitInfo) -> Result<EmittedCrate, EmitError> {
    let parts = render_parts(plan, info, false)?;
    let mut ctx = parts.root_ctx;
    ctx.insert("inline", &Vec::<serde_json::Value>::new());
    let root = format(&render(&tera_engine()?, "battery.rs.tera", &ctx)?)?;
    let modules = parts
        .modules
        .into_iter()
        .map(|(name, code)| {
            Ok(Module {
                name,
                code: format(&code)?,
            })
        })
        .collect::<Result<Vec<_>, EmitError>>()?;
    Ok(EmittedCrate { modules, root })
}

/// prettyplease puts no blank line between items; add one after each
/// item at the top level and in inline modules, so the file reads like
/// hand-written code.
fn space_items(code: &str) -> String {
    let mut out: Vec<&str> = Vec::with_capacity(code.lines().count() * 2);
    for line in code.lines() {
        // No blank line right before the end of a module.
        if line == "}" && out.last() == Some(&"") {
            out.pop();
        }
        out.push(line);
        let body = line.trim_start();
        let indent = line.len() - body.len();
        let ends_item = (indent == 0 && (line.ends_with('}') || line.ends_with(';')))
            || (indent == 4 && matches!(body, "}" | "};" | "];"))
            || body.starts_with("use ")
            || line.starts_with("#![");
        if ends_item {
            out.push("");
        }
    }
    let mut text = out.join("\n");
    text.truncate(text.trim_end().len());
    text.push('\n');
    text
}
