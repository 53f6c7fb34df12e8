//! Report periods written once for the team: of two computers claiming a period at once one
//! writes; the other hears who; written, it is never claimed again unless asked again; a claim
//! of a computer that stopped is taken over once stale; a failed run's claim is given back.

use std::time::Duration;

use lockdesk_team::reports::{claim, release, written, PeriodClaim};

use crate::{computer, two_computers};

const HOUR: Duration = Duration::from_secs(3600);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_period_is_written_by_one_computer() {
    let (_server, mut a, mut b, schema) = two_computers().await;
    let pc_a = &computer("id-a", "PC-SOUMU1", "sato");
    let pc_b = &computer("id-b", "PC-SOUMU2", "suzuki");

    for month in 1..=12 {
        let period = format!("2026-{month:02}");
        let (ca, cb) = tokio::join!(
            claim(&mut a, schema, "r1", &period, false, HOUR, pc_a),
            claim(&mut b, schema, "r1", &period, false, HOUR, pc_b)
        );
        let mine = [ca.unwrap(), cb.unwrap()]
            .iter()
            .filter(|c| **c == PeriodClaim::Mine)
            .count();
        assert_eq!(mine, 1, "{period}: one computer writes");
    }

    // A writes a period; B hears who wrote it and where, also later; asked again, B writes.
    assert_eq!(
        claim(&mut a, schema, "r2", "2026-11", false, HOUR, pc_a)
            .await
            .unwrap(),
        PeriodClaim::Mine
    );
    assert_eq!(
        claim(&mut b, schema, "r2", "2026-11", false, HOUR, pc_b)
            .await
            .unwrap(),
        PeriodClaim::Busy {
            computer: "PC-SOUMU1".into()
        }
    );
    written(&a, "r2", "2026-11", r"\\fs\総務\入退室 2026-11.csv", pc_a)
        .await
        .unwrap();
    let heard = claim(&mut b, schema, "r2", "2026-11", false, HOUR, pc_b)
        .await
        .unwrap();
    assert_eq!(
        heard,
        PeriodClaim::Written {
            computer: "PC-SOUMU1".into(),
            file: r"\\fs\総務\入退室 2026-11.csv".into()
        }
    );
    assert_eq!(
        claim(&mut b, schema, "r2", "2026-11", true, HOUR, pc_b)
            .await
            .unwrap(),
        PeriodClaim::Mine
    );

    // A claims and stops (switched off): B waits while the claim is fresh, takes it over once
    // stale; A's own unfinished claim is A's again after a restart.
    claim(&mut a, schema, "r3", "2026-11", false, HOUR, pc_a)
        .await
        .unwrap();
    assert_eq!(
        claim(&mut a, schema, "r3", "2026-11", false, HOUR, pc_a)
            .await
            .unwrap(),
        PeriodClaim::Mine
    );
    assert!(matches!(
        claim(&mut b, schema, "r3", "2026-11", false, HOUR, pc_b)
            .await
            .unwrap(),
        PeriodClaim::Busy { .. }
    ));
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(
        claim(
            &mut b,
            schema,
            "r3",
            "2026-11",
            false,
            Duration::from_secs(1),
            pc_b
        )
        .await
        .unwrap(),
        PeriodClaim::Mine
    );

    // A failed run gives its claim back: the next computer claims it.
    release(&b, "r3", "2026-11", pc_b).await.unwrap();
    assert_eq!(
        claim(&mut a, schema, "r3", "2026-11", false, HOUR, pc_a)
            .await
            .unwrap(),
        PeriodClaim::Mine
    );
    // Another's claim is not given back by B.
    release(&b, "r3", "2026-11", pc_b).await.unwrap();
    assert!(matches!(
        claim(&mut b, schema, "r3", "2026-11", false, HOUR, pc_b)
            .await
            .unwrap(),
        PeriodClaim::Busy { .. }
    ));
}
