import { openingHoursRowText, openingHoursTable } from '@shop/domain';
import { useState } from 'react';
import type { Branch } from '@shop/contracts';

/**
 * §2.4 "Per branch an opening-hours table headed 'Öffnungszeiten', or 'Lieferzeiten' when toggled. When
 * isDeliveryHoursEnabled a toggle button reads 'Lieferzeiten anzeigen' or 'Öffnungszeiten anzeigen'. Rows are
 * a day or day range with time ranges or 'Geschlossen'."
 */
export function OpeningHours({
  branch,
}: {
  branch: Pick<Branch, 'id' | 'openingHours' | 'deliveryHours' | 'isDeliveryHoursEnabled'>;
}) {
  const [delivery, setDelivery] = useState(false);
  const table = openingHoursTable(branch, delivery);
  const id = `hours-${branch.id}`;
  return (
    <div className="opening-hours">
      <table aria-labelledby={id}>
        <caption id={id}>{table.heading}</caption>
        <tbody>
          {table.rows.map((row) => {
            const t = openingHoursRowText(row);
            return (
              <tr key={row.days.join('-')}>
                <th scope="row">{t.days}</th>
                <td>{t.hours}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {table.toggleLabel && (
        <button type="button" className="button button--secondary button--small" onClick={() => setDelivery((d) => !d)}>
          {table.toggleLabel}
        </button>
      )}
    </div>
  );
}
