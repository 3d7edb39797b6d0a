use clap::Parser;

use aeternus::cli::{Cli, Command, load_rules, run_gen};

fn main() {
    let cli = Cli::parse();
    let result = match &cli.command {
        Some(Command::Gen(args)) => run_gen(args),
        Some(Command::Sites(args)) => aeternus::sites::cli::run(args),
        Some(Command::Sim(args)) => aeternus::sim::run_sim(args),
        Some(Command::Replay(args)) => aeternus::sim::run_replay(args),
        None => load_rules(&cli.rules).and_then(|r| aeternus::game::run(r, &cli)),
    };
    if let Err(aeternus::cli::CliError::Closed) = result {
        return;
    }
    if let Err(e) = result {
        eprintln!("aeternus: {e}");
        std::process::exit(e.exit_code());
    }
}
