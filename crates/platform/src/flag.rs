//! The spec sends booleans as 0/1; clients that send true/false are understood as well.

use serde::Deserialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Flag {
    Bool(bool),
    Number(i64),
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
        assert!(serde_json::from_str::<Flag>("\"yes\"").is_err());
    }
}
