import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LOGIN_LINK_TTL_MINUTES, LoginLinkInput } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathId } from '../common/path-id.js';
import { openApiSchema } from '../openapi/json-schema.js';
import { Actor, Public, Roles } from './access.js';
import { startLoginSession } from './login-session.js';
import { StaffSessions } from './staff-session.js';
import { Returns } from '../openapi/returns.js';

/** The page that accepts a link: the token rides in the fragment, which browsers never send to a server. */
export const LOGIN_LINK_PAGE = '/backend/login#/link/';

/**
 * One-time login links (backoffice-platform.md §8): an administrator creates a link for a user (valid
 * 10 minutes, single use) and hands it over; opening it logs that user in. The back office's login page reads
 * the token from the fragment and posts it here, so link scanners that fetch URLs never use it up.
 */
@ApiTags('auth')
@Controller()
export class LoginLinkController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly sessions: StaffSessions,
  ) {}

  @Post('api/users/:id/login-link')
  @HttpCode(201)
  @Roles('ROLE_ADMIN')
  @ApiTags('users')
  @ApiOperation({
    summary: `Create a one-time login link for a user (administrators; valid ${LOGIN_LINK_TTL_MINUTES} minutes, single use)`,
  })
  @Returns('LoginLink')
  async create(@Actor() actor: Actor, @Param('id') id: string) {
    const userId = pathId(id, () => DomainException.notFound('Benutzer'));
    const link = await this.bus.request('identity.auth.create-login-link', { userId }, actor);
    return { data: { url: `${LOGIN_LINK_PAGE}${link.token}`, expiresAt: link.expiresAt } };
  }

  @Post('backend/login-link')
  @HttpCode(200)
  @Public()
  @ApiBody({ schema: openApiSchema(LoginLinkInput) })
  @ApiOperation({
    summary:
      'Log in with a one-time login link token; sets the session cookie and returns the CSRF token (401 "Ungültiger oder abgelaufener Anmelde-Link.")',
  })
  @Returns('StaffLogin')
  async consume(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply, @Body() body: unknown) {
    const parsed = LoginLinkInput.safeParse(body);
    if (!parsed.success) throw DomainException.of('UNAUTHENTICATED', 'auth.invalidLoginLink');
    const { token, code } = parsed.data;
    const result = await this.bus.request('identity.auth.consume-login-link', { token, ...(code ? { code } : {}) });
    return { data: await startLoginSession(this.bus, this.sessions, req, reply, result) };
  }
}
