import { UuidRow } from '@portal/db';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One of the company's agents, whom staff assign to customers' accounts (`agent_assignments`). */
@Entity({ name: 'agents' })
export class AgentEntity extends UuidRow {
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 100 })
  title!: string;

  /** Lowercased; unique among agents. */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** An inactive agent gets no new tickets and is not listed to customers. */
  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** An agent serving an organization (a customer's account), since `assignedAt`. */
@Entity({ name: 'agent_assignments' })
export class AgentAssignmentEntity {
  @PrimaryColumn({ name: 'agent_id', type: 'uuid' })
  agentId!: string;

  @PrimaryColumn({ name: 'organization_id', type: 'uuid' })
  organizationId!: string;

  @CreateDateColumn({ name: 'assigned_at', type: 'timestamptz' })
  assignedAt!: Date;
}
