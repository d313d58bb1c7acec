import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LoginInput, MfaDisableInput, MfaEnableInput, type LoginResult } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pathId } from '../http/path-id.js';
import { openApiSchema } from '../openapi/json-schema.js';
import { Actor, AllowDuringMfaSetup, Public, Roles } from './access.js';
import { validateBody } from '../http/validate-body.js';
import { startLoginSession } from './login-session.js';
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
  async login(@Req() req: FastifyRequest & { user: LoginResult }, @Res({ passthrough: true }) reply: FastifyReply) {
    return { data: await startLoginSession(this.bus, this.sessions, req, reply, req.user) };
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
  @AllowDuringMfaSetup()
  @ApiOperation({ summary: 'The CSRF token to send as x-csrf-token with unsafe requests of this session' })
  async csrf(@Res({ passthrough: true }) reply: FastifyReply) {
    return { data: { csrfToken: await reply.generateCsrf() } };
  }

  @Get('api/users/me')
  @ApiTags('users')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @AllowDuringMfaSetup()
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

  /* ------------------------------------------------------------ two-factor login of the staff member */

  @Get('api/users/me/mfa')
  @ApiTags('users')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @AllowDuringMfaSetup()
  @ApiOperation({ summary: 'Whether two-factor login is on, required, and how many recovery codes are left' })
  async mfaStatus(@Actor() actor: Actor) {
    return { data: await this.bus.request('identity.mfa.status', {}, actor) };
  }

  @Post('api/users/me/mfa/setup')
  @HttpCode(200)
  @ApiTags('users')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @AllowDuringMfaSetup()
  @ApiOperation({
    summary: 'Start enrolling in two-factor login: a new TOTP secret with its otpauth URL and QR code (data URL)',
  })
  async mfaSetup(@Actor() actor: Actor) {
    return { data: await this.bus.request('identity.mfa.setup', {}, actor) };
  }

  @Post('api/users/me/mfa/enable')
  @HttpCode(200)
  @ApiTags('users')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @AllowDuringMfaSetup()
  @ApiBody({ schema: openApiSchema(MfaEnableInput) })
  @ApiOperation({
    summary: "Turn two-factor login on with the app's first code; answers the 10 recovery codes (shown once)",
  })
  async mfaEnable(@Actor() actor: Actor, @Req() req: FastifyRequest, @Body() body: unknown) {
    const codes = await this.bus.request('identity.mfa.enable', { body: validateBody(MfaEnableInput, body) }, actor);
    if (req.staffSession?.data.mfaSetupRequired) {
      req.staffSession.data = { ...req.staffSession.data, mfaSetupRequired: false };
      await this.sessions.save(req);
    }
    return { data: codes };
  }

  @Post('api/users/me/mfa/disable')
  @HttpCode(200)
  @ApiTags('users')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiBody({ schema: openApiSchema(MfaDisableInput) })
  @ApiOperation({ summary: 'Turn two-factor login off (password and a code); not while it is required' })
  async mfaDisable(@Actor() actor: Actor, @Body() body: unknown) {
    return {
      data: await this.bus.request('identity.mfa.disable', { body: validateBody(MfaDisableInput, body) }, actor),
    };
  }
}
