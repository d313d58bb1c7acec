import { ImageEntity } from './images/image.entity.js';
import { UploadEntity } from './uploads/upload.entity.js';

export const CONTENT_SCHEMA = 'content';
export const CONTENT_ENTITIES = [UploadEntity, ImageEntity];
