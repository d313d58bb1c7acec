import { useCallback, useState } from 'react';
import { useNotices } from '../../ui/notices';
import { failureMessage, type OrderOperation } from './order-api';

/**
 * Runs an order operation: on success the order is reloaded (backoffice-platform.md §4); on failure the
 * §8 message is recorded with a retry action that repeats the very same call, or handed to `onFailure`
 * (a modal dialog shows it itself: everything outside a modal dialog is inert).
 */
export function useOrderOperation(onChanged: () => void) {
  const notices = useNotices();
  const [busy, setBusy] = useState<OrderOperation | null>(null);
  const run = useCallback(
    async (
      op: OrderOperation,
      call: () => Promise<unknown>,
      successText?: string,
      onFailure?: (message: string, err: unknown) => void,
    ): Promise<boolean> => {
      setBusy(op);
      try {
        await call();
        if (successText) notices.success(successText);
        onChanged();
        return true;
      } catch (err) {
        if (onFailure) onFailure(failureMessage(op, err), err);
        // eslint-disable-next-line react-hooks/immutability -- the retry calls run itself, only after the failure (long after it is declared)
        else notices.error(failureMessage(op, err), () => run(op, call, successText), err);
        // the order may have changed elsewhere (the usual reason for a refusal): show it as it is now
        onChanged();
        return false;
      } finally {
        setBusy(null);
      }
    },
    [notices, onChanged],
  );
  return { run, busy };
}
