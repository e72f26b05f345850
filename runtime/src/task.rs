//! ARC tasks: loading and validating task files.
//!
//! Two layouts are accepted: a directory with one `<id>.json` per task
//! (`{"train": [{"input", "output"}...], "test": [...]}`), and Kaggle's single
//! file (`arc-agi_*_challenges.json`: task id -> task, test outputs may be
//! absent). Every problem names the file and the place in it; a bad task
//! never takes the others down with it.

use std::fmt;
use std::path::{Path, PathBuf};

use serde_json::Value as Json;

use crate::values::{Color, Grid, Value};

/// The largest grid ARC allows on either side.
pub const MAX_SIDE: usize = 30;

/// One input (and its expected output, where known).
#[derive(Clone, Debug)]
pub struct Example {
    /// Shared: every evaluation of every program reads the same grid. Held
    /// as the value programs take, so that a run lends it to them rather
    /// than making one per sample (an atomic count up and down per sample
    /// and pass: a tenth of a cheap program's pass).
    input: Value,
    pub output: Option<Grid>,
}

impl Example {
    pub fn new(input: Grid, output: Option<Grid>) -> Example {
        Example {
            input: Value::Grid(input),
            output,
        }
    }

    /// The input grid.
    pub fn input(&self) -> &Grid {
        match &self.input {
            Value::Grid(g) => g,
            _ => unreachable!("an example's input is a grid (Example::new)"),
        }
    }

    /// The input as the value a program takes.
    pub fn input_value(&self) -> &Value {
        &self.input
    }
}

/// A task: its id and examples. Samples are numbered train first, then
/// test, 0-based in file order (`<id>:<k>` in results).
#[derive(Clone, Debug)]
pub struct Task {
    pub id: String,
    pub train: Vec<Example>,
    pub test: Vec<Example>,
}

impl Task {
    /// All examples, train then test.
    pub fn samples(&self) -> impl Iterator<Item = &Example> {
        self.train.iter().chain(self.test.iter())
    }
    pub fn num_samples(&self) -> usize {
        self.train.len() + self.test.len()
    }
}

/// A problem with a task file, naming where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskError {
    pub path: PathBuf,
    /// The task id inside a multi-task file, where known.
    pub task: Option<String>,
    pub message: String,
}

impl fmt::Display for TaskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(t) = &self.task {
            write!(f, " (task {t})")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for TaskError {}

/// What loading found: good tasks and the problems of the bad ones.
#[derive(Debug, Default)]
pub struct Loaded {
    pub tasks: Vec<Task>,
    pub errors: Vec<TaskError>,
}

impl Loaded {
    /// Every sample's input grid, task by task, train then test.
    pub fn inputs(&self) -> impl Iterator<Item = &Grid> {
        self.tasks
            .iter()
            .flat_map(|t| t.samples().map(|e| e.input()))
    }
}

/// Load tasks from a directory of `<id>.json` or a Kaggle challenges file.
/// Tasks are sorted by id so that runs are deterministic.
pub fn load(path: &Path) -> Loaded {
    let mut loaded = Loaded::default();
    if path.is_dir() {
        let mut files: Vec<PathBuf> = match std::fs::read_dir(path) {
            Ok(rd) => rd
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect(),
            Err(e) => {
                loaded
                    .errors
                    .push(err(path, None, format!("cannot read directory: {e}")));
                return loaded;
            }
        };
        files.sort();
        for file in files {
            let id = file
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            match read_json(&file).and_then(|j| parse_task(&file, &id, &j, true)) {
                Ok(t) => loaded.tasks.push(t),
                Err(e) => loaded.errors.push(e),
            }
        }
    } else {
        match read_json(path) {
            Ok(Json::Object(map)) if !map.contains_key("train") => {
                for (id, j) in &map {
                    match parse_task(path, id, j, false) {
                        Ok(t) => loaded.tasks.push(t),
                        Err(e) => loaded.errors.push(e),
                    }
                }
            }
            Ok(j) => {
                let id = path
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned();
                match parse_task(path, &id, &j, true) {
                    Ok(t) => loaded.tasks.push(t),
                    Err(e) => loaded.errors.push(e),
                }
            }
            Err(e) => loaded.errors.push(e),
        }
    }
    loaded.tasks.sort_by(|a, b| a.id.cmp(&b.id));
    loaded
}

/// Parse one task from JSON text (used for bundled tasks).
pub fn parse_str(name: &str, id: &str, text: &str) -> Result<Task, TaskError> {
    let path = Path::new(name);
    let j: Json =
        serde_json::from_str(text).map_err(|e| err(path, None, format!("malformed JSON: {e}")))?;
    parse_task(path, id, &j, true)
}

fn err(path: &Path, task: Option<&str>, message: String) -> TaskError {
    TaskError {
        path: path.to_path_buf(),
        task: task.map(str::to_owned),
        message,
    }
}

fn read_json(path: &Path) -> Result<Json, TaskError> {
    let text =
        std::fs::read_to_string(path).map_err(|e| err(path, None, format!("cannot read: {e}")))?;
    serde_json::from_str(&text).map_err(|e| err(path, None, format!("malformed JSON: {e}")))
}

/// `outputs_required`: in a task file every example has an output; in a
/// Kaggle challenges file the test outputs are absent.
fn parse_task(path: &Path, id: &str, j: &Json, outputs_required: bool) -> Result<Task, TaskError> {
    let e = |m: String| err(path, Some(id), m);
    let obj = j
        .as_object()
        .ok_or_else(|| e("a task must be a JSON object".into()))?;
    let mut parts = Vec::new();
    for split in ["train", "test"] {
        let list = obj
            .get(split)
            .ok_or_else(|| e(format!("missing field `{split}`")))?
            .as_array()
            .ok_or_else(|| e(format!("`{split}` must be a list")))?;
        let mut examples = Vec::with_capacity(list.len());
        for (k, ex) in list.iter().enumerate() {
            let at = format!("{split}[{k}]");
            let input = ex
                .get("input")
                .ok_or_else(|| e(format!("{at}: missing field `input`")))?;
            let input = parse_grid(input).map_err(|m| e(format!("{at}.input: {m}")))?;
            let output = match ex.get("output") {
                Some(o) => Some(parse_grid(o).map_err(|m| e(format!("{at}.output: {m}")))?),
                None if outputs_required && split == "train" => {
                    return Err(e(format!("{at}: missing field `output`")))
                }
                None => None,
            };
            examples.push(Example::new(input, output));
        }
        parts.push(examples);
    }
    let test = parts.pop().unwrap_or_default();
    let train = parts.pop().unwrap_or_default();
    Ok(Task {
        id: id.to_owned(),
        train,
        test,
    })
}

/// A grid from JSON: a non-empty rectangular list of lists of colours 0..=9,
/// at most 30 on each side.
pub fn parse_grid(j: &Json) -> Result<Grid, String> {
    let rows = j.as_array().ok_or("a grid must be a list of rows")?;
    if rows.is_empty() {
        return Err("empty grid".into());
    }
    let mut cells: Vec<Vec<Color>> = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        let r = r
            .as_array()
            .ok_or_else(|| format!("row {i} is not a list"))?;
        let mut row = Vec::with_capacity(r.len());
        for (jx, v) in r.iter().enumerate() {
            match v.as_i64() {
                Some(c @ 0..=9) => row.push(c as Color),
                _ => return Err(format!("cell ({i}, {jx}) is {v}, not a colour 0..9")),
            }
        }
        cells.push(row);
    }
    let w = cells[0].len();
    if w == 0 {
        return Err("empty row".into());
    }
    if let Some(i) = cells.iter().position(|r| r.len() != w) {
        return Err(format!(
            "ragged grid: row {i} has {} cells, row 0 has {w}",
            cells[i].len()
        ));
    }
    if cells.len() > MAX_SIDE || w > MAX_SIDE {
        return Err(format!(
            "grid is {}x{w}, over the {MAX_SIDE}x{MAX_SIDE} limit",
            cells.len()
        ));
    }
    Ok(Grid::from_rows(&cells).expect("checked rectangular"))
}

/// A grid as JSON rows.
pub fn grid_to_json(g: &Grid) -> Json {
    Json::Array(
        g.rows()
            .map(|r| Json::Array(r.iter().map(|&c| Json::from(c as i64)).collect()))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_grids() {
        let bad = |s: &str| parse_grid(&serde_json::from_str(s).unwrap()).unwrap_err();
        assert!(bad("[[1,2],[3]]").contains("ragged"));
        assert!(bad("[[1,12]]").contains("not a colour"));
        assert!(bad("[]").contains("empty"));
        let big = format!("[{}]", vec!["[0]"; 31].join(","));
        assert!(bad(&big).contains("limit"));
    }

    #[test]
    fn names_the_missing_field() {
        let e = parse_str(
            "t.json",
            "t",
            r#"{"train": [{"input": [[1]]}], "test": []}"#,
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("train[0]: missing field `output`"),
            "{e}"
        );
    }
}
