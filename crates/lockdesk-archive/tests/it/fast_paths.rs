//! The fast paths against straightforward reads of the same random records: page totals from
//! the day rollups, pages of several locks merged from one walk per lock, and the time card.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use lockdesk_api::models::{Access, AccessLock, AccessUser, ClientType};
use lockdesk_archive::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tempfile::TempDir;

const DAY_MS: i64 = 86_400_000;
/// 2026-03-01T00:00:00Z.
const START: i64 = 1_772_323_200_000;
const LOCKS: [&str; 5] = ["A1", "A2", "A3", "A4", "A5"];
const KINDS: [&str; 4] = ["nfc_outside", "nfc_inside", "mobile_app", "autolock"];

fn at(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap()
}

/// Six days of records, some on exact day boundaries, users sharing names (and one without).
fn random_archive(rng: &mut StdRng) -> (TempDir, Archive) {
    let dir = tempfile::tempdir().unwrap();
    let a = Archive::open(dir.path().join("r.sqlite")).unwrap();
    let records: Vec<Access> = (0..3000)
        .map(|_| {
            let ms = if rng.gen_bool(0.05) {
                START + rng.gen_range(0..7) * DAY_MS
            } else {
                START + rng.gen_range(0..6 * DAY_MS)
            };
            let u = rng.gen_range(0..12);
            Access {
                is_locked: rng.gen_bool(0.5),
                client_type: ClientType::parse(KINDS[rng.gen_range(0..KINDS.len())]),
                created_at: at(ms),
                user: (u < 10).then(|| AccessUser {
                    id: Some(format!("U{u}")),
                    full_name: (u != 3).then(|| ["Ann", "Bo", "Cy"][u % 3].to_owned()),
                    mail: None,
                    image_url: None,
                }),
                lock: Some(AccessLock {
                    id: Some(LOCKS[rng.gen_range(0..LOCKS.len())].to_owned()),
                    name: None,
                    image_url: None,
                }),
            }
        })
        .collect();
    for page in records.chunks(100) {
        a.insert_records("A1", page).unwrap();
    }
    (dir, a)
}

fn random_filter(rng: &mut StdRng) -> HistoryFilter {
    let mut f = HistoryFilter::default();
    if rng.gen_bool(0.5) {
        // Duplicates and an unknown lock among them.
        f.lock_ids = (0..rng.gen_range(1..4))
            .map(|_| ["A1", "A2", "A3", "A4", "A5", "A9"][rng.gen_range(0..6)].to_owned())
            .collect();
    }
    let edge = |rng: &mut StdRng| {
        if rng.gen_bool(0.3) {
            START + rng.gen_range(-1..8) * DAY_MS
        } else {
            START + rng.gen_range(-DAY_MS..7 * DAY_MS)
        }
    };
    if rng.gen_bool(0.7) {
        f.from = Some(at(edge(rng)));
    }
    if rng.gen_bool(0.7) {
        f.til = Some(at(edge(rng)));
    }
    if rng.gen_bool(0.2) {
        f.user = Some(["U1", "Bo", "U11"][rng.gen_range(0..3)].to_owned());
    }
    if rng.gen_bool(0.3) {
        f.kinds = vec![KINDS[rng.gen_range(0..KINDS.len())].to_owned()];
    }
    if rng.gen_bool(0.3) {
        f.is_locked = Some(rng.gen_bool(0.5));
    }
    f
}

fn scanned(a: &Archive, f: &HistoryFilter) -> Vec<HistoryRow> {
    let mut rows = Vec::new();
    a.scan(f, |r| rows.push(r)).unwrap();
    rows
}

#[test]
fn totals_and_pages_equal_the_records_read_one_by_one() {
    let mut rng = StdRng::seed_from_u64(22);
    let (_dir, a) = random_archive(&mut rng);
    for _ in 0..300 {
        let filter = random_filter(&mut rng);
        let all = scanned(&a, &filter);
        for (sort, offset) in [(SortOrder::NewestFirst, 0), (SortOrder::OldestFirst, 7)] {
            let page = a
                .query(&HistoryQuery {
                    filter: filter.clone(),
                    sort,
                    limit: 25,
                    offset,
                    with_total: true,
                })
                .unwrap();
            assert_eq!(page.total, Some(all.len() as u64), "{filter:?}");
            let mut want = all.clone();
            if sort == SortOrder::NewestFirst {
                want.reverse();
            }
            let want: Vec<_> = want.into_iter().skip(offset as usize).take(25).collect();
            assert_eq!(page.rows, want, "{filter:?} {sort:?}");
        }
    }
}

/// The time card as its definition reads, from the records one by one.
fn timecard_by_definition(a: &Archive, f: &HistoryFilter, offset_ms: i64) -> Vec<TimecardRow> {
    let mut cards: BTreeMap<_, TimecardRow> = BTreeMap::new();
    for r in scanned(a, f) {
        let Some(user_id) = r.user_id.clone() else {
            continue;
        };
        let ms = r.created_at.timestamp_millis();
        let date = at(ms + offset_ms).date_naive();
        let key = (date, r.user_name.clone(), user_id.clone());
        let c = cards.entry(key).or_insert_with(|| TimecardRow {
            date,
            user_id,
            user_name: r.user_name.clone(),
            user_mail: r.user_mail.clone(),
            first_entry: None,
            last_exit: None,
            first_seen: r.created_at,
            last_seen: r.created_at,
            records: 0,
        });
        let inside = r.client_type == "nfc_inside";
        if !r.is_locked && !inside {
            c.first_entry = Some(c.first_entry.map_or(r.created_at, |t| t.min(r.created_at)));
        }
        if r.is_locked || inside {
            c.last_exit = Some(c.last_exit.map_or(r.created_at, |t| t.max(r.created_at)));
        }
        c.first_seen = c.first_seen.min(r.created_at);
        c.last_seen = c.last_seen.max(r.created_at);
        c.records += 1;
    }
    cards.into_values().collect()
}

#[test]
fn timecard_equals_its_definition() {
    let mut rng = StdRng::seed_from_u64(23);
    let (_dir, a) = random_archive(&mut rng);
    // The second round after more records: the per-day rollups of the shifts the first round
    // started must follow them.
    for round in 0..2 {
        if round == 1 {
            let (_more_dir, more) = random_archive(&mut rng);
            let mut records = Vec::new();
            more.scan(&HistoryFilter::default(), |r| records.push(r))
                .unwrap();
            let again: Vec<Access> = records.iter().map(access_of).collect();
            for page in again.chunks(100) {
                a.insert_records("A1", page).unwrap();
            }
        }
        for _ in 0..40 {
            let filter = random_filter(&mut rng);
            for minutes in [0, 540, -300, 330] {
                let got = a
                    .timecard(&TimecardRequest {
                        filter: filter.clone(),
                        zone: Zone::Offset { minutes },
                    })
                    .unwrap();
                let want = timecard_by_definition(&a, &filter, i64::from(minutes) * 60_000);
                assert_eq!(got, want, "{filter:?} {minutes}");
            }
        }
    }
}

fn access_of(r: &HistoryRow) -> Access {
    Access {
        is_locked: r.is_locked,
        client_type: ClientType::parse(&r.client_type),
        created_at: r.created_at,
        user: r.user_id.as_ref().map(|id| AccessUser {
            id: Some(id.clone()),
            full_name: r.user_name.clone(),
            mail: r.user_mail.clone(),
            image_url: None,
        }),
        lock: Some(AccessLock {
            id: Some(r.lock_id.clone()),
            name: None,
            image_url: None,
        }),
    }
}
