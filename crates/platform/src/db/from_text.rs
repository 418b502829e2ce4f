//! Values read from a `TEXT` column without copying the text.

/// Reads `$type` from a `TEXT` column on both engines by calling `$type::from_text(&str)` on the
/// row's own bytes: no `String` is allocated and copied first. Meant for columns read many rows
/// at a time whose text is only a means, such as a JSON list of catalogue codes that becomes a
/// set of numbers (a recommendation decodes a few hundred of them per request). The type
/// derives `diesel::deserialize::FromSqlRow`.
#[macro_export]
macro_rules! read_from_text {
    ($type:ty) => {
        impl diesel::deserialize::FromSql<diesel::sql_types::Text, diesel::sqlite::Sqlite>
            for $type
        {
            fn from_sql(
                mut value: diesel::sqlite::SqliteValue<'_, '_, '_>,
            ) -> diesel::deserialize::Result<Self> {
                Ok(<$type>::from_text(value.read_text()))
            }
        }

        impl diesel::deserialize::FromSql<diesel::sql_types::Text, diesel::pg::Pg> for $type {
            fn from_sql(value: diesel::pg::PgValue<'_>) -> diesel::deserialize::Result<Self> {
                Ok(<$type>::from_text(std::str::from_utf8(value.as_bytes())?))
            }
        }
    };
}
