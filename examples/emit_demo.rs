use battgen::ast::*;
use battgen_runtime::Prim;
fn st(t: &str, c: Operand, a: Vec<Operand>, line: usize) -> Stmt { Stmt { target: t.into(), callee: c, args: a, line } }
fn main() {
    // solve_67a3c6ac: O = vmirror(I)
    let p1 = Program { name: "solve_67a3c6ac".into(), task_id: "67a3c6ac".into(), file: "x.py".into(), line: 1,
        stmts: vec![st("O", Operand::Prim(Prim::vmirror), vec![Operand::Input], 2)], ret: Operand::Var(0) };
    let p2 = Program { name: "solve_aaa".into(), task_id: "aaa".into(), file: "x.py".into(), line: 1,
        stmts: vec![
            st("x1", Operand::Prim(Prim::objects), vec![Operand::Input, Operand::Const("T"), Operand::Const("F"), Operand::Const("T")], 2),
            st("x2", Operand::Prim(Prim::apply), vec![Operand::Prim(Prim::normalize), Operand::Var(0)], 3),
            st("x3", Operand::Prim(Prim::apply), vec![Operand::Prim(Prim::size), Operand::Var(1)], 4),
            st("O", Operand::Prim(Prim::maximum), vec![Operand::Var(2)], 5),
        ], ret: Operand::Var(3) };
    let progs = vec![p1, p2];
    let plan = battgen::merge::merge(&progs);
    let (plan, rw) = battgen::rewrite::rewrite(&plan);
    eprintln!("{rw:?}");
    let code = battgen::emit::emit(&plan, &battgen::emit::EmitInfo { files: &["x.py".into()], statements: 5, dead: 0 }).unwrap();
    let b = battgen::compile::build(&code).unwrap_or_else(|e| panic!("{e}"));
    println!("{}", b.binary.display());
}
