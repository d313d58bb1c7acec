import { addDays, formatDuration, localDate } from '@shop/domain';
import { t } from '@shop/i18n-de';
import { useState } from 'react';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';
import { TableHead } from '../../ui/DataTable';
import { InputFilter } from '../../ui/filter-form';
import { LoadFailed } from '../../ui/notices';
import { BranchFilter } from './BranchFilter';
import { MonthClosePanel } from './MonthClose';
import { TT } from './time-texts';
import { useHomeZone } from './use-branch-rules';
import { staffName, useStaff } from './use-staff';

const lastDay = (month: string) => addDays(`${addDays(`${month}-01`, 32).slice(0, 7)}-01`, -1);

/**
 * The team time sheet of a branch (administrators, issue 19): planned, worked and the balance per employee for a
 * month, with the month's export as CSV and XLSX, and its close after the export (issue 41).
 */
export default function TeamSheetPage() {
  const staff = useStaff();
  const [branch, setBranch] = useState('');
  // this month in the home zone (the branch's, as working time is kept) until one is chosen; the UTC month showed the
  // last one in the first hours of a month in Vienna
  const zone = useHomeZone();
  const [chosen, setMonth] = useState<string | null>(null);
  const month = chosen ?? localDate(new Date(), zone).slice(0, 7);
  const key = branch
    ? apiUrl('/api/time-sheets/balances', {}, { branch: Number(branch), from: `${month}-01`, to: lastDay(month) })
    : null;
  const sheet = useSWR(key, (url) => api.get(url));
  // the month is closed after its export (issue 41): which branch's month was downloaded on this screen
  const [exported, setExported] = useState('');
  const exportedNow = () => setExported(`${branch}/${month}`);
  const exportUrl = (format: 'csv' | 'xlsx') =>
    `/api/time-sheets/export?${new URLSearchParams({ month, branch, format }).toString()}`;

  return (
    <section>
      <h1>{TT.teamSheet}</h1>
      <form className="filters" onSubmit={(e) => e.preventDefault()}>
        <BranchFilter id="team-branch" value={branch} onChange={setBranch} />
        <InputFilter
          id="team-month"
          label={TT.month}
          type="month"
          value={month}
          onChange={(e) => e.target.value && setMonth(e.target.value)}
        />
      </form>
      {branch && (
        <p className="team-exports">
          <a href={exportUrl('csv')} download onClick={exportedNow}>
            {TT.exportCsv}
          </a>{' '}
          <a href={exportUrl('xlsx')} download onClick={exportedNow}>
            {TT.exportXlsx}
          </a>
        </p>
      )}
      {branch && (
        <MonthClosePanel
          branch={Number(branch)}
          month={month}
          exported={exported === `${branch}/${month}`}
          onChanged={() => void sheet.mutate()}
        />
      )}
      <LoadFailed load={sheet} message={t('backoffice.balancesFailed')} />
      {sheet.data && (
        <table className="team-sheet">
          <TableHead headings={[TT.user, TT.planned, TT.worked, TT.overtime, TT.warnings]} />
          <tbody>
            {sheet.data.map((b) => (
              <tr key={b.user}>
                <td>{staffName(staff.data, b.user)}</td>
                <td>{formatDuration(b.plannedMinutes)}</td>
                <td>{formatDuration(b.workedMinutes)}</td>
                <td>{formatDuration(b.overtimeMinutes)}</td>
                <td>{b.days.flatMap((d) => d.warnings).length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
