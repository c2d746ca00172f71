//! The walk's page in a real browser (headless Chromium): at 1280 px and at 420 px (a phone at
//! the table) no part of the page, the position table least of all, runs past the right edge;
//! the summary with the verdict comes above the first step; and the steps leave room for a
//! three-digit number at the left. `.ci/run` installs Chromium from the distribution's
//! packages and runs this test; `JEDI_JUDGE_CHROMIUM` names another browser.

use std::path::{Path, PathBuf};
use std::process::Command;

use jedi_judge::render::walk::html_page;
use jedi_judge::rules::Corpus;

mod common;

/// The pages measured: a long duel, a Clash game of more than a hundred steps, a lap, an
/// evacuation, a walk that stops, a duel under way with unknown cards, and positions whose
/// tables are widest (long card names, a deck given as a count).
const PAGES: [&str; 8] = [
    "duel/revised-example-1-r2-d2-qui-gon-defends.yaml",
    "clash/whole-game-from-a-seed.yaml",
    "podrace/finish-a-lap-with-thrust-left-over.yaml",
    "battle/evacuation-intercepted-and-won.yaml",
    "odds/should-the-dark-side-intercept.yaml",
    "duel/mid-duel-unknown-cards-in-a-hand.yaml",
    "battle/battle-two-weapons-with-battle-droid-patrol.yaml",
    "remedy/stack-on-two-planets-back-to-hand.yaml",
];

/// Measures the page once laid out and writes what it found on `<body data-layout>`, which
/// `--dump-dom` prints: the widths, where the table ends, where the summary and the first step
/// begin, and the room left of the steps against the width of "100." in their font.
const MEASURE: &str = r#"<script>
window.addEventListener('load', () => {
  const doc = document.documentElement;
  const table = document.querySelector('#position table');
  const summary = document.querySelector('#summary');
  const steps = document.querySelector('ol.steps');
  const first = document.querySelector('ol.steps > li');
  const style = steps ? getComputedStyle(steps) : null;
  const canvas = document.createElement('canvas').getContext('2d');
  if (style) { canvas.font = style.font; }
  const found = {
    inner: window.innerWidth,
    scroll: doc.scrollWidth,
    tableRight: table ? table.getBoundingClientRect().right : 0,
    summaryTop: summary ? summary.getBoundingClientRect().top : -1,
    stepTop: first ? first.getBoundingClientRect().top : 1e9,
    stepRoom: style ? parseFloat(style.paddingLeft) : 1e9,
    numberWidth: style ? canvas.measureText('100.').width : 0,
  };
  document.body.setAttribute('data-layout', JSON.stringify(found));
});
</script>"#;

fn chromium() -> PathBuf {
    std::env::var_os("JEDI_JUDGE_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("chromium"))
}

/// The page laid out `width` px wide: what [`MEASURE`] found. Headless Chromium's window is
/// never narrower than 500 px, so the page is laid out in a frame of that width inside a wider
/// window, its media queries answering to the frame; the frame's measure is copied out.
fn layout(page: &str, width: u32, dir: &Path, name: &str) -> serde_json::Value {
    let framed = format!(
        "<!DOCTYPE html>\n<html><body style=\"margin:0\"><iframe id=\"page\" \
         style=\"width:{width}px;height:900px;border:0\" srcdoc=\"{}\"></iframe>\
         <script>document.getElementById('page').addEventListener('load', () => \
         setTimeout(() => document.body.setAttribute('data-layout', \
         document.getElementById('page').contentDocument.body.getAttribute('data-layout')), 0));\
         </script></body></html>",
        page.replace('&', "&amp;").replace('"', "&quot;")
    );
    let page = dir.join(format!("{name}-{width}.html"));
    std::fs::write(&page, framed).expect("written");
    let profile = tempfile_dir(&format!("profile-{width}"));
    let output = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            &format!("--user-data-dir={}", profile.display()),
            "--window-size=1400,1000",
            "--virtual-time-budget=2000",
            "--dump-dom",
            &format!("file://{}", page.display()),
        ])
        .output()
        .unwrap_or_else(|error| {
            panic!(
                "Chromium ({}) did not start: {error}; `.ci/run` installs it",
                chromium().display()
            )
        });
    let _ = std::fs::remove_dir_all(&profile);
    let dom = String::from_utf8_lossy(&output.stdout);
    let html = scraper::Html::parse_document(&dom);
    let selector = scraper::Selector::parse("body[data-layout]").expect("a selector");
    let found = html
        .select(&selector)
        .next()
        .and_then(|body| body.value().attr("data-layout"))
        .unwrap_or_else(|| {
            panic!(
                "{}: no layout measured\n{}",
                page.display(),
                String::from_utf8_lossy(&output.stderr)
            )
        });
    serde_json::from_str(found).expect("the layout as JSON")
}

fn tempfile_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("jedi-judge-browser-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

#[test]
#[ignore = "needs Chromium: `.ci/run` installs it and runs this test"]
fn every_measured_page_fits_a_phone_and_a_screen_with_its_summary_first() {
    let dir = tempfile_dir("pages");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    for relative in PAGES {
        let text = std::fs::read_to_string(root.join(relative)).expect("readable");
        let walked = common::walk_seeded(&text, None, None);
        let page =
            html_page(&walked, Corpus::embedded()).replace("</body>", &format!("{MEASURE}</body>"));
        let name = relative.replace('/', "-").replace(".yaml", "");
        for width in [1280, 420] {
            let found = layout(&page, width, &dir, &name);
            let number = |key: &str| found[key].as_f64().unwrap_or(f64::NAN);
            let inner = number("inner");
            assert!(
                (inner - f64::from(width)).abs() < 1.0,
                "{relative} at {width}: the window is {inner} px wide"
            );
            assert!(
                number("scroll") <= inner + 1.0,
                "{relative} at {width}: the page is {} px wide, past the window's {inner}",
                number("scroll")
            );
            assert!(
                number("tableRight") <= inner + 1.0,
                "{relative} at {width}: the position table ends at {} px, past {inner}",
                number("tableRight")
            );
            assert!(
                number("summaryTop") >= 0.0 && number("summaryTop") < number("stepTop"),
                "{relative} at {width}: the summary is not above the first step: {found}"
            );
            assert!(
                number("stepRoom") >= number("numberWidth"),
                "{relative} at {width}: {} px left of the steps for a number {} px wide",
                number("stepRoom"),
                number("numberWidth")
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
