import { UploadRenameInput, type StaffUpload } from '@shop/contracts';
import { format, mediaTexts } from '@shop/i18n-de';
import { api, ApiError, apiUrl, errorMessage } from '../../api/client';
import { resourceFailure } from '../../texts';
import { useContractForm } from '../../ui/contract-form';
import { Dialog } from '../../ui/Dialog';
import { useNotices } from '../../ui/notices';
import { ErrorText, invalidProps } from '../resources/ErrorText';

const U = mediaTexts.uploads;

/**
 * Renaming an upload (issue 42 item 7): POST /api/uploads/{id}/rename with the new name; the server's German field
 * error (an empty or over-long name) stands at the field, another failure is a notice with a retry.
 */
export function UploadRenameDialog({
  upload,
  name,
  onDone,
  onClose,
}: {
  upload: StaffUpload;
  /** the name the list shows */
  name: string;
  onDone: () => void;
  onClose: () => void;
}) {
  const notices = useNotices();
  const { form, errors, onSubmit, saving } = useContractForm(UploadRenameInput, {
    defaultValues: { originalName: upload.originalName ?? '' },
    send: async (body) => {
      await api.post(apiUrl('/api/uploads/{id}/rename', { id: upload.id }), body);
      notices.success(U.renamed);
      onDone();
    },
    failed: (err, retry) => {
      // the name's own error stands at the field (useContractForm put it there); anything else is a notice
      if (err instanceof ApiError && err.fieldErrors().originalName) return;
      notices.error(errorMessage(err, resourceFailure('uploads', 'update')), retry, err);
    },
  });
  const id = `upload-${upload.id}-name`;
  return (
    <Dialog title={format(U.renameTitle, { name })} onClose={onClose}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor={id}>{U.newName}</label>
          <input id={id} autoFocus {...invalidProps(id, errors.originalName)} {...form.register('originalName')} />
          <ErrorText id={id} message={errors.originalName} />
        </div>
        <div className="form-actions">
          <button type="submit" className="primary" disabled={saving}>
            {mediaTexts.save}
          </button>
          <button type="button" onClick={onClose}>
            {mediaTexts.cancel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
