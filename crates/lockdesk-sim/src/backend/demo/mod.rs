//! Seeded demo data: clients, accounts, organizations, locks, users, groups, invitations, history.

mod history;
mod locks;
mod pick;

use std::ops::Range;

use chrono::Duration;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::ids;
use super::images::ImageInput;
use super::oauth::V3_SCOPES;
use super::state::{Api, Authority, Client, Group, Invitation, Member, Org, State, User};
use history::generate_history;
use locks::{make_lock, ORG1_LOCKS, ORG2_LOCKS};
use pick::pick;

pub const REDIRECT_URI: &str = "https://localhost/lockdesk/callback";
pub const DEMO_PASSWORD: &str = "lockdesk-demo";
/// (mail, role shown in SimInfo)
pub const ACCOUNTS: [(&str, &str); 3] = [
    ("admin@example.com", "super_manager"),
    ("manager@example.com", "manager"),
    ("member@example.com", "member"),
];

const JA_SURNAMES: [(&str, &str); 12] = [
    ("佐藤", "sato"),
    ("鈴木", "suzuki"),
    ("高橋", "takahashi"),
    ("田中", "tanaka"),
    ("伊藤", "ito"),
    ("渡辺", "watanabe"),
    ("山本", "yamamoto"),
    ("中村", "nakamura"),
    ("小林", "kobayashi"),
    ("加藤", "kato"),
    ("吉田", "yoshida"),
    ("山田", "yamada"),
];
const JA_GIVEN: [(&str, &str); 12] = [
    ("太郎", "taro"),
    ("花子", "hanako"),
    ("健一", "kenichi"),
    ("美咲", "misaki"),
    ("翔太", "shota"),
    ("陽菜", "hina"),
    ("大輔", "daisuke"),
    ("彩", "aya"),
    ("拓也", "takuya"),
    ("由美", "yumi"),
    ("直樹", "naoki"),
    ("恵", "megumi"),
];
const EN_FIRST: [&str; 10] = [
    "Emma", "Liam", "Olivia", "Noah", "Ava", "James", "Sophia", "Lucas", "Mia", "Daniel",
];
const EN_LAST: [&str; 8] = [
    "Smith", "Johnson", "Brown", "Taylor", "Wilson", "Clark", "Miller", "Davis",
];

fn person(rng: &mut StdRng, n: usize) -> (String, Option<String>) {
    let with_mail = rng.gen_bool(0.85);
    if rng.gen_bool(0.7) {
        let (s, sr) = *pick(rng, &JA_SURNAMES);
        let (g, gr) = *pick(rng, &JA_GIVEN);
        (
            format!("{s} {g}"),
            with_mail.then(|| format!("{gr}.{sr}.{n:04}@example.com")),
        )
    } else {
        let f = *pick(rng, &EN_FIRST);
        let l = *pick(rng, &EN_LAST);
        (
            format!("{f} {l}"),
            with_mail.then(|| {
                format!(
                    "{}.{}.{n:04}@example.com",
                    f.to_lowercase(),
                    l.to_lowercase()
                )
            }),
        )
    }
}

/// One group per `(name, memo)`, each with a random part of `pool` whose size is in `sizes`.
fn random_groups(
    rng: &mut StdRng,
    names: &[(&str, &str)],
    pool: &[String],
    sizes: Range<usize>,
    new_id: fn(&mut StdRng) -> String,
) -> Vec<Group> {
    let mut groups = Vec::new();
    for (name, memo) in names {
        let mut members = pool.to_vec();
        members.shuffle(rng);
        members.truncate(rng.gen_range(sizes.clone()));
        groups.push(Group {
            id: new_id(rng),
            name: name.to_string(),
            memo: memo.to_string(),
            member_ids: members,
        });
    }
    groups
}

fn new_user(id: String, name: String, mail: Option<String>, password: Option<&str>) -> User {
    User {
        id,
        name,
        mail,
        image_url: None,
        password: password.map(str::to_string),
        nfcs: Vec::new(),
        deleted: false,
    }
}

/// A big office door's photo: one grey pixel, as a PNG.
const DOOR_PHOTO: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3a, 0x7e, 0x9b,
    0x55, 0x00, 0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x68, 0x00, 0x00, 0x00,
    0x82, 0x00, 0x81, 0x77, 0xcd, 0x72, 0xb6, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
    0x42, 0x60, 0x82,
];

/// Doors a site of a big office has (its lock group).
const SITE_DOORS: usize = 50;

/// The name of a big office's door past the demo's named ones: site, floor, door.
fn site_door_name(k: usize) -> String {
    let site = k / SITE_DOORS + 1;
    let floor = k % SITE_DOORS / 10 + 1;
    let door = k % 10 + 1;
    format!("拠点{site:02} {floor}F 扉{door:02}")
}

/// Fills an empty state with the demo data of its seed. Keeps `state.clients` entries that are
/// not demo clients (registered through the control API).
pub fn populate(state: &mut State) {
    let mut rng = StdRng::seed_from_u64(state.seed.seed);
    let now = state.now();
    let extra: Vec<Client> = state
        .clients
        .drain(..)
        .filter(|c| !c.client_id.starts_with("demo-"))
        .collect();
    state.clients = vec![
        Client {
            api: Api::V3,
            name: "Lockdesk Demo".into(),
            client_id: "demo-v3-client".into(),
            client_secret: ids::secret(&mut rng, 48),
            redirect_uri: REDIRECT_URI.into(),
            scopes: V3_SCOPES.iter().map(|s| s.to_string()).collect(),
        },
        Client {
            api: Api::V2,
            name: "Lockdesk Demo (v2)".into(),
            client_id: "demo-v2-client".into(),
            client_secret: ids::secret(&mut rng, 48),
            redirect_uri: REDIRECT_URI.into(),
            scopes: Vec::new(),
        },
    ];
    state.clients.extend(extra);

    let mut org1 = Org {
        id: ids::org_id(&mut rng),
        name: "Lockdesk Demo 株式会社".into(),
        lock_ids: Vec::new(),
        members: Vec::new(),
        lock_groups: Vec::new(),
        user_groups: Vec::new(),
        invitations: Vec::new(),
    };
    let mut org2 = Org {
        id: ids::org_id(&mut rng),
        name: "Branch Office".into(),
        ..org1.clone()
    };

    // Accounts.
    let names = ["管理 太郎", "Morgan Manager", "社員 花子"];
    let mut account_ids = Vec::new();
    for ((mail, _), name) in ACCOUNTS.iter().zip(names) {
        let id = ids::user_id(&mut rng);
        state.users.insert(
            id.clone(),
            new_user(
                id.clone(),
                name.into(),
                Some(mail.to_string()),
                Some(DEMO_PASSWORD),
            ),
        );
        account_ids.push(id);
    }
    let joined = |i: usize, total: usize| {
        now - Duration::days(730) + Duration::minutes((i * 1_000_000 / total.max(1)) as i64)
    };
    let total1 = state.seed.users.max(3);
    let auths = [
        Authority::SuperManager,
        Authority::Manager,
        Authority::Member,
    ];
    for (i, (id, a)) in account_ids.iter().zip(auths).enumerate() {
        let t = joined(i, total1);
        org1.members.push(Member {
            user_id: id.clone(),
            authority: a,
            code: Some(format!("E{:04}", i + 1)),
            created_at: t,
            updated_at: t,
        });
    }
    for i in 3..total1 {
        let (name, mail) = person(&mut rng, i + 1);
        let id = ids::user_id(&mut rng);
        let mut u = new_user(id.clone(), name, mail, None);
        if rng.gen_bool(0.3) {
            u.nfcs.push((
                format!("NFC-{}", ids::chunk(&mut rng, 8, b"0123456789ABCDEF")),
                "社員証".into(),
            ));
        }
        let authority = if u.mail.is_some() && rng.gen_bool(0.05) {
            Authority::Manager
        } else {
            Authority::Member
        };
        state.users.insert(id.clone(), u);
        let t = joined(i, total1);
        let updated = t + Duration::days(rng.gen_range(0..30));
        org1.members.push(Member {
            user_id: id,
            authority,
            code: rng.gen_bool(0.9).then(|| format!("E{:04}", i + 1)),
            created_at: t,
            updated_at: updated.min(now),
        });
    }
    // Organization 2: the super manager plus its own staff.
    org2.members.push(Member {
        user_id: account_ids[0].clone(),
        authority: Authority::SuperManager,
        code: Some("B0001".into()),
        created_at: now - Duration::days(400),
        updated_at: now - Duration::days(400),
    });
    for i in 0..12 {
        let (name, mail) = person(&mut rng, 9000 + i);
        let id = ids::user_id(&mut rng);
        state
            .users
            .insert(id.clone(), new_user(id.clone(), name, mail, None));
        let t = now - Duration::days(390 - 20 * i as i64);
        org2.members.push(Member {
            user_id: id,
            authority: if i == 0 {
                Authority::Manager
            } else {
                Authority::Member
            },
            code: Some(format!("B{:04}", i + 2)),
            created_at: t,
            updated_at: t,
        });
    }
    if org2.members[1].authority == Authority::Manager {
        let uid = org2.members[1].user_id.clone();
        if let Some(u) = state.users.get_mut(&uid) {
            if u.mail.is_none() {
                u.mail = Some("branch.manager@example.com".into());
            }
        }
    }

    // Locks.
    let org1_locks = state.seed.locks.unwrap_or(ORG1_LOCKS.len());
    let big = org1_locks > ORG1_LOCKS.len();
    for i in 0..org1_locks {
        let name = match ORG1_LOCKS.get(i) {
            Some(name) => name.to_string(),
            None => site_door_name(i - ORG1_LOCKS.len()),
        };
        let mut lock = make_lock(&mut rng, &org1.id, &name, i % 4 != 3, &state.locks);
        if big {
            // A big office's doors have photos, so a long list has images to fetch.
            lock.image_url = state
                .store_image("image", &ImageInput::Data(DOOR_PHOTO.into()))
                .expect("the door photo is a PNG");
        }
        org1.lock_ids.push(lock.id.clone());
        state.locks.insert(lock.id.clone(), lock);
    }
    for (i, name) in ORG2_LOCKS.iter().enumerate() {
        let lock = make_lock(&mut rng, &org2.id, name, i % 3 != 2, &state.locks);
        org2.lock_ids.push(lock.id.clone());
        state.locks.insert(lock.id.clone(), lock);
    }

    // Lock groups and user groups.
    let lg_names = [
        ("1F 全体", "1階の全ての扉"),
        ("Meeting rooms", ""),
        ("セキュリティエリア", "入室は管理者の許可制"),
        ("All entrances", "Front, back and parking"),
        ("倉庫系", ""),
        ("Night shift", "22:00-6:00"),
    ];
    org1.lock_groups = random_groups(
        &mut rng,
        &lg_names,
        &org1.lock_ids,
        3..10,
        ids::lock_group_id,
    );
    // A big office's sites, each its own lock group.
    for (site, doors) in org1
        .lock_ids
        .iter()
        .skip(ORG1_LOCKS.len())
        .collect::<Vec<_>>()
        .chunks(SITE_DOORS)
        .enumerate()
    {
        org1.lock_groups.push(Group {
            id: ids::lock_group_id(&mut rng),
            name: format!("拠点{:02}", site + 1),
            memo: String::new(),
            member_ids: doors.iter().map(|d| d.to_string()).collect(),
        });
    }
    org2.lock_groups.push(Group {
        id: ids::lock_group_id(&mut rng),
        name: "Branch doors".into(),
        memo: String::new(),
        member_ids: org2.lock_ids[..3].to_vec(),
    });
    let ug_names = [
        ("総務部", ""),
        ("Engineering", "Product and IT"),
        ("営業部", "東京・大阪"),
        ("Visitors", "Temporary access"),
        ("夜間警備", ""),
    ];
    let users1: Vec<String> = org1.members.iter().map(|m| m.user_id.clone()).collect();
    org1.user_groups = random_groups(&mut rng, &ug_names, &users1, 3..13, ids::user_group_id);
    // A big office's departments: one for every 200 people past the demo's 300, each person
    // in one.
    let departments = users1.len().saturating_sub(300).div_ceil(200);
    if departments > 0 {
        let mut people = users1[3..].to_vec();
        people.shuffle(&mut rng);
        for (d, staff) in people
            .chunks(people.len().div_ceil(departments))
            .enumerate()
        {
            org1.user_groups.push(Group {
                id: ids::user_group_id(&mut rng),
                name: format!("部署{:03}", d + 1),
                memo: String::new(),
                member_ids: staff.to_vec(),
            });
        }
    }
    org2.user_groups.push(Group {
        id: ids::user_group_id(&mut rng),
        name: "Branch staff".into(),
        memo: String::new(),
        member_ids: org2
            .members
            .iter()
            .skip(1)
            .take(5)
            .map(|m| m.user_id.clone())
            .collect(),
    });

    // Invitations: issued over the last 14 days, so some are expired.
    let mut issued: Vec<i64> = (0..state.seed.invitations)
        .map(|_| rng.gen_range(60..14 * 24 * 60))
        .collect();
    issued.sort_unstable_by(|a, b| b.cmp(a));
    for (i, minutes_ago) in issued.into_iter().enumerate() {
        let at = now - Duration::minutes(minutes_ago);
        org1.invitations.push(Invitation {
            id: ids::invitation_id(&mut rng),
            mail: format!("invitee{:02}@example.net", i + 1),
            authority: if i % 5 == 0 {
                Authority::Manager
            } else {
                Authority::Member
            },
            code: (i % 3 != 0).then(|| format!("N{:04}", i + 1)),
            issued_at: at,
            expires_at: at + Duration::days(super::invitations::INVITATION_LIFETIME_DAYS),
            accepted: false,
        });
    }

    // History.
    let all_locks: Vec<(String, usize)> = org1
        .lock_ids
        .iter()
        .map(|l| (l.clone(), 0))
        .chain(org2.lock_ids.iter().map(|l| (l.clone(), 1)))
        .collect();
    let members: [Vec<String>; 2] = [
        org1.members.iter().map(|m| m.user_id.clone()).collect(),
        org2.members.iter().map(|m| m.user_id.clone()).collect(),
    ];
    state.history = generate_history(
        &mut rng,
        now,
        &all_locks,
        &members,
        state.seed.history_records,
        state.seed.office_week,
    );
    state.orgs = vec![org1, org2];
}
