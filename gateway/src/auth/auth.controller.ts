import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBody, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { LoginInput, MfaDisableInput, MfaEnableInput, type LoginResult } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rotateCsrfToken } from '../common/csrf.js';
import { pathId } from '../common/path-id.js';
import { ProofOfWork } from '../common/proof-of-work.js';
import { openApiSchema } from '../openapi/json-schema.js';
import { Actor, AllowDuringMfaSetup, Public, Roles } from './access.js';
import { validateBody } from '../common/validate-body.js';
import { startLoginSession } from './login-session.js';
import { StaffSessions } from './staff-session.js';
import { Returns } from '../openapi/returns.js';

/** backoffice-platform.md §2 and api-contract.md "Auth": staff sessions. */
@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly sessions: StaffSessions,
    private readonly proofOfWork: ProofOfWork,
  ) {}

  @Post('backend/login')
  @HttpCode(200)
  @Public()
  @UseGuards(AuthGuard('local'))
  @ApiOperation({ summary: 'Staff login (form or JSON); sets the HttpOnly session cookie and returns the CSRF token' })
  @ApiBody({ schema: openApiSchema(LoginInput) })
  @ApiHeader({
    name: 'X-Altcha',
    required: false,
    description:
      'A solved ALTCHA challenge (GET /backend/login/challenge), needed once the username had LOGIN_CHALLENGE_AFTER_FAILURES failed logins within the window',
  })
  @ApiResponse({
    status: 429,
    description:
      'too many attempts from this address (TOO_MANY_REQUESTS, Retry-After), a lockout of this username from this address, or a solved challenge is needed (CHALLENGE_REQUIRED)',
  })
  @Returns('StaffLogin', { status: 200 })
  async login(@Req() req: FastifyRequest & { user: LoginResult }, @Res({ passthrough: true }) reply: FastifyReply) {
    return { data: await startLoginSession(this.bus, this.sessions, req, reply, req.user) };
  }

  @Get('backend/login/challenge')
  @Public()
  @ApiOperation({
    summary:
      'A proof-of-work challenge (ALTCHA, signed, valid 10 minutes) for a login whose username had many failed logins (429 CHALLENGE_REQUIRED): the browser solves it and sends the solution with the login in X-Altcha',
  })
  @Returns('AltchaChallenge')
  async loginChallenge() {
    return { data: await this.proofOfWork.challenge() };
  }

  @Post('backend/logout')
  @HttpCode(200)
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @AllowDuringMfaSetup()
  @ApiOperation({ summary: "Ends the staff session (with the session's CSRF token, like every write)" })
  @Returns(null)
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.sessions.end(req, reply);
    return { data: null };
  }

  /**
   * The staff toolbar links here (backoffice-platform.md §2). A link must not end a session (any site could link
   * or embed it, issue 37 item 5): it leads to the back office's page that asks, whose button posts the logout.
   */
  @Get('backend/logout')
  @Public()
  @ApiOperation({
    summary: 'Ends nothing: redirects (303) to the back office page /backend#/logout, whose button posts the logout',
  })
  @ApiResponse({ status: 303, description: 'to /backend#/logout' })
  async logoutLink(@Res() reply: FastifyReply) {
    await reply.redirect('/backend#/logout', 303);
  }

  @Get('backend/csrf-token')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @AllowDuringMfaSetup()
  @ApiOperation({ summary: 'The CSRF token to send as x-csrf-token with unsafe requests of this session' })
  @Returns('CsrfToken')
  async csrf(@Res({ passthrough: true }) reply: FastifyReply) {
    return { data: { csrfToken: await reply.generateCsrf() } };
  }

  @Get('api/users/me')
  @ApiTags('users')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @AllowDuringMfaSetup()
  @ApiOperation({ summary: 'The logged-in staff member (401 when anonymous)' })
  @Returns('identity.user.me')
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
  @Returns('identity.user.unlock')
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
  @Returns('identity.mfa.status')
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
  @Returns('identity.mfa.setup')
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
  @Returns('identity.mfa.enable')
  async mfaEnable(
    @Actor() actor: Actor,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: unknown,
  ) {
    const codes = await this.bus.request('identity.mfa.enable', { body: validateBody(MfaEnableInput, body) }, actor);
    if (req.staffSession?.data.mfaSetupRequired) {
      // the session's rights grow from enrolling only to everything: a new id and CSRF secret, like a login (the
      // back office fetches the new token when its old one is refused)
      const { startedAt, ...data } = req.staffSession.data;
      await this.sessions.start(req, reply, { ...data, mfaSetupRequired: false }, startedAt);
      rotateCsrfToken(req, reply);
    }
    return { data: codes };
  }

  @Post('api/users/me/mfa/disable')
  @HttpCode(200)
  @ApiTags('users')
  @Roles('ROLE_ADMIN', 'ROLE_EMPLOYEE')
  @ApiBody({ schema: openApiSchema(MfaDisableInput) })
  @ApiOperation({ summary: 'Turn two-factor login off (password and a code); not while it is required' })
  @Returns('identity.mfa.disable')
  async mfaDisable(@Actor() actor: Actor, @Body() body: unknown) {
    return {
      data: await this.bus.request('identity.mfa.disable', { body: validateBody(MfaDisableInput, body) }, actor),
    };
  }
}
