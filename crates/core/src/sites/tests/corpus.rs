//! The default rules and the broken corpus (`tests/rules/broken-sites/`).

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
    let (aeternus, storm) = (Rules::aeternus(), StormRules::embedded().unwrap());
    let n = crate::rules::tests::check_broken_corpus("broken-sites", |path| {
        let r = SiteRules::from_file(path)?;
        r.for_aeternus(&aeternus)?;
        r.for_storm(&storm).map(|_| ())
    });
    assert!(n >= 4, "only {n} broken site files");
}
