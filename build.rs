//! Build script: turns the rule corpus and card catalog from YAML into JSON for the binary to
//! embed, so that loading them at startup is a fast JSON parse rather than a YAML one.

use std::path::Path;

const DATA: [&str; 6] = [
    "rulings/clash-of-the-lightsabers-rules.yaml",
    "rulings/duel-of-the-fates-rulesheet.yaml",
    "rulings/young-jedi-faq-2000-12-01.yaml",
    "rulings/rules-from-duel-of-the-fates-revised.yaml",
    "rulings/boonta-eve-podrace-rules.yaml",
    "src/cards/catalog.yaml",
];

fn main() {
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    for path in DATA {
        println!("cargo:rerun-if-changed={path}");
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|error| panic!("cannot read {path}: {error}"));
        let value: serde_json::Value = serde_saphyr::from_str(&text)
            .unwrap_or_else(|error| panic!("{path} is not valid YAML: {error}"));
        let name = Path::new(path)
            .file_stem()
            .and_then(|stem| stem.to_str())
            .expect("a file name");
        let json = serde_json::to_string(&value).expect("JSON serialisation");
        std::fs::write(Path::new(&out_dir).join(format!("{name}.json")), json)
            .unwrap_or_else(|error| panic!("cannot write {name}.json: {error}"));
    }
    println!("cargo:rerun-if-changed=build.rs");
}
