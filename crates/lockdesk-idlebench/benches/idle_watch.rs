//! What background watching costs: the release app (`target/release/lockdesk`, a normal launch,
//! no `--demo`) is started signed in and watching, and its CPU time and memory are sampled from
//! /proc once a second for each process of its tree (the app, WebKit's web and network
//! processes).
//!
//! Before the launch, the bench starts gnome-keyring's secret service on the session bus and the
//! simulator in its own process (real "now", 5,000 history records), signs a v3 and a v2 profile
//! in through the real OAuth flow into the config folder the app is given
//! (`LOCKDESK_CONFIG_DIR`, `LOCKDESK_DATA_DIR`) and chooses the first organization. The app's
//! first round syncs the whole simulated history (v2, at the service's 50 requests a minute);
//! the measured window of `LOCKDESK_BENCH_SECS` seconds (120 by default) starts when that first
//! round has finished: "idle" is the app after it, doing only what watching does from then on.
//!
//! Two runs: the loop ticking every 10 s with the organization's interval at its minimum (1
//! minute: a real round, sync and rules, about every minute), and the app's defaults (a tick a
//! minute, the organization's interval 10 minutes: no round in the window after the first).
//! Rounds are counted from the alert store (`watch.sqlite3`: each finished round records its
//! time and how its sync went) and the app's log (`RUST_LOG=lockdesk_app=debug`); the bench
//! fails if no round synced.
//!
//! Linux only, with a display and a session bus, and gnome-keyring installed:
//! `cargo build --release -p lockdesk && xvfb-run -a dbus-run-session -- cargo bench -p lockdesk-idlebench`
//! (`LOCKDESK_BIN` names another binary; by default `<target>/release/lockdesk`).

#[path = "idle_watch/procfs.rs"]
mod procfs;
#[path = "idle_watch/setup.rs"]
mod setup;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lockdesk_core::watch::AlertStore;
use serde_json::Value;

const HISTORY_RECORDS: usize = 5_000;

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo bench -- --list` asks for the list.
    }
    if !std::env::args().any(|a| a == "--bench") {
        // `cargo test --benches` runs this without `--bench` (`cargo bench` passes it): only
        // check that it builds, never start the app there.
        println!("idle_watch: a benchmark; run it with `cargo bench` (see the file's header)");
        return;
    }
    if std::env::var_os("DISPLAY").is_none() {
        eprintln!("idle_watch: no DISPLAY; run under xvfb-run (see the file's header)");
        std::process::exit(2);
    }
    let bin = std::env::var_os("LOCKDESK_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            // target/release/deps/idle_watch-… → target/release/lockdesk
            let exe = std::env::current_exe().unwrap();
            exe.parent().unwrap().parent().unwrap().join("lockdesk")
        });
    let secs: u64 = std::env::var("LOCKDESK_BENCH_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(120);
    let keyring_home = tempfile::tempdir().unwrap();
    setup::start_keyring(keyring_home.path());
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    machine();
    println!("binary: {}", bin.display());
    let runs = [
        Run {
            what: "loop tick 10 s, organization's interval 1 min (its minimum)",
            tick_secs: Some(10),
            interval_minutes: Some(1),
        },
        Run {
            what: "app defaults: tick 60 s, organization's interval 10 min",
            tick_secs: None,
            interval_minutes: None,
        },
    ];
    let mut failed = false;
    for run in &runs {
        failed |= !measure(&rt, &bin, run, Duration::from_secs(secs));
    }
    machine();
    if failed {
        eprintln!("idle_watch: FAILED: a run had no round that synced (see above)");
        std::process::exit(1);
    }
}

struct Run {
    what: &'static str,
    /// `LOCKDESK_WATCH_INTERVAL_SECS`; `None`: the app's default.
    tick_secs: Option<u64>,
    /// The organization's "check every"; `None`: the default.
    interval_minutes: Option<u32>,
}

fn machine() {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split(':').nth(1))
        .unwrap_or("?")
        .trim()
        .to_owned();
    let cores = cpuinfo
        .lines()
        .filter(|l| l.starts_with("processor"))
        .count();
    let mem = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let total = mem.lines().next().unwrap_or("").trim().to_owned();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "machine: {model}, {cores} cores, {total}, load average {}",
        load.trim()
    );
}

/// A finished round as the alert store keeps it: when, and how its sync went.
#[derive(Clone, Debug, PartialEq)]
struct Round {
    at_ms: i64,
    sync: String,
    records: u64,
    new_alerts: u64,
    /// Seconds since the app started, when the bench saw it.
    seen_secs: f64,
}

fn last_round(data: &Path, org: &str, started: Instant) -> Option<Round> {
    let (at, json) = AlertStore::new(data).last_round(org).ok()??;
    let v: Value = serde_json::from_str(&json).ok()?;
    let sync = &v[0]["sync"];
    let sync = match sync["code"].as_str() {
        Some(code) => format!("{} ({code})", sync["kind"].as_str().unwrap_or("?")),
        None => sync["kind"].as_str().unwrap_or("?").to_owned(),
    };
    Some(Round {
        at_ms: at.timestamp_millis(),
        sync,
        records: v[0]["records"].as_u64().unwrap_or(0),
        new_alerts: v[1].as_u64().unwrap_or(0),
        seen_secs: started.elapsed().as_secs_f64(),
    })
}

/// The app's stderr, each line with the seconds since the start, read as it comes (so a full
/// pipe never blocks the app).
type Log = Arc<Mutex<Vec<(f64, String)>>>;

fn read_log(stderr: std::process::ChildStderr, started: Instant) -> Log {
    let log: Log = Arc::default();
    let keep = log.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let secs = started.elapsed().as_secs_f64();
            keep.lock().unwrap().push((secs, line));
        }
    });
    log
}

/// One run; `false` when no round synced.
fn measure(rt: &tokio::runtime::Runtime, bin: &Path, run: &Run, window: Duration) -> bool {
    let home = tempfile::tempdir().unwrap();
    let dirs = setup::Dirs {
        config: home.path().join("lockdesk-config"),
        data: home.path().join("lockdesk-data"),
    };
    let prepared = rt.block_on(setup::prepare(&dirs, HISTORY_RECORDS, run.interval_minutes));
    let org = prepared.org.clone();
    println!(
        "\n== idle app, signed in, watching on, {}\nsimulator at {} ({} history records), organization {org}",
        run.what,
        prepared.demo.sim.base_url(),
        prepared.history_records
    );
    let mut cmd = Command::new(bin);
    cmd.env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join(".config"))
        .env("XDG_DATA_HOME", home.path().join(".local/share"))
        .env("XDG_CACHE_HOME", home.path().join(".cache"))
        .env("LOCKDESK_CONFIG_DIR", &dirs.config)
        .env("LOCKDESK_DATA_DIR", &dirs.data)
        .env_remove("LOCKDESK_WATCH_INTERVAL_SECS")
        .env("RUST_LOG", "lockdesk_app=debug")
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if let Some(tick) = run.tick_secs {
        cmd.env("LOCKDESK_WATCH_INTERVAL_SECS", tick.to_string());
    }
    let started = Instant::now();
    let mut child = cmd.spawn().expect("start the app");
    let pid = child.id();
    let log = read_log(child.stderr.take().unwrap(), started);

    // The first round (the whole history synced) ends the warm-up.
    let mut rounds: Vec<Round> = Vec::new();
    while rounds.is_empty() && started.elapsed() < Duration::from_secs(600) {
        std::thread::sleep(Duration::from_millis(500));
        if let Some(r) = last_round(&dirs.data, &org, started) {
            rounds.push(r);
        }
        if child.try_wait().ok().flatten().is_some() {
            break;
        }
    }
    if let Some(first) = rounds.first() {
        println!(
            "first round finished {:.1} s after the start (sync: {}, {} records read by the rules, {} new alerts); the window starts now",
            first.seen_secs, first.sync, first.records, first.new_alerts
        );
    } else {
        println!("NO round finished in 600 s: nothing measured");
    }

    let window_start = started.elapsed().as_secs_f64();
    let start = procfs::snapshot(pid);
    let t0 = Instant::now();
    let mut peak_rss = 0u64;
    let mut peak_pss = 0u64;
    let mut last = start.clone();
    while !rounds.is_empty() && t0.elapsed() < window {
        std::thread::sleep(Duration::from_secs(1));
        last = procfs::snapshot(pid);
        peak_rss = peak_rss.max(last.values().map(|s| s.rss_kb).sum());
        peak_pss = peak_pss.max(last.values().filter_map(|s| s.pss_kb).sum());
        if let Some(r) = last_round(&dirs.data, &org, started) {
            if rounds.last().is_none_or(|l| l.at_ms != r.at_ms) {
                rounds.push(r);
            }
        }
    }
    let elapsed = t0.elapsed().as_secs_f64();
    let window_end = started.elapsed().as_secs_f64();
    let _ = child.kill();
    let _ = child.wait();
    drop(prepared);
    std::thread::sleep(Duration::from_millis(200));
    let log = log.lock().unwrap().clone();

    if !rounds.is_empty() {
        table(&start, &last, elapsed, window_start);
        println!(
            "peak total RSS {:.1} MiB, PSS {:.1} MiB",
            peak_rss as f64 / 1024.0,
            peak_pss as f64 / 1024.0
        );
    }
    report_rounds(&rounds, &log, window_start, window_end)
}

fn table(
    start: &BTreeMap<u32, procfs::Sample>,
    last: &BTreeMap<u32, procfs::Sample>,
    elapsed: f64,
    window_start: f64,
) {
    println!(
        "window: {elapsed:.0} s, from {window_start:.0} s to {:.0} s after the start",
        window_start + elapsed
    );
    procfs::table(start, last, elapsed);
}

/// Prints the rounds (from the alert store) and the loop's ticks (from the log); `false` when
/// no round synced.
fn report_rounds(rounds: &[Round], log: &[(f64, String)], window_start: f64, end: f64) -> bool {
    let synced = rounds.iter().filter(|r| r.sync == "synced").count();
    let in_window = rounds
        .iter()
        .filter(|r| r.seen_secs > window_start && r.seen_secs <= end)
        .collect::<Vec<_>>();
    let window_synced = in_window.iter().filter(|r| r.sync == "synced").count();
    for r in rounds {
        println!(
            "  round seen at {:6.1} s: sync {}, {} records, {} new alerts",
            r.seen_secs, r.sync, r.records, r.new_alerts
        );
    }
    let ticks: Vec<&(f64, String)> = log
        .iter()
        .filter(|(_, l)| l.contains("watch round:"))
        .collect();
    let ok_ticks = ticks
        .iter()
        .filter(|(_, l)| l.contains(" new alerts"))
        .count();
    let failed_ticks = ticks.len() - ok_ticks;
    println!(
        "rounds (alert store): {} in all, {synced} synced, {} failed or skipped; in the window: {}, {window_synced} synced",
        rounds.len(),
        rounds.len() - synced,
        in_window.len()
    );
    println!(
        "loop ticks (log \"watch round:\"): {} in all, {ok_ticks} ended \"N new alerts\" (a round, or not due yet), {failed_ticks} ended in an error",
        ticks.len()
    );
    for (secs, line) in ticks.iter().filter(|(_, l)| !l.contains(" new alerts")) {
        println!("  error at {secs:.1} s: {line}");
    }
    if synced == 0 {
        println!("FAILED: no watch round synced; the app's log ends:");
        for (secs, line) in log.iter().rev().take(20).rev() {
            println!("  {secs:7.1} {line}");
        }
        return false;
    }
    true
}
