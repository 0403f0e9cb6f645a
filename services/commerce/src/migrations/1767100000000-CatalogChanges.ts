import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change to `packages`, by the app or by an operator's SQL, is announced from the database
 * itself, once per transaction and only when a row really changed (the seed's upserts of an unchanged
 * catalog announce nothing):
 * - `NOTIFY portal_catalog`: commerce's processes LISTEN and read the catalog again (CatalogSnapshot);
 * - a `portal.catalog.changed` row in the outbox, which the relay publishes (the gateway drops its copy).
 * PostgreSQL delivers both at commit, never for a rollback. The flag `portal.catalog_changed` is local
 * to the transaction (a rolled-back savepoint takes it back with its outbox row). Idempotent: a second
 * run replaces the function and the triggers.
 */
export class CatalogChanges1767100000000 implements MigrationInterface {
  name = 'CatalogChanges1767100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE OR REPLACE FUNCTION packages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('portal.catalog_changed', true) IS DISTINCT FROM 'queued' THEN
          PERFORM set_config('portal.catalog_changed', 'queued', true);
          INSERT INTO outbox (id, subject, type, version, data)
          VALUES (gen_random_uuid(), 'portal.catalog.changed', 'catalog.changed', 1, '{}');
          PERFORM pg_notify('portal_outbox', '');
          PERFORM pg_notify('portal_catalog', '');
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(`
      CREATE OR REPLACE TRIGGER packages_inserted_or_deleted AFTER INSERT OR DELETE ON packages
      FOR EACH ROW EXECUTE FUNCTION packages_changed()`);
    await runner.query(`
      CREATE OR REPLACE TRIGGER packages_updated AFTER UPDATE ON packages
      FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION packages_changed()`);
    await runner.query(`
      CREATE OR REPLACE TRIGGER packages_truncated AFTER TRUNCATE ON packages
      FOR EACH STATEMENT EXECUTE FUNCTION packages_changed()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TRIGGER IF EXISTS packages_truncated ON packages');
    await runner.query('DROP TRIGGER IF EXISTS packages_updated ON packages');
    await runner.query('DROP TRIGGER IF EXISTS packages_inserted_or_deleted ON packages');
    await runner.query('DROP FUNCTION IF EXISTS packages_changed()');
  }
}
