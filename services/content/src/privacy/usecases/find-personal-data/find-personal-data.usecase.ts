import { Injectable } from '@nestjs/common';
import type { PrivacyFindReply, PrivacyFindRequest, PrivacySection, PrivacyValue } from '@shop/contracts';
import { CONTENT_PRIVACY_FIELDS as F } from '@shop/i18n-de';
import { toStaffUpload } from '../../../uploads/upload.crud.js';
import type { UploadEntity } from '../../../uploads/upload.entity.js';
import { PrivacyRepository } from '../../privacy.repository.js';
import { fieldsByKey, findPersonalData, labelOf, orderedKeys, type FoundSubmission } from '../shared/personal-data.js';

const display = (v: string | boolean | null): PrivacyValue => (v === true ? F.yes : v === false ? F.no : v);

/** A submission as the export shows it: the form, when it was sent, then each value under its field's label. */
function submissionRow({ row, form }: FoundSubmission): Record<string, PrivacyValue> {
  const fields = fieldsByKey(form);
  const out: Record<string, PrivacyValue> = {
    [F.form]: row.formName,
    [F.submittedAt]: row.createdAt.toISOString(),
  };
  for (const key of orderedKeys(fields, row.values)) {
    const label = labelOf(fields, key);
    out[label in out ? `${label} (${key})` : label] = display(row.values[key]);
  }
  return out;
}

/** An uploaded file as the export shows it, with the public path it is downloaded from. */
function uploadRow(u: UploadEntity): Record<string, PrivacyValue> {
  const staff = toStaffUpload(u);
  return {
    [F.file]: `${u.id}-${u.version}.${u.extension}`,
    [F.originalName]: u.originalName,
    [F.type]: u.mimeType,
    [F.size]: u.size,
    [F.uploadedAt]: staff.createdAt,
    [F.download]: staff.url,
  };
}

/**
 * `content.privacy.find` (issue 44, asked by the identity service): the customer's form submissions and uploads as
 * export sections with German field names, the uploads' ids and the names the submissions hold.
 */
@Injectable()
export class FindPersonalData {
  constructor(private readonly repo: PrivacyRepository) {}

  async execute(req: PrivacyFindRequest): Promise<PrivacyFindReply> {
    const found = await findPersonalData(this.repo, req);
    const sections: PrivacySection[] = [];
    if (found.submissions.length)
      sections.push({ kind: 'formSubmissions', rows: found.submissions.map(submissionRow) });
    if (found.uploads.length) sections.push({ kind: 'uploads', rows: found.uploads.map(uploadRow) });
    return { sections, uploadIds: found.uploads.map((u) => u.id), names: found.names };
  }
}
