//! `gen`: a thin binary over the battgen library (see `cli`).

use clap::Parser;

#[global_allocator]
static ALLOCATOR: battgen_runtime::MiMalloc = battgen_runtime::MiMalloc;

fn main() {
    battgen_runtime::tune_allocator();
    std::process::exit(battgen::cli::main(battgen::cli::Cli::parse()));
}
