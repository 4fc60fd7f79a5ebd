//! The page by keyboard alone, on a touch screen and without JavaScript: every control (the
//! tabs, the pits, the sticks, the map's squares, the value chart) is reached with Tab, moved
//! between with the arrow keys and used with Enter, and named for screen readers; the move list
//! keeps the move looked at in view; a touch screen is told to tap; with JavaScript off the page
//! says what needs it and shows the rules and the terminal's commands.

use super::*;

const TAB: char = '\u{E004}';
const ENTER: char = '\u{E007}';
const UP: char = '\u{E013}';
const DOWN: char = '\u{E015}';

/// A fact of the page, read by one script: the result as text.
async fn read(browser: &Browser, script: &str) -> String {
    let value = browser
        .client
        .execute(script, vec![])
        .await
        .expect("a script runs");
    match value {
        serde_json::Value::String(text) => text,
        other => other.to_string(),
    }
}

/// What has the keyboard's focus: its id, else its `data-key`, else its tag.
async fn focused(browser: &Browser) -> String {
    read(
        browser,
        "const e = document.activeElement; return e.id || e.getAttribute('data-key') || e.tagName;",
    )
    .await
}

/// Presses Tab (at most 60 times) until the focus is on an element `css` matches; panics if it
/// never gets there: the element cannot be reached by keyboard.
async fn tab_to(browser: &Browser, css: &str) {
    for _ in 0..60 {
        browser.press(TAB).await;
        let there = browser
            .client
            .execute(
                "return document.activeElement.matches(arguments[0]);",
                vec![json!(css)],
            )
            .await
            .expect("a script runs");
        if there == json!(true) {
            return;
        }
    }
    panic!("Tab never reaches {css}");
}

/// The focused element's attribute `name`.
async fn focused_attribute(browser: &Browser, name: &str) -> Option<String> {
    let value = browser
        .client
        .execute(
            "return document.activeElement.getAttribute(arguments[0]);",
            vec![json!(name)],
        )
        .await
        .expect("a script runs");
    value.as_str().map(str::to_string)
}

/// Waits until `script` returns true.
async fn wait_until(browser: &Browser, script: &str, what: &str) {
    let deadline = Instant::now() + WAIT;
    while browser
        .client
        .execute(script, vec![])
        .await
        .expect("a script runs")
        != json!(true)
    {
        assert!(Instant::now() < deadline, "{what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_control_by_keyboard_alone() {
    let Some((chromium, chromedriver)) = tools() else {
        return;
    };
    let server = Server::start(&[]);
    let url = server.url();
    let browser = Browser::start(&chromedriver, &chromium).await;
    browser.open_ioiwari(&url).await;

    // The tabs: the ARIA tabs pattern; the arrows, Home and End move between them and show the
    // tab moved to; only the selected tab is in the Tab order.
    browser
        .client
        .execute("document.getElementById('tab-ioiwari').focus();", vec![])
        .await
        .unwrap();
    for (key, tab) in [
        (RIGHT, "variants"),
        (END, "viewer"),
        (RIGHT, "ioiwari"),
        (LEFT, "viewer"),
        (HOME, "ioiwari"),
    ] {
        browser.press(key).await;
        assert_eq!(focused(&browser).await, format!("tab-{tab}"));
        let facts = strings(
            &browser,
            "return ['ioiwari', 'variants', 'mis', 'viewer'].map(t => [
               document.getElementById('tab-' + t).getAttribute('aria-selected'),
               document.getElementById('tab-' + t).getAttribute('tabindex'),
               String(document.getElementById(t + '-panel').hidden)].join(' '));",
        )
        .await;
        for (other, fact) in ["ioiwari", "variants", "mis", "viewer"].iter().zip(&facts) {
            let expected = if *other == tab {
                "true 0 false"
            } else {
                "false -1 true"
            };
            assert_eq!(fact, expected, "{other} after moving to {tab}");
        }
    }
    browser.wait_state("#ioi-status", &["your-turn"]).await;

    // The pits: one stop of the Tab order; the arrows move between them (not through the
    // game's moves); Enter plays the pit focused, and the focus stays on the board.
    tab_to(&browser, "#ioi-board g.pit").await;
    let first: u8 = focused_attribute(&browser, "data-pit")
        .await
        .unwrap()
        .parse()
        .unwrap();
    browser.press(RIGHT).await;
    let next: u8 = focused_attribute(&browser, "data-pit")
        .await
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(next, first % 7 + 1, "the right arrow moves to the next pit");
    browser.press(LEFT).await;
    assert_eq!(
        focused_attribute(&browser, "data-pit").await,
        Some(first.to_string())
    );
    let label = focused_attribute(&browser, "aria-label").await.unwrap();
    assert!(label.starts_with(&format!("pit {first}: ")), "{label}");
    let board = board_on_page(&browser).await;
    let best = Table::solve().first_best_move(board).unwrap().number();
    let steps = (best + 7 - first) % 7;
    for _ in 0..steps {
        browser.press(RIGHT).await;
    }
    assert_eq!(
        focused_attribute(&browser, "data-pit").await,
        Some(best.to_string())
    );
    browser.press(ENTER).await;
    wait_until(
        &browser,
        "return document.querySelectorAll('#ioi-log li').length >= 2;",
        "Enter did not play the pit (or the computer did not answer)",
    )
    .await;
    browser.wait_state("#ioi-status", &["your-turn"]).await;
    assert_eq!(
        read(
            &browser,
            "return String(document.activeElement.matches('#ioi-board g.pit'));"
        )
        .await,
        "true",
        "the focus stays on the board after the move"
    );

    // The value chart: a slider over the positions, named with the position it is at.
    tab_to(&browser, "#ioi-history").await;
    let count: usize = browser
        .attribute("#ioi-history", "aria-valuemax")
        .await
        .unwrap()
        .parse()
        .unwrap();
    assert!(count >= 2, "the chart has the moves played");
    browser.press(LEFT).await;
    wait_at(&browser, count - 1).await;
    browser.press(HOME).await;
    wait_at(&browser, 0).await;
    assert_eq!(
        browser
            .attribute("#ioi-history", "aria-valuenow")
            .await
            .as_deref(),
        Some("0")
    );
    let said = browser
        .attribute("#ioi-history", "aria-valuetext")
        .await
        .unwrap();
    assert!(said.starts_with("start: player 1 "), "{said}");
    browser.press(UP).await;
    wait_at(&browser, 1).await;
    browser.press(END).await;
    wait_at(&browser, count).await;

    // Pooh-Eeyore-sticks: the sticks that may be taken are buttons, reached with Tab; the
    // arrows go along a pile and across to the other; Enter takes.
    open_fresh(&browser, &url, "#mis?p=7&e=2&b=3&side=0").await;
    browser.wait_state("#mis-status", &["your-turn"]).await;
    tab_to(&browser, "#mis-piles [role=\"button\"]").await;
    let label = focused_attribute(&browser, "aria-label").await.unwrap();
    assert_eq!(label, "take 3 poohsticks");
    browser.press(RIGHT).await;
    assert_eq!(
        focused_attribute(&browser, "aria-label").await.as_deref(),
        Some("take 2 poohsticks")
    );
    browser.press(DOWN).await;
    assert_eq!(
        focused_attribute(&browser, "aria-label").await.as_deref(),
        Some("take 2 eeyoresticks")
    );
    browser.press(UP).await;
    browser.press(ENTER).await;
    let deadline = Instant::now() + WAIT;
    while mis_pool_on_page(&browser).await != MisPosition::new(5, 2, 3).unwrap() {
        assert!(Instant::now() < deadline, "Enter did not take 2 poohsticks");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    browser.wait_state("#mis-status", &["your-turn"]).await;

    // The map's squares one move away: buttons reached with Tab, named with their move.
    browser.find("#mis-pattern[data-for=\"5,2\"]").await;
    tab_to(&browser, "#mis-pattern [role=\"button\"]").await;
    browser.press(RIGHT).await;
    let key = focused_attribute(&browser, "data-key").await.unwrap();
    let label = focused_attribute(&browser, "aria-label").await.unwrap();
    let (x, y) = key.split_once(',').unwrap();
    let (x, y): (u32, u32) = (x.parse().unwrap(), y.parse().unwrap());
    assert!(
        label.starts_with("take ") && label.contains(&format!("to ({x}, {y})")),
        "{label}"
    );
    browser.press(ENTER).await;
    let deadline = Instant::now() + WAIT;
    while mis_pool_on_page(&browser).await != MisPosition::new(x, y, 3).unwrap() {
        assert!(
            Instant::now() < deadline,
            "Enter on the square ({x}, {y}) did not move there"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // The variants' pits, as Ioiwari's.
    open_fresh(
        &browser,
        &url,
        "#variants?pits=6&cap=3&start=3-3-3-3-3-3&side=0",
    )
    .await;
    browser.wait_state("#var-status", &["your-turn"]).await;
    assert_eq!(
        browser.attribute("#var-undo", "disabled").await.as_deref(),
        Some(""),
        "no Undo before a move"
    );
    tab_to(&browser, "#var-board g.pit").await;
    browser.press(RIGHT).await;
    let pit = focused_attribute(&browser, "data-pit").await.unwrap();
    let label = focused_attribute(&browser, "aria-label").await.unwrap();
    assert!(label.starts_with(&format!("pit {pit}: 3 beads")), "{label}");
    browser.press(ENTER).await;
    wait_until(
        &browser,
        "return document.querySelectorAll('#var-log li').length === 1;",
        "Enter did not play the variant's pit",
    )
    .await;
    assert_eq!(
        browser.attribute("#var-undo", "disabled").await,
        None,
        "Undo after a move"
    );
    let _ = browser.client.clone().close().await;
}

/// A game opened at a move keeps that move in view in the move list, early or late.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_move_list_keeps_the_move_looked_at_in_view() {
    let Some((chromium, chromedriver)) = tools() else {
        return;
    };
    let server = Server::start(&[]);
    let url = server.url();
    let browser = Browser::start(&chromedriver, &chromium).await;
    // The longest game of best play from a start board.
    let table = Table::solve();
    let start = Board::start_boards()
        .into_iter()
        .max_by_key(|board| best_play(&table, *board).len())
        .unwrap();
    let pits = best_play(&table, start);
    let moves = pits.join(".");
    let start = start.pits().map(|beads| beads.to_string()).join("-");
    for at in [2, pits.len() / 2, pits.len() - 1] {
        open_fresh(
            &browser,
            &url,
            &format!("#ioiwari?start={start}&moves={moves}&at={at}&side=0"),
        )
        .await;
        wait_at(&browser, at).await;
        let place = strings(
            &browser,
            "const log = document.getElementById('ioi-log').getBoundingClientRect();
             const item = document.querySelector('#ioi-log li.current').getBoundingClientRect();
             const list = document.getElementById('ioi-log');
             return [log.top, log.bottom, item.top, item.bottom, list.scrollHeight, list.clientHeight].map(String);",
        )
        .await;
        let v: Vec<f64> = place.iter().map(|x| x.parse().unwrap()).collect();
        assert!(v[4] > v[5], "the list scrolls: {place:?}");
        assert!(
            v[2] >= v[0] - 1.0 && v[3] <= v[1] + 1.0,
            "move {at} is in view in the move list: {place:?}"
        );
    }
    let _ = browser.client.clone().close().await;
}

/// On a touch screen the page says "tap", never "click".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_touch_screen_is_told_to_tap() {
    let Some((chromium, chromedriver)) = tools() else {
        return;
    };
    let server = Server::start(&[]);
    let url = server.url();
    let phone = json!({ "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 3.0, "touch": true } });
    let browser = Browser::start_full(&chromedriver, &chromium, &[], Some(phone)).await;
    browser.open_ioiwari(&url).await;
    assert_eq!(
        read(
            &browser,
            "return String(matchMedia('(pointer: coarse)').matches);"
        )
        .await,
        "true",
        "the emulated phone has a coarse pointer"
    );
    let status = browser.text("#ioi-status").await;
    assert!(status.contains("tap a pit"), "{status}");
    for (tab, status) in [("variants", "#var-status"), ("mis", "#mis-status")] {
        browser.click(&format!("#tab-{tab}")).await;
        browser.wait_state(status, &["your-turn"]).await;
        let said = browser.text(status).await;
        assert!(said.contains("tap"), "{said}");
    }
    let page = read(&browser, "return document.body.innerText;").await;
    assert!(
        !page.to_lowercase().contains("click"),
        "a touch screen is told to click: {page}"
    );
    let _ = browser.client.clone().close().await;
}

/// With JavaScript off: a notice of what needs it, the terminal's commands, every game's rules,
/// no tabs that do nothing and no "Loading..." for ever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_javascript_the_page_says_what_needs_it() {
    let Some((chromium, chromedriver)) = tools() else {
        return;
    };
    let server = Server::start(&[]);
    let url = server.url();
    let browser = Browser::start_with(
        &chromedriver,
        &chromium,
        &["--blink-settings=scriptEnabled=false"],
    )
    .await;
    browser.client.goto(&url).await.expect("the page loads");
    let page = browser.text("body").await;
    for words in [
        "This page needs JavaScript",
        "duel ioiwari play",
        "duel mis play",
        "How to play Ioiwari",
        "Ioiwari's variants",
        "How to play Pooh-Eeyore-sticks",
    ] {
        assert!(page.contains(words), "{words:?} is not shown: {page}");
    }
    for words in ["Loading", "New game", "Undo"] {
        assert!(
            !page.contains(words),
            "{words:?} is shown without JavaScript: {page}"
        );
    }
    let tabs = browser.find("#tabs").await.is_displayed().await.unwrap();
    assert!(!tabs, "tabs that do nothing without JavaScript are shown");
    let _ = browser.client.clone().close().await;
}
