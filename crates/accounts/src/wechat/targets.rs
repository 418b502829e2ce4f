//! Where a WeChat round trip may send the browser: only back to this site. Checked before
//! anything is stored, so WeChat sign-in can never serve as an open redirect.

use super::flow::Flow;

const HREF_MAX_BYTES: usize = 2048;

/// A path on this site (`/moment?x=1`), never another origin in disguise
/// (`//evil.example`, `/\evil.example`, `https://…`).
pub fn same_site_path(raw: &str) -> Option<String> {
    let plain = raw.len() <= HREF_MAX_BYTES
        && raw.starts_with('/')
        && !raw.starts_with("//")
        && !raw.contains('\\')
        && !raw.chars().any(|c| c.is_control() || c.is_whitespace());
    if !plain {
        return None;
    }
    // No `.` or `..` segments: `/.//evil.example` would become the path `//evil.example`.
    let path = raw.split(['?', '#']).next().unwrap_or_default();
    if path
        .split('/')
        .any(|segment| segment == "." || segment == "..")
    {
        return None;
    }
    // However a browser reads it, it must resolve onto the same origin.
    let base = url::Url::parse("https://site.invalid/").ok()?;
    let resolved = base.join(raw).ok()?;
    (resolved.origin() == base.origin() && !resolved.path().starts_with("//"))
        .then(|| raw.to_owned())
}

/// A callback address on `origin` (`https://xinqiao.example/wechatcallback`), with the flow
/// its path belongs to.
pub fn callback_on_site(raw: &str, origin: &str) -> Option<(Flow, String)> {
    let parsed = url::Url::parse(raw).ok()?;
    let expected = url::Url::parse(origin).ok()?;
    if parsed.origin() != expected.origin()
        || parsed.query().is_some()
        || parsed.fragment().is_some()
        || !parsed.username().is_empty()
    {
        return None;
    }
    let flow = Flow::for_callback_path(parsed.path())?;
    Some((
        flow,
        format!("{}{}", origin.trim_end_matches('/'), flow.callback_path()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_paths_on_this_site_are_accepted_as_href() {
        for ok in [
            "/",
            "/moment",
            "/blog/12?tab=comments#c3",
            "/search?q=%E5%BF%83",
        ] {
            assert_eq!(same_site_path(ok).as_deref(), Some(ok), "{ok}");
        }
        for bad in [
            "",
            "moment",
            "//evil.example",
            "/\\evil.example",
            "\\\\evil.example",
            "https://evil.example/",
            "javascript:alert(1)",
            "/ok\n//evil.example",
            "/\t/evil.example",
            "/.//evil.example",
            "/a/../..//evil.example",
            &format!("/{}", "a".repeat(HREF_MAX_BYTES)),
        ] {
            assert_eq!(same_site_path(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn callbacks_must_be_this_sites_callback_pages() {
        let origin = "https://xinqiao.example";
        assert_eq!(
            callback_on_site("https://xinqiao.example/wechatcallback", origin),
            Some((Flow::Open, "https://xinqiao.example/wechatcallback".into()))
        );
        assert_eq!(
            callback_on_site("https://xinqiao.example/officialcallback", origin).map(|(f, _)| f),
            Some(Flow::Official)
        );
        for bad in [
            "https://evil.example/wechatcallback",
            "http://xinqiao.example/wechatcallback",
            "https://xinqiao.example:8443/wechatcallback",
            "https://xinqiao.example/moment",
            "https://xinqiao.example/wechatcallback?next=//evil.example",
            "https://user@xinqiao.example/wechatcallback",
            "/wechatcallback",
        ] {
            assert_eq!(callback_on_site(bad, origin), None, "{bad}");
        }
    }
}
