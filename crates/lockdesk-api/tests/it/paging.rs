//! `id_after` paging over many pages gives every element once, in order.

use futures::TryStreamExt;
use lockdesk_api::v3::{LockQuery, PageParams, UserQuery};
use lockdesk_sim::SimOptions;

use crate::support::*;

#[tokio::test]
async fn user_stream_walks_every_page_once_in_join_order() {
    let sim = sim_with(SimOptions {
        users: 230,
        ..SimOptions::small()
    })
    .await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    let users = s.client.org(&org).users();
    let one_page = users
        .list(&UserQuery {
            page: PageParams::limit(1000),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(one_page.len() >= 230);
    let streamed: Vec<_> = users
        .stream(UserQuery {
            page: PageParams::limit(17),
            ..Default::default()
        })
        .try_collect()
        .await
        .unwrap();
    let a: Vec<_> = one_page.iter().map(|u| &u.id).collect();
    let b: Vec<_> = streamed.iter().map(|u| &u.id).collect();
    assert_eq!(
        a,
        b,
        "same users, same order, no repeats, across {} pages",
        one_page.len() / 17 + 1
    );

    let locks = s.client.org(&org).locks();
    let all = locks.list(&LockQuery::default()).await.unwrap();
    let streamed: Vec<_> = locks
        .stream(LockQuery {
            page: PageParams::limit(5),
            ..Default::default()
        })
        .try_collect()
        .await
        .unwrap();
    assert_eq!(all, streamed);
}

#[tokio::test]
async fn limit_outside_range_is_refused_before_sending() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    for bad in [0, 1001] {
        let err = s
            .client
            .org(&org)
            .users()
            .list(&UserQuery {
                page: PageParams::limit(bad),
                ..Default::default()
            })
            .await
            .unwrap_err();
        assert_eq!(err.code(), "validation");
        assert!(err.to_string().starts_with("limit:"));
    }
}

#[tokio::test]
async fn id_before_bounds_the_page() {
    let sim = sim().await;
    let s = signed_in(&sim, ADMIN).await;
    let org = first_org(&s.client).await;
    let locks = s.client.org(&org).locks();
    let all = locks.list(&LockQuery::default()).await.unwrap();
    let page = locks
        .list(&LockQuery {
            page: PageParams {
                id_before: Some(all[5].id.clone()),
                ..Default::default()
            },
            ..Default::default()
        })
        .await
        .unwrap();
    let ids: Vec<_> = page.iter().map(|l| l.id.clone()).collect();
    assert_eq!(
        ids,
        all[..5].iter().map(|l| l.id.clone()).collect::<Vec<_>>()
    );
}
