import type { JobCompletion } from '@shop/contracts';
import { currentRequestId, runWithRequestId } from '@shop/server';
import {
  CompletionReports,
  MAX_REPORT_BYTES,
  MAX_REPORT_COMPLETIONS,
  type CompletionSubject,
} from './completion-reports.js';

/** A writer whose answers the test releases one report at a time. */
function writer() {
  const reports: Array<{ subject: CompletionSubject; ids: string[]; requestId?: string }> = [];
  const answers: Array<{ ok: () => void; fail: (err: Error) => void }> = [];
  const batcher = new CompletionReports((subject, completions) => {
    reports.push({ subject, ids: completions.map((c) => c.jobId), requestId: currentRequestId() });
    return new Promise<void>((ok, fail) => answers.push({ ok, fail }));
  });
  return { reports, answers, completions: batcher };
}

const email = (jobId: string): JobCompletion => ({ jobId, name: 'email-new-order', result: { sent: ['customer'] } });
const formMail = (jobId: string): JobCompletion => ({ jobId, name: 'email-form-submission', result: { sent: true } });
const print = (jobId: string, bytes: number): JobCompletion => ({
  jobId,
  name: 'print-receipt',
  result: { branch: 1, orderId: 1, documents: { escpos: 'e'.repeat(bytes), star: '', text: '' } },
});
const tick = () => new Promise((r) => setImmediate(r));

describe('CompletionReports (issue 22: the workers report finished jobs in batches under load)', () => {
  it('a completion on a quiet queue goes out at once, alone, and its job is done when the writer answered', async () => {
    const { reports, answers, completions } = writer();
    let done = false;
    const job = completions.report(email('email-1')).then(() => (done = true));
    expect(reports).toEqual([{ subject: 'order.job.completed', ids: ['email-1'], requestId: expect.any(String) }]);
    await tick();
    expect(done).toBe(false);
    answers[0]!.ok();
    await job;
    expect(done).toBe(true);
  });

  it('completions that come while a report is on its way go together in the next one, in the first one’s request id', async () => {
    const { reports, answers, completions } = writer();
    const first = completions.report(email('email-1'));
    const settled: string[] = [];
    const later = ['email-2', 'print-3', 'email-4'].map((id, i) =>
      runWithRequestId(`req-${i + 2}`, () =>
        completions.report(id.startsWith('print') ? print(id, 10) : email(id)).then(() => settled.push(id)),
      ),
    );
    await tick();
    expect(reports).toHaveLength(1);
    answers[0]!.ok();
    await first;
    await tick();
    expect(reports[1]).toEqual({
      subject: 'order.job.completed',
      ids: ['email-2', 'print-3', 'email-4'],
      requestId: 'req-2',
    });
    expect(settled).toEqual([]);
    answers[1]!.ok();
    await Promise.all(later);
    expect(settled).toEqual(['email-2', 'print-3', 'email-4']);
  });

  it('a failed report fails its own jobs only (BullMQ retries them); the next report goes on', async () => {
    const { reports, answers, completions } = writer();
    const first = completions.report(email('email-1'));
    const second = completions.report(email('email-2'));
    answers[0]!.fail(new Error('Die Anfrage an order.job.completed lief in einen Timeout.'));
    await expect(first).rejects.toThrow('Timeout');
    await tick();
    expect(reports.map((r) => r.ids)).toEqual([['email-1'], ['email-2']]);
    answers[1]!.ok();
    await expect(second).resolves.toBeUndefined();
  });

  it('each writer gets its own reports: form mails go to content, order jobs to order, side by side', async () => {
    const { reports, answers, completions } = writer();
    const jobs = [completions.report(email('email-1')), completions.report(formMail('form-1'))];
    expect(reports.map((r) => [r.subject, r.ids])).toEqual([
      ['order.job.completed', ['email-1']],
      ['content.job.completed', ['form-1']],
    ]);
    answers.forEach((a) => a.ok());
    await Promise.all(jobs);
  });

  it('a report stays under its size and count limits; what does not fit goes in the next one', async () => {
    const { reports, answers, completions } = writer();
    const jobs = [completions.report(email('first'))];
    // three receipts of 40 % of the limit each: two fit in one report, the third goes in the next
    const big = Math.floor(MAX_REPORT_BYTES * 0.4);
    for (const id of ['big-1', 'big-2', 'big-3']) jobs.push(completions.report(print(id, big)));
    for (let i = 0; i < MAX_REPORT_COMPLETIONS + 5; i++) jobs.push(completions.report(email(`small-${i}`)));
    for (let n = 0; n < 4; n++) {
      await tick();
      answers[n]!.ok();
    }
    await Promise.all(jobs);
    const sizes = reports.map((r) => r.ids.length);
    expect(reports[1]!.ids).toEqual(['big-1', 'big-2']);
    expect(reports[2]!.ids[0]).toBe('big-3');
    expect(Math.max(...sizes)).toBe(MAX_REPORT_COMPLETIONS);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(jobs.length);
  });
});
