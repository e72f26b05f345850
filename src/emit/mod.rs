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

mod lower;

use std::collections::BTreeSet;
use std::fmt;

use battgen_runtime::plan::Plan;
use battgen_runtime::types::{infer, Ty};
use serde::Serialize;

use lower::Lower;

/// The templates, bundled so that the binary works from anywhere.
const BATTERY_TEMPLATE: &str = include_str!("../../templates/battery.rs.tera");
const MODULE_TEMPLATE: &str = include_str!("../../templates/programs.rs.tera");

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
struct Line {
    /// `let {var}: {held} = {expr};`, then `push` in a segment.
    var: String,
    held: String,
    expr: String,
    push: String,
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

/// A DSL name as a Rust identifier. Names the emitter makes up start with
/// `__`; a DSL name that does too is renamed (`v___t0`).
fn ident(name: &str) -> String {
    if name.contains('.') {
        // The parser names the results of nested calls `x5.1`.
        return ident(&name.replace('.', "__"));
    }
    if RESERVED.contains(&name) || name.starts_with("__") {
        format!("v_{name}")
    } else if KEYWORDS.contains(&name) {
        format!("r#{name}")
    } else {
        name.to_owned()
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
fn program_ctx(plan: &Plan, types: &[Ty], k: usize, fn_name: String, lines: bool) -> ProgramCtx {
    let prog = &plan.programs[k];
    let segmented = plan.program_orders()[k].len() > MAX_STMTS_PER_FN;
    let lowered = lower_program(plan, types, k);
    let comment = |line: usize| {
        if lines {
            format!("{}:{line}", prog.file)
        } else {
            String::new()
        }
    };
    let mut fns = Vec::new();
    if segmented {
        // The entry function only sets up the value stack.
        fns.push(FnCtx {
            fn_name: fn_name.clone(),
            segment: false,
            stack: plan.program_orders()[k].len(),
            stmts: Vec::new(),
            tail: format!("{fn_name}__1(I, &mut v)"),
        });
    }
    let count = lowered.segments.len();
    for (s, segment) in lowered.segments.into_iter().enumerate() {
        let stmts = segment
            .into_iter()
            .map(|st| Line {
                var: st.var,
                held: st.held.to_owned(),
                expr: st.expr,
                push: st.push.unwrap_or_default(),
                comment: comment(st.line),
            })
            .collect();
        let tail = if s + 1 == count {
            format!("Ok({})", lowered.output)
        } else {
            format!("{fn_name}__{}(I, v)", s + 2)
        };
        fns.push(FnCtx {
            fn_name: if segmented {
                format!("{fn_name}__{}", s + 1)
            } else {
                fn_name.clone()
            },
            segment: segmented,
            stack: 0,
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

/// Program `k` lowered as `emit` writes it: in segments of at most
/// [`MAX_STMTS_PER_FN`] statements when it is longer.
fn lower_program(plan: &Plan, types: &[Ty], k: usize) -> lower::Lowered {
    let segmented = plan.program_orders()[k].len() > MAX_STMTS_PER_FN;
    Lower::new(plan, types, k).lower(segmented.then_some(MAX_STMTS_PER_FN))
}

/// How much of the emitted code is typed: statements computed by kernels
/// and typed forms, and those left to `Value` primitives, by callee.
pub struct TypedCoverage {
    pub typed: usize,
    pub total: usize,
    pub untyped_by_callee: Vec<(String, usize)>,
}

/// [`TypedCoverage`] of every program of the plan, as `emit` lowers them.
pub fn typed_coverage(plan: &Plan) -> TypedCoverage {
    let types = infer(plan);
    let mut by: std::collections::BTreeMap<String, usize> = Default::default();
    let (mut typed, mut total) = (0, 0);
    for k in 0..plan.programs.len() {
        let lowered = lower_program(plan, &types, k);
        for (callee, t) in lowered.calls {
            total += 1;
            if t {
                typed += 1;
            } else {
                *by.entry(callee).or_default() += 1;
            }
        }
    }
    let mut untyped_by_callee: Vec<(String, usize)> = by.into_iter().collect();
    untyped_by_callee.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    TypedCoverage {
        typed,
        total,
        untyped_by_callee,
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
    let types = infer(plan);
    let mut modules = Vec::new();
    let mut table = Vec::new();
    for (m, range) in modules_of(plan).into_iter().enumerate() {
        let name = format!("programs_{m}");
        let programs: Vec<ProgramCtx> = range
            .clone()
            .map(|k| program_ctx(plan, &types, k, names[k].clone(), lines))
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
