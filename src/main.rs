//! The `aeternus` binary: runs the command the command line names (the game window without
//! one), and exits 2 on bad input, naming it.

use clap::Parser;

use aeternus::cli::{Cli, Command, run_gen};
use aeternus::game::TestOptions;

fn main() {
    let cli = Cli::parse();
    let tests = TestOptions::of(&cli);
    let result = match &cli.command {
        Some(Command::Gen(args)) => run_gen(args),
        Some(Command::Sites(args)) => aeternus::cli::sites::run(args),
        Some(Command::Sim(args)) => aeternus::cli::sim::run_sim(args),
        Some(Command::Replay(args)) => aeternus::cli::sim::run_replay(args),
        Some(Command::Serve(args)) if args.host => aeternus::online::host(args, &tests),
        Some(Command::Serve(args)) => aeternus::cli::online::run_serve(args, None),
        Some(Command::Join(args)) => aeternus::cli::online::run_join(args, |client, save| {
            aeternus::online::open_window(client, save, args, &tests, None)
        }),
        Some(Command::Check { dir }) => aeternus::cli::run_check(dir),
        Some(Command::Mods) => aeternus::cli::run_mods(),
        None => aeternus::game::run(&cli),
    };
    if let Err(aeternus_core::headless::Fault::Closed) = result {
        return;
    }
    if let Err(e) = result {
        eprintln!("aeternus: {e}");
        std::process::exit(e.exit_code());
    }
}
