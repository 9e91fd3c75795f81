//! The browser front end: pages and assets compiled into the binary (so `cardroom serve` needs
//! nothing beside it), served from `/` and `/assets/`. Every page is the same shell; the
//! client reads the path (`/`, `/play/{id}`, `/replay/{id}`, `/rules/{game}`) and draws it
//! from the JSON API and the WebSocket, so the pages hold no game logic.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "web/"]
struct Assets;

/// Scripts, styles and connections from this server only: a page cannot be made to load or
/// send anything elsewhere.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; \
connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

fn asset(path: &str) -> Response {
    match Assets::get(path) {
        Some(file) => (
            [
                (header::CONTENT_TYPE, content_type(path)),
                // Assets change with the binary: revalidate rather than serve a stale client.
                (header::CACHE_CONTROL, "no-cache"),
                (header::CONTENT_SECURITY_POLICY, POLICY),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            file.data.into_owned(),
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("no asset {path}\n"),
        )
            .into_response(),
    }
}

/// The page shell for every client route (the client reads the path itself).
pub(crate) async fn page() -> Response {
    asset("index.html")
}

pub(crate) async fn file(Path(path): Path<String>) -> Response {
    asset(&path)
}

/// A rules page (Markdown) as HTML. Any raw HTML in the Markdown is shown as text, never
/// passed through.
pub(crate) fn markdown_to_html(md: &str) -> String {
    use pulldown_cmark::Event;
    let parser = pulldown_cmark::Parser::new_ext(md, pulldown_cmark::Options::ENABLE_TABLES).map(|e| match e {
        Event::Html(t) | Event::InlineHtml(t) => Event::Text(t),
        other => other,
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, parser);
    html
}
