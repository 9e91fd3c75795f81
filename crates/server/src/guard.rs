//! What every request passes before a handler sees it: its Host must name this server (so a
//! page on another domain that rebinds its name to this address is refused), a browser's Origin
//! on a WebSocket or a write must be one this server serves, and every error answer is the
//! documented JSON, whichever layer made it.

use crate::protocol::{ErrorCode, Refusal};
use crate::Shared;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;

/// The names and origins this server answers to.
#[derive(Clone, Debug, Default)]
pub struct Origins {
    /// Host names (lowercase, no port) from `--public-url`.
    hosts: Vec<String>,
    /// Origins (`scheme://host[:port]`, lowercase) from `--public-url` and `--allow-origin`.
    origins: Vec<String>,
}

/// `scheme://authority` of a URL, lowercased, and its host without the port; `None` unless it
/// is an http or https URL with a host.
fn split_url(url: &str) -> Option<(String, String)> {
    let url = url.trim().to_ascii_lowercase();
    let (scheme, rest) = url.split_once("://")?;
    if scheme != "http" && scheme != "https" {
        return None;
    }
    let authority = rest.split(['/', '?', '#']).next()?;
    if authority.is_empty() || authority.contains('@') {
        return None;
    }
    Some((format!("{scheme}://{authority}"), host_of(authority)?.to_string()))
}

/// The host of a `host[:port]` authority (an IPv6 address keeps no brackets).
fn host_of(authority: &str) -> Option<&str> {
    if let Some(rest) = authority.strip_prefix('[') {
        let (v6, after) = rest.split_once(']')?;
        return (after.is_empty() || after.starts_with(':')).then_some(v6);
    }
    let host = authority.split(':').next()?;
    (!host.is_empty()).then_some(host)
}

impl Origins {
    /// From `--public-url` values (the addresses people use to reach this server) and
    /// `--allow-origin` values (other pages allowed to open WebSockets).
    pub fn new(public_urls: &[String], allowed_origins: &[String]) -> Result<Origins, String> {
        let mut o = Origins::default();
        for url in public_urls {
            let (origin, host) = split_url(url)
                .ok_or_else(|| format!("--public-url {url}: not an http:// or https:// URL with a host"))?;
            o.origins.push(origin);
            o.hosts.push(host);
        }
        for url in allowed_origins {
            let (origin, _) =
                split_url(url).ok_or_else(|| format!("--allow-origin {url}: not an http:// or https:// origin"))?;
            o.origins.push(origin);
        }
        Ok(o)
    }

    /// An address typed as such (any IP) or `localhost` cannot be a rebound name; any other
    /// name must be one of the public URLs'.
    pub fn host_allowed(&self, authority: &str) -> bool {
        let authority = authority.to_ascii_lowercase();
        let Some(host) = host_of(&authority) else {
            return false;
        };
        host.parse::<IpAddr>().is_ok() || host == "localhost" || self.hosts.iter().any(|h| h == host)
    }

    /// A page's origin may talk to this server when it is a public URL's, an allowed one, or
    /// the very address the request was sent to when that is an address or `localhost`.
    pub fn origin_allowed(&self, origin: &str, authority: Option<&str>) -> bool {
        let origin = origin.trim().to_ascii_lowercase();
        if self.origins.contains(&origin) {
            return true;
        }
        let Some(authority) = authority.map(str::to_ascii_lowercase) else {
            return false;
        };
        let literal = host_of(&authority).is_some_and(|h| h.parse::<IpAddr>().is_ok() || h == "localhost");
        literal && (origin == format!("http://{authority}") || origin == format!("https://{authority}"))
    }
}

fn header_text(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// Refuses a request whose Host is not this server's, and a browser's WebSocket or write
/// from a page of another origin. Programs that send no Origin pass.
pub(crate) async fn check_host_and_origin(State(state): State<Shared>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = header_text(headers, header::HOST);
    if let Some(host) = host {
        if !state.origins.host_allowed(host) {
            return Refusal::new(
                ErrorCode::BadHost,
                format!(
                    "this server does not answer to the name {}: start it with --public-url naming it",
                    engine::cut_short(host, 80)
                ),
            )
            .into_response();
        }
    }
    let websocket = headers
        .get(header::UPGRADE)
        .is_some_and(|u| u.as_bytes().eq_ignore_ascii_case(b"websocket"));
    let writes = !matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if websocket || writes {
        if let Some(origin) = header_text(headers, header::ORIGIN) {
            if !state.origins.origin_allowed(origin, host) {
                return Refusal::new(
                    ErrorCode::BadOrigin,
                    format!("pages from {} may not use this server", engine::cut_short(origin, 80)),
                )
                .into_response();
            }
        }
    }
    next.run(request).await
}

/// An error answer made by a layer below the handlers (a path or query that does not parse, a
/// body too large, a method not allowed) becomes the documented JSON, its text the reason.
pub(crate) async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let allow = response.headers().get(header::ALLOW).cloned();
    let text = match axum::body::to_bytes(response.into_body(), 4096).await {
        Ok(b) => String::from_utf8_lossy(&b).trim().to_string(),
        Err(_) => String::new(),
    };
    let code = match status {
        StatusCode::NOT_FOUND => ErrorCode::NotFound,
        StatusCode::METHOD_NOT_ALLOWED => ErrorCode::MethodNotAllowed,
        StatusCode::PAYLOAD_TOO_LARGE => ErrorCode::TooLarge,
        s if s.is_client_error() => ErrorCode::Malformed,
        _ => ErrorCode::Server,
    };
    let reason = if text.is_empty() {
        status.canonical_reason().unwrap_or("refused").to_string()
    } else {
        text
    };
    let mut out = Refusal::new(code, reason).with_status(status).into_response();
    // Keep what tells the client how to go on: the methods allowed.
    if let Some(allow) = allow {
        out.headers_mut().insert(header::ALLOW, allow);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_and_origins() {
        let o = Origins::new(&["https://cards.example.org".into()], &["http://localhost:5173".into()]).unwrap();
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "[::1]:8080",
            "10.0.0.5",
            "Cards.Example.org",
            "cards.example.org:443",
        ] {
            assert!(o.host_allowed(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "cards.example.org.evil",
            "",
            "[::1",
        ] {
            assert!(!o.host_allowed(bad), "{bad}");
        }
        assert!(o.origin_allowed("https://cards.example.org", Some("cards.example.org")));
        assert!(o.origin_allowed("http://localhost:5173", Some("127.0.0.1:8080")));
        assert!(o.origin_allowed("http://127.0.0.1:8080", Some("127.0.0.1:8080")));
        assert!(!o.origin_allowed("http://evil.example", Some("127.0.0.1:8080")));
        // A public name is reached only from its own pages, not from a page naming the Host.
        assert!(!o.origin_allowed("http://cards.example.org", Some("cards.example.org")));
        assert!(!o.origin_allowed("http://127.0.0.1:9999", Some("127.0.0.1:8080")));
        assert!(Origins::new(&["cards.example.org".into()], &[]).is_err());
        assert!(Origins::new(&["ftp://x".into()], &[]).is_err());
    }
}
