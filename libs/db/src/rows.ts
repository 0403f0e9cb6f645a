import { Column, PrimaryColumn } from 'typeorm';

/** The columns every service's tables start with: a uuid primary key, given by the code that inserts. */
export abstract class UuidRow {
  @PrimaryColumn('uuid')
  id!: string;
}

/**
 * A row of a customer's data: the customer (a user id) and their organisation (null for none) it
 * belongs to, the columns every read of a customer's data is filtered on.
 */
export abstract class CustomerRow extends UuidRow {
  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @Column({ name: 'organization_id', type: 'uuid', nullable: true })
  organizationId!: string | null;
}
