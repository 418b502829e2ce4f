//! The blog's settings: whether members' articles wait for an admin's approval before the
//! public sees them. Read once at start-up.

use platform::AppState;
use platform::config::{Config, ConfigError, Source};
use platform::settings::Settings;

pub const REQUIRE_APPROVAL_VAR: &str = "XINQIAO_BLOG_REQUIRE_APPROVAL";

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BlogSettings {
    /// A member's article reaches the public (the list, a look by someone else, the tag and
    /// category look-ups) only once an admin approved it; its authors still see it. Off by
    /// default.
    pub require_approval: bool,
}

impl BlogSettings {
    pub fn from_source(source: &Source) -> Result<Self, ConfigError> {
        let require_approval = match source.get(REQUIRE_APPROVAL_VAR) {
            None => false,
            Some(raw) => match raw.trim().to_ascii_lowercase().as_str() {
                "1" | "true" | "yes" | "on" => true,
                "0" | "false" | "no" | "off" | "" => false,
                other => {
                    return Err(ConfigError::new(
                        REQUIRE_APPROVAL_VAR,
                        format!("expected true or false, got '{other}'"),
                    ));
                }
            },
        };
        Ok(Self { require_approval })
    }

    /// The installed section; the defaults when the module's settings were not read.
    pub fn of(state: &AppState) -> Self {
        state.settings.get::<Self>().copied().unwrap_or_default()
    }
}

pub(crate) fn load(
    source: &Source,
    _config: &Config,
    settings: &mut Settings,
) -> Result<(), ConfigError> {
    settings.insert(BlogSettings::from_source(source)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn approval_is_off_unless_switched_on() {
        let read = |value: &str| {
            BlogSettings::from_source(&Source::from_pairs(&[("blog_require_approval", value)]))
                .ok()
                .map(|settings| settings.require_approval)
        };
        // The environment comes before the file: these checks hold only without the variable.
        if std::env::var(REQUIRE_APPROVAL_VAR).is_ok() {
            return;
        }
        assert_eq!(
            BlogSettings::from_source(&Source::from_pairs(&[]))
                .ok()
                .map(|settings| settings.require_approval),
            Some(false)
        );
        assert_eq!(read("1"), Some(true));
        assert_eq!(read(" on "), Some(true));
        assert_eq!(read("false"), Some(false));
        assert_eq!(read("maybe"), None);
    }
}
