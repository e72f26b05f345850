//! `gen`: a thin binary over the battgen library (see `cli`).

use clap::Parser;

fn main() {
    std::process::exit(battgen::cli::main(battgen::cli::Cli::parse()));
}
