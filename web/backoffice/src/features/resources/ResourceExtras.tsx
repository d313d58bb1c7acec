import { useState } from 'react';
import { api, ApiError, apiUrl } from '../../api/client';
import useSWR, { useSWRConfig } from 'swr';
import { f, resourceFailure, t, T } from '../../texts';
import { PairTable } from '../../ui/DataTable';
import { LoadError, useNotices } from '../../ui/notices';
import { clockTime, runningLockout } from './lockout';

/** Users: a one-time login link (valid 10 minutes, single use) to hand to the user. */
export function LoginLinkButton({ user }: { user: Record<string, unknown> }) {
  const notices = useNotices();
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const create = async (): Promise<void> => {
    try {
      const res = await api.post(apiUrl('/api/users/{id}/login-link', { id: String(user.id) }));
      setLink({ url: window.location.origin + res.url, expiresAt: res.expiresAt });
    } catch (err) {
      notices.error(
        err instanceof ApiError ? err.messageOr(T.loginLink.failed) : T.loginLink.failed,
        () => create(),
        err,
      );
    }
  };
  return (
    <div className="card extra-actions">
      <button type="button" onClick={() => void create()}>
        {T.loginLink.create}
      </button>
      {link && (
        <p>
          <label htmlFor="login-link">
            {f(T.loginLink.created, {
              time: clockTime(link.expiresAt),
            })}
          </label>
          <input id="login-link" readOnly value={link.url} size={60} onFocus={(e) => e.target.select()} />
          <button
            type="button"
            onClick={() =>
              void navigator.clipboard?.writeText(link.url).then(() => notices.success(T.loginLink.copied))
            }
          >
            {T.loginLink.copy}
          </button>
        </p>
      )}
    </div>
  );
}

/** Users: the locks that keep a user out (an administrator's, a lockout after failed logins) and lifting them. */
export function UnlockButton({ user }: { user: Record<string, unknown> }) {
  const notices = useNotices();
  const { mutate } = useSWRConfig();
  const until = runningLockout(user);
  if (!user.isLocked && !until) return null;
  const unlock = async (): Promise<void> => {
    try {
      await api.post(apiUrl('/api/users/{id}/unlock', { id: String(user.id) }));
      notices.success(T.users.unlocked);
      await mutate(apiUrl('/api/users/{id}', { id: String(user.id) }));
    } catch (err) {
      notices.error(err instanceof ApiError ? err.messageOr(T.users.unlockFailed) : T.users.unlockFailed, () =>
        unlock(),
      );
    }
  };
  return (
    <div className="card extra-actions">
      <p>{until ? f(T.users.lockedAfterFailures, { time: clockTime(until) }) : T.users.lockedByAdmin}</p>
      <button type="button" onClick={() => void unlock()}>
        {T.users.unlock}
      </button>
    </div>
  );
}

/** Devices: test print (printers), test notification (notification devices), log request and what the device reported. */
export function DeviceActions({ device }: { device: Record<string, unknown> }) {
  const notices = useNotices();
  const {
    data: logs,
    error: logsError,
    mutate,
  } = useSWR(apiUrl('/api/devices/{id}/logs', { id: String(device.id) }), (url) => api.get(url), {
    refreshInterval: 15_000,
  });
  const call = async (
    path: 'test/print' | 'test/notification' | 'request-device-logs',
    failure: string,
    done: string,
  ): Promise<void> => {
    try {
      await api.post(apiUrl(`/api/devices/{id}/${path}`, { id: String(device.id) }));
      notices.success(done);
      void mutate();
    } catch (err) {
      const detail = err instanceof ApiError ? err.messageOr('') : '';
      notices.error(
        detail && detail !== failure ? `${failure} ${detail}` : failure,
        () => call(path, failure, done),
        err,
      );
    }
  };
  const test = t('backoffice.deviceTestFailed');
  return (
    <div className="card">
      <div className="extra-actions">
        {device.type === 'printer' && (
          <button type="button" onClick={() => void call('test/print', test, T.devices.testDone)}>
            {T.devices.testPrint}
          </button>
        )}
        {device.type === 'notification' && (
          <button type="button" onClick={() => void call('test/notification', test, T.devices.testDone)}>
            {T.devices.testNotification}
          </button>
        )}
        <button
          type="button"
          onClick={() => void call('request-device-logs', t('backoffice.deviceLogFailed'), T.devices.logsRequested)}
        >
          {T.devices.requestLogs}
        </button>
      </div>
      <h2>{T.devices.logTitle}</h2>
      {logsError && <LoadError message={resourceFailure('logs', 'load')} retry={() => mutate()} error={logsError} />}
      {logs && logs.length === 0 && <p>{T.list.empty}</p>}
      {logs && logs.length > 0 && (
        <PairTable
          className="data-table"
          headings={[T.devices.logAt, T.devices.logMessage]}
          pairs={logs.slice(0, 50).map((l) => ({
            key: l.id,
            name: new Date(l.at).toLocaleString('de-AT'),
            value: l.message,
          }))}
        />
      )}
    </div>
  );
}
