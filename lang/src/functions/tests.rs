//! The registry: names unique and sorted, lookups work.

use super::*;

#[test]
fn registry_is_sorted_and_unique() {
    let names: Vec<&str> = all().iter().map(|b| b.name).collect();
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(names, sorted);
    for n in [
        "each",
        "map",
        "reverse_each",
        "step",
        "regsubst",
        "notice",
        "type_of",
        "scanf",
    ] {
        assert!(find(n).is_some(), "{n}");
    }
    assert!(find("nosuch").is_none());
}
