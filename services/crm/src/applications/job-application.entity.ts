import { UuidRow } from '@portal/db';
import { Column, CreateDateColumn, Entity } from 'typeorm';

/** A row of `job_applications`: a candidate's application from the careers page, with the CV. */
@Entity({ name: 'job_applications' })
export class JobApplicationEntity extends UuidRow {
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ type: 'varchar', length: 100 })
  role!: string;

  @Column({ type: 'varchar', length: 100 })
  location!: string;

  @Column({ type: 'text', array: true })
  links!: string[];

  @Column({ name: 'cv_name', type: 'varchar', length: 255 })
  cvName!: string;

  @Column({ name: 'cv_type', type: 'varchar', length: 100 })
  cvType!: string;

  @Column({ name: 'cv_size', type: 'integer' })
  cvSize!: number;

  @Column({ name: 'cv_sha256', type: 'char', length: 64 })
  cvSha256!: string;

  /** Not read by default: lists stay light; the download selects it. */
  @Column({ name: 'cv_data', type: 'bytea', select: false })
  cvData!: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
