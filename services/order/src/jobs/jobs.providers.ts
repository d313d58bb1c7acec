import { JobController } from './job.controller.js';
import { JobRedispatcher } from './job-redispatcher.js';
import { JobRepository } from './job.repository.js';
import { CompleteJob } from './usecases/complete-job/complete-job.usecase.js';
import { RecordJobFailure } from './usecases/record-job-failure/record-job-failure.usecase.js';

/** The jobs folder's handlers, for OrderModule. */
export const JOB_CONTROLLERS = [JobController];

/** The jobs folder's repository, use cases and re-dispatcher, for OrderModule. */
export const JOB_PROVIDERS = [JobRepository, JobRedispatcher, CompleteJob, RecordJobFailure];
