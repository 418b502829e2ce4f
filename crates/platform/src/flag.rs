//! The spec sends booleans as 0/1; clients that send true/false are understood as well.

use serde::de::{self, Deserialize, Deserializer, Unexpected, Visitor};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    Bool(bool),
    Number(i64),
}

/// By hand rather than `#[serde(untagged)]`: an untagged enum refuses a value with a message
/// that neither shows the value nor carries its position, so a body's wrong flag could not
/// be named (`body_fields`); this refuses it as a value of the wrong type, in place.
impl<'de> Deserialize<'de> for Flag {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(FlagVisitor)
    }
}

struct FlagVisitor;

impl Visitor<'_> for FlagVisitor {
    type Value = Flag;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a number (0 is off) or a boolean")
    }

    fn visit_bool<E: de::Error>(self, value: bool) -> Result<Flag, E> {
        Ok(Flag::Bool(value))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Flag, E> {
        Ok(Flag::Number(value))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Flag, E> {
        i64::try_from(value)
            .map(Flag::Number)
            .map_err(|_| E::invalid_value(Unexpected::Unsigned(value), &self))
    }
}

impl Flag {
    pub fn is_set(self) -> bool {
        match self {
            Self::Bool(value) => value,
            Self::Number(value) => value != 0,
        }
    }
}

/// The OpenAPI schema of a [`Flag`] field: a number (0 is off) or a boolean, null meaning off.
pub fn schema() -> utoipa::openapi::schema::ObjectBuilder {
    use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([
            Type::Integer,
            Type::Boolean,
            Type::Null,
        ]))
        .description(Some(
            "1 (or true) is on; 0, false, null or left out is off.",
        ))
}

/// A boolean as the spec's 0/1 on the wire.
pub fn as_number(value: bool) -> i64 {
    i64::from(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_booleans_both_read_as_flags() {
        for (json, set) in [
            ("1", true),
            ("0", false),
            ("true", true),
            ("false", false),
            ("2", true),
        ] {
            let flag: Flag = serde_json::from_str(json).expect(json);
            assert_eq!(flag.is_set(), set, "{json}");
        }
        for refused in [
            "\"yes\"",
            "\"1\"",
            "1.5",
            "null",
            "[1]",
            "{}",
            "9223372036854775808",
        ] {
            assert!(serde_json::from_str::<Flag>(refused).is_err(), "{refused}");
        }
        assert_eq!(
            serde_json::from_str::<Flag>("-1").ok(),
            Some(Flag::Number(-1))
        );
    }
}
