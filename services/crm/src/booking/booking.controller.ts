import { Body, Controller, Get, Header, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import {
  bookCallRequestSchema,
  type BookingResponse,
  type OpenSlotsResponse,
  type RescheduleBookingRequest,
  rescheduleBookingRequestSchema,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { type CallBookingRequest, BookingService } from './booking.service';

/**
 * The company's own booking, for anyone: the open slots, booking one (rate-limited like the contact
 * form), and the mail's manage link (`/booking/<token>`): the booking, cancel, reschedule.
 */
@Controller('api/crm/booking')
export class BookingController {
  constructor(private readonly booking: BookingService) {}

  @Get('slots')
  @Header('cache-control', 'no-store')
  async slots(): Promise<OpenSlotsResponse> {
    return { slots: await this.booking.openSlots() };
  }

  /** `request.ip` is the address the gateway saw. */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  async book(
    @Body({ schema: bookCallRequestSchema }) body: CallBookingRequest,
    @Req() request: FastifyRequest,
  ): Promise<BookingResponse> {
    return { booking: await this.booking.book(body, request.ip) };
  }

  @Get('manage/:token')
  @Header('cache-control', 'no-store')
  async find(@Param('token') token: string): Promise<BookingResponse> {
    return { booking: await this.booking.find(token) };
  }

  @Post('manage/:token/cancel')
  @HttpCode(HttpStatus.OK)
  async cancel(@Param('token') token: string): Promise<BookingResponse> {
    return { booking: await this.booking.cancel(token) };
  }

  @Post('manage/:token/reschedule')
  @HttpCode(HttpStatus.OK)
  async reschedule(
    @Param('token') token: string,
    @Body({ schema: rescheduleBookingRequestSchema }) body: RescheduleBookingRequest,
  ): Promise<BookingResponse> {
    return { booking: await this.booking.reschedule(token, body.slotId) };
  }
}
