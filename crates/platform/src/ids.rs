//! Typed ids: each table's key is its own type, so a moment id can never be passed where a
//! user id belongs. They are `BIGINT` in both engines and plain integers in JSON.

/// Declares an id newtype over `i64`: a `BigInt` in diesel queries and rows on both
/// engines, transparent in JSON and in the OpenAPI document.
#[macro_export]
macro_rules! typed_id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default,
            serde::Serialize, serde::Deserialize,
            diesel::expression::AsExpression, diesel::deserialize::FromSqlRow,
        )]
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl $name {
            pub fn get(self) -> i64 {
                self.0
            }
        }

        impl From<$name> for i64 {
            fn from(id: $name) -> i64 {
                id.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl<DB> diesel::serialize::ToSql<diesel::sql_types::BigInt, DB> for $name
        where
            DB: diesel::backend::Backend,
            i64: diesel::serialize::ToSql<diesel::sql_types::BigInt, DB>,
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, DB>,
            ) -> diesel::serialize::Result {
                self.0.to_sql(out)
            }
        }

        impl<DB> diesel::deserialize::FromSql<diesel::sql_types::BigInt, DB> for $name
        where
            DB: diesel::backend::Backend,
            i64: diesel::deserialize::FromSql<diesel::sql_types::BigInt, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<Self> {
                i64::from_sql(bytes).map(Self)
            }
        }

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                <i64 as utoipa::PartialSchema>::schema()
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}

typed_id!(
    /// A member (any role).
    UserId
);

#[cfg(test)]
mod tests {
    use super::UserId;

    #[test]
    fn ids_are_plain_integers_in_json() {
        assert_eq!(
            serde_json::to_string(&UserId(42)).ok().as_deref(),
            Some("42")
        );
        assert_eq!(serde_json::from_str::<UserId>("7").ok(), Some(UserId(7)));
    }
}
