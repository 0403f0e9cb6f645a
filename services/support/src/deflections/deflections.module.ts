import { Module } from '@nestjs/common';
import { DeflectionsController, StaffDeflectionsController } from './deflections.controller';
import { DeflectionsService } from './deflections.service';

/** Deflections: tickets a help-center article made unnecessary. */
@Module({ controllers: [DeflectionsController, StaffDeflectionsController], providers: [DeflectionsService] })
export class DeflectionsModule {}
