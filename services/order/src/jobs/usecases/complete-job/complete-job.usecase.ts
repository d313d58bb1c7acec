import { Injectable } from '@nestjs/common';
import { isPrintCompletion, type JobCompletions } from '@shop/contracts';
import { EnqueuePrint } from '../../../devices/usecases/enqueue-print/enqueue-print.usecase.js';

/**
 * order.job.completed: the workers finished jobs. The print jobs' rendered receipts go into the printers' queues (a
 * repeated job id adds nothing) and every completion is recorded, in one statement for the whole report
 * (EnqueuePrint); from then on the re-dispatcher leaves those jobs alone. Answers how many completions were new.
 */
@Injectable()
export class CompleteJob {
  constructor(private readonly enqueuePrint: EnqueuePrint) {}

  async execute({ completions }: JobCompletions): Promise<{ recorded: number }> {
    const prints = completions.filter(isPrintCompletion).map((c) => ({ ...c.result, jobKey: String(c.jobId) }));
    const { recorded } = await this.enqueuePrint.execute(
      prints,
      completions.map((c) => String(c.jobId)),
    );
    return { recorded };
  }
}
