//! The decoder fuzz at scale: at least 1,000,000 cases (`DECODE_FUZZ_CASES` to change), spread
//! over every decoder, each checked not to panic. Prints cases per second.
//!
//! `cargo bench -p lockdesk-api --bench decode_fuzz`

#[path = "../tests/fuzz_bodies/mod.rs"]
mod fuzz_bodies;

use std::time::Instant;

use lockdesk_api::fuzz::{decode, Decoder};
use proptest::test_runner::{Config, TestCaseError, TestRunner};

fn main() {
    let total: u32 = std::env::var("DECODE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let per_decoder = total.div_ceil(Decoder::ALL.len() as u32);
    let now = chrono::Utc::now();
    let started = Instant::now();
    let mut ran = 0u64;
    let mut decoded = 0u64;
    for d in Decoder::ALL {
        let mut runner = TestRunner::new(Config {
            cases: per_decoder,
            failure_persistence: None,
            ..Config::default()
        });
        let t = Instant::now();
        let ok = std::cell::Cell::new(0u64);
        runner
            .run(&fuzz_bodies::body(d), |bytes| {
                if decode(d, &bytes, now).is_ok() {
                    ok.set(ok.get() + 1);
                }
                Ok::<(), TestCaseError>(())
            })
            .unwrap_or_else(|e| panic!("{d:?} panicked: {e}"));
        let ok = ok.get();
        ran += u64::from(per_decoder);
        decoded += ok;
        println!(
            "{d:?}: {per_decoder} cases ({ok} decoded) in {:.1} s",
            t.elapsed().as_secs_f64()
        );
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "decode_fuzz: {ran} cases ({decoded} decoded, the rest refused), no panic, {secs:.1} s, {:.0} cases/s",
        ran as f64 / secs
    );
}
