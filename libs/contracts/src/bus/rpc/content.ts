import type {
  ContentAiGeneration,
  ContentAiImageInput,
  ContentAiSiteInput,
  ContentAiAvailability,
} from '../../content/content-ai.schema.js';
import type { FontFamilyInfo } from '../../content/font.schema.js';
import type { FormSubmitReply } from '../../content/form.schema.js';
import type { ImageTemplateRenderInput, TemplateLayer } from '../../content/image-template.schema.js';
import type { Image, ImageMetaInput, StagedFile } from '../../content/image.schema.js';
import type { Site, Website } from '../../content/site.schema.js';
import type { StaffUpload, Upload, UploadRef, UploadRenameInput } from '../../content/upload.schema.js';
import type { JobCompletions } from '../jobs.js';
import type { Body, ContentSnapshot, JsonObject, ListReply, ListRequest } from './common.js';

/** The content service's request/reply subjects (part of RpcMap). */
export interface ContentRpc {
  /** the file's bytes wait in the object store bucket UPLOADS_INCOMING under objectName */
  'content.upload.create': { req: { objectName: string; mimeType: string; filename?: string }; res: Upload };
  'content.upload.verify': { req: { refs: UploadRef[] }; res: { missing: UploadRef[] } };
  /** staff rename an upload (the name shown in the back office; checked again by the service) */
  'content.upload.rename': { req: { id: number; body: Body<typeof UploadRenameInput> }; res: StaffUpload };
  /** a visitor's form submission (values by fieldId or position; checked against the form node's fields) */
  'content.form.submit': { req: { id: number; body: JsonObject }; res: FormSubmitReply };
  /** GET /api/image-templates/{id}/layers (staff) */
  'content.image-template.layers': { req: { id: number }; res: TemplateLayer[] };
  /** renders the template's layers into a new image of the library (staff) */
  'content.image-template.render': { req: { id: number; body: Body<typeof ImageTemplateRenderInput> }; res: Image };
  /** the workers finished content jobs (a form's e-mail): recorded, so the re-dispatcher leaves them alone */
  'content.job.completed': { req: JobCompletions; res: { recorded: number } };
  'content.image.list': { req: ListRequest; res: ListReply<Image> };
  'content.image.get': { req: { id: number }; res: Image };
  /** body: name and alt as sent (checked again by the service) */
  'content.image.create': { req: { file: StagedFile; body: Body<typeof ImageMetaInput> }; res: Image };
  /** file: a replacement (version + 1) or null */
  'content.image.update': {
    req: { id: number; file: StagedFile | null; body: Body<typeof ImageMetaInput> };
    res: Image;
  };
  'content.image.delete': { req: { id: number }; res: null };
  /** staff with content rights: a signed token that shows this one site (also when not public) until it expires */
  'content.site.preview-token': {
    req: { id: number };
    res: { token: string; expiresAt: string; website: Website; path: string };
  };
  /** anyone: the site a preview token names, when the token is valid (signature, expiry) and the site is of this website; else null */
  'content.site.preview': { req: { token: string; website: Website }; res: Site | null };
  /** visitors: public entries only */
  'content.init.snapshot': { req: { website: Website }; res: ContentSnapshot };
  /**
   * staff: starts a draft of the site's content from the AI endpoint (a job; the same request of the same user while
   * one runs answers that one), or answers 429 past the user's limits
   */
  'content.ai.generate-site': {
    req: { id: number; body: Body<typeof ContentAiSiteInput> };
    res: ContentAiGeneration;
  };
  /** staff: starts a generated picture, stored as an image when done (as generate-site) */
  'content.ai.generate-image': { req: { body: Body<typeof ContentAiImageInput> }; res: ContentAiGeneration };
  /** its owner: a generation's state, with the draft or image when done and the German message when failed */
  'content.ai.generation.get': { req: { id: string }; res: ContentAiGeneration };
  /** staff: whether an AI endpoint is configured (CONTENT_AI_URL): without one the back office offers no AI buttons */
  'content.ai.status': { req: Record<string, never>; res: ContentAiAvailability };
  'content.font.list': { req: Record<string, never>; res: FontFamilyInfo[] };
  /** the family's CSS with every font file stored here and its url() pointing at /font/… */
  'content.font.embed': { req: { family: string; variant: string }; res: { css: string } };
}
