//! The database's migrations, embedded when the server is built (`build.rs` lists the files of
//! `migrations/`), as sqlx reads them from a folder: each its version, description and SQL,
//! checksummed by sqlx so that a database migrated by another build is checked against them.

use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;

use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};

/// Every migration, by version: `(version, description, SQL)`.
const MIGRATIONS: &[(i64, &str, &str)] = &include!(concat!(env!("OUT_DIR"), "/migrations.rs"));

/// The embedded migrations, as a source for sqlx's migrator.
#[derive(Debug)]
struct Embedded;

impl MigrationSource<'static> for Embedded {
    fn resolve(
        self,
    ) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send + 'static>> {
        let migrations = MIGRATIONS.iter().map(|&(version, description, sql)| {
            // As sqlx reads a file: one that opens with this comment runs outside a transaction.
            let no_transaction = sql.starts_with("-- no-transaction");
            let (description, sql) = (Cow::Borrowed(description), Cow::Borrowed(sql));
            Migration::new(version, description, MigrationType::Simple, sql, no_transaction)
        });
        let migrations: Vec<Migration> = migrations.collect();
        Box::pin(async move { Ok(migrations) })
    }
}

/// The migrator of the embedded migrations.
pub(super) async fn migrator() -> Result<Migrator, sqlx::migrate::MigrateError> {
    Migrator::new(Embedded).await
}
