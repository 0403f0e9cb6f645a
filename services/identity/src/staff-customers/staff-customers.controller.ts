import { BadRequestException, Controller, Get, Header, NotFoundException, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import {
  type CustomerMatchQuery,
  customerMatchQuerySchema,
  type CustomerMatchResponse,
  staffCustomerMessages,
  type StaffOrganizationDetail,
  type StaffOrganizationListQuery,
  staffOrganizationListQuerySchema,
  type StaffOrganizationListResponse,
  type StaffUserLookupQuery,
  staffUserLookupQuerySchema,
  type StaffUserLookupResponse,
} from '@portal/contracts';
import { decodeKeysetCursor, encodeKeysetCursor } from '@portal/db';
import { SessionStaffOnly } from '../auth/session-staff.guard';
import { StaffCustomersService } from './staff-customers.service';

const organizationNotFound = () => new NotFoundException(staffCustomerMessages.organizationNotFound);

/** Staff (isAdmin) read every organization, its plan and members, and look accounts up. Customers get 403. */
@Controller('api/identity/staff')
@SessionStaffOnly()
export class StaffCustomersController {
  constructor(private readonly customers: StaffCustomersService) {}

  @Get('organizations')
  @Header('cache-control', 'no-store')
  async list(
    @Query({ schema: staffOrganizationListQuerySchema }) { cursor, ...query }: StaffOrganizationListQuery,
  ): Promise<StaffOrganizationListResponse> {
    const after = cursor === undefined ? undefined : decodeKeysetCursor(cursor);
    if (after === null) throw new BadRequestException(staffCustomerMessages.cursorInvalid);
    const page = await this.customers.list({ ...query, after });
    return { organizations: page.organizations, nextCursor: page.next && encodeKeysetCursor(page.next) };
  }

  @Get('organizations/:id')
  @Header('cache-control', 'no-store')
  async get(
    @Param('id', new ParseUUIDPipe({ exceptionFactory: organizationNotFound })) id: string,
  ): Promise<StaffOrganizationDetail> {
    const organization = await this.customers.find(id);
    if (!organization) throw organizationNotFound();
    return organization;
  }

  /** The customer accounts of these emails (the leads page links a lead to its customer). */
  @Get('customers')
  @Header('cache-control', 'no-store')
  async match(@Query({ schema: customerMatchQuerySchema }) query: CustomerMatchQuery): Promise<CustomerMatchResponse> {
    return { customers: await this.customers.matchByEmail(query.email) };
  }

  /** Names of note authors, message authors and assignees. */
  @Get('users')
  @Header('cache-control', 'no-store')
  async users(@Query({ schema: staffUserLookupQuerySchema }) query: StaffUserLookupQuery): Promise<StaffUserLookupResponse> {
    return { users: await this.customers.lookUpUsers(query.id) };
  }
}
