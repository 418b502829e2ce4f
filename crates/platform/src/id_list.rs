//! `column IN (ids)` (or texts) with the list bound as one value, so the statement's text is
//! the same for every list and both engines prepare it once per connection.
//!
//! diesel's `eq_any` writes one placeholder per id on SQLite (`IN (?, ?, …)`): each page of a
//! different size is a new statement, prepared again on every run (the feed's member cards,
//! the people lists). [`one_of`] writes `IN (SELECT value FROM json_each(?))` on SQLite with
//! the ids as one JSON array, and `= ANY(?)` with one array on PostgreSQL (what `eq_any`
//! already writes there).
//!
//! SQLite runs such an `IN` by first copying the list into a temporary index, a fixed cost of
//! a few microseconds per statement, more than the lookups of a short list. A lookup of rows
//! by their key ([`load_one_of!`](crate::load_one_of)) is instead driven by the list itself on
//! SQLite: `json_each` joined to the table on its key, no temporary index (a page's 50 names:
//! 35 → 23 µs).

use std::marker::PhantomData;

use diesel::QueryResult;
use diesel::expression::{AppearsOnTable, Expression, SelectableExpression, ValidGrouping};
use diesel::pg::Pg;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::serialize::ToSql;
use diesel::sql_types::{Array, BigInt, Bool, HasSqlType, SqlType, Text};
use diesel::sqlite::Sqlite;
use serde::Serialize;

/// `column` is one of `ids` (never true for an empty list).
pub fn one_of<C, I>(column: C, ids: &[I]) -> OneOf<C, BigInt, i64>
where
    I: Copy + Into<i64>,
{
    list(column, ids.iter().map(|&id| id.into()).collect())
}

/// `column` is one of `texts` (never true for an empty list): a filter on a few catalogue
/// values (educations, marital statuses) that stays one prepared statement.
pub fn one_of_texts<C>(column: C, texts: &[String]) -> OneOf<C, Text, String> {
    list(column, texts.to_vec())
}

diesel::table! {
    /// SQLite's `json_each` table-valued function over a JSON array: `value` is each element,
    /// `json` the hidden column that takes the array (`WHERE json_each.json = ?` is
    /// `json_each(?)`). A table to diesel, so it can be joined; see [`load_one_of!`].
    json_each (key) {
        key -> BigInt,
        value -> BigInt,
        json -> Text,
    }
}

/// The ids as the JSON array [`load_one_of!`] binds on SQLite: sorted (the lookups then walk
/// the key's index in order) and each once (a join, unlike `IN`, repeats a row per copy).
pub fn json_array<I: Copy + Into<i64>>(ids: &[I]) -> String {
    let mut ids: Vec<i64> = ids.iter().map(|&id| id.into()).collect();
    ids.sort_unstable();
    ids.dedup();
    serde_json::to_string(&ids).unwrap_or_else(|_| "[]".into())
}

/// Loads the rows of `$table` whose `$key` column is one of `$ids` (a slice of ids), each once:
/// `load_one_of!(conn, users::table, users::id, &ids, |rows| rows.select(…))`, where `rows` is
/// the table keyed by the list, to select from and filter further. On SQLite the list drives
/// the lookups (`json_each` joined to the table on `$key`); on PostgreSQL it is
/// `$key = ANY($ids)`, as [`one_of`]. The table's crate lets it be joined to [`json_each`]
/// with [`keyed_by_id_lists!`](crate::keyed_by_id_lists); runs as [`load!`](crate::load).
#[macro_export]
macro_rules! load_one_of {
    ($conn:expr, $table:expr, $key:expr, $ids:expr, |$rows:ident| $query:expr) => {
        match $conn {
            $crate::db::Conn::Sqlite(c) => {
                use $crate::id_list::json_each;
                let json = $crate::id_list::json_array($ids);
                let $rows = json_each::table
                    .inner_join($table.on($key.eq(json_each::value)))
                    .filter(json_each::json.eq(json));
                let query = $query;
                c.spawn_blocking(move |sync| $crate::db::SyncRunQueryDsl::load(query, sync))
                    .await
            }
            $crate::db::Conn::Postgres(link) => {
                let $rows = $table.filter($crate::id_list::one_of($key, $ids));
                $crate::db::AsyncRunQueryDsl::load($query, &mut link.shared()).await
            }
        }
    };
}

/// Lets the calling crate's tables (their `diesel::table!` modules) be keyed by a list in
/// [`load_one_of!`], which joins them to [`json_each`]. What diesel's
/// `allow_tables_to_appear_in_same_query!` would say, less the PostgreSQL-only forms that
/// another crate's table may not name (`ONLY`, `TABLESAMPLE`).
#[macro_export]
macro_rules! keyed_by_id_lists {
    ($($table:ident),+ $(,)?) => {$(
        impl ::diesel::query_source::TableNotEqual<$crate::id_list::json_each::table>
            for $table::table
        {
        }
        impl ::diesel::query_source::TableNotEqual<$table::table>
            for $crate::id_list::json_each::table
        {
        }
    )+};
}

fn list<C, ST, V: Serialize>(column: C, values: Vec<V>) -> OneOf<C, ST, V> {
    let json = serde_json::to_string(&values).unwrap_or_else(|_| "[]".into());
    OneOf {
        column,
        values,
        json,
        sql_type: PhantomData,
    }
}

/// See [`one_of`] and [`one_of_texts`]: `column` (of SQL type `ST`) among `values`.
#[derive(Debug, Clone)]
pub struct OneOf<C, ST, V> {
    column: C,
    values: Vec<V>,
    json: String,
    sql_type: PhantomData<ST>,
}

impl<C: QueryId, ST: 'static, V: 'static> QueryId for OneOf<C, ST, V> {
    type QueryId = OneOf<C::QueryId, ST, V>;
    const HAS_STATIC_QUERY_ID: bool = C::HAS_STATIC_QUERY_ID;
}

impl<C: Expression<SqlType = ST>, ST: SqlType, V> Expression for OneOf<C, ST, V> {
    type SqlType = Bool;
}

impl<C: AppearsOnTable<QS>, QS, ST, V> AppearsOnTable<QS> for OneOf<C, ST, V> where Self: Expression {}

impl<C: SelectableExpression<QS>, QS, ST, V> SelectableExpression<QS> for OneOf<C, ST, V> where
    Self: AppearsOnTable<QS>
{
}

impl<C: ValidGrouping<GB>, GB, ST, V> ValidGrouping<GB> for OneOf<C, ST, V> {
    type IsAggregate = C::IsAggregate;
}

impl<C: QueryFragment<Sqlite>, ST, V> QueryFragment<Sqlite> for OneOf<C, ST, V> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Sqlite>) -> QueryResult<()> {
        self.column.walk_ast(out.reborrow())?;
        out.push_sql(" IN (SELECT value FROM json_each(");
        out.push_bind_param::<Text, String>(&self.json)?;
        out.push_sql("))");
        Ok(())
    }
}

impl<C, ST, V> QueryFragment<Pg> for OneOf<C, ST, V>
where
    C: QueryFragment<Pg>,
    Pg: HasSqlType<ST>,
    ST: 'static,
    Vec<V>: ToSql<Array<ST>, Pg>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        self.column.walk_ast(out.reborrow())?;
        out.push_sql(" = ANY(");
        out.push_bind_param::<Array<ST>, Vec<V>>(&self.values)?;
        out.push_sql(")");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use diesel::prelude::*;
    use diesel::query_builder::QueryFragment;

    use super::*;

    diesel::table! {
        members (id) {
            id -> BigInt,
            name -> Text,
        }
    }

    fn sql_of<DB>(query: &impl QueryFragment<DB>) -> String
    where
        DB: diesel::backend::Backend + Default,
        DB::QueryBuilder: Default,
    {
        let mut builder = DB::QueryBuilder::default();
        query.to_sql(&mut builder, &DB::default()).expect("sql");
        diesel::query_builder::QueryBuilder::finish(builder)
    }

    #[test]
    fn a_list_of_any_length_is_the_same_statement_on_both_engines() {
        let one = members::table
            .filter(one_of(members::id, &[7_i64]))
            .select(members::id);
        let many: Vec<i64> = (1..=30).collect();
        let thirty = members::table
            .filter(one_of(members::id, &many))
            .select(members::id);
        let sqlite = sql_of::<Sqlite>(&one);
        assert_eq!(sqlite, sql_of::<Sqlite>(&thirty));
        assert!(
            sqlite.ends_with("IN (SELECT value FROM json_each(?))"),
            "{sqlite}"
        );
        let postgres = sql_of::<Pg>(&one);
        assert_eq!(postgres, sql_of::<Pg>(&thirty));
        assert!(postgres.ends_with("= ANY($1)"), "{postgres}");
        assert!(QueryFragment::<Sqlite>::is_safe_to_cache_prepared(&one, &Sqlite).expect("cache"));

        let texts = members::table
            .filter(one_of_texts(members::name, &["硕士".to_owned()]))
            .select(members::id);
        let sqlite = sql_of::<Sqlite>(&texts);
        assert!(
            sqlite.ends_with("IN (SELECT value FROM json_each(?))"),
            "{sqlite}"
        );
        let postgres = sql_of::<Pg>(&texts);
        assert!(postgres.ends_with("= ANY($1)"), "{postgres}");
        assert!(
            QueryFragment::<Sqlite>::is_safe_to_cache_prepared(&texts, &Sqlite).expect("cache")
        );
    }

    #[test]
    fn the_ids_travel_as_one_json_array() {
        let condition = one_of(members::id, &[3_i64, 1, 2]);
        assert_eq!(condition.json, "[3,1,2]");
        assert_eq!(condition.values, vec![3, 1, 2]);
        let texts = one_of_texts(members::name, &["硕士".to_owned(), "博士".to_owned()]);
        assert_eq!(texts.json, r#"["硕士","博士"]"#);
    }
}
