import type { PrivacySection } from '@shop/contracts';
import { T } from '../texts';
import { TableHead } from '../ui/DataTable';
import { displayValue, rowCount, shownSections, type ShownSection } from './privacy-format';

const P = T.privacy;

/**
 * What a search found: per section (PRIVACY_SECTION_TITLES) its count and a table of its rows, whose columns are the
 * German field names the services gave; 'Keine Daten gefunden.' for a section without rows and for a search without
 * any.
 */
export function PrivacyResult({ sections }: { sections: readonly PrivacySection[] }) {
  const shown = shownSections(sections);
  const total = shown.reduce((n, s) => n + s.rows.length, 0);
  return (
    <section className="privacy-result" aria-labelledby="privacy-result-title">
      <h2 id="privacy-result-title">{P.resultTitle}</h2>
      {total === 0 ? <p role="status">{P.empty}</p> : shown.map((s) => <SectionTable key={s.kind} section={s} />)}
    </section>
  );
}

function SectionTable({ section }: { section: ShownSection }) {
  const titleId = `privacy-section-${section.kind}`;
  return (
    <div className="privacy-section">
      <h3 id={titleId}>
        {section.title} <span className="privacy-count">({rowCount(section.rows.length)})</span>
      </h3>
      {section.rows.length === 0 ? (
        <p>{P.empty}</p>
      ) : (
        // a wide table scrolls on its own; the region takes the keyboard's focus so that it can be scrolled
        <div className="privacy-table" role="region" aria-labelledby={titleId} tabIndex={0}>
          <table className="data-table">
            <TableHead headings={section.columns} />
            <tbody>
              {section.rows.map((row, i) => (
                // the rows have no id of their own: their order is the service's
                <tr key={i}>
                  {section.columns.map((c) => (
                    <td key={c} data-label={c}>
                      {displayValue(row[c] ?? null)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
