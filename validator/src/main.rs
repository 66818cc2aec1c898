//! The `megahex` command line. The only code in the project that prints.

mod cli;

fn main() {
    std::process::exit(cli::run());
}
