use chrono::NaiveDate;

use super::plan::{plan, Change, Exception, Held};
use crate::directory::person::DirectoryPerson;
use crate::users::view::{InvitationState, InvitationView, UserRole, UserView};

fn day(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, d).unwrap()
}

fn person(id: &str, name: &str, mail: Option<&str>) -> DirectoryPerson {
    DirectoryPerson {
        employee_id: Some(id.into()),
        name: name.into(),
        mail: mail.map(str::to_owned),
        disabled: false,
        joined: None,
        left: None,
    }
}

fn user(id: &str, name: &str, code: Option<&str>, mail: Option<&str>, role: UserRole) -> UserView {
    UserView {
        id: id.into(),
        name: name.into(),
        mail: mail.map(str::to_owned),
        image_url: None,
        authority: Some(role),
        code: code.map(str::to_owned),
        created_at: None,
        updated_at: None,
        ic_cards: Vec::new(),
    }
}

fn invitation(mail: &str) -> InvitationView {
    InvitationView {
        id: "UI-1".into(),
        mail: Some(mail.into()),
        mail_masked: false,
        authority: Some(UserRole::Member),
        code: None,
        status: Some(InvitationState::Active),
        issued_at: None,
        expires_at: None,
    }
}

const TODAY: (u32, u32) = (11, 28);

fn today() -> NaiveDate {
    day(TODAY.0, TODAY.1)
}

#[test]
fn leavers_joiners_and_movers_matched_by_code_then_by_mail() {
    let mut left = person("E1", "山田 太郎", Some("yamada@example.jp"));
    left.left = Some(day(11, 27));
    let mut last_day = person("E2", "佐藤 花子", Some("sato@example.jp"));
    last_day.left = Some(today());
    let renamed = person("E3", "鈴木 一郎", Some("suzuki@example.jp"));
    let by_mail = person("E4", "高橋 二郎", Some("Takahashi@Example.jp"));
    let joiner = person("E5", "田中 三郎", Some("tanaka@example.jp"));
    let invited = person("E6", "伊藤 四郎", Some("ito@example.jp"));
    let mut later = person("E7", "渡辺 五郎", Some("watanabe@example.jp"));
    later.joined = Some(day(12, 1));
    let users = [
        user(
            "U1",
            "山田 太郎",
            Some("E1"),
            Some("yamada@example.jp"),
            UserRole::Member,
        ),
        user(
            "U2",
            "佐藤 花子",
            Some("E2"),
            Some("sato@example.jp"),
            UserRole::Member,
        ),
        user(
            "U3",
            "鈴木 1郎",
            Some("E3"),
            Some("suzuki@example.jp"),
            UserRole::Member,
        ),
        user(
            "U4",
            "高橋 二郎",
            None,
            Some("takahashi@example.jp"),
            UserRole::Member,
        ),
        user("U9", "退職済み", Some("E9"), None, UserRole::Member),
    ];
    let p = plan(
        &[left, last_day, renamed, by_mail, joiner, invited, later],
        &users,
        &[invitation("ITO@example.jp")],
        &[],
        today(),
    );
    let removed: Vec<(&str, bool)> = p
        .leavers
        .iter()
        .map(|r| match &r.change {
            Change::Remove {
                user_id,
                in_directory,
                ..
            } => (user_id.as_str(), *in_directory),
            c => panic!("{c:?}"),
        })
        .collect();
    // Left yesterday, and not in the directory at all; the leaving day itself still counts.
    assert_eq!(removed, [("U1", true), ("U9", false)]);
    assert_eq!(
        p.joiners.iter().map(|r| &r.change).collect::<Vec<_>>(),
        [&Change::Invite {
            mail: "tanaka@example.jp".into(),
            code: "E5".into()
        }]
    );
    assert_eq!(
        p.movers.iter().map(|r| &r.change).collect::<Vec<_>>(),
        [
            &Change::Update {
                user_id: "U3".into(),
                name: Some("鈴木 一郎".into()),
                mail: None,
                code: None
            },
            // Matched by e-mail (any case): the code is set, the address left as it is.
            &Change::Update {
                user_id: "U4".into(),
                name: None,
                mail: None,
                code: Some("E4".into())
            },
        ]
    );
    assert_eq!(p.joining_later, 1);
    assert!(p.ambiguous.is_empty());
    assert!(!p.is_empty());
}

#[test]
fn managers_and_exceptions_are_listed_never_changed_and_an_expired_exception_no_longer_holds() {
    let users = [
        user(
            "U1",
            "部長",
            Some("M1"),
            Some("boss@example.jp"),
            UserRole::Manager,
        ),
        user(
            "U2",
            "オーナー",
            None,
            Some("owner@example.jp"),
            UserRole::SuperManager,
        ),
        user(
            "U3",
            "清掃スタッフ",
            None,
            Some("clean@example.jp"),
            UserRole::Member,
        ),
        user("U4", "派遣", Some("T1"), None, UserRole::Member),
    ];
    let exceptions = [
        Exception {
            who: "clean@example.jp".into(),
            reason: "清掃業者".into(),
            until: today(),
        },
        Exception {
            who: "T1".into(),
            reason: "派遣契約".into(),
            until: day(11, 27),
        },
    ];
    let p = plan(&[], &users, &[], &exceptions, today());
    let held: Vec<(&str, Option<&Held>)> = p
        .leavers
        .iter()
        .map(|r| (r.name.as_str(), r.held.as_ref()))
        .collect();
    assert_eq!(
        held,
        [
            ("部長", Some(&Held::Manager)),
            ("オーナー", Some(&Held::Manager)),
            (
                "清掃スタッフ",
                Some(&Held::Exception {
                    reason: "清掃業者".into(),
                    until: today()
                })
            ),
            ("派遣", None),
        ]
    );
    // Only the expired exception's user is removed; held rows are not "to do".
    let only_held = plan(&[], &users[..3], &[], &exceptions, today());
    assert!(only_held.is_empty());
}

#[test]
fn ambiguous_matches_are_listed_and_a_joiner_without_mail_is_held() {
    // Two people with one e-mail, and a person whose code is one user's and mail another's
    // (the code wins: not ambiguous).
    let a = person("E1", "A", Some("shared@example.jp"));
    let b = person("E2", "B", Some("shared@example.jp"));
    let c = person("E3", "C", Some("c@example.jp"));
    let nomail = person("E4", "D", None);
    let users = [
        user("U1", "A", None, Some("shared@example.jp"), UserRole::Member),
        user(
            "U3",
            "C",
            Some("E3"),
            Some("old-c@example.jp"),
            UserRole::Member,
        ),
        user("U4", "other", None, Some("c@example.jp"), UserRole::Member),
    ];
    let p = plan(&[a, b, c, nomail], &users, &[], &[], today());
    assert_eq!(p.ambiguous.len(), 2, "{p:#?}");
    assert!(p
        .ambiguous
        .iter()
        .all(|r| matches!(&r.held, Some(Held::Ambiguous { candidates }) if candidates == &["U1"])));
    assert_eq!(p.movers.len(), 1);
    assert_eq!(p.joiners[0].held, Some(Held::NoMail));
    // U4 (c@ by mail, but C matched U3 by code) is in no person: a leaver.
    assert!(p.leavers.iter().any(|r| r.name == "other"));
}

#[test]
fn removing_more_than_a_fifth_and_more_than_five_is_a_mass_removal() {
    use crate::directory::apply::mass_removal;
    assert!(!mass_removal(5, 6));
    assert!(!mass_removal(20, 100));
    assert!(mass_removal(21, 100));
    assert!(mass_removal(6, 10));
}
