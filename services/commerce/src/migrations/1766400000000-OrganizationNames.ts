import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `organization_names`: the names identity gives organizations (`portal.organizations.created`), for
 * the invoices' "Billed to". A deleted organization's row keeps only its id and `erased_at`, so a
 * creation event handled after the deletion (the two arrive on separate consumers) cannot bring the
 * name back. Idempotent: a second run finds the table in place.
 */
export class OrganizationNames1766400000000 implements MigrationInterface {
  name = 'OrganizationNames1766400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE IF NOT EXISTS organization_names (
        organization_id uuid PRIMARY KEY,
        name varchar(200) NULL,
        erased_at timestamptz NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT organization_names_name_or_erased CHECK (num_nonnulls(name, erased_at) = 1)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE IF EXISTS organization_names');
  }
}
