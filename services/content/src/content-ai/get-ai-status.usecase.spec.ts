import type { Actor } from '@shop/contracts';
import { loadContentConfig } from '../config/content-config.js';
import { GetAiStatus } from './get-ai-status.usecase.js';

const staff: Actor = { id: 7, username: 'u7', roles: ['ROLE_EMPLOYEE'], branches: [1] };
const config = (env: Record<string, string>) => loadContentConfig({ DATABASE_URL: 'postgres://x@localhost/x', ...env });

describe('GetAiStatus: whether the back office offers its AI buttons', () => {
  it('answers configured with CONTENT_AI_URL and not configured without one', () => {
    expect(new GetAiStatus(config({ CONTENT_AI_URL: 'http://127.0.0.1:9/v1' })).execute(staff)).toEqual({
      configured: true,
    });
    expect(new GetAiStatus(config({})).execute(staff)).toEqual({ configured: false });
  });

  it('is for staff only', () => {
    expect(() => new GetAiStatus(config({})).execute(null)).toThrow(expect.objectContaining({ status: 401 }));
  });
});
