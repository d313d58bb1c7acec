import { BlockEntity } from './blocks/block.entity.js';
import { AiGenerationEntity } from './content-ai/ai-generation.entity.js';
import { FormSubmissionEntity } from './forms/form-submission.entity.js';
import { ImageTemplateEntity } from './image-templates/image-template.entity.js';
import { JobCompletionEntity } from './jobs/job-completion.entity.js';
import { ImageEntity } from './images/image.entity.js';
import { NavigationEntity } from './navigations/navigation.entity.js';
import { NodeEntity } from './nodes/node.entity.js';
import { RedirectEntity } from './redirects/redirect.entity.js';
import { SiteEntity } from './sites/site.entity.js';
import { UploadEntity } from './uploads/upload.entity.js';

export const CONTENT_SCHEMA = 'content';
export const CONTENT_ENTITIES = [
  UploadEntity,
  ImageEntity,
  SiteEntity,
  NodeEntity,
  BlockEntity,
  NavigationEntity,
  RedirectEntity,
  FormSubmissionEntity,
  JobCompletionEntity,
  ImageTemplateEntity,
  AiGenerationEntity,
];
