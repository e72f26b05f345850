//! Checking parsed functions and resolving their names into [`Program`]s.
//!
//! Names follow Python's scoping: a name assigned anywhere in a function is a
//! local variable of the whole function (so using it before its assignment
//! is an error, as Python's `UnboundLocalError`); other names are primitives
//! (the table of `battgen_runtime::signatures`) or constants
//! (`battgen_runtime::constants`).
//!
//! Verified, reporting every error of a file:
//! - every name resolves: the parameter, an earlier variable, a primitive or
//!   a constant (unknown names get a "did you mean" from an edit distance over
//!   the primitives, the constants and the variables in scope);
//! - no variable is assigned twice, the parameter is not reassigned, and no
//!   variable is used before its assignment;
//! - calls of primitives pass as many arguments as the primitive takes;
//! - calls of variables: the variable must not certainly hold data, and when
//!   its value is a function of known arity (built by `lbind`, `compose`,
//!   ... or a primitive passed through `branch`/`identity`), the number of
//!   arguments must match it;
//! - parameters of type `Callable` do not get data (a constant, `I`, or a
//!   variable that certainly holds data);
//! - the function returns `I` or a variable it assigned;
//! - no two functions of a file have the same name.
//!
//! The checks are conservative: only what certainly fails in the reference
//! is reported (see [`Kind`]).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

use battgen_runtime::constants::{constant, CONSTANT_NAMES};
use battgen_runtime::signatures::{Prim, Type, PRIMITIVES};
use battgen_runtime::Value;

use crate::ast::{Assign, Function, Name, Operand, Program, SourceFile, Stmt};
use crate::diagnostics::Diagnostic;

/// What the checker knows about a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Certainly not a function; the words say what it is ("an integer").
    Data(&'static str),
    /// Certainly a function, taking this many arguments when known.
    Func(Option<usize>),
    /// Anything (the result of `first`, `argmax`, calling a function, ...).
    Unknown,
}

/// Check parsed functions: the programs of the good ones, and the
/// diagnostics of the others.
pub fn check(file: &SourceFile, functions: &[Function]) -> (Vec<Program>, Vec<Diagnostic>) {
    let path: Arc<str> = Arc::from(file.path.as_str());
    let mut programs = Vec::new();
    let mut diagnostics = Vec::new();
    let mut seen: HashMap<&str, &Function> = HashMap::new();
    for f in functions {
        if let Some(first) = seen.get(f.name.text.as_str()) {
            diagnostics.push(
                Diagnostic::error(
                    path.clone(),
                    Some(f.name.span),
                    format!("function `{}` is defined twice", f.name.text),
                )
                .with_label("second definition")
                .with_note(format!("first defined on line {}", first.line)),
            );
            continue;
        }
        seen.insert(&f.name.text, f);
        let mut checker = FunctionChecker::new(&path, f);
        let program = checker.run();
        diagnostics.extend(checker.diagnostics);
        programs.extend(program);
    }
    (programs, diagnostics)
}

/// A readable dump of checked programs (one operand per `{:?}`), for tests
/// and debugging.
pub fn dump(programs: &[Program]) -> String {
    let mut out = String::new();
    for p in programs {
        let _ = writeln!(out, "{} (task {}) {}:{}", p.name, p.task_id, p.file, p.line);
        for (k, s) in p.stmts.iter().enumerate() {
            let args: Vec<String> = s.args.iter().map(|a| format!("{a:?}")).collect();
            let _ = writeln!(
                out,
                "  [{k}] {} (line {}) = {:?}({})",
                s.target,
                s.line,
                s.callee,
                args.join(", ")
            );
        }
        let _ = writeln!(out, "  return {:?}", p.ret);
    }
    out
}

struct FunctionChecker<'a> {
    path: &'a Arc<str>,
    f: &'a Function,
    /// First assignment of every variable of the function.
    assigned: HashMap<&'a str, usize>,
    /// Variables assigned by the statements checked so far.
    defined: HashMap<&'a str, usize>,
    kinds: Vec<Kind>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> FunctionChecker<'a> {
    fn new(path: &'a Arc<str>, f: &'a Function) -> Self {
        FunctionChecker {
            path,
            f,
            assigned: HashMap::new(),
            defined: HashMap::new(),
            kinds: Vec::new(),
            diagnostics: Vec::new(),
        }
    }

    fn error(&mut self, name: &Name, message: String, label: String) {
        let d = Diagnostic::error(self.path.clone(), Some(name.span), message).with_label(label);
        self.diagnostics.push(d);
    }

    fn run(&mut self) -> Option<Program> {
        let f = self.f;
        for (k, a) in f.body.iter().enumerate() {
            let target = a.target.text.as_str();
            if target == f.param.text {
                self.error(
                    &a.target,
                    format!("the parameter `{target}` is reassigned"),
                    "the input grid cannot be assigned to".into(),
                );
            } else if let Some(&first) = self.assigned.get(target) {
                // Synthetic names (`x5.1`) repeat only along with their
                // statement's own target, which is reported.
                if !target.contains('.') {
                    let d = Diagnostic::error(
                        self.path.clone(),
                        Some(a.target.span),
                        format!("`{target}` is assigned twice"),
                    )
                    .with_label("assigned again here")
                    .with_note(format!("first assigned on line {}", f.body[first].line));
                    self.diagnostics.push(d);
                }
            } else {
                self.assigned.insert(target, k);
            }
        }
        let mut stmts = Vec::with_capacity(f.body.len());
        for (k, a) in f.body.iter().enumerate() {
            let kind = match self.statement(k, a) {
                Some((stmt, kind)) => {
                    stmts.push(stmt);
                    kind
                }
                None => Kind::Unknown,
            };
            self.kinds.push(kind);
            self.defined.insert(&a.target.text, k);
        }
        let ret = self.ret();
        if !self.diagnostics.is_empty() {
            return None;
        }
        let name = f.name.text.clone();
        let task_id = name.rsplit('_').next().unwrap_or(&name).to_string();
        Some(Program {
            name,
            task_id,
            file: self.path.clone(),
            line: f.line,
            stmts,
            ret: ret?,
        })
    }

    /// Resolve a name used at statement `k`.
    fn resolve(&mut self, name: &Name, k: usize, callee: bool) -> Option<(Operand, Kind)> {
        let text = name.text.as_str();
        if text == self.f.param.text {
            return Some((Operand::Input, Kind::Data("the input grid")));
        }
        if let Some(&j) = self.defined.get(text) {
            return Some((Operand::Var(j), self.kinds[j]));
        }
        if let Some(&j) = self.assigned.get(text) {
            let (message, label) = if j == k {
                (
                    format!("`{text}` is used in its own definition"),
                    format!("`{text}` is not assigned yet"),
                )
            } else {
                (
                    format!("`{text}` is used before it is assigned"),
                    format!("assigned later, on line {}", self.f.body[j].line),
                )
            };
            self.error(name, message, label);
            return None;
        }
        if let Some(p) = Prim::from_name(text) {
            return Some((Operand::Prim(p), Kind::Func(Some(p.arity()))));
        }
        if let Some(&c) = CONSTANT_NAMES.iter().find(|c| **c == text) {
            return Some((Operand::Const(c), Kind::Data(constant_words(c))));
        }
        let suggestion = self.suggest(text, callee);
        let (message, fallback) = if callee {
            (
                format!("unknown primitive `{text}`"),
                "not a primitive or a variable assigned above",
            )
        } else if looks_like_constant(text) {
            (
                format!("unknown constant `{text}`"),
                "not one of the constants of `constants.py`",
            )
        } else {
            (
                format!("unknown name `{text}`"),
                "not a variable assigned in this function, a primitive or a constant",
            )
        };
        let label = suggestion.map_or(fallback.to_string(), |s| format!("did you mean `{s}`?"));
        self.error(name, message, label);
        None
    }

    /// The closest known name, if close enough.
    fn suggest(&self, text: &str, callee: bool) -> Option<String> {
        let vars = self.defined.keys().copied().filter(|v| !v.contains('.'));
        let prims = PRIMITIVES.iter().map(|s| s.name);
        let candidates: Vec<&str> = if callee {
            prims.chain(vars).collect()
        } else if looks_like_constant(text) {
            CONSTANT_NAMES.to_vec()
        } else {
            prims
                .chain(CONSTANT_NAMES.iter().copied())
                .chain(vars)
                .chain([self.f.param.text.as_str()])
                .collect()
        };
        if let Some(c) = candidates.iter().find(|c| c.eq_ignore_ascii_case(text)) {
            return Some(c.to_string());
        }
        let limit = text.chars().count().max(3) / 3;
        let mut best: Option<(usize, &str)> = None;
        for c in candidates {
            if same_stem(text, c) {
                continue;
            }
            let d = edit_distance(text, c);
            if d <= limit && best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
                best = Some((d, c));
            }
        }
        best.map(|(_, c)| c.to_string())
    }

    fn statement(&mut self, k: usize, a: &'a Assign) -> Option<(Stmt, Kind)> {
        let callee = self.resolve(&a.callee, k, true);
        let mut args = Vec::with_capacity(a.args.len());
        let mut arg_kinds = Vec::with_capacity(a.args.len());
        let mut ok = callee.is_some();
        for name in &a.args {
            match self.resolve(name, k, false) {
                Some((op, kind)) => {
                    args.push(op);
                    arg_kinds.push(kind);
                }
                None => ok = false,
            }
        }
        let (callee, callee_kind) = callee?;
        let kind = match &callee {
            Operand::Prim(p) => {
                let p = *p;
                if a.args.len() != p.arity() {
                    let message = format!(
                        "`{}` takes {} but {} {} given",
                        p.name(),
                        count(p.arity(), "argument"),
                        a.args.len(),
                        if a.args.len() == 1 { "was" } else { "were" }
                    );
                    let params: Vec<&str> = p.signature().params.iter().map(|q| q.name).collect();
                    self.error(
                        &a.callee,
                        message,
                        format!("expected `{}({})`", p.name(), params.join(", ")),
                    );
                    return None;
                }
                if !ok {
                    return None;
                }
                for (j, q) in p.signature().params.iter().enumerate() {
                    if let (Type::Callable, Kind::Data(what)) = (q.ty, arg_kinds[j]) {
                        let message =
                            format!("argument `{}` of `{}` must be a function", q.name, p.name());
                        let label = self.what_is(&a.args[j], &args[j], what);
                        self.error(&a.args[j], message, label);
                        ok = false;
                    }
                }
                result_kind(p, &args, &arg_kinds)
            }
            op => {
                match callee_kind {
                    Kind::Data(what) => {
                        let label = self.what_is(&a.callee, op, what);
                        self.error(
                            &a.callee,
                            format!("`{}` is called but is not a function", a.callee.text),
                            label,
                        );
                        return None;
                    }
                    Kind::Func(Some(n)) if n != a.args.len() => {
                        let message = format!(
                            "`{}` takes {} but {} {} given",
                            a.callee.text,
                            count(n, "argument"),
                            a.args.len(),
                            if a.args.len() == 1 { "was" } else { "were" }
                        );
                        let label = match op {
                            Operand::Var(j) => format!(
                                "`{}` is `{}`, a function of {}",
                                a.callee.text,
                                source_of(&self.f.body[*j]),
                                count(n, "argument")
                            ),
                            _ => String::new(),
                        };
                        self.error(&a.callee, message, label);
                        return None;
                    }
                    _ => {}
                }
                Kind::Unknown
            }
        };
        ok.then(|| {
            (
                Stmt {
                    target: a.target.text.clone(),
                    callee,
                    args,
                    line: a.line,
                },
                kind,
            )
        })
    }

    /// "`x2` is an integer, the result of `size`" and the like.
    fn what_is(&self, name: &Name, op: &Operand, what: &str) -> String {
        match op {
            Operand::Var(j) => {
                let def = &self.f.body[*j];
                format!(
                    "`{}` is {what}, the result of `{}`",
                    name.text, def.callee.text
                )
            }
            _ => format!("`{}` is {what}", name.text),
        }
    }

    fn ret(&mut self) -> Option<Operand> {
        let name = &self.f.ret;
        let text = name.text.as_str();
        if text == self.f.param.text {
            return Some(Operand::Input);
        }
        if let Some(&j) = self.defined.get(text) {
            return Some(Operand::Var(j));
        }
        let what = if Prim::from_name(text).is_some() {
            format!("`{text}` is a primitive")
        } else if CONSTANT_NAMES.contains(&text) {
            format!("`{text}` is a constant")
        } else {
            let suggestion = self
                .suggest(text, false)
                .filter(|s| self.defined.contains_key(s.as_str()));
            let message = format!("the function returns `{text}`, which is never assigned");
            let label = suggestion.map_or("not a variable of this function".to_string(), |s| {
                format!("did you mean `{s}`?")
            });
            self.error(name, message, label);
            return None;
        };
        let message = format!(
            "the function must return a variable or `{}`",
            self.f.param.text
        );
        self.error(name, message, what);
        None
    }
}

/// What the result of primitive `p` is, given its arguments.
fn result_kind(p: Prim, args: &[Operand], kinds: &[Kind]) -> Kind {
    match p.name() {
        "compose" | "chain" | "matcher" | "fork" => Kind::Func(Some(1)),
        // The reference's lbind/rbind look at `co_argcount`: 2 -> 1, 3 -> 2,
        // anything else -> a lambda of 3 parameters.
        "lbind" | "rbind" => match kinds[0] {
            Kind::Func(Some(2)) => Kind::Func(Some(1)),
            Kind::Func(Some(3)) => Kind::Func(Some(2)),
            Kind::Func(Some(_)) => Kind::Func(Some(3)),
            Kind::Func(None) => Kind::Func(None),
            _ => Kind::Unknown,
        },
        // power(f, 1) is f itself; power(f, n > 1) is a composition (one
        // argument).
        "power" => {
            let n = match &args[1] {
                Operand::Const(c) => match constant(c) {
                    Some(Value::Int(n)) => Some(n),
                    _ => None,
                },
                _ => None,
            };
            match (kinds[0], n) {
                (Kind::Func(a), Some(1)) => Kind::Func(a),
                (Kind::Func(_), Some(n)) if n > 1 => Kind::Func(Some(1)),
                (Kind::Func(Some(1)), _) => Kind::Func(Some(1)),
                (Kind::Func(_), _) => Kind::Func(None),
                _ => Kind::Unknown,
            }
        }
        "identity" => kinds[0],
        "branch" => match (kinds[1], kinds[2]) {
            (Kind::Func(a), Kind::Func(b)) => Kind::Func(if a == b { a } else { None }),
            (Kind::Data(a), Kind::Data(b)) => Kind::Data(if a == b { a } else { "data" }),
            _ => Kind::Unknown,
        },
        // Annotated as numbers or booleans but returning a value of their
        // arguments (`max(...)`, `compfunc(...)`, `a and b`).
        "valmax" | "valmin" | "maximum" | "minimum" | "both" | "either" => Kind::Unknown,
        _ => match type_words(p.signature().ret) {
            Some(words) => Kind::Data(words),
            None => Kind::Unknown,
        },
    }
}

/// Words for values of a type that are certainly not functions; `None` for
/// the types that may hold functions.
fn type_words(ty: Type) -> Option<&'static str> {
    Some(match ty {
        Type::Any | Type::Callable => return None,
        Type::Numerical => "a number",
        Type::Integer => "an integer",
        Type::Boolean => "a boolean",
        Type::Container | Type::ContainerContainer => "a container",
        Type::FrozenSet => "a frozenset",
        Type::Tuple | Type::TupleTuple => "a tuple",
        Type::IntegerSet => "a set of integers",
        Type::IntegerTuple => "a pair of integers",
        Type::Grid => "a grid",
        Type::Patch => "a patch",
        Type::Piece => "a grid or a patch",
        Type::Element => "a grid or an object",
        Type::Object => "an object",
        Type::Objects => "a set of objects",
        Type::Indices => "a set of locations",
    })
}

fn constant_words(name: &str) -> &'static str {
    match (name, constant(name)) {
        ("T" | "F", _) => "a boolean constant",
        (_, Some(Value::Int(_))) => "an integer constant",
        (_, Some(Value::Pair(..))) => "a pair constant",
        _ => "a constant",
    }
}

/// `x9` and `x1`: numbered names of the same stem, which an edit distance
/// would wrongly call close.
fn same_stem(a: &str, b: &str) -> bool {
    let stem = |s: &str| s.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (sa, sb) = (stem(a), stem(b));
    sa < a.len() && sb < b.len() && a[..sa] == b[..sb]
}

fn looks_like_constant(text: &str) -> bool {
    text.chars().any(|c| c.is_ascii_uppercase()) && !text.chars().any(|c| c.is_ascii_lowercase())
}

fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// `callee(arg, ...)` of an assignment, as written (after lowering).
fn source_of(a: &Assign) -> String {
    let args: Vec<&str> = a.args.iter().map(|n| n.text.as_str()).collect();
    format!("{}({})", a.callee.text, args.join(", "))
}

/// Levenshtein distance, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diag + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diag = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(edit_distance("objets", "objects"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn constant_looks() {
        assert!(looks_like_constant("ZER0"));
        assert!(looks_like_constant("NEG_TWO"));
        assert!(!looks_like_constant("x1"));
        assert!(!looks_like_constant("Zero"));
    }
}
