//! A resource's link and embedded page. A link is a web address or a path on this site; an
//! embedded page is a path under this site's `/media/` or an https page on an allowed host
//! (the settings' list), stored as the address only, never as markup, and shown sandboxed.

use url::Url;

/// Where this site's own embeddable pages live (the demo's breathing pacer).
const SITE_MEDIA: &str = "/media/";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    #[error("请输入正确的链接地址")]
    BadLink,
    #[error("请输入正确的嵌入地址")]
    BadEmbed,
    #[error("嵌入地址的站点不在允许列表中：{0}")]
    HostNotAllowed(String),
}

/// A site path (one leading slash, no spaces) or an http(s) address with a host.
pub fn link(raw: &str) -> Result<String, AddressError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(String::new());
    }
    if is_site_path(raw) {
        return Ok(raw.to_owned());
    }
    let url = Url::parse(raw).map_err(|_| AddressError::BadLink)?;
    if matches!(url.scheme(), "http" | "https") && url.host_str().is_some() {
        Ok(url.to_string())
    } else {
        Err(AddressError::BadLink)
    }
}

/// The embedded page's address, from an address or a pasted `<iframe src="…">`.
pub fn embed(raw: &str, allowed_hosts: &[String]) -> Result<String, AddressError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(String::new());
    }
    let address = if raw.starts_with('<') {
        source_of_iframe(raw).ok_or(AddressError::BadEmbed)?
    } else {
        raw.to_owned()
    };
    if is_site_path(&address) {
        return if stays_in_media(&address) {
            Ok(address)
        } else {
            Err(AddressError::BadEmbed)
        };
    }
    let url = Url::parse(&address).map_err(|_| AddressError::BadEmbed)?;
    if url.scheme() != "https" {
        return Err(AddressError::BadEmbed);
    }
    let host = url
        .host_str()
        .ok_or(AddressError::BadEmbed)?
        .to_ascii_lowercase();
    if allowed_hosts.contains(&host) {
        Ok(url.to_string())
    } else {
        Err(AddressError::HostNotAllowed(host))
    }
}

fn is_site_path(raw: &str) -> bool {
    raw.starts_with('/')
        && !raw.starts_with("//")
        && !raw.contains(['\\', ' ', '\t', '\n', '\r', '"', '\'', '<', '>'])
}

/// A site path whose page is under `/media/` however it is read: its path part percent-decoded
/// (once; what still holds a `%` after that was encoded twice and is refused) has no `.` or `..`
/// segment and no backslash, and resolved as a browser would it is still under `/media/`.
fn stays_in_media(address: &str) -> bool {
    let path = address.split(['?', '#']).next().unwrap_or_default();
    let Some(decoded) = percent_decoded(path) else {
        return false;
    };
    if decoded.contains(['%', '\\', '\0']) || decoded.split('/').any(|s| s == "." || s == "..") {
        return false;
    }
    let Ok(base) = Url::parse("http://site.invalid/") else {
        return false;
    };
    base.join(&decoded).is_ok_and(|resolved| {
        resolved.path().starts_with(SITE_MEDIA) && resolved.path().len() > SITE_MEDIA.len()
    }) && decoded.starts_with(SITE_MEDIA)
}

/// `%XX` escapes decoded; none when one is malformed or the bytes are not UTF-8.
fn percent_decoded(raw: &str) -> Option<String> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%' {
            let hex = std::str::from_utf8(bytes.get(at + 1..at + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            at += 3;
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The `src` of an `<iframe …>` tag.
fn source_of_iframe(markup: &str) -> Option<String> {
    let lower = markup.to_ascii_lowercase();
    if !lower.starts_with("<iframe") {
        return None;
    }
    let at = lower.find(" src=")? + " src=".len();
    let rest = &markup[at..];
    let quote = rest.chars().next().filter(|c| matches!(c, '"' | '\''))?;
    let value = &rest[1..];
    let end = value.find(quote)?;
    Some(value[..end].trim().replace("&amp;", "&"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hosts() -> Vec<String> {
        vec!["player.bilibili.com".to_owned()]
    }

    #[test]
    fn links_are_web_addresses_or_site_paths() {
        assert_eq!(
            link(" /media/knowledge/intro/index.m3u8 ").unwrap(),
            "/media/knowledge/intro/index.m3u8"
        );
        assert_eq!(
            link("https://zh.wikipedia.org/wiki/情绪").unwrap(),
            "https://zh.wikipedia.org/wiki/%E6%83%85%E7%BB%AA"
        );
        assert_eq!(link("").unwrap(), "");
        for bad in [
            "javascript:alert(1)",
            "//evil.example/x",
            "ftp://x.example/a",
            "not a url",
            "data:text/html,hi",
        ] {
            assert_eq!(link(bad), Err(AddressError::BadLink), "{bad}");
        }
    }

    #[test]
    fn embeds_come_from_allowed_hosts_or_site_media() {
        assert_eq!(
            embed("https://player.bilibili.com/player.html?bvid=1", &hosts()).unwrap(),
            "https://player.bilibili.com/player.html?bvid=1"
        );
        assert_eq!(
            embed(r#"<iframe width="600" src="https://player.bilibili.com/player.html?a=1&amp;b=2" allowfullscreen></iframe>"#, &hosts()).unwrap(),
            "https://player.bilibili.com/player.html?a=1&b=2"
        );
        assert_eq!(
            embed("/media/knowledge/breathing-pacer.html", &hosts()).unwrap(),
            "/media/knowledge/breathing-pacer.html"
        );
        assert_eq!(
            embed("https://evil.example/page", &hosts()),
            Err(AddressError::HostNotAllowed("evil.example".to_owned()))
        );
        assert_eq!(
            embed("http://player.bilibili.com/x", &hosts()),
            Err(AddressError::BadEmbed)
        );
        assert_eq!(
            embed("/api/v1/user/info", &hosts()),
            Err(AddressError::BadEmbed)
        );
        assert_eq!(
            embed("<script>alert(1)</script>", &hosts()),
            Err(AddressError::BadEmbed)
        );
        assert_eq!(
            embed("javascript:alert(1)", &hosts()),
            Err(AddressError::BadEmbed)
        );
    }

    #[test]
    fn site_embeds_stay_under_media_however_they_are_written() {
        assert_eq!(
            embed("/media/knowledge/pacer%20v2.html?speed=1#top", &hosts()).unwrap(),
            "/media/knowledge/pacer%20v2.html?speed=1#top"
        );
        for escape in [
            "/media/../knowledge/courses",
            "/media/./../api/v1/user/info",
            "/media/knowledge/../../api/v1/user/info",
            "/media/%2e%2e/knowledge/courses",
            "/media/%2E%2E/knowledge/courses",
            "/media/.%2e/knowledge/courses",
            "/media/%2e/page.html",
            "/media/%252e%252e/knowledge/courses",
            "/media/..%2fknowledge",
            "/media/..%5cknowledge",
            "/media/%zz.html",
            "/media/",
            "/mediafile.html",
        ] {
            assert_eq!(
                embed(escape, &hosts()),
                Err(AddressError::BadEmbed),
                "{escape}"
            );
        }
    }
}
