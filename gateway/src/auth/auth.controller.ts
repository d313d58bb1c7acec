import { Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LoginInput } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathId } from '../http/path-id.js';
import { openApiSchema } from '../openapi/json-schema.js';
import { Actor, Public, Roles } from './access.js';
import { StaffSessions } from './staff-session.js';

/** backoffice-platform.md §2 and api-contract.md "Auth": staff sessions. */
@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly sessions: StaffSessions,
  ) {}

  @Post('backend/login')
  @HttpCode(200)
  @Public()
  @UseGuards(AuthGuard('local'))
  @ApiOperation({ summary: 'Staff login (form or JSON); sets the HttpOnly session cookie and returns the CSRF token' })
  @ApiBody({ schema: openApiSchema(LoginInput) })
  async login(@Req() req: FastifyRequest & { user: Actor }, @Res({ passthrough: true }) reply: FastifyReply) {
    const actor = req.user;
    // a new session id at login: a session id planted before login is worthless afterwards
    await this.sessions.start(req, reply, { actor, actorCheckedAt: Date.now() });
    const user = await this.bus.request('identity.user.me', { id: actor.id }, actor);
    return { data: { user, csrfToken: await reply.generateCsrf() } };
  }

  @Post('backend/logout')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Ends the staff session' })
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.sessions.end(req, reply);
    return { data: null };
  }

  /** The staff toolbar links here (backoffice-platform.md §2): end the session and go to the login page. */
  @Get('backend/logout')
  @Public()
  @ApiOperation({ summary: 'Ends the staff session and redirects to /backend/login' })
  async logoutLink(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    await this.sessions.end(req, reply);
    await reply.redirect('/backend/login', 302);
  }

  @Get('backend/csrf-token')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({ summary: 'The CSRF token to send as x-csrf-token with unsafe requests of this session' })
  async csrf(@Res({ passthrough: true }) reply: FastifyReply) {
    return { data: { csrfToken: await reply.generateCsrf() } };
  }

  @Get('api/users/me')
  @ApiTags('users')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiOperation({ summary: 'The logged-in staff member (401 when anonymous)' })
  async me(@Actor() actor: Actor) {
    return { data: await this.bus.request('identity.user.me', { id: actor.id }, actor) };
  }

  @Post('api/users/:id/unlock')
  @HttpCode(200)
  @Roles('ROLE_ADMIN')
  @ApiTags('users')
  @ApiOperation({
    summary:
      'Lift every lock of a user (administrators): the lock set by an administrator and the lockouts after failed logins',
  })
  async unlock(@Actor() actor: Actor, @Param('id') id: string) {
    const userId = pathId(id, () => DomainException.notFound('Benutzer'));
    return { data: await this.bus.request('identity.user.unlock', { id: userId }, actor) };
  }
}
