import type { TimeTrackingConfig } from '../config/time-tracking-config.js';
import type { DataSource } from 'typeorm';
import { ADMIN, employee, manager, refusal, timeTrackingTestDatabase } from '../../test/time-tracking-test-database.js';
import { TerminalService } from './terminal.service.js';

/** Terminals and personal access codes (real Postgres, committed migrations); identity's answers stand in. */
describe('TerminalService', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let terminals: TerminalService;
  const OWN = 81;
  const EMP = employee(841, [OWN]);
  const MANAGER = manager(842, [OWN]);
  const ELSEWHERE = employee(843, [82]);
  const STAFF: Record<number, number[]> = { [EMP.id]: [OWN], [MANAGER.id]: [OWN], [ELSEWHERE.id]: [82] };
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('terminal_service'));
    const config = {
      SERVICE_SECRET: 'terminal-test-secret-0123456789abcdef',
      ACCESS_TOKEN_MAX_ATTEMPTS: 3,
      ACCESS_TOKEN_LOCK_MINUTES: 15,
    } as TimeTrackingConfig;
    terminals = new TerminalService(
      ds,
      config,
      async (id) => STAFF[id] ?? null,
      async (id) => (STAFF[id] ? { roles: ['ROLE_EMPLOYEE'], branches: STAFF[id] } : null),
    );
  });
  afterAll(() => close());

  it('registers terminals for administrators; staff see those of their branches without keys', async () => {
    const clock = await terminals.createClock(ADMIN, { branch: OWN, name: 'Eingang' });
    expect(clock).toMatchObject({ branch: OWN, name: 'Eingang', key: expect.stringMatching(/^[\w-]{22}$/) });
    await terminals.createClock(ADMIN, { branch: 82, name: 'Lager' });
    expect(await terminals.listClocks(EMP)).toEqual([
      { id: clock.id, branch: OWN, name: 'Eingang', createdAt: clock.createdAt },
    ]);
    expect(await terminals.listClocks(ADMIN)).toHaveLength(2);
    expect(await refusal(() => terminals.createClock(EMP, { branch: OWN, name: 'x' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await refusal(() => terminals.createClock(ADMIN, { name: 'x' })))?.code).toBe('VALIDATION_FAILED');
    const spare = await terminals.createClock(ADMIN, { branch: OWN, name: 'Reserve' });
    expect(await terminals.deleteClock(ADMIN, spare.id)).toBeNull();
    expect(await refusal(() => terminals.deleteClock(ADMIN, spare.id))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('clocks in with a code at a terminal of the branch; wrong codes lock the username for a while', async () => {
    const [clock] = await terminals.listClocks(ADMIN);
    const issued = await terminals.issueToken(ADMIN, { user: EMP.id, username: EMP.username });
    expect(issued.token).toMatch(/^\d{8}$/);
    const at = (token: string, deviceKey = clock.key!, branch = OWN) =>
      terminals.authenticate({ branch, deviceKey, username: EMP.username, token });
    expect(await at(issued.token)).toEqual({ id: EMP.id, username: EMP.username, terminalBranch: OWN, actor: null });
    expect(await refusal(() => at(issued.token, 'no-such-key'))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Dieses Zeiterfassungsterminal ist nicht registriert.',
    });
    expect(await refusal(() => at(issued.token, clock.key!, 82))).toMatchObject({ code: 'NOT_FOUND' });
    const wrong = issued.token === '00000000' ? '00000001' : '00000000';
    for (let i = 0; i < 2; i++)
      expect(await refusal(() => at(wrong))).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'Benutzername oder Code ist ungültig.',
      });
    // the right code resets the count; three wrong ones in a row lock even the right one
    await at(issued.token);
    for (let i = 0; i < 3; i++) await refusal(() => at(wrong));
    expect(await refusal(() => at(issued.token))).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await terminals.listTokens(ADMIN, EMP.id))[0].lockedUntil).not.toBeNull();
  });

  it('lets managers issue, list and revoke the codes of their branches’ staff; a revoked code clocks no more', async () => {
    const [clock] = await terminals.listClocks(ADMIN);
    const issued = await terminals.issueToken(MANAGER, { user: MANAGER.id, username: MANAGER.username });
    await terminals.issueToken(ADMIN, { user: ELSEWHERE.id, username: ELSEWHERE.username });
    expect(await refusal(() => terminals.issueToken(MANAGER, { user: ELSEWHERE.id, username: 'x' }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Sie haben keinen Zugriff auf diese Filiale.',
    });
    expect(await refusal(() => terminals.listTokens(EMP))).toMatchObject({ code: 'FORBIDDEN' });
    expect(new Set((await terminals.listTokens(MANAGER)).map((t) => t.user))).toEqual(new Set([EMP.id, MANAGER.id]));
    expect((await terminals.listTokens(ADMIN)).map((t) => t.user)).toContain(ELSEWHERE.id);
    const revoked = await terminals.revokeToken(MANAGER, issued.id);
    expect(revoked.revokedAt).not.toBeNull();
    expect(
      await refusal(() =>
        terminals.authenticate({ branch: OWN, deviceKey: clock.key!, username: MANAGER.username, token: issued.token }),
      ),
    ).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await refusal(() => terminals.revokeToken(ADMIN, 999_999))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('starts an activity at a terminal only for staff of its branch, as identity knows them now', async () => {
    const user = { id: EMP.id, username: EMP.username, actor: null };
    await expect(terminals.requireStartBranch({ ...user, terminalBranch: OWN })).resolves.toBeUndefined();
    await expect(terminals.requireStartBranch({ ...user, terminalBranch: null })).resolves.toBeUndefined();
    expect(await refusal(() => terminals.requireStartBranch({ ...user, terminalBranch: 82 }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      await refusal(() => terminals.requireStartBranch({ id: 999, username: 'weg', actor: null, terminalBranch: OWN })),
    ).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });
});
