//! The back office's HTML for knowledge points, as learners' browsers will read it after
//! cleaning: only the allowed elements and attributes, no event handler or style, and links
//! and images only to web and mail addresses. Cleaning clean HTML changes nothing that matters.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xinqiao_fuzz::html::clean;

/// Elements that run code, load other documents or restyle the page.
const FORBIDDEN_ELEMENTS: [&str; 12] = [
    "script", "style", "iframe", "frame", "object", "embed", "svg", "math", "form", "input",
    "link", "meta",
];

fuzz_target!(|dirty: &str| {
    let cleaned = clean(dirty);
    for tag in tags(&cleaned) {
        let name = tag.name.to_ascii_lowercase();
        assert!(
            !FORBIDDEN_ELEMENTS.contains(&name.as_str()),
            "<{name}> in {cleaned}"
        );
        for (attribute, value) in &tag.attributes {
            let attribute = attribute.to_ascii_lowercase();
            assert!(!attribute.starts_with("on"), "{attribute} in {cleaned}");
            assert!(
                attribute != "style" && attribute != "srcdoc",
                "{attribute} in {cleaned}"
            );
            if ["href", "src", "cite", "action", "formaction", "xlink:href"]
                .contains(&attribute.as_str())
            {
                assert!(safe_address(value), "{attribute}={value:?} in {cleaned}");
            }
        }
    }
});

struct Tag {
    name: String,
    attributes: Vec<(String, String)>,
}

/// The start tags of serialised HTML. The serialiser escapes `<` in text and `"` in attribute
/// values, and quotes every value with `"`, so this small reader sees what a browser sees.
fn tags(html: &str) -> Vec<Tag> {
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        rest = &rest[start + 1..];
        if rest.starts_with('/') || rest.starts_with('!') {
            rest = &rest[rest.find('>').map_or(rest.len(), |end| end + 1)..];
            continue;
        }
        let name_end = rest
            .find(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/')
            .unwrap_or(rest.len());
        let mut tag = Tag {
            name: rest[..name_end].to_owned(),
            attributes: Vec::new(),
        };
        rest = &rest[name_end..];
        loop {
            rest = rest.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '/');
            if rest.is_empty() || rest.starts_with('>') {
                rest = rest.get(1..).unwrap_or("");
                break;
            }
            let attribute_end = rest
                .find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '>')
                .unwrap_or(rest.len());
            let attribute = rest[..attribute_end].to_owned();
            rest = &rest[attribute_end..];
            let mut value = String::new();
            if let Some(after) = rest.strip_prefix("=\"") {
                let value_end = after.find('"').expect("a quoted value ends");
                value = decode(&after[..value_end]);
                rest = &after[value_end + 1..];
            }
            tag.attributes.push((attribute, value));
        }
        found.push(tag);
    }
    found
}

/// The entities the serialiser writes in attribute values.
fn decode(value: &str) -> String {
    value
        .replace("&quot;", "\"")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

/// A link or image address a browser would follow only to the web, mail, or this site.
fn safe_address(value: &str) -> bool {
    // Browsers drop tabs and newlines anywhere in an address and leading spaces and controls.
    let address: String = value
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect::<String>()
        .trim_start_matches(|c: char| c <= ' ')
        .to_ascii_lowercase();
    // The URL standard's scheme: a letter, then letters, digits, `+`, `-` or `.`, then `:`;
    // anything else before a `:` makes the address relative to the page.
    let scheme_end = address
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
        .filter(|&end| end > 0 && address.starts_with(|c: char| c.is_ascii_alphabetic()));
    match scheme_end {
        Some(end) if address[end..].starts_with(':') => {
            ["http", "https", "mailto"].contains(&&address[..end])
        }
        _ => true,
    }
}
