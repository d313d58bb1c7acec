import {
  formatNumber,
  objectPath,
  objectPriceText,
  objectStatusLabel,
  objectTypeLabel,
  statusColor,
} from '@shop/domain';
import { Link } from 'react-router-dom';
import { useContentData } from '../content/content-data';
import { t } from '../texts';
import { Html } from '../ui/Html';
import { usePage, type BlockProps } from './block-props';
import { objectsOfProject } from './project-objects';

/** §2.9 "Objects overview: table for the current project with columns Geschoss, Top, Zimmer, Fläche, Art, Preis, Status and a 'Zum Objekt' link per row." */
export function ObjectsOverview({ block }: BlockProps) {
  const { nodes } = useContentData();
  const { node } = usePage();
  const objects = node ? objectsOfProject(nodes, node.id) : [];
  return (
    <section className="block block--objects-overview">
      <Html html={block.text} />
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('columnFloor')}</th>
              <th scope="col">{t('columnTop')}</th>
              <th scope="col">{t('columnRooms')}</th>
              <th scope="col">{t('columnArea')}</th>
              <th scope="col">{t('columnType')}</th>
              <th scope="col">{t('columnPrice')}</th>
              <th scope="col">{t('columnStatus')}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {objects.map((o) => {
              const d = o.content.object_data ?? {};
              const extra = d as { floor?: string; top?: string; area?: number };
              return (
                <tr key={o.id}>
                  <td>{extra.floor ?? ''}</td>
                  <td>{extra.top ?? ''}</td>
                  <td>{d.room_count ?? ''}</td>
                  <td>{typeof extra.area === 'number' ? `${formatNumber(extra.area)} m²` : ''}</td>
                  <td>{objectTypeLabel(d.type)}</td>
                  <td>{objectPriceText(d.price)}</td>
                  <td>
                    <span
                      className={`status-dot status-dot--${statusColor(d.status || 'available')}`}
                      aria-hidden="true"
                    />
                    {objectStatusLabel(d.status)}
                  </td>
                  <td>
                    <Link to={objectPath(nodes, o)}>{t('toObject')}</Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
