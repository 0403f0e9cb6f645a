import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
} from '@nestjs/common';
import { type AuthenticatedUser, CurrentUser, StaffOnly } from '@portal/auth';
import {
  bookingMessages,
  type CreateSlotRequest,
  createSlotRequestSchema,
  type StaffBookingsResponse,
  type StaffSlot,
  type StaffSlotsResponse,
} from '@portal/contracts';
import { StaffAvailabilityService } from './staff-availability.service';

const slotId = new ParseUUIDPipe({
  exceptionFactory: () => new NotFoundException(bookingMessages.slotNotFound),
});

/** Staff (isAdmin) publish and remove the slots visitors book, and see the bookings. Customers get 403. */
@Controller('api/crm/staff')
@StaffOnly()
export class StaffAvailabilityController {
  constructor(private readonly availability: StaffAvailabilityService) {}

  @Get('availability')
  @Header('cache-control', 'no-store')
  async slots(): Promise<StaffSlotsResponse> {
    return { slots: await this.availability.slots() };
  }

  @Post('availability')
  @HttpCode(HttpStatus.CREATED)
  add(
    @Body({ schema: createSlotRequestSchema }) body: Required<CreateSlotRequest>,
    @CurrentUser() staff: AuthenticatedUser,
  ): Promise<StaffSlot> {
    return this.availability.add(staff.id, body.startsAt, body.durationMinutes);
  }

  @Delete('availability/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  remove(@Param('id', slotId) id: string): Promise<void> {
    return this.availability.remove(id);
  }

  @Get('bookings')
  @Header('cache-control', 'no-store')
  async bookings(): Promise<StaffBookingsResponse> {
    return { bookings: await this.availability.bookings() };
  }
}
