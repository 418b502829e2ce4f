//! Each crate's own settings, read at start-up by its module (see
//! [`crate::module::Module::with_settings`]) and reached by its handlers through
//! `state.settings`. The platform stores them without knowing their types.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::Arc;

use crate::auth::SessionWatcher;
use crate::files::Purpose;
use crate::module::MemberData;

/// Which optional features this deployment has switched on; `/site/config` tells the web
/// app, which hides what is off. Each crate sets its own flags when it reads its settings.
#[derive(Debug, Clone, Copy, Default)]
pub struct SiteFeatures {
    pub wechat_open_login: bool,
    pub wechat_official_login: bool,
    /// Mail can be sent (SMTP configured): password recovery by email is offered.
    pub password_recovery: bool,
}

#[derive(Default)]
pub struct Settings {
    pub features: SiteFeatures,
    /// What uploads are for, as the modules registered them.
    pub upload_purposes: Vec<Purpose>,
    /// Outside origins the web app may load scripts, data and images from (a configured maps
    /// service); the Content-Security-Policy allows them.
    pub outside_origins: Vec<&'static str>,
    /// The crates keeping members' personal data, in module order: what a member's export
    /// gathers and an account deletion erases.
    pub member_data: Vec<MemberData>,
    /// Who hears at once that a member's sessions changed (the chat, which closes sockets).
    pub session_watchers: Vec<Arc<dyn SessionWatcher>>,
    sections: HashMap<TypeId, Box<dyn Any + Send + Sync>>,
}

impl Settings {
    /// Stores a crate's section, replacing an earlier one of the same type.
    pub fn insert<T: Any + Send + Sync>(&mut self, section: T) {
        self.sections.insert(TypeId::of::<T>(), Box::new(section));
    }

    /// The registered upload purpose called `name`.
    pub fn upload_purpose(&self, name: &str) -> Option<Purpose> {
        self.upload_purposes
            .iter()
            .find(|purpose| purpose.name == name)
            .copied()
    }

    /// The section of type `T`, when its crate stored one.
    pub fn get<T: Any + Send + Sync>(&self) -> Option<&T> {
        self.sections.get(&TypeId::of::<T>())?.downcast_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct Payments(u32);
    #[derive(Debug, PartialEq)]
    struct Mail(&'static str);

    #[test]
    fn each_section_is_found_by_its_type() {
        let mut settings = Settings::default();
        assert_eq!(settings.get::<Payments>(), None);
        settings.insert(Payments(1));
        settings.insert(Mail("smtp"));
        settings.insert(Payments(2));
        assert_eq!(settings.get::<Payments>(), Some(&Payments(2)));
        assert_eq!(settings.get::<Mail>(), Some(&Mail("smtp")));
    }
}
