//! The page's files, compiled into the binary so `duel serve` needs nothing beside it: every
//! file under `crates/web/assets/` but its tests (the build script lists them), served
//! - at `/` (`index.html`), revalidated on each load (`Cache-Control: no-cache` and an `ETag`),
//!   with its references to the other files rewritten to their content-addressed names;
//! - at `/v/HASH/NAME`, where `HASH` is a hash of every file of the page: a name that changes
//!   whenever any file does, so these answers are cached for good
//!   (`Cache-Control: public, max-age=31536000, immutable`); the files keep their own names
//!   inside the directory, so a script's relative `import` or a stylesheet's `url()` finds
//!   the file of the same page;
//! - at `/NAME`, revalidated like the page (for a reference the page makes at run time).

use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/assets.rs"));
}

/// One embedded file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asset {
    /// Its path under `assets/`, e.g. `app.css`.
    pub name: &'static str,
    /// The `Content-Type` it is served with.
    pub content_type: &'static str,
    /// Its bytes as the source has them (`index.html`'s before its references are rewritten).
    pub body: &'static [u8],
}

/// The directory of the content-addressed names, `/v/HASH/`.
pub const VERSIONED: &str = "/v/";

/// `Cache-Control` of an answer that never changes under its name.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// `Cache-Control` of an answer a browser may keep but must revalidate (with its `ETag`).
pub const REVALIDATE: &str = "no-cache";

/// The content type of a file by its name's extension.
fn content_type(name: &str) -> &'static str {
    let extension = name.rsplit_once('.').map_or("", |(_, extension)| extension);
    match extension.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// Every embedded file, in the order of their names.
pub fn all() -> impl Iterator<Item = Asset> {
    embedded::FILES.iter().map(|&(name, body)| Asset {
        name,
        content_type: content_type(name),
        body,
    })
}

/// The page's files as served: the hash of the whole page and `index.html` rewritten.
struct Page {
    hash: String,
    index: Vec<u8>,
    /// The `ETag` of every file: the page's hash changes with any file.
    tag: HeaderValue,
}

fn page() -> &'static Page {
    static PAGE: OnceLock<Page> = OnceLock::new();
    PAGE.get_or_init(|| {
        // A hash of every name and byte: it names the page's directory, so any change to any
        // file gives every file a new address. (SipHash through the standard library: the
        // hash need only change when the files do, within one build of duel.)
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        for asset in all() {
            asset.name.hash(&mut hasher);
            asset.body.hash(&mut hasher);
        }
        let hash = format!("{:016x}", hasher.finish());
        let source = find("index.html").map_or(&[][..], |asset| asset.body);
        let mut index = String::from_utf8_lossy(source).into_owned();
        for asset in all().filter(|asset| asset.name != "index.html") {
            for attribute in ["src", "href"] {
                for written in [asset.name.to_string(), format!("./{}", asset.name)] {
                    index = index.replace(
                        &format!("{attribute}=\"{written}\""),
                        &format!("{attribute}=\"v/{hash}/{}\"", asset.name),
                    );
                }
            }
        }
        let tag = HeaderValue::from_str(&format!("\"{hash}\""))
            .expect("hex digits in quotes are a header value");
        Page {
            hash,
            index: index.into_bytes(),
            tag,
        }
    })
}

/// The hash of the page's files, the `HASH` of `/v/HASH/NAME`.
///
/// ```
/// let hash = duel_web::assets::hash();
/// assert_eq!(hash.len(), 16);
/// assert!(duel_web::assets::index_html().contains(&format!("src=\"v/{hash}/common.js\"")));
/// ```
pub fn hash() -> &'static str {
    &page().hash
}

/// `index.html` as served: its references to the page's files rewritten to `v/HASH/NAME`.
pub fn index_html() -> &'static str {
    std::str::from_utf8(&page().index).unwrap_or_default()
}

/// The file at `name` (a path under `assets/`; `index.html` as its source has it).
///
/// ```
/// use duel_web::assets::find;
///
/// assert!(find("app.css").unwrap().content_type.starts_with("text/css"));
/// assert!(find("secret").is_none());
/// ```
pub fn find(name: &str) -> Option<Asset> {
    all().find(|asset| asset.name == name)
}

/// The answer to `GET path` when `path` names a file of the page (`/`, `/index.html`,
/// `/NAME`, `/v/HASH/NAME`), with its caching headers; `None` when it names none.
pub(crate) fn answer(path: &str, request: &HeaderMap) -> Option<Response> {
    let page = page();
    let (name, versioned) = match path.strip_prefix(VERSIONED) {
        Some(rest) => {
            let (hash, name) = rest.split_once('/')?;
            (name, Some(hash == page.hash))
        }
        None => (path.strip_prefix('/')?, None),
    };
    let name = if name.is_empty() { "index.html" } else { name };
    let asset = find(name)?;
    let body: &'static [u8] = if name == "index.html" {
        &page.index
    } else {
        asset.body
    };
    let cache = match versioned {
        // The current page's directory: cached for good.
        Some(true) => IMMUTABLE,
        // Another build's directory (a page loaded before the server was replaced) or a
        // plain name: today's file, revalidated.
        Some(false) | None => REVALIDATE,
    };
    let tag = page.tag.clone();
    let headers = [
        (
            header::CONTENT_TYPE,
            HeaderValue::from_static(asset.content_type),
        ),
        (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
        (header::ETAG, tag.clone()),
    ];
    if matches_tag(request, &tag) {
        return Some((StatusCode::NOT_MODIFIED, headers).into_response());
    }
    Some((headers, body).into_response())
}

/// Whether `If-None-Match` holds `tag` (or `*`).
pub(crate) fn matches_tag(request: &HeaderMap, tag: &HeaderValue) -> bool {
    let Ok(tag) = tag.to_str() else {
        return false;
    };
    request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|one| one.trim().trim_start_matches("W/"))
        .any(|one| one == tag || one == "*")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_loads_nothing_from_elsewhere() {
        // Offline use: no file may refer to another host.
        for asset in all() {
            let body = String::from_utf8_lossy(asset.body);
            // The SVG namespace is a name, not an address anything is fetched from.
            let body = body.replace("http://www.w3.org/2000/svg", "");
            for needle in ["http://", "https://", "//cdn", "@import"] {
                assert!(!body.contains(needle), "{} contains {needle}", asset.name);
            }
        }
    }

    #[test]
    fn every_file_the_page_names_is_served_under_the_pages_directory() {
        let index = index_html();
        let directory = format!("v/{}/", hash());
        let mut named = 0;
        for asset in
            all().filter(|asset| asset.name.ends_with(".js") || asset.name.ends_with(".css"))
        {
            if index.contains(&format!("\"{directory}{}\"", asset.name)) {
                named += 1;
            }
            assert!(
                !index.contains(&format!("src=\"{}\"", asset.name))
                    && !index.contains(&format!("href=\"{}\"", asset.name)),
                "{} is still named without the directory",
                asset.name
            );
        }
        assert!(named >= 2, "the page names its stylesheet and scripts");
    }

    #[test]
    fn the_tests_of_the_page_are_not_embedded() {
        assert!(
            all().all(|asset| !asset.name.starts_with("tests/") && !asset.name.contains("/tests/"))
        );
        assert!(find("index.html").is_some());
    }
}
