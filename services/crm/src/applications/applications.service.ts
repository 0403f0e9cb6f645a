import { createHash, randomUUID } from 'node:crypto';
import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type ApplicationResponse,
  applicationMessages,
  type applicationFieldsSchema,
  CV_FIELD,
  CV_MAX_BYTES,
  cvKindOf,
  cvMediaTypes,
  type StaffApplication,
} from '@portal/contracts';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { ApplicationLimitsService } from './application-limits.service';
import { JobApplicationEntity } from './job-application.entity';
import type { MultipartForm } from './multipart-form';

/** An application's text fields as validated by `applicationFieldsSchema`. */
export type ApplicationFields = z.output<typeof applicationFieldsSchema>;

export interface StoredCv {
  name: string;
  type: string;
  data: Buffer;
}

/** The file's own name without folders or control characters; the kind's name when nothing is left. */
function cvFileName(name: string, extension: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cs}"]/gu, '')
    .trim()
    .slice(-255);
  return clean || `cv.${extension}`;
}

@Injectable()
export class ApplicationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly limits: ApplicationLimitsService,
  ) {}

  /** Counts the attempt against the limits, checks the one CV by its content, and stores the application with it. */
  async apply(
    fields: ApplicationFields,
    files: MultipartForm['files'],
    address: string,
  ): Promise<ApplicationResponse> {
    await this.limits.admitApplication(address, fields.email);
    const cv = await this.readCv(files);
    const row = await this.dataSource.getRepository(JobApplicationEntity).save({
      id: randomUUID(),
      name: fields.name,
      email: fields.email,
      role: fields.role,
      location: fields.location,
      links: fields.links,
      cvName: cv.name,
      cvType: cv.type,
      cvSize: cv.data.length,
      cvSha256: createHash('sha256').update(cv.data).digest('hex'),
      cvData: cv.data,
    });
    return { id: row.id, status: 'received' };
  }

  /** Newest first, without the files. */
  async list(): Promise<StaffApplication[]> {
    const rows = await this.dataSource
      .getRepository(JobApplicationEntity)
      .find({ order: { createdAt: 'DESC' }, take: 200 });
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      location: row.location,
      links: row.links,
      cv: { name: row.cvName, type: row.cvType, size: row.cvSize, sha256: row.cvSha256 },
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async cvOf(id: string): Promise<StoredCv | null> {
    const row = await this.dataSource.getRepository(JobApplicationEntity).findOne({
      where: { id },
      select: { id: true, cvName: true, cvType: true, cvData: true },
    });
    return row && { name: row.cvName, type: row.cvType, data: row.cvData };
  }

  /** Exactly one file, in the `cv` field, at most 5 MB, a PDF or a DOCX by its bytes. */
  private async readCv(files: MultipartForm['files']): Promise<StoredCv> {
    if (files.length > 1 || files.some(({ field }) => field !== CV_FIELD)) {
      throw new BadRequestException(applicationMessages.oneFileOnly);
    }
    const file = files[0]?.file;
    if (!file || file.size === 0) throw new BadRequestException(applicationMessages.cvRequired);
    if (file.size > CV_MAX_BYTES) throw new BadRequestException(applicationMessages.cvTooLarge);
    const data = Buffer.from(await file.arrayBuffer());
    const kind = cvKindOf(data);
    if (!kind) throw new BadRequestException(applicationMessages.cvWrongType);
    return { name: cvFileName(file.name, kind), type: cvMediaTypes[kind], data };
  }
}
