//! `column IN (ids)` with the ids bound as one value, so the statement's text is the same for
//! every list and both engines prepare it once per connection.
//!
//! diesel's `eq_any` writes one placeholder per id on SQLite (`IN (?, ?, …)`): each page of a
//! different size is a new statement, prepared again on every run (the feed's member cards,
//! the people lists). [`one_of`] writes `IN (SELECT value FROM json_each(?))` on SQLite with
//! the ids as one JSON array, and `= ANY(?)` with one array on PostgreSQL (what `eq_any`
//! already writes there).

use diesel::QueryResult;
use diesel::expression::{AppearsOnTable, Expression, SelectableExpression, ValidGrouping};
use diesel::pg::Pg;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::sql_types::{Array, BigInt, Bool, Text};
use diesel::sqlite::Sqlite;

/// `column` is one of `ids` (never true for an empty list).
pub fn one_of<C, I>(column: C, ids: &[I]) -> OneOf<C>
where
    I: Copy + Into<i64>,
{
    let ids: Vec<i64> = ids.iter().map(|&id| id.into()).collect();
    let json = serde_json::to_string(&ids).unwrap_or_else(|_| "[]".into());
    OneOf { column, ids, json }
}

/// See [`one_of`].
#[derive(Debug, Clone, QueryId)]
pub struct OneOf<C> {
    column: C,
    ids: Vec<i64>,
    json: String,
}

impl<C: Expression<SqlType = BigInt>> Expression for OneOf<C> {
    type SqlType = Bool;
}

impl<C: AppearsOnTable<QS>, QS> AppearsOnTable<QS> for OneOf<C> where Self: Expression {}

impl<C: SelectableExpression<QS>, QS> SelectableExpression<QS> for OneOf<C> where
    Self: AppearsOnTable<QS>
{
}

impl<C: ValidGrouping<GB>, GB> ValidGrouping<GB> for OneOf<C> {
    type IsAggregate = C::IsAggregate;
}

impl<C: QueryFragment<Sqlite>> QueryFragment<Sqlite> for OneOf<C> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Sqlite>) -> QueryResult<()> {
        self.column.walk_ast(out.reborrow())?;
        out.push_sql(" IN (SELECT value FROM json_each(");
        out.push_bind_param::<Text, String>(&self.json)?;
        out.push_sql("))");
        Ok(())
    }
}

impl<C: QueryFragment<Pg>> QueryFragment<Pg> for OneOf<C> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        self.column.walk_ast(out.reborrow())?;
        out.push_sql(" = ANY(");
        out.push_bind_param::<Array<BigInt>, Vec<i64>>(&self.ids)?;
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
    }

    #[test]
    fn the_ids_travel_as_one_json_array() {
        let condition = one_of(members::id, &[3_i64, 1, 2]);
        assert_eq!(condition.json, "[3,1,2]");
        assert_eq!(condition.ids, vec![3, 1, 2]);
    }
}
