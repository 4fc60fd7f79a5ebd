//! The page's files, compiled into the binary so `duel serve` needs nothing beside it.

/// One embedded file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asset {
    /// The `Content-Type` it is served with.
    pub content_type: &'static str,
    /// The file's text, compiled in with `include_str!` and served as it is.
    pub body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// Every asset by path.
pub const ASSETS: [(&str, Asset); 8] = [
    ("/", asset(HTML, include_str!("../assets/index.html"))),
    ("/app.css", asset(CSS, include_str!("../assets/app.css"))),
    ("/common.js", asset(JS, include_str!("../assets/common.js"))),
    ("/board.js", asset(JS, include_str!("../assets/board.js"))),
    (
        "/ioiwari.js",
        asset(JS, include_str!("../assets/ioiwari.js")),
    ),
    (
        "/variants.js",
        asset(JS, include_str!("../assets/variants.js")),
    ),
    ("/mis.js", asset(JS, include_str!("../assets/mis.js"))),
    ("/viewer.js", asset(JS, include_str!("../assets/viewer.js"))),
];

const fn asset(content_type: &'static str, body: &'static str) -> Asset {
    Asset { content_type, body }
}

/// The asset served at `path` (`/index.html` is `/`).
///
/// ```
/// use duel_web::assets::find;
///
/// assert!(find("/").unwrap().body.contains("<svg id=\"ioi-board\""));
/// assert_eq!(find("/app.css").unwrap().content_type, "text/css; charset=utf-8");
/// assert_eq!(find("/index.html"), find("/"));
/// assert!(find("/secret").is_none());
/// ```
pub fn find(path: &str) -> Option<Asset> {
    let path = if path == "/index.html" { "/" } else { path };
    ASSETS
        .iter()
        .find(|(asset_path, _)| *asset_path == path)
        .map(|(_, asset)| *asset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_loads_nothing_from_elsewhere() {
        // Offline use: no asset may refer to another host.
        for (path, asset) in ASSETS {
            // The SVG namespace is a name, not an address anything is fetched from.
            let body = asset.body.replace("http://www.w3.org/2000/svg", "");
            for needle in ["http://", "https://", "//cdn", "@import"] {
                assert!(!body.contains(needle), "{path} contains {needle}");
            }
        }
    }

    #[test]
    fn the_page_refers_to_every_script_and_the_stylesheet() {
        let page = find("/").unwrap().body;
        for (path, _) in ASSETS.iter().skip(1) {
            assert!(
                page.contains(&format!("\"{}\"", &path[1..])),
                "index.html misses {path}"
            );
        }
    }
}
