//! Posting one message to a chat service (a mail: `smtp.rs`), through the client for services
//! other than the door service (`crate::proxy::outside`): the operating system's trust store
//! (an office's own root certificate counts), the system's proxy with the login kept for it,
//! redirects not followed.
//!
//! What came back decides what happens next ([`Sent`]):
//! - 2xx: delivered;
//! - 429 (honouring `Retry-After`), 5xx, 407 from the proxy, a connection that could not be
//!   made, a refused certificate: tried again later;
//! - any other status (4xx, 3xx): refused, not sent again (`webhook_refused`);
//! - no answer after the request went out (timeout, connection closed): the service may have
//!   posted it. Whether it did is not known, so it is not sent again (a message is never sent
//!   twice): the delivery shows "may have arrived" (`webhook_answer_lost`).

use std::time::Duration;

use reqwest::StatusCode;
use url::Url;

use crate::error::ErrorCode;
use crate::team_alerts::messages::Body;

/// How a post ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sent {
    Delivered,
    /// Worth trying again; `reason` is for people (no address in it: it may hold a secret).
    Retry {
        code: ErrorCode,
        retry_after: Option<Duration>,
        reason: String,
        /// What was wrong with a refused certificate (`tls_certificate`).
        tls: Option<lockdesk_api::TlsProblem>,
    },
    /// Refused: not sent again. `status` is the HTTP status (`webhook_refused`) or the SMTP
    /// reply code (`mail_refused`, `mail_auth_failed`; 0 when there was no reply to it).
    Refused {
        code: ErrorCode,
        status: u16,
        reason: String,
    },
}

/// Posts `body` to `url` with `headers`.
pub async fn post(
    client: &reqwest::Client,
    url: &Url,
    headers: &[(&str, String)],
    body: &Body,
) -> Sent {
    let mut req = client.post(url.clone());
    for (name, value) in headers {
        req = req.header(*name, value);
    }
    req = match body {
        Body::Json(v) => req.json(v),
        Body::Form(fields) => req.form(fields),
        // A mail goes through `smtp.rs`; posted, it would be its text.
        Body::Mail { text, .. } => req
            .header(reqwest::header::CONTENT_TYPE, "text/plain; charset=utf-8")
            .body(text.clone()),
    };
    match req.send().await {
        Ok(resp) => answer(resp.status(), resp.headers()),
        Err(e) => failure(e.without_url()),
    }
}

fn answer(status: StatusCode, headers: &reqwest::header::HeaderMap) -> Sent {
    if status.is_success() {
        return Sent::Delivered;
    }
    let retry = |code, reason: String| Sent::Retry {
        code,
        retry_after: None,
        reason,
        tls: None,
    };
    match status.as_u16() {
        429 => Sent::Retry {
            code: ErrorCode::WebhookUnavailable,
            retry_after: lockdesk_api::retry_after(headers),
            reason: "too many requests (429)".into(),
            tls: None,
        },
        407 => retry(
            ErrorCode::ProxyAuthRequired,
            "the proxy asks for a user name and password (407)".into(),
        ),
        s if status.is_server_error() => retry(
            ErrorCode::WebhookUnavailable,
            format!("the service failed (HTTP {s})"),
        ),
        s => Sent::Refused {
            code: ErrorCode::WebhookRefused,
            status: s,
            reason: format!("HTTP {s}"),
        },
    }
}

/// A post with no answer: never reached (tried again), or reached and unanswered (not known:
/// tried again too). The reason leaves the address out (it may hold a secret).
fn failure(e: reqwest::Error) -> Sent {
    if let Some(problem) = lockdesk_api::tls::problem_of(&e) {
        return Sent::Retry {
            code: ErrorCode::TlsCertificate,
            retry_after: None,
            reason: format!("the certificate was refused ({problem:?})"),
            tls: Some(problem),
        };
    }
    let reason = cause_chain(&e);
    if e.is_connect() {
        return Sent::Retry {
            code: ErrorCode::WebhookUnavailable,
            retry_after: None,
            reason,
            tls: None,
        };
    }
    Sent::Retry {
        code: ErrorCode::WebhookAnswerLost,
        retry_after: None,
        reason,
        tls: None,
    }
}

fn cause_chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut parts = vec![e.to_string()];
    let mut cause = e.source();
    while let Some(c) = cause {
        parts.push(c.to_string());
        cause = c.source();
    }
    parts.join(": ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chat service that answers 200 and then a body that never ends: the status decides,
    /// the body is never read (a post neither waits for it nor holds it in memory).
    #[tokio::test]
    async fn an_endless_answer_body_is_never_read() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = Url::parse(&format!("http://{}/hook", listener.local_addr().unwrap())).unwrap();
        tokio::spawn(async move {
            let (mut tcp, _) = listener.accept().await.unwrap();
            let mut request = [0u8; 4096];
            let _ = tcp.read(&mut request).await;
            let head = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n";
            if tcp.write_all(head).await.is_err() {
                return;
            }
            let chunk = format!("{:x}\r\n{}\r\n", 64 * 1024, "x".repeat(64 * 1024));
            while tcp.write_all(chunk.as_bytes()).await.is_ok() {}
        });
        let client = lockdesk_api::proxy::client_builder(None)
            .no_proxy()
            .timeout(Duration::from_secs(600))
            .build()
            .unwrap();
        let body = Body::Json(serde_json::json!({ "text": "x" }));
        let sent = tokio::time::timeout(Duration::from_secs(300), post(&client, &url, &[], &body))
            .await
            .expect("the post ends with the status, not with the body");
        assert_eq!(sent, Sent::Delivered);
    }

    #[test]
    fn statuses_decide_between_delivered_retried_and_refused() {
        let none = reqwest::header::HeaderMap::new();
        assert_eq!(answer(StatusCode::OK, &none), Sent::Delivered);
        assert_eq!(answer(StatusCode::NO_CONTENT, &none), Sent::Delivered);
        assert!(matches!(
            answer(StatusCode::NOT_FOUND, &none),
            Sent::Refused {
                code: ErrorCode::WebhookRefused,
                status: 404,
                ..
            }
        ));
        assert!(matches!(
            answer(StatusCode::MOVED_PERMANENTLY, &none),
            Sent::Refused { status: 301, .. }
        ));
        assert!(matches!(
            answer(StatusCode::BAD_GATEWAY, &none),
            Sent::Retry {
                code: ErrorCode::WebhookUnavailable,
                retry_after: None,
                ..
            }
        ));
        let mut h = reqwest::header::HeaderMap::new();
        h.insert(reqwest::header::RETRY_AFTER, "120".parse().unwrap());
        assert!(matches!(
            answer(StatusCode::TOO_MANY_REQUESTS, &h),
            Sent::Retry { retry_after: Some(d), .. } if d == Duration::from_secs(120)
        ));
    }
}
