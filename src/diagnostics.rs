//! Diagnostics of the front end and their plain-text (colourless,
//! deterministic) rendering, in the style of rustc:
//!
//! ```text
//! error: unknown primitive `objets`
//!  --> corpus/bad.py:4:10
//!   |
//! 4 |     x1 = objets(I, T, F, T)
//!   |          ^^^^^^ did you mean `objects`?
//! ```
//!
//! Also the entry points that read files and run the whole front end
//! ([`load_files`], [`parse_and_check`]).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::ast::{Program, SourceFile, Span};

/// How bad a diagnostic is. The front end only reports errors today; the
/// level is part of the rendering so warnings can be added later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One problem found in a source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// The headline: what is wrong.
    pub message: String,
    /// The file, as its path was given.
    pub path: Arc<str>,
    /// Where in the file (byte range); `None` for problems with the file as a
    /// whole, such as I/O errors.
    pub span: Option<Span>,
    /// Text printed under the span (may be empty).
    pub label: String,
    /// Extra lines printed as `= note: ...`.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error at `span` of the file `path`.
    pub fn error(
        path: impl Into<Arc<str>>,
        span: Option<Span>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            path: path.into(),
            span,
            label: String::new(),
            notes: Vec::new(),
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// 1-based line and column (in characters) of the start of the span.
    pub fn line_col(&self, text: &str) -> Option<(usize, usize)> {
        self.span
            .map(|s| LineIndex::new(text).line_col(text, s.start))
    }

    /// Render this diagnostic; `text` is the content of the file it points
    /// into (without it only the headline and the path are printed).
    pub fn render(&self, text: Option<&str>) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}: {}", self.severity.as_str(), self.message);
        let (Some(span), Some(text)) = (self.span, text) else {
            let _ = writeln!(out, " --> {}", self.path);
            for note in &self.notes {
                let _ = writeln!(out, "  = note: {note}");
            }
            return out;
        };
        let index = LineIndex::new(text);
        let start = span.start.min(text.len());
        let (line, col) = index.line_col(text, start);
        let line_text = index.line_text(text, line);
        let width = line.to_string().len();
        let pad = " ".repeat(width);
        let _ = writeln!(out, "{pad}--> {}:{line}:{col}", self.path);
        let _ = writeln!(out, "{pad} |");
        let shown = line_text.trim_end();
        if shown.is_empty() {
            let _ = writeln!(out, "{line} |");
        } else {
            let _ = writeln!(out, "{line} | {shown}");
        }
        // The marker copies tabs of the source line so that it lines up.
        let line_start = index.starts[line - 1];
        let before: String = text[line_start..start]
            .chars()
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let end = span.end.clamp(start, line_start + line_text.len());
        let carets = text[start..end].chars().count().max(1);
        let _ = write!(out, "{pad} | {before}{}", "^".repeat(carets));
        if !self.label.is_empty() {
            let _ = write!(out, " {}", self.label);
        }
        out.push('\n');
        for note in &self.notes {
            let _ = writeln!(out, "{pad} = note: {note}");
        }
        out
    }
}

/// Render diagnostics one after the other, separated by blank lines; each is
/// shown with the source of its file when that file is among `files`.
pub fn render_all(diagnostics: &[Diagnostic], files: &[SourceFile]) -> String {
    let mut out = String::new();
    for (k, d) in diagnostics.iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        let text = files
            .iter()
            .find(|f| *f.path == *d.path)
            .map(|f| f.text.as_str());
        out.push_str(&d.render(text));
    }
    out
}

/// Byte offset -> line/column conversion for one text.
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// Byte offset of the start of each line.
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(k, _)| k + 1));
        LineIndex { starts }
    }

    /// 1-based line of a byte offset.
    pub fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset)
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let line = self.line(offset);
        let start = self.starts[line - 1];
        let offset = floor_char_boundary(text, offset.min(text.len()));
        (line, text[start..offset].chars().count() + 1)
    }

    /// The text of 1-based line `line`, without its line break.
    pub fn line_text<'t>(&self, text: &'t str, line: usize) -> &'t str {
        let start = self.starts[line - 1];
        let end = self.starts.get(line).map_or(text.len(), |&e| e - 1);
        text[start..end.max(start)].trim_end_matches('\r')
    }
}

fn floor_char_boundary(text: &str, mut k: usize) -> usize {
    while !text.is_char_boundary(k) {
        k -= 1;
    }
    k
}

/// Read DSL source files. A path naming a directory stands for every `*.py`
/// file directly in it, sorted by name; other paths are read as given. A file
/// that cannot be read (missing, not UTF-8, ...) becomes a diagnostic.
pub fn load_files(paths: &[PathBuf]) -> (Vec<SourceFile>, Vec<Diagnostic>) {
    let mut files = Vec::new();
    let mut diagnostics = Vec::new();
    for path in paths {
        if path.is_dir() {
            match py_files_in(path) {
                Ok(entries) => {
                    for entry in entries {
                        read_one(&entry, &mut files, &mut diagnostics);
                    }
                }
                Err(e) => diagnostics.push(io_error(path, &e)),
            }
        } else {
            read_one(path, &mut files, &mut diagnostics);
        }
    }
    (files, diagnostics)
}

fn py_files_in(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "py") && !path.is_dir() {
            entries.push(path);
        }
    }
    entries.sort();
    Ok(entries)
}

fn read_one(path: &Path, files: &mut Vec<SourceFile>, diagnostics: &mut Vec<Diagnostic>) {
    match std::fs::read_to_string(path) {
        Ok(text) => files.push(SourceFile {
            path: path.display().to_string(),
            text,
        }),
        Err(e) => diagnostics.push(io_error(path, &e)),
    }
}

fn io_error(path: &Path, e: &std::io::Error) -> Diagnostic {
    let shown = path.display().to_string();
    Diagnostic::error(shown.as_str(), None, format!("cannot read `{shown}`: {e}"))
}

/// Parse and check one file: the programs of its good functions and every
/// diagnostic of the bad ones, sorted by position.
pub fn parse_and_check(file: &SourceFile) -> (Vec<Program>, Vec<Diagnostic>) {
    let (functions, mut diagnostics) = crate::parse::parse_recovering(file);
    let (programs, more) = crate::check::check(file, &functions);
    diagnostics.extend(more);
    diagnostics.sort_by_key(|d| d.span.map_or(0, |s| s.start));
    (programs, diagnostics)
}

/// [`parse_and_check`] over several files, in order.
pub fn parse_and_check_all(files: &[SourceFile]) -> (Vec<Program>, Vec<Diagnostic>) {
    let mut programs = Vec::new();
    let mut diagnostics = Vec::new();
    for file in files {
        let (p, d) = parse_and_check(file);
        programs.extend(p);
        diagnostics.extend(d);
    }
    (programs, diagnostics)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_rustc() {
        let text = "def f(I):\n    x1 = objets(I, T, F, T)\n    return x1\n";
        let d = Diagnostic::error(
            "corpus/bad.py",
            Some(Span { start: 19, end: 25 }),
            "unknown primitive `objets`",
        )
        .with_label("did you mean `objects`?");
        assert_eq!(
            d.render(Some(text)),
            "error: unknown primitive `objets`\n --> corpus/bad.py:2:10\n  |\n2 |     x1 = objets(I, T, F, T)\n  |          ^^^^^^ did you mean `objects`?\n"
        );
    }

    #[test]
    fn markers_follow_tabs_and_notes_are_listed() {
        let text = "def f(I):\n\tx1 = rot(I)\n";
        let d = Diagnostic::error(
            "t.py",
            Some(Span { start: 16, end: 19 }),
            "unknown primitive `rot`",
        )
        .with_note("a note");
        assert_eq!(
            d.render(Some(text)),
            "error: unknown primitive `rot`\n --> t.py:2:7\n  |\n2 | \tx1 = rot(I)\n  | \t     ^^^\n  = note: a note\n"
        );
    }

    #[test]
    fn without_span_or_source_only_the_path_is_shown() {
        let d = Diagnostic::error("missing.py", None, "cannot read `missing.py`: not found");
        assert_eq!(
            d.render(None),
            "error: cannot read `missing.py`: not found\n --> missing.py\n"
        );
        assert_eq!(d.line_col("abc"), None);
    }

    #[test]
    fn line_index() {
        let text = "ab\ncdé\n\nx";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, 0), (1, 1));
        assert_eq!(index.line_col(text, 3), (2, 1));
        assert_eq!(index.line_col(text, 7), (2, 4));
        assert_eq!(index.line_col(text, 9), (4, 1));
        assert_eq!(index.line_text(text, 2), "cdé");
        assert_eq!(index.line_text(text, 3), "");
    }
}
