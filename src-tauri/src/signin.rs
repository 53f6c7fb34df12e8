//! The sign-in window: the service's authorization page in a dedicated window with no IPC
//! access (no capability names it), private storage (incognito: no cookies or cache shared
//! with other sign-ins or kept on disk), titled with the service's host. It only goes to pages
//! of the service's own origin over https (plain http only when the service itself is on
//! loopback: the demo and the simulator); every other navigation and every new window is
//! refused. When the page navigates to the registered redirect URI the navigation is refused
//! too (the page is never loaded), the code is exchanged with the `state` and PKCE verifier
//! checked and sent by lockdesk-core, the window closes and the main window gets
//! `lockdesk://sign-in-finished`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use lockdesk_commands::shell::SIGN_IN_FINISHED_EVENT;
use lockdesk_core::app::args::{Done, NoArgs};
use lockdesk_core::app::context::AppContext;
use lockdesk_core::error::{ErrorCode, ErrorPayload};
use lockdesk_core::is_loopback;
use lockdesk_core::journal::journaled::session_complete_sign_in;
use lockdesk_core::sessions::commands::{
    session_begin_sign_in, SessionBeginSignInResponse, SessionCompleteSignInRequest,
    SignInFinishedEvent,
};
use lockdesk_core::sessions::status::ProfileNameRequest;
use tauri::webview::NewWindowResponse;
use tauri::{AppHandle, Emitter, Manager, Runtime, State, WebviewUrl, WebviewWindowBuilder};
use url::Url;

pub const SIGN_IN_WINDOW: &str = "signin";

/// What to do with a navigation of the sign-in window.
#[derive(Debug, PartialEq, Eq)]
pub enum Navigation {
    /// Let the page load (the service's own pages).
    Allow,
    /// The redirect URI: do not load it; complete the sign-in with this address.
    Intercept,
    /// Anything else: not loaded.
    Refuse,
}

fn same_origin(a: &Url, b: &Url) -> bool {
    a.scheme() == b.scheme()
        && a.host() == b.host()
        && a.port_or_known_default() == b.port_or_known_default()
}

/// Decides a navigation of the sign-in window to `target`, for the service whose
/// authorization page is `service` and the client's `redirect_uri`:
/// - the redirect URI (scheme, host, port and path; a trailing `/` ignored) is intercepted,
///   its query carries `code` and `state`, checked by lockdesk-core;
/// - pages of the service's origin are allowed over https, over http only when the service
///   itself is on loopback (the demo, the simulator);
/// - everything else is refused (other hosts, other ports, a downgrade to http, `data:`,
///   `file:`, `javascript:` …).
pub fn decide(target: &Url, service: &Url, redirect_uri: &Url) -> Navigation {
    let path = |u: &Url| u.path().trim_end_matches('/').to_owned();
    if target.scheme() == redirect_uri.scheme()
        && target.host_str() == redirect_uri.host_str()
        && target.port_or_known_default() == redirect_uri.port_or_known_default()
        && path(target) == path(redirect_uri)
    {
        return Navigation::Intercept;
    }
    let secure = match target.scheme() {
        "https" => true,
        "http" => is_loopback(service),
        _ => false,
    };
    if secure && same_origin(target, service) {
        Navigation::Allow
    } else {
        Navigation::Refuse
    }
}

/// The host (and port, when not the scheme's default) the window shows in its title. An
/// international domain shows in its ASCII (punycode) form, which cannot imitate another.
pub fn shown_host(service: &Url) -> String {
    let host = service.host_str().unwrap_or("?");
    match service.port() {
        Some(port) => format!("{host}:{port}"),
        None => host.to_owned(),
    }
}

/// The sign-in window's title: fixed words in both UI languages (the backend does not know
/// which one the UI shows) and the service's host as data.
pub fn window_title(service: &Url) -> String {
    format!("Sign in / サインイン — {}", shown_host(service))
}

/// Whether a WebDriver (tauri-driver) drives the app. WebKitGTK lets one web context be automated
/// and an incognito window gets a context of its own, which the driver cannot see; only then does
/// the sign-in window share the main window's (empty, never used for the web) storage.
fn under_webdriver() -> bool {
    std::env::var_os("TAURI_WEBVIEW_AUTOMATION").is_some_and(|v| v == "true")
}

fn payload(message: impl Into<String>, code: ErrorCode) -> ErrorPayload {
    ErrorPayload::new(code, message)
}

fn finish<R: Runtime>(app: &AppHandle<R>, event: SignInFinishedEvent) {
    if let Err(e) = app.emit_to("main", SIGN_IN_FINISHED_EVENT, event) {
        tracing::warn!("sign-in event not delivered: {e}");
    }
    if let Some(w) = app.get_webview_window(SIGN_IN_WINDOW) {
        let _ = w.close();
    }
}

/// Opens the authorization page of `profile` in the sign-in window (replacing one already
/// open).
#[tauri::command]
pub async fn sign_in_window_open<R: Runtime>(
    app: AppHandle<R>,
    ctx: State<'_, AppContext>,
    req: ProfileNameRequest,
) -> Result<SessionBeginSignInResponse, ErrorPayload> {
    if let Some(w) = app.get_webview_window(SIGN_IN_WINDOW) {
        let _ = w.destroy();
    }
    let begun = session_begin_sign_in(&ctx, req)
        .await
        .map_err(|e| e.payload())?;
    let page =
        Url::parse(&begun.url).map_err(|e| payload(e.to_string(), ErrorCode::InvalidInput))?;
    let redirect = Url::parse(&begun.redirect_uri)
        .map_err(|e| payload(e.to_string(), ErrorCode::InvalidInput))?;
    let done = Arc::new(AtomicBool::new(false));
    let (ctx2, app2, profile, done2) = (
        ctx.inner().clone(),
        app.clone(),
        begun.profile.clone(),
        done.clone(),
    );
    let service = page.clone();
    let window = WebviewWindowBuilder::new(&app, SIGN_IN_WINDOW, WebviewUrl::External(page))
        .title(window_title(&service))
        .inner_size(520.0, 720.0)
        .incognito(!under_webdriver())
        .on_new_window(|url, _| {
            tracing::warn!(host = ?url.host_str(), "sign-in window: new window refused");
            NewWindowResponse::Deny
        })
        .on_navigation(move |target| match decide(target, &service, &redirect) {
            Navigation::Allow => true,
            Navigation::Refuse => {
                tracing::warn!(
                    scheme = target.scheme(),
                    host = ?target.host_str(),
                    "sign-in window: navigation refused"
                );
                false
            }
            Navigation::Intercept => {
                if !done2.swap(true, Ordering::SeqCst) {
                    let (ctx, app, profile) = (ctx2.clone(), app2.clone(), profile.clone());
                    let redirected_url = target.to_string();
                    tauri::async_runtime::spawn(async move {
                        let result = session_complete_sign_in(
                            &ctx,
                            SessionCompleteSignInRequest {
                                profile: profile.clone(),
                                redirected_url,
                            },
                        )
                        .await;
                        let event = match result {
                            Ok(s) => SignInFinishedEvent {
                                profile,
                                signed_in: Some(s),
                                error: None,
                            },
                            Err(e) => SignInFinishedEvent {
                                profile,
                                signed_in: None,
                                error: Some(e.payload()),
                            },
                        };
                        finish(&app, event);
                    });
                }
                false
            }
        })
        .build()
        .map_err(|e| payload(e.to_string(), ErrorCode::WindowFailed))?;
    // Closed by the user before the redirect: say so.
    let (app3, profile) = (app.clone(), begun.profile.clone());
    window.on_window_event(move |event| {
        if let tauri::WindowEvent::Destroyed = event {
            if !done.swap(true, Ordering::SeqCst) {
                let _ = app3.emit_to(
                    "main",
                    SIGN_IN_FINISHED_EVENT,
                    SignInFinishedEvent {
                        profile: profile.clone(),
                        signed_in: None,
                        error: Some(payload(
                            "the sign-in window was closed before the sign-in finished",
                            ErrorCode::SignInCancelled,
                        )),
                    },
                );
            }
        }
    });
    Ok(begun)
}

#[tauri::command]
pub async fn sign_in_window_close<R: Runtime>(
    app: AppHandle<R>,
    _req: NoArgs,
) -> Result<Done, ErrorPayload> {
    if let Some(w) = app.get_webview_window(SIGN_IN_WINDOW) {
        let _ = w.close();
    }
    Ok(Done::ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u(s: &str) -> Url {
        Url::parse(s).unwrap()
    }

    const SERVICE: &str = "https://api.example.jp/oauth/authorize/?client_id=c";

    fn d(target: &str, redirect: &str) -> Navigation {
        decide(&u(target), &u(SERVICE), &u(redirect))
    }

    #[test]
    fn intercepts_only_the_redirect_uri() {
        let r = "https://app.example.com/oauth/callback";
        assert_eq!(
            d("https://app.example.com/oauth/callback?code=c&state=s", r),
            Navigation::Intercept
        );
        assert_eq!(
            d("https://app.example.com/oauth/callback/?code=c", r),
            Navigation::Intercept
        );
        assert_eq!(
            d("https://app.example.com:443/oauth/callback?error=x", r),
            Navigation::Intercept
        );
        // Near misses of the redirect URI are not intercepted (and not on the service).
        for near in [
            "http://app.example.com/oauth/callback?code=c",
            "https://app.example.com:8443/oauth/callback",
            "https://app.example.com/oauth/callbackx",
            "https://evil.example.com/oauth/callback",
        ] {
            assert_eq!(d(near, r), Navigation::Refuse, "{near}");
        }
        // A loopback or custom-scheme redirect URI is intercepted too.
        assert_eq!(
            d("http://127.0.0.1:9/cb?code=c", "http://127.0.0.1:9/cb"),
            Navigation::Intercept
        );
        assert_eq!(
            d("lockdesk://cb?code=c", "lockdesk://cb"),
            Navigation::Intercept
        );
    }

    #[test]
    fn allows_only_https_pages_of_the_service() {
        let r = "https://app.example.com/oauth/callback";
        for ok in [
            "https://api.example.jp/oauth/authorize/?x=1",
            "https://api.example.jp:443/login",
            "https://API.example.jp/help",
        ] {
            assert_eq!(d(ok, r), Navigation::Allow, "{ok}");
        }
        for refused in [
            "http://api.example.jp/oauth/authorize/",
            "https://api.example.jp:8443/",
            "https://evil.example/phish",
            "https://api.example.jp.evil.example/",
            "https://example.jp/",
            "http://127.0.0.1:8080/",
            "http://localhost/",
            "file:///etc/passwd",
            "data:text/html,<h1>x</h1>",
            "javascript:alert(1)",
            "about:blank",
        ] {
            assert_eq!(d(refused, r), Navigation::Refuse, "{refused}");
        }
    }

    #[test]
    fn plain_http_only_for_a_loopback_service() {
        let r = u("http://127.0.0.1:7000/cb");
        let sim = u("http://127.0.0.1:7000/oauth/authorize/");
        assert_eq!(
            decide(&u("http://127.0.0.1:7000/oauth/authorize/"), &sim, &r),
            Navigation::Allow
        );
        // Another port, another loopback address, or localhost by name: another origin.
        for refused in [
            "http://127.0.0.1:7001/",
            "http://127.0.0.2:7000/",
            "http://localhost:7000/",
            "https://api.example.jp/",
        ] {
            assert_eq!(
                decide(&u(refused), &sim, &r),
                Navigation::Refuse,
                "{refused}"
            );
        }
        let local = u("http://localhost:7000/oauth/authorize/");
        assert_eq!(
            decide(&u("http://localhost:7000/login"), &local, &r),
            Navigation::Allow
        );
        let v6 = u("http://[::1]:7000/oauth/authorize/");
        assert_eq!(
            decide(&u("http://[::1]:7000/login"), &v6, &r),
            Navigation::Allow
        );
        // A service on plain http that is not loopback gets no page at all.
        let plain = u("http://api.example.jp/oauth/authorize/");
        assert_eq!(
            decide(&u("http://api.example.jp/login"), &plain, &r),
            Navigation::Refuse
        );
    }

    #[test]
    fn the_title_shows_the_service_host() {
        assert_eq!(
            window_title(&u(SERVICE)),
            "Sign in / サインイン — api.example.jp"
        );
        assert_eq!(
            shown_host(&u("http://127.0.0.1:7000/oauth/authorize/")),
            "127.0.0.1:7000"
        );
        assert_eq!(
            shown_host(&u("https://api.example.jp:443/")),
            "api.example.jp"
        );
        // An international domain shows as punycode.
        assert_eq!(
            shown_host(&u("https://bücher.example/")),
            "xn--bcher-kva.example"
        );
    }
}
