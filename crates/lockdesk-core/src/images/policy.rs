//! Where an image fetch may go. Image addresses come from the service, which an attacker may
//! influence, so a fetch must not become a way into this computer or the office network:
//! - the first address: https (plain http only to loopback), never a private or link-local
//!   address, and loopback only when the connection itself is loopback (the simulator);
//! - a redirect: at most [`MAX_REDIRECTS`], https only, never loopback nor private;
//! - names are resolved by [`GuardedResolver`], which drops the addresses the same rules refuse
//!   (a public name that resolves to 10.0.0.1 or 127.0.0.1 is refused too);
//! - behind the office proxy the proxy resolves the name, out of Lockdesk's sight: only names
//!   that are public by their form go through it ([`check_name_for_proxy`]: dotted, outside the
//!   suffixes networks use inside), and a redirect must stay on the proxy.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use url::{Host, Url};

/// Redirects followed for one image.
pub const MAX_REDIRECTS: usize = 3;

/// What the address of a host is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// This computer: 127.0.0.0/8, ::1, `localhost` and `*.localhost`.
    Loopback,
    /// Not on the internet: 10/8, 172.16/12, 192.168/16, 169.254/16, 0/8, 100.64/10, fc00::/7,
    /// fe80::/10, multicast, broadcast, unspecified (and their IPv4-mapped forms).
    Private,
    /// Anything else (a name not yet resolved counts here; the resolver checks it).
    Public,
}

fn v4_place(ip: Ipv4Addr) -> Place {
    let [a, b, ..] = ip.octets();
    if ip.is_loopback() {
        Place::Loopback
    } else if a == 10
        || a == 0
        || (a == 172 && (16..=31).contains(&b))
        || (a == 192 && b == 168)
        || (a == 169 && b == 254)
        || (a == 100 && (64..=127).contains(&b))
        || ip.is_multicast()
        || ip.is_broadcast()
        || a >= 240
    {
        Place::Private
    } else {
        Place::Public
    }
}

fn v6_place(ip: Ipv6Addr) -> Place {
    if ip.is_loopback() {
        return Place::Loopback;
    }
    // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::/96)
    // addresses reach the IPv4 address inside.
    if let Some(v4) = ip.to_ipv4_mapped() {
        return v4_place(v4);
    }
    let seg = ip.segments();
    if seg[..6] == [0; 6] && !ip.is_unspecified() {
        return v4_place(Ipv4Addr::from(((seg[6] as u32) << 16) | seg[7] as u32));
    }
    if seg[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return v4_place(Ipv4Addr::from(((seg[6] as u32) << 16) | seg[7] as u32));
    }
    if ip.is_unspecified()
        || (seg[0] & 0xfe00) == 0xfc00 // fc00::/7 unique local
        || (seg[0] & 0xffc0) == 0xfe80 // fe80::/10 link local
        || (seg[0] & 0xffc0) == 0xfec0 // fec0::/10 old site local
        || ip.is_multicast()
    {
        Place::Private
    } else {
        Place::Public
    }
}

pub(crate) fn ip_place(ip: IpAddr) -> Place {
    match ip {
        IpAddr::V4(v4) => v4_place(v4),
        IpAddr::V6(v6) => v6_place(v6),
    }
}

/// Where `url`'s host is, from the address itself (names other than `localhost` are Public
/// here; [`GuardedResolver`] checks what they resolve to).
pub(crate) fn place(url: &Url) -> Place {
    match url.host() {
        Some(Host::Ipv4(ip)) => v4_place(ip),
        Some(Host::Ipv6(ip)) => v6_place(ip),
        Some(Host::Domain(d)) => {
            let d = d.trim_end_matches('.').to_ascii_lowercase();
            if d == "localhost" || d.ends_with(".localhost") {
                Place::Loopback
            } else {
                Place::Public
            }
        }
        None => Place::Private,
    }
}

/// Whether the connection (the profile's service address) is loopback: then, and only then,
/// images on loopback are fetched.
pub(crate) fn connection_is_loopback(base: &Url) -> bool {
    place(base) == Place::Loopback
}

/// The address the service named, before anything is sent. `loopback_ok`: the connection is
/// loopback.
pub(crate) fn check_first(url: &Url, loopback_ok: bool) -> Result<(), String> {
    match (url.scheme(), place(url)) {
        (_, Place::Private) => Err("the address is in a private or local network range".into()),
        (_, Place::Loopback) if !loopback_ok => {
            Err("the address is on this computer, and the connection is not".into())
        }
        ("https", _) | ("http", Place::Loopback) => Ok(()),
        _ => Err("the address is not https (plain http is only fetched from this computer)".into()),
    }
}

/// A redirect to `url` after `previous` hops.
pub(crate) fn check_redirect(url: &Url, previous: usize) -> Result<(), String> {
    if previous >= MAX_REDIRECTS {
        return Err(format!("more than {MAX_REDIRECTS} redirects"));
    }
    match place(url) {
        Place::Loopback => Err("a redirect to this computer (loopback)".into()),
        Place::Private => Err("a redirect into a private or local network range".into()),
        Place::Public if url.scheme() != "https" => {
            Err("a redirect to an address that is not https".into())
        }
        Place::Public => Ok(()),
    }
}

/// The redirect policy of the direct image client.
pub(crate) fn redirect_policy() -> reqwest::redirect::Policy {
    reqwest::redirect::Policy::custom(|attempt| {
        match check_redirect(attempt.url(), attempt.previous().len()) {
            Ok(()) => attempt.follow(),
            Err(reason) => attempt.error(reason),
        }
    })
}

/// Suffixes of names that only a network inside knows (mDNS, home routers, company domains by
/// custom): never asked of the proxy.
const INSIDE_SUFFIXES: [&str; 8] = [
    ".local",
    ".localdomain",
    ".internal",
    ".intranet",
    ".lan",
    ".home.arpa",
    ".corp",
    ".private",
];

/// A name sent to the proxy to resolve: it must look public, since the address it leads to is
/// not seen here. Addresses and loopback names are judged by [`check_first`] and
/// [`check_redirect`].
pub(crate) fn check_name_for_proxy(url: &Url) -> Result<(), String> {
    let Some(Host::Domain(d)) = url.host() else {
        return Ok(());
    };
    if place(url) == Place::Loopback {
        return Ok(());
    }
    let d = d.trim_end_matches('.').to_ascii_lowercase();
    if !d.contains('.') {
        return Err(format!(
            "{d} is a name only a network inside knows; not fetched through the proxy"
        ));
    }
    if INSIDE_SUFFIXES.iter().any(|s| d.ends_with(s)) {
        return Err(format!(
            "{d} is a name of a network inside; not fetched through the proxy"
        ));
    }
    Ok(())
}

/// The redirect policy of the image client that goes through the proxy: the direct client's
/// rules, names that look public, and every hop through the proxy (`via_proxy`), where the
/// system resolver would otherwise connect unguarded.
pub(crate) fn proxied_redirect_policy(
    via_proxy: impl Fn(&Url) -> bool + Send + Sync + 'static,
) -> reqwest::redirect::Policy {
    reqwest::redirect::Policy::custom(move |attempt| {
        let checked = check_redirect(attempt.url(), attempt.previous().len())
            .and_then(|()| check_name_for_proxy(attempt.url()))
            .and_then(|()| {
                if via_proxy(attempt.url()) {
                    Ok(())
                } else {
                    Err("a redirect to an address not reached through the proxy".into())
                }
            });
        match checked {
            Ok(()) => attempt.follow(),
            Err(reason) => attempt.error(reason),
        }
    })
}

/// The resolver of the image client that goes through the proxy: it resolves the proxy's own
/// name and refuses every other (the proxy resolves the image's name, out of sight).
#[derive(Clone, Debug)]
pub(crate) struct ProxyNameOnly {
    host: String,
}

impl ProxyNameOnly {
    /// For the proxy at `scheme://host:port`.
    pub(crate) fn of(proxy: &str) -> ProxyNameOnly {
        let authority = proxy.split_once("://").map_or(proxy, |(_, rest)| rest);
        let host = authority
            .rsplit_once(':')
            .map_or(authority, |(host, _)| host);
        ProxyNameOnly {
            host: host.trim_matches(['[', ']']).to_ascii_lowercase(),
        }
    }
}

impl reqwest::dns::Resolve for ProxyNameOnly {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let wanted = name.as_str().trim_end_matches('.').to_ascii_lowercase();
        let allowed = wanted == self.host;
        Box::pin(async move {
            if !allowed {
                return Err(format!(
                    "{wanted} would be reached straight, not through the proxy; not fetched"
                )
                .into());
            }
            let addrs: Vec<SocketAddr> = tokio::net::lookup_host((wanted.as_str(), 0))
                .await?
                .collect();
            Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// Resolves names with the system resolver and keeps only the addresses an image may come
/// from: public ones, and loopback ones when `loopback_ok`. No address left is an error, so
/// nothing is connected to.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GuardedResolver {
    pub(crate) loopback_ok: bool,
}

impl GuardedResolver {
    pub(crate) fn allowed(&self, addr: &SocketAddr) -> bool {
        match ip_place(addr.ip()) {
            Place::Public => true,
            Place::Loopback => self.loopback_ok,
            Place::Private => false,
        }
    }

    pub(crate) async fn lookup(self, host: String) -> std::io::Result<Vec<SocketAddr>> {
        let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
        let kept: Vec<SocketAddr> = found.iter().copied().filter(|a| self.allowed(a)).collect();
        if kept.is_empty() {
            return Err(std::io::Error::other(format!(
                "{host} resolves only to private or local addresses; not fetched"
            )));
        }
        Ok(kept)
    }
}

impl reqwest::dns::Resolve for GuardedResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let this = *self;
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addrs = this.lookup(host).await?;
            Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> Url {
        Url::parse(s).unwrap()
    }

    #[test]
    fn address_ranges() {
        for (addr, want) in [
            ("127.0.0.1", Place::Loopback),
            ("127.255.0.9", Place::Loopback),
            ("::1", Place::Loopback),
            ("::ffff:127.0.0.1", Place::Loopback),
            ("10.0.0.1", Place::Private),
            ("172.16.0.1", Place::Private),
            ("172.31.255.255", Place::Private),
            ("192.168.1.1", Place::Private),
            ("169.254.169.254", Place::Private),
            ("0.0.0.0", Place::Private),
            ("100.64.0.1", Place::Private),
            ("100.127.255.255", Place::Private),
            ("255.255.255.255", Place::Private),
            ("224.0.0.1", Place::Private),
            ("fc00::1", Place::Private),
            ("fdff::1", Place::Private),
            ("fe80::1", Place::Private),
            ("febf::1", Place::Private),
            ("::", Place::Private),
            ("ff02::1", Place::Private),
            ("::ffff:10.0.0.1", Place::Private),
            ("::ffff:192.168.0.1", Place::Private),
            ("::10.0.0.1", Place::Private),
            ("64:ff9b::a00:1", Place::Private),
            ("172.32.0.1", Place::Public),
            ("100.128.0.1", Place::Public),
            ("8.8.8.8", Place::Public),
            ("2001:db8::1", Place::Public),
            ("::ffff:8.8.8.8", Place::Public),
        ] {
            let ip: IpAddr = addr.parse().unwrap();
            assert_eq!(ip_place(ip), want, "{addr}");
        }
        assert_eq!(place(&url("https://localhost/a")), Place::Loopback);
        assert_eq!(place(&url("https://img.LOCALHOST./a")), Place::Loopback);
        assert_eq!(place(&url("https://[::ffff:a00:1]/a")), Place::Private);
        assert_eq!(
            place(&url("https://0x7f.1/a")),
            Place::Loopback,
            "URL parsing normalizes"
        );
        assert_eq!(place(&url("https://img.example.com/a")), Place::Public);
    }

    #[test]
    fn loopback_only_for_a_loopback_connection_private_never() {
        let ok = |s: &str, lo: bool| check_first(&url(s), lo).is_ok();
        assert!(ok("https://img.example.com/a.png", false));
        assert!(!ok("http://img.example.com/a.png", false));
        assert!(!ok("http://127.0.0.1:8080/a.png", false));
        assert!(!ok("https://localhost/a.png", false));
        assert!(!ok("https://[::1]/a.png", false));
        assert!(ok("http://127.0.0.1:8080/a.png", true));
        assert!(ok("http://localhost:8080/a.png", true));
        for private in [
            "https://10.0.0.1/a.png",
            "https://192.168.0.10/a.png",
            "https://169.254.169.254/latest/meta-data",
            "https://[fe80::1]/a.png",
            "https://[::ffff:10.0.0.1]/a.png",
        ] {
            assert!(!ok(private, false) && !ok(private, true), "{private}");
        }
        assert!(connection_is_loopback(&url("http://127.0.0.1:4010")));
        assert!(connection_is_loopback(&url("http://localhost:4010")));
        assert!(!connection_is_loopback(&url("https://api.example.com")));
    }

    #[test]
    fn redirects_go_to_public_https_only_and_not_too_often() {
        assert!(check_redirect(&url("https://cdn.example.com/a.png"), 0).is_ok());
        assert!(check_redirect(&url("https://cdn.example.com/a.png"), 2).is_ok());
        assert!(check_redirect(&url("https://cdn.example.com/a.png"), 3).is_err());
        assert!(check_redirect(&url("http://cdn.example.com/a.png"), 0).is_err());
        for inside in [
            "https://127.0.0.1/a.png",
            "https://localhost/a.png",
            "https://[::1]/a.png",
            "https://10.0.0.1/a.png",
            "https://172.20.1.1/a.png",
            "https://[fd00::1]/a.png",
            "https://[::ffff:169.254.169.254]/",
        ] {
            assert!(check_redirect(&url(inside), 0).is_err(), "{inside}");
        }
    }

    #[test]
    fn only_names_that_look_public_go_to_the_proxy() {
        for ok in [
            "https://img.lockdesk.example/a.png",
            "https://cdn.example.co.jp/a.png",
            "https://203.0.113.9/a.png",
            "http://images.lockdesk.localhost/a.png",
        ] {
            assert_eq!(check_name_for_proxy(&url(ok)), Ok(()), "{ok}");
        }
        for inside in [
            "https://fileserver/a.png",
            "https://nas.local/a.png",
            "https://printer.LAN./a.png",
            "https://router.home.arpa/a.png",
            "https://wiki.corp/a.png",
            "https://db.internal/a.png",
        ] {
            assert!(check_name_for_proxy(&url(inside)).is_err(), "{inside}");
        }
    }

    #[tokio::test]
    async fn the_proxied_client_resolves_the_proxys_name_only() {
        use reqwest::dns::Resolve;
        use std::str::FromStr;
        let resolver = ProxyNameOnly::of("http://LOCALHOST:3128");
        let name = |n: &str| reqwest::dns::Name::from_str(n).unwrap();
        let proxy: Vec<SocketAddr> = resolver.resolve(name("localhost")).await.unwrap().collect();
        assert!(proxy.iter().all(|a| a.ip().is_loopback()) && !proxy.is_empty());
        let image = match resolver.resolve(name("images.example.com")).await {
            Ok(_) => panic!("an image name was resolved by the proxied client"),
            Err(e) => e.to_string(),
        };
        assert!(image.contains("not through the proxy"), "{image}");
        assert_eq!(ProxyNameOnly::of("https://[::1]:8080").host, "::1");
    }

    #[tokio::test]
    async fn names_that_resolve_inside_are_refused() {
        let strict = GuardedResolver { loopback_ok: false };
        let e = strict.lookup("localhost".into()).await.unwrap_err();
        assert!(e.to_string().contains("private or local"), "{e}");
        let loose = GuardedResolver { loopback_ok: true };
        let found = loose.lookup("localhost".into()).await.unwrap();
        assert!(found.iter().all(|a| a.ip().is_loopback()));
        assert!(!strict.allowed(&"10.1.2.3:443".parse().unwrap()));
        assert!(!loose.allowed(&"[fe80::1]:443".parse().unwrap()));
        assert!(strict.allowed(&"93.184.216.34:443".parse().unwrap()));
    }
}
