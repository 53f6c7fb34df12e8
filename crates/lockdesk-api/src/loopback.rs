//! Addresses of this computer: where plain http is allowed (the simulator), and what always goes
//! straight, never through a proxy (`proxy.rs`).

use std::net::IpAddr;

use url::{Host, Url};

/// Whether `url` names this computer: `localhost`, 127.0.0.0/8 or ::1.
pub fn is_loopback(url: &Url) -> bool {
    url.host().is_some_and(|h| is_loopback_host(&h))
}

/// Whether `host` is this computer: `localhost`, 127.0.0.0/8 or ::1 (a mail server's host too).
pub fn is_loopback_host(host: &Host<&str>) -> bool {
    match host {
        Host::Domain(d) => d.eq_ignore_ascii_case("localhost"),
        Host::Ipv4(ip) => IpAddr::V4(*ip).is_loopback(),
        Host::Ipv6(ip) => IpAddr::V6(*ip).is_loopback(),
    }
}
