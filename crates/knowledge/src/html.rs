//! A point's content is HTML written in the back office and rendered for learners as HTML,
//! so it is cleaned before it is stored: no script, no event handler, no style, no frame; links
//! only to web and mail addresses, opened without access to this page.
//!
//! `fuzz/` compiles this file on its own (fuzz/src/lib.rs): it uses no other module of its
//! crate.

use std::collections::HashSet;
use std::sync::LazyLock;

static CLEANER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::default();
    builder
        .url_schemes(HashSet::from(["http", "https", "mailto"]))
        .link_rel(Some("noopener noreferrer nofollow"))
        .add_generic_attributes(["class"].iter().copied());
    builder
});

pub fn clean(content: &str) -> String {
    CLEANER.clean(content).to_string()
}

#[cfg(test)]
mod tests {
    use super::clean;

    #[test]
    fn scripts_handlers_and_script_links_are_removed() {
        let dirty = r#"<h3>依恋</h3><script>alert(1)</script><p onclick="steal()">安全型</p><a href="javascript:alert(1)">链接</a><img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe>"#;
        let cleaned = clean(dirty);
        for forbidden in [
            "<script",
            "onclick",
            "javascript:",
            "onerror",
            "<iframe",
            "alert",
        ] {
            assert!(!cleaned.contains(forbidden), "{forbidden} in {cleaned}");
        }
        assert!(cleaned.contains("<h3>依恋</h3>"));
        assert!(cleaned.contains("<p>安全型</p>"));
    }

    #[test]
    fn links_stay_and_open_apart_from_the_page() {
        let cleaned =
            clean(r#"<p><a href="https://zh.wikipedia.org/wiki/依附理論">维基百科</a></p>"#);
        assert!(cleaned.contains(r#"href="https://zh.wikipedia.org/wiki/依附理論""#));
        assert!(cleaned.contains("noopener"));
    }
}
