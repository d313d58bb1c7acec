import type { JobItem } from '@shop/contracts';

/** A printer's test page: order id 0 in the job id, which names the device and the moment (print-0-test-5-lx2k9q). */
export function testPageJob(branch: number, deviceId: number, now = Date.now()): JobItem {
  const reason = `test-${deviceId}-${now.toString(36)}`;
  return { name: 'print-test-page', queue: 'print', jobId: `print-0-${reason}`, data: { branch, deviceId, reason } };
}
