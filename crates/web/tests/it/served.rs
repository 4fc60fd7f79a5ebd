//! Served like a real site: answers compressed when the client asks (gzip, brotli), the page's
//! files cacheable (content-addressed names cached for good, the page and plain names
//! revalidated with an `ETag`), API answers with honest caching headers, queries
//! percent-decoded, and a panicking handler answered `500` once without harm to the others.

use std::io::Read;

use duel_web::assets;
use serde_json::{json, Value};

use crate::common::{app, call, request, send, Answer};

/// `GET target` asking for `encoding` (`Accept-Encoding`).
fn get_encoded(target: &str, encoding: &str) -> Answer {
    let mut asked = request("GET", target, b"");
    asked
        .headers_mut()
        .insert("accept-encoding", encoding.parse().unwrap());
    send(app(), asked)
}

/// `body` decoded as `Content-Encoding: encoding` says, by decoders written elsewhere.
fn decoded(body: &[u8], encoding: &str) -> Vec<u8> {
    let mut plain = Vec::new();
    match encoding {
        "gzip" => flate2::read::GzDecoder::new(body).read_to_end(&mut plain),
        "br" => brotli_decompressor::Decompressor::new(body, 4096).read_to_end(&mut plain),
        other => panic!("{other}"),
    }
    .unwrap();
    plain
}

#[test]
fn html_css_scripts_and_json_are_compressed_as_the_client_asks() {
    let directory = format!("/v/{}/", assets::hash());
    let mut targets = vec!["/".to_string(), "/api/ioiwari/table".to_string()];
    for asset in assets::all().filter(|asset| asset.name != "index.html") {
        targets.push(format!("{directory}{}", asset.name));
    }
    assert!(targets.iter().any(|target| target.ends_with(".css")));
    assert!(targets.iter().any(|target| target.ends_with(".js")));
    for target in &targets {
        let plain = call(app(), "GET", target, b"");
        assert_eq!(plain.status, 200, "{target}");
        assert_eq!(
            plain.header("content-encoding"),
            None,
            "{target}: not asked"
        );
        for encoding in ["gzip", "br"] {
            let answer = get_encoded(target, &format!("{encoding}, identity;q=0.5"));
            assert_eq!(answer.status, 200, "{target}");
            assert_eq!(
                answer.header("content-encoding"),
                Some(encoding),
                "{target}"
            );
            assert!(
                answer
                    .header("vary")
                    .is_some_and(|vary| vary.to_ascii_lowercase().contains("accept-encoding")),
                "{target}: a cache must keep the encodings apart"
            );
            assert_eq!(
                decoded(&answer.body, encoding),
                plain.body,
                "{target} {encoding}"
            );
            if plain.body.len() > 4096 {
                assert!(
                    answer.body.len() * 2 < plain.body.len(),
                    "{target}: {} bytes as {encoding}, {} plain",
                    answer.body.len(),
                    plain.body.len()
                );
            }
        }
        // Brotli preferred by the client's weights; nothing when it refuses both.
        let preferred = get_encoded(target, "gzip;q=0.5, br;q=1.0");
        assert_eq!(preferred.header("content-encoding"), Some("br"), "{target}");
        let refused = get_encoded(target, "identity");
        assert_eq!(refused.header("content-encoding"), None, "{target}");
        assert_eq!(refused.body, plain.body);
    }
    // A POST's JSON answer too.
    let mut asked = request(
        "POST",
        "/api/ioiwari/analyze",
        br#"{"board": "4 3 2 4 2 3 2"}"#,
    );
    asked
        .headers_mut()
        .insert("accept-encoding", "gzip".parse().unwrap());
    let answer = send(app(), asked);
    assert_eq!(answer.header("content-encoding"), Some("gzip"));
    let doc: Value = serde_json::from_slice(&decoded(&answer.body, "gzip")).unwrap();
    assert_eq!(doc["value"], 2);
}

/// `GET target` with `If-None-Match: tag`.
fn revalidated(target: &str, tag: &str) -> Answer {
    let mut asked = request("GET", target, b"");
    asked
        .headers_mut()
        .insert("if-none-match", tag.parse().unwrap());
    send(app(), asked)
}

#[test]
fn the_pages_files_are_cached_for_good_under_their_hashed_names_and_the_page_is_revalidated() {
    let page = call(app(), "GET", "/", b"");
    let html = String::from_utf8(page.body.clone()).unwrap();
    // The page: kept by the browser (the back/forward cache is not refused) but revalidated.
    let caching = page.header("cache-control").unwrap();
    assert!(!caching.contains("no-store"), "{caching}");
    assert_eq!(caching, "no-cache");
    let tag = page.header("etag").unwrap().to_string();
    let again = revalidated("/", &tag);
    assert_eq!((again.status, again.body.len()), (304, 0));
    assert_eq!(revalidated("/", "\"another\"").status, 200);
    // Every script and stylesheet the page names is under the page's directory, cached for
    // good, and its bytes are the source's.
    let directory = format!("v/{}/", assets::hash());
    let mut named = 0;
    for asset in assets::all().filter(|asset| asset.name != "index.html") {
        let versioned = format!("\"{directory}{}\"", asset.name);
        if !html.contains(&versioned) {
            continue;
        }
        named += 1;
        let answer = call(app(), "GET", &format!("/{directory}{}", asset.name), b"");
        assert_eq!(answer.status, 200);
        assert_eq!(answer.header("cache-control"), Some(assets::IMMUTABLE));
        assert_eq!(answer.header("content-type"), Some(asset.content_type));
        assert_eq!(answer.body, asset.body);
        // Under its plain name, revalidated; under another page's directory, not kept for good.
        let plain = call(app(), "GET", &format!("/{}", asset.name), b"");
        assert_eq!(
            (plain.status, plain.header("cache-control")),
            (200, Some("no-cache"))
        );
        assert_eq!(plain.body, asset.body);
        let stale = call(
            app(),
            "GET",
            &format!("/v/0123456789abcdef/{}", asset.name),
            b"",
        );
        assert_eq!(
            (stale.status, stale.header("cache-control")),
            (200, Some("no-cache"))
        );
        let tag = plain.header("etag").unwrap();
        assert_eq!(revalidated(&format!("/{}", asset.name), tag).status, 304);
    }
    assert!(named >= 2, "the page names its files under {directory}");
    assert_eq!(
        call(app(), "GET", &format!("/{directory}missing.js"), b"").status,
        404
    );
}

#[test]
fn api_answers_say_honestly_how_long_they_may_be_kept() {
    // The start table never changes while the server runs: revalidated with its tag.
    let table = call(app(), "GET", "/api/ioiwari/table", b"");
    assert_eq!(table.header("cache-control"), Some("no-cache"));
    let tag = table.header("etag").unwrap().to_string();
    let again = revalidated("/api/ioiwari/table", &tag);
    assert_eq!((again.status, again.body.len()), (304, 0));
    // Analyses, the viewer and errors are not kept.
    let analysis = call(
        app(),
        "POST",
        "/api/mis/analyze",
        json!({"p": 7, "e": 2, "bound": 3}).to_string().as_bytes(),
    );
    assert_eq!(analysis.header("cache-control"), Some("no-store"));
    for target in [
        "/api/viewer",
        "/api/health",
        "/api/nothing",
        "/api/viewer/report?id=99",
    ] {
        let answer = call(app(), "GET", target, b"");
        assert_eq!(answer.header("cache-control"), Some("no-store"), "{target}");
    }
}

/// A board in a query, percent-encoded as a browser writes it, is the board.
#[test]
fn queries_are_percent_decoded() {
    let plain = call(
        app(),
        "GET",
        "/api/ioiwari/variant?pits=5&cap=3&board=3-3-3-3-2",
        b"",
    );
    assert_eq!(plain.status, 200);
    for encoded in [
        "board=3%203%203%203%202",
        "board=3+3+3+3+2",
        "board=3%2C3%2C3%2C3%2C2",
        "board=%33-%33-%33-%33-%32",
        "bo%61rd=3-3-3-3-2",
    ] {
        let answer = call(
            app(),
            "GET",
            &format!("/api/ioiwari/variant?pits=5&cap=3&{encoded}"),
            b"",
        );
        assert_eq!(answer.status, 200, "{encoded}");
        assert_eq!(answer.body, plain.body, "{encoded}");
    }
    let bad = call(
        app(),
        "GET",
        "/api/ioiwari/variant?pits=5&cap=3&board=3%2G",
        b"",
    );
    assert_eq!(bad.status, 422);
}
