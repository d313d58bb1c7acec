import { DomainException } from '../errors/domain-exception.js';
import { requireService, signCaller } from './service-identity.js';

const workers = { service: 'workers', secret: 'a-shared-secret-of-the-services' };

describe('service identity', () => {
  it('accepts a caller signed with the shared secret for this subject', () => {
    const caller = signCaller(workers, 'order.job.completed');
    expect(requireService(caller, 'order.job.completed', workers.secret, ['workers'])).toBe('workers');
  });

  it('refuses a missing caller, another service, another subject and another secret', () => {
    const caller = signCaller(workers, 'order.job.completed');
    const refused = (f: () => unknown) => expect(f).toThrow(DomainException);
    refused(() => requireService(undefined, 'order.job.completed', workers.secret, ['workers']));
    refused(() => requireService(caller, 'order.job.completed', workers.secret, ['gateway']));
    refused(() => requireService(caller, 'order.job.record-failure', workers.secret, ['workers']));
    refused(() => requireService(caller, 'order.job.completed', 'another-secret-entirely', ['workers']));
    refused(() =>
      requireService({ service: 'workers', signature: 'forged' }, 'order.job.completed', workers.secret, ['workers']),
    );
  });
});
