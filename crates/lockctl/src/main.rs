//! `lockctl`: the command-line front end of Lockdesk. All logic is in the library.

use std::io::{IsTerminal, Write};

fn main() {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start: {e}");
            std::process::exit(1);
        }
    };
    let ctx = match lockdesk_core::core_context::Context::from_platform() {
        Ok(ctx) => ctx,
        Err(e) => {
            eprintln!("error: {e} [{}]", e.code());
            std::process::exit(1);
        }
    };
    let stdin = std::io::stdin();
    let mut stdin = stdin.lock();
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    let code = runtime.block_on(lockctl::run_with(
        std::env::args_os(),
        &mut stdin,
        &mut stdout,
        &mut stderr,
        &lockdesk_core::app::context::AppContext::new(ctx),
        lockctl::Terminals {
            stdin: std::io::stdin().is_terminal(),
            stdout: std::io::stdout().is_terminal(),
        },
    ));
    let _ = stdout.flush();
    std::process::exit(code);
}
