import type { FormSubmission } from '@shop/contracts';
import { formatDate, formatTime } from '@shop/domain';
import { contentBuilderTexts, resourceFailure } from '@shop/i18n-de';
import useSWR from 'swr';
import { api, apiUrl, errorMessage } from '../../../api/client';
import { T } from '../../../texts';
import { useNotices } from '../../../ui/notices';
import { DataTable, LoadState } from '../list-tools';

const N = contentBuilderTexts.nodes;

/** A form node's submissions, newest first, each with its values and a delete. */
export function FormSubmissions({ node }: { node: number }) {
  const notices = useNotices();
  const { data, error, mutate } = useSWR(apiUrl('/api/form-submissions', {}, { node, perPage: 100 }), (url) =>
    api.get(url),
  );
  const remove = async (s: FormSubmission): Promise<void> => {
    try {
      await api.delete(apiUrl('/api/form-submissions/{id}', { id: s.id }));
      notices.success(N.submissionDeleted);
      void mutate();
    } catch (err) {
      notices.error(errorMessage(err, resourceFailure('nodes', 'delete')), () => remove(s), err);
    }
  };
  return (
    <section className="form-submissions" aria-labelledby="form-submissions-title">
      <h2 id="form-submissions-title">{N.submissions}</h2>
      <LoadState noun="nodes" loaded={Boolean(data)} error={error} retry={() => mutate()} />
      {data?.length === 0 && <p>{N.submissionsEmpty}</p>}
      {data && data.length > 0 && (
        <DataTable columns={[N.submittedAt, N.values, T.list.actions]}>
          {data.map((s) => (
            <tr key={s.id}>
              <td data-label={N.submittedAt}>
                {formatDate(new Date(s.createdAt))} {formatTime(new Date(s.createdAt))}
              </td>
              <td data-label={N.values}>
                <dl className="submission-values">
                  {Object.entries(s.values).map(([k, v]) => (
                    <div key={k}>
                      <dt>{k}</dt>
                      <dd>
                        {v === true
                          ? contentBuilderTexts.form.yes
                          : v === false
                            ? contentBuilderTexts.form.no
                            : (v ?? '–')}
                      </dd>
                    </div>
                  ))}
                </dl>
              </td>
              <td className="row-actions">
                <button type="button" className="danger" onClick={() => void remove(s)}>
                  {N.deleteSubmission}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
