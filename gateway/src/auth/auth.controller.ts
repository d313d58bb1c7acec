import { Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LoginInput, type Actor } from '@shop/contracts';
import { ServiceBus } from '@shop/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ActorService } from './actor.service.js';
import { StaffSessions } from './staff-session.js';

/** backoffice-platform.md §2 and api-contract.md "Auth": staff sessions. */
@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly actors: ActorService, private readonly bus: ServiceBus, private readonly sessions: StaffSessions) {}

  @Post('backend/login')
  @HttpCode(200)
  @UseGuards(AuthGuard('local'))
  @ApiOperation({ summary: 'Staff login (form or JSON); sets the HttpOnly session cookie and returns the CSRF token' })
  @ApiBody({ schema: z.toJSONSchema(LoginInput) as object })
  async login(@Req() req: FastifyRequest & { user: Actor }, @Res({ passthrough: true }) reply: FastifyReply) {
    const actor = req.user;
    // a new session id at login: a session id planted before login is worthless afterwards
    await this.sessions.start(req, reply, { actor, actorCheckedAt: Date.now() });
    const user = await this.bus.request('identity.user.me', { id: actor.id }, actor);
    return { data: { user, csrfToken: await reply.generateCsrf() } };
  }

  @Post('backend/logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends the staff session' })
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.sessions.end(req, reply);
    return { data: null };
  }

  /** The staff toolbar links here (backoffice-platform.md §2): end the session and go to the login page. */
  @Get('backend/logout')
  @ApiOperation({ summary: 'Ends the staff session and redirects to /backend/login' })
  async logoutLink(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    await this.sessions.end(req, reply);
    await reply.redirect('/backend/login', 302);
  }

  @Get('backend/csrf-token')
  @ApiOperation({ summary: 'The CSRF token to send as x-csrf-token with unsafe requests of this session' })
  async csrf(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.actors.require(req);
    return { data: { csrfToken: await reply.generateCsrf() } };
  }

  @Get('api/users/me')
  @ApiTags('users')
  @ApiOperation({ summary: 'The logged-in staff member (401 when anonymous)' })
  async me(@Req() req: FastifyRequest) {
    const actor = await this.actors.require(req);
    return { data: await this.bus.request('identity.user.me', { id: actor.id }, actor) };
  }
}
