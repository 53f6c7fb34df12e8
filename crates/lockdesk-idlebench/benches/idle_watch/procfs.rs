//! The process tree of the app, read from /proc: CPU ticks, RSS and PSS of each process.

use std::collections::BTreeMap;
use std::process::Command;

/// One process: its name, CPU ticks (user + system), resident and proportional set sizes (kB).
#[derive(Clone, Debug)]
pub struct Sample {
    pub name: String,
    pub ticks: u64,
    pub rss_kb: u64,
    pub pss_kb: Option<u64>,
}

fn read_sample(pid: u32) -> Option<Sample> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let close = stat.rfind(')')?;
    let name = stat[stat.find('(')? + 1..close].to_owned();
    let fields: Vec<&str> = stat[close + 2..].split_whitespace().collect();
    // After the name: state(0) ppid(1) … utime(11) stime(12).
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    let kb = |text: &str, key: &str| {
        text.lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let rss_kb = kb(&status, "VmRSS:").unwrap_or(0);
    let pss_kb = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup"))
        .ok()
        .and_then(|t| kb(&t, "Pss:"));
    Some(Sample {
        name,
        ticks,
        rss_kb,
        pss_kb,
    })
}

fn parent_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    rest.split_whitespace().nth(1)?.parse().ok()
}

/// `root` and every process below it.
fn tree(root: u32) -> Vec<u32> {
    let all: Vec<u32> = std::fs::read_dir("/proc")
        .map(|d| {
            d.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default();
    let mut found = vec![root];
    let mut grew = true;
    while grew {
        grew = false;
        for &p in &all {
            if !found.contains(&p) && parent_of(p).is_some_and(|pp| found.contains(&pp)) {
                found.push(p);
                grew = true;
            }
        }
    }
    found
}

pub fn clock_ticks() -> u64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100)
}

pub fn snapshot(root: u32) -> BTreeMap<u32, Sample> {
    tree(root)
        .into_iter()
        .filter_map(|p| Some((p, read_sample(p)?)))
        .collect()
}
