//! Lock groups and user groups: the same endpoints and rules for both kinds, and only the
//! operations the spec documents for each (delete and membership: lock groups only).

use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::{access_token, http, org_ids, sim};

struct Kind {
    plural: &'static str,
    key: &'static str,
    members: &'static str,
    id_prefix: &'static str,
    has_delete_and_membership: bool,
}

const KINDS: [Kind; 2] = [
    Kind {
        plural: "lock_groups",
        key: "lock_group",
        members: "locks",
        id_prefix: "AG-",
        has_delete_and_membership: true,
    },
    Kind {
        plural: "user_groups",
        key: "user_group",
        members: "users",
        id_prefix: "UG-",
        has_delete_and_membership: false,
    },
];

async fn send(
    method: Method,
    url: &str,
    token: &str,
    form: &[(&str, &str)],
) -> (StatusCode, Value) {
    let r = http()
        .request(method, url)
        .bearer_auth(token)
        .form(form)
        .send()
        .await
        .unwrap();
    let status = r.status();
    let body = r.bytes().await.unwrap();
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

#[tokio::test]
async fn both_kinds_share_rules_and_differ_as_documented() {
    let h = sim().await;
    let token = access_token(&h, "admin@example.com").await;
    let org = &org_ids(&h, &token).await[0];
    for k in KINDS {
        let url = format!("{}/v3/organizations/{org}/{}", h.base_url(), k.plural);
        let (status, created) = send(Method::POST, &url, &token, &[("name", "Floor 3")]).await;
        assert_eq!(status, 201, "{}", k.plural);
        let g = &created[k.key];
        assert_eq!(g["memo"], "", "memo defaults to empty");
        let id = g["id"].as_str().unwrap().to_owned();
        assert!(id.starts_with(k.id_prefix), "{id}");
        let one = format!("{url}/{id}");

        // Update: 201; what is absent is kept, a blank name is invalid_params 404.
        let (status, updated) = send(Method::PUT, &one, &token, &[("memo", "east")]).await;
        assert_eq!(status, 201);
        assert_eq!(updated[k.key]["name"], "Floor 3");
        assert_eq!(updated[k.key]["memo"], "east");
        let (status, bad) = send(Method::PUT, &one, &token, &[("name", " ")]).await;
        assert_eq!(
            (status, &bad["code"]),
            (StatusCode::NOT_FOUND, &"invalid_params".into())
        );

        let (status, detail) = send(Method::GET, &one, &token, &[]).await;
        assert_eq!(status, 200);
        assert_eq!(detail[k.key][k.members], Value::Array(vec![]));
        let (_, listed) = send(Method::GET, &format!("{url}/"), &token, &[]).await;
        assert!(listed[k.plural]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id));
        let missing = format!("{url}/{}AAAAA-AAAAA-AAAAA", k.id_prefix);
        let (status, gone) = send(Method::GET, &missing, &token, &[]).await;
        assert_eq!(status, 404);
        assert_eq!(gone["code"], format!("{}_not_found", k.key));

        // Delete and membership exist for lock groups only.
        let members = format!("{one}/{}", k.members);
        let (status, membership) = send(Method::DELETE, &members, &token, &[]).await;
        assert_eq!(status, 404);
        let (deleted, _) = send(Method::DELETE, &one, &token, &[]).await;
        if k.has_delete_and_membership {
            assert_eq!(membership["code"], "invalid_params", "the route exists");
            assert_eq!(deleted, 204);
        } else {
            assert_eq!(membership, Value::Null, "no such route");
            assert_eq!(deleted, 405);
        }
    }
}
