import { referencePath, referencesToggleLabel, visibleReferences } from '@shop/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useContentData } from '../content/content-data';
import { Html } from '../ui/Html';
import { Image } from '../ui/Image';
import { str, type BlockProps } from './block-props';

/** §2.9 "References overview: newest first, 6 shown, toggle 'Alle anzeigen' or 'Weniger anzeigen' when more than 6 exist." */
export function ReferencesOverview({ block }: BlockProps) {
  const { nodes } = useContentData();
  const [expanded, setExpanded] = useState(false);
  const references = nodes.filter((n) => n.type === 'reference' && n.isPublic);
  const toggle = referencesToggleLabel(references.length, expanded);
  return (
    <section className="block block--references-overview">
      <Html html={block.text} />
      <ul className="tiles">
        {visibleReferences(references, expanded).map((r) => {
          const data = (r.content.site_data ?? {}) as Record<string, unknown>;
          return (
            <li key={r.id}>
              <Link to={referencePath(r)} className="tile">
                <Image image={data.image} sizes="(min-width: 1024px) 33vw, 100vw" width={800} height={600} />
                <span>{str(r.content.name)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      {toggle && (
        <button type="button" className="button" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
          {toggle}
        </button>
      )}
    </section>
  );
}
