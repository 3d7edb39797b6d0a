//! The default rules and the broken corpus (`tests/rules/broken-sites/`).

use std::path::Path;

use super::*;
use crate::rules::Rules;
use crate::storm::StormRules;

#[test]
fn the_default_rules_cover_both_rulesets_and_enough_sites() {
    let r = SiteRules::embedded();
    r.for_aeternus(&Rules::aeternus()).unwrap();
    r.for_storm(&StormRules::embedded().unwrap()).unwrap();
    assert!(r.sites.len() >= 40);
    for rarity in 0..3 {
        assert!(r.sites.iter().filter(|s| s.rarity == rarity).count() >= 8);
    }
    assert!(r.sites.iter().any(|s| s.unique()));
}

/// Every file there fails, when loaded or when bound to the embedded Aeternus and storm rules,
/// with an error naming the file, the field, and the text its first line expects.
#[test]
fn the_broken_corpus_fails_clearly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rules/broken-sites");
    let (aeternus, storm) = (Rules::aeternus(), StormRules::embedded().unwrap());
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let expect = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// expect: "))
            .unwrap_or_else(|| panic!("{} has no `// expect:` line", path.display()));
        let err = SiteRules::from_file(&path)
            .and_then(|r| r.for_aeternus(&aeternus).map(|_| r))
            .and_then(|r| r.for_storm(&storm))
            .expect_err(&path.display().to_string());
        let msg = err.to_string();
        assert!(msg.starts_with(&path.display().to_string()), "{msg}");
        assert!(msg.contains(expect), "`{msg}` lacks `{expect}`");
        assert!(err.line.is_some() || err.field.is_some(), "{msg}");
        n += 1;
    }
    assert!(n >= 4, "only {n} broken site files");
}
