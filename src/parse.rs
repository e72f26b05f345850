//! Parsing DSL source files into [`Function`]s (grammar: `grammar/dsl.pest`).
//!
//! A file is cut into chunks: the header (imports, comments, docstrings)
//! before the first `def` at column 0, then one chunk per such `def`. Each
//! chunk is parsed on its own, so one syntax error per function is reported
//! and the other functions still parse.
//!
//! Two conveniences of the input are lowered here so that later stages only
//! see `VAR = CALLEE(NAME, ...)`:
//! - a nested call used as an argument, `x5 = compose(lbind(greater, FIVE), x4)`,
//!   becomes an assignment of its own placed just before, to a synthetic
//!   variable named `x5.1` (`x5.2`, ... for further ones; a `.` cannot occur
//!   in a written name, so these never clash);
//! - a pair `(a, b)` is `astuple(a, b)`, which is exactly what the reference's
//!   `astuple` returns.

use pest::error::InputLocation;
use pest::iterators::Pair;
use pest::Parser as _;

use crate::ast::{Assign, Function, Name, SourceFile, Span};
use crate::diagnostics::{Diagnostic, LineIndex};

mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/dsl.pest"]
    pub struct DslParser;
}

use grammar::{DslParser, Rule};

/// Parse a file. Any syntax error makes the whole result an error; use
/// [`parse_recovering`] to also get the functions that did parse.
pub fn parse(file: &SourceFile) -> Result<Vec<Function>, Vec<Diagnostic>> {
    let (functions, diagnostics) = parse_recovering(file);
    if diagnostics.is_empty() {
        Ok(functions)
    } else {
        Err(diagnostics)
    }
}

/// Parse a file: the functions that parsed, and the diagnostics of the rest.
pub fn parse_recovering(file: &SourceFile) -> (Vec<Function>, Vec<Diagnostic>) {
    let mut cx = Cx {
        file,
        lines: LineIndex::new(&file.text),
        diagnostics: Vec::new(),
    };
    let mut functions = Vec::new();
    let chunks = chunks(&file.text);
    let header_end = chunks.first().map_or(file.text.len(), |c| c.0);
    cx.parse_chunk(Rule::header, 0, header_end);
    for &(start, end) in &chunks {
        if let Some(pair) = cx.parse_chunk(Rule::function_chunk, start, end) {
            let function = pair.into_inner().find(|p| p.as_rule() == Rule::function);
            if let Some(f) = function.and_then(|p| cx.function(p, start)) {
                functions.push(f);
            }
        }
    }
    (functions, cx.diagnostics)
}

/// Byte ranges of the function chunks: from each line starting with `def `
/// (at column 0) to the next one.
fn chunks(text: &str) -> Vec<(usize, usize)> {
    let mut starts = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line
            .strip_prefix("def")
            .is_some_and(|rest| rest.starts_with([' ', '\t']))
        {
            starts.push(offset);
        }
        offset += line.len();
    }
    let ends = starts.iter().skip(1).copied().chain([text.len()]);
    starts.iter().copied().zip(ends).collect()
}

struct Cx<'f> {
    file: &'f SourceFile,
    lines: LineIndex,
    diagnostics: Vec<Diagnostic>,
}

impl<'f> Cx<'f> {
    fn parse_chunk(&mut self, rule: Rule, start: usize, end: usize) -> Option<Pair<'f, Rule>> {
        match DslParser::parse(rule, &self.file.text[start..end]) {
            Ok(mut pairs) => pairs.next(),
            Err(e) => {
                let d = self.syntax_error(&e, start, rule);
                self.diagnostics.push(d);
                None
            }
        }
    }

    fn span(&self, pair: &Pair<'_, Rule>, base: usize) -> Span {
        let s = pair.as_span();
        Span {
            start: base + s.start(),
            end: base + s.end(),
        }
    }

    fn name(&self, pair: &Pair<'_, Rule>, base: usize) -> Name {
        Name {
            text: pair.as_str().to_string(),
            span: self.span(pair, base),
        }
    }

    fn error(&mut self, span: Span, message: impl Into<String>, label: impl Into<String>) {
        let d = Diagnostic::error(self.file.path.as_str(), Some(span), message).with_label(label);
        self.diagnostics.push(d);
    }

    /// Lower a `function` pair; `None` (with diagnostics) if it is malformed.
    fn function(&mut self, pair: Pair<'_, Rule>, base: usize) -> Option<Function> {
        let line = self.lines.line(base + pair.as_span().start());
        let mut name = None;
        let mut param = None;
        let mut body = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::ident if name.is_none() => name = Some(self.name(&p, base)),
                Rule::param => {
                    let ident = p.into_inner().next().expect("param starts with a name");
                    param = Some(self.name(&ident, base));
                }
                Rule::body => body = Some(p),
                _ => {}
            }
        }
        let (name, param, body) = (name?, param?, body?);
        let errors_before = self.diagnostics.len();
        let mut assigns = Vec::new();
        let mut ret: Option<Name> = None;
        for stmt in body.into_inner() {
            match stmt.as_rule() {
                Rule::assign | Rule::return_stmt if ret.is_some() => {
                    let span = self.span(&stmt, base);
                    let first = Span {
                        start: span.start,
                        end: span.start + first_word_len(stmt.as_str()),
                    };
                    self.error(
                        first,
                        "statement after `return`",
                        "the function has already returned",
                    );
                }
                Rule::assign => self.assign(stmt, base, &mut assigns),
                Rule::return_stmt => {
                    let ident = stmt.into_inner().find(|p| p.as_rule() == Rule::ident);
                    ret = ident.map(|i| self.name(&i, base));
                }
                _ => {}
            }
        }
        let Some(ret) = ret else {
            let message = format!("function `{}` has no `return` statement", name.text);
            self.error(name.span, message, "its body must end with `return VAR`");
            return None;
        };
        (self.diagnostics.len() == errors_before).then_some(Function {
            name,
            param,
            body: assigns,
            ret,
            line,
        })
    }

    /// Lower `target = call` / `target = (a, b)`, hoisting nested calls.
    fn assign(&mut self, pair: Pair<'_, Rule>, base: usize, out: &mut Vec<Assign>) {
        let span = self.span(&pair, base);
        let line = self.lines.line(span.start);
        let mut inner = pair.into_inner();
        let target = self.name(&inner.next().expect("assignment target"), base);
        let Some(rhs) = inner.find(|p| matches!(p.as_rule(), Rule::call | Rule::tuple)) else {
            return;
        };
        let mut counter = 0;
        if let Some((callee, args)) = self.expr(rhs, base, &target.text, &mut counter, out) {
            out.push(Assign {
                target,
                callee,
                args,
                span,
                line,
            });
        }
    }

    /// Lower a call or a pair to its callee and argument names, pushing the
    /// assignments of nested calls to `out` first.
    fn expr(
        &mut self,
        pair: Pair<'_, Rule>,
        base: usize,
        target: &str,
        counter: &mut usize,
        out: &mut Vec<Assign>,
    ) -> Option<(Name, Vec<Name>)> {
        let is_call = pair.as_rule() == Rule::call;
        let span = self.span(&pair, base);
        let mut callee = None;
        let mut args = Vec::new();
        let mut ok = true;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::ident if is_call && callee.is_none() => callee = Some(self.name(&p, base)),
                Rule::lparen if !is_call => {
                    callee = Some(Name {
                        text: "astuple".into(),
                        span: self.span(&p, base),
                    });
                }
                Rule::ident => args.push(self.name(&p, base)),
                Rule::number => {
                    ok = false;
                    let label = match constant_for(p.as_str()) {
                        Some(c) => format!("write the constant `{c}` instead"),
                        None => "use a constant such as `TWO` or compute the value".to_string(),
                    };
                    self.error(
                        self.span(&p, base),
                        "number literals are not supported",
                        label,
                    );
                }
                Rule::call | Rule::tuple => match self.nested(p, base, target, counter, out) {
                    Some(name) => args.push(name),
                    None => ok = false,
                },
                _ => {}
            }
        }
        if !is_call && args.len() != 2 && ok {
            let message = format!(
                "a tuple must be a pair, this one has {} elements",
                args.len()
            );
            self.error(
                span,
                message,
                "only `(a, b)` is supported (it means `astuple(a, b)`)",
            );
            return None;
        }
        ok.then_some((callee?, args))
    }

    /// Hoist a nested call or pair into an assignment to a synthetic
    /// variable, returning that variable's name.
    fn nested(
        &mut self,
        pair: Pair<'_, Rule>,
        base: usize,
        target: &str,
        counter: &mut usize,
        out: &mut Vec<Assign>,
    ) -> Option<Name> {
        let span = self.span(&pair, base);
        let (callee, args) = self.expr(pair, base, target, counter, out)?;
        *counter += 1;
        let name = Name {
            text: format!("{target}.{counter}"),
            span,
        };
        let line = self.lines.line(span.start);
        out.push(Assign {
            target: name.clone(),
            callee,
            args,
            span,
            line,
        });
        Some(name)
    }

    fn syntax_error(&self, e: &pest::error::Error<Rule>, base: usize, chunk: Rule) -> Diagnostic {
        let pos = base
            + match e.location {
                InputLocation::Pos(p) => p,
                InputLocation::Span((s, _)) => s,
            };
        let text = &self.file.text;
        let (found, len) = found_at(text, pos);
        let positives = match &e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => positives.clone(),
            pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
        };
        let (expected, label) = explain(&positives, chunk, text, pos);
        Diagnostic::error(
            self.file.path.as_str(),
            Some(Span {
                start: pos,
                end: pos + len,
            }),
            format!("expected {expected}, found {found}"),
        )
        .with_label(label)
    }
}

fn first_word_len(s: &str) -> usize {
    s.find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len())
        .max(1)
}

/// The constant of `constants.py` whose value is the integer `literal`.
fn constant_for(literal: &str) -> Option<&'static str> {
    let v: i64 = literal
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .parse()
        .ok()?;
    battgen_runtime::constants::CONSTANT_NAMES
        .iter()
        .copied()
        .find(|n| {
            !matches!(*n, "T" | "F")
                && battgen_runtime::constants::constant(n)
                    .is_some_and(|c| matches!(c, battgen_runtime::Value::Int(x) if x == v))
        })
}

/// What is at `pos`, in words, and how many bytes to underline.
fn found_at(text: &str, pos: usize) -> (String, usize) {
    let rest = &text[pos.min(text.len())..];
    let Some(c) = rest.chars().next() else {
        return ("end of file".into(), 0);
    };
    if c == '\n' || c == '\r' {
        return ("end of line".into(), 1);
    }
    if rest.starts_with("==") {
        return ("`==`".into(), 2);
    }
    if c.is_alphanumeric() || c == '_' {
        let len = first_word_len(rest);
        return (format!("`{}`", &rest[..len]), len);
    }
    (format!("`{c}`"), c.len_utf8())
}

/// Turn pest's list of expected rules into words, plus a label that says
/// where the parser was.
fn explain(positives: &[Rule], chunk: Rule, text: &str, pos: usize) -> (String, String) {
    let has = |r: Rule| positives.contains(&r);
    let before = text[..pos.min(text.len())].trim_end_matches([' ', '\t']);
    let line_before = before.rsplit('\n').next().unwrap_or("").trim_start();
    let at = &text[pos.min(text.len())..];
    let at_line_start = line_before.is_empty();
    let s = |e: &str, l: &str| (e.to_string(), l.to_string());
    // An argument position: after `(` or `,` of a call.
    if has(Rule::call) || has(Rule::tuple) || (has(Rule::ident) && has(Rule::number)) {
        return s(
            "an argument",
            "an argument is a variable, `I`, a primitive, a constant or a call",
        );
    }
    if has(Rule::comma) && has(Rule::rparen) {
        if at_line_start {
            return s(
                "`,` or `)`",
                "is a `)` missing at the end of the line above?",
            );
        }
        return s(
            "`,` or `)`",
            "arguments are separated by `,` and the list ends with `)`",
        );
    }
    if has(Rule::lparen) && line_before.contains('=') && !line_before.ends_with('=') {
        if at.starts_with(['\n', '\r']) || at.is_empty() {
            return s(
                "`(`",
                "the value of a statement must be a call: `VAR = CALLEE(ARGS)`",
            );
        }
        return s("`(`", "expected `(` after the callee name");
    }
    if has(Rule::lparen) && line_before.ends_with('=') {
        return s("`(`", "");
    }
    if has(Rule::eq) {
        if line_before == "return" {
            return s("a variable", "`return` takes the variable to return");
        }
        if at.starts_with("==") {
            return s("`=`", "an assignment uses a single `=`");
        }
        return s("`=`", "a statement is `VAR = CALLEE(ARGS)` or `return VAR`");
    }
    if has(Rule::kw_return) || has(Rule::assign) || has(Rule::return_stmt) {
        if at.starts_with(['"', '\'']) {
            return s(
                "a statement",
                "a string must end on its line, or be a `\"\"\"` docstring",
            );
        }
        return s(
            "a statement",
            "a statement is `VAR = CALLEE(ARGS)` or `return VAR`",
        );
    }
    if chunk == Rule::function_chunk && (has(Rule::indent) || has(Rule::EOI)) {
        if at_line_start {
            return s(
                "an indented statement",
                "function bodies are indented; a new function starts with `def` at column 0",
            );
        }
        let label = if at.starts_with(['"', '\'']) {
            "a string must end on its line, or be a `\"\"\"` docstring"
        } else if line_before.starts_with("return") && !line_before.contains('=') {
            "`return` takes a single variable"
        } else if at.starts_with('(') && line_before.ends_with(')') {
            "a call cannot be called directly: assign its result to a variable first"
        } else {
            "one statement per line; a comment starts with `#`"
        };
        return s("end of line", label);
    }
    if chunk == Rule::header && (has(Rule::import_stmt) || has(Rule::docstring) || has(Rule::EOI)) {
        if !at_line_start {
            return s(
                "end of line",
                "one import per line; a comment starts with `#`",
            );
        }
        return s(
            "an import or a function",
            "before the first `def` only imports, comments and docstrings may appear",
        );
    }
    let mut words: Vec<&str> = positives.iter().map(|r| rule_words(*r)).collect();
    words.sort_unstable();
    words.dedup();
    let label = match positives.first() {
        Some(Rule::colon) if line_before.starts_with("def") => "a `def` line ends with `:`",
        Some(Rule::rparen) if line_before.starts_with("def") => {
            "a function takes one parameter, the input grid"
        }
        Some(Rule::ident) if line_before.starts_with("def") => "a function is `def NAME(I):`",
        Some(Rule::lparen | Rule::star | Rule::dotted) if line_before.starts_with("from") => {
            "an import is `from MODULE import *` or `from MODULE import NAME, ...`"
        }
        _ => "",
    };
    (one_of(&words), label.to_string())
}

fn one_of(words: &[&str]) -> String {
    match words {
        [] => "something else".into(),
        [one] => (*one).into(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn rule_words(rule: Rule) -> &'static str {
    match rule {
        Rule::lparen => "`(`",
        Rule::rparen => "`)`",
        Rule::comma => "`,`",
        Rule::eq => "`=`",
        Rule::colon => "`:`",
        Rule::arrow => "`->`",
        Rule::star => "`*`",
        Rule::ident => "a name",
        Rule::dotted => "a module name",
        Rule::type_name => "a type name",
        Rule::param => "a parameter name",
        Rule::number => "a number",
        Rule::call => "a call",
        Rule::tuple => "a pair",
        Rule::kw_def => "`def`",
        Rule::kw_return => "`return`",
        Rule::kw_import => "`import`",
        Rule::kw_from => "`from`",
        Rule::kw_as => "`as`",
        Rule::import_stmt | Rule::import_item => "an import",
        Rule::docstring => "a string",
        Rule::function => "a function definition",
        Rule::end_of_line => "end of line",
        Rule::indent => "an indented statement",
        Rule::EOI => "end of file",
        _ => "something else",
    }
}
