import { nodePath, projectStatusLabel, referenceId } from '@shop/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useContentData } from '../content/content-data';
import { t } from '../texts';
import { Html } from '../ui/Html';
import { arr, str, type BlockProps } from './block-props';
import { ImageSlider } from './ImageSlider';

/**
 * §2.9 "Project slider: tabs per project, each with text, a 'Zum Projekt' button and an image slider." A tab's
 * project carries its status label of §4 as the project cards do (issue 43: a booked project, which the overview
 * leaves out, is 'Ausgebucht' where the slider still shows it).
 */
export function ProjectSlider({ block }: BlockProps) {
  const { nodes } = useContentData();
  const projects = arr(block.projects);
  const [active, setActive] = useState(0);
  const current = projects[active];
  const target = current ? nodes.find((n) => n.id === referenceId(current.link) && n.isPublic) : undefined;
  const path = target ? nodePath(nodes, target) : null;
  return (
    <section className="block block--project-slider">
      <Html html={block.text} />
      <div role="tablist" className="tabs">
        {projects.map((p, i) => (
          <button key={i} type="button" role="tab" aria-selected={i === active} onClick={() => setActive(i)}>
            {str(p.label)}
          </button>
        ))}
      </div>
      {current && (
        <div role="tabpanel" className="project-slider__panel">
          {target?.type === 'project' && (
            <p className="project-slider__status">{projectStatusLabel(str(target.content.status))}</p>
          )}
          <Html html={current.text} />
          {path && (
            <Link className="button" to={path}>
              {t('toProject')}
            </Link>
          )}
          <ImageSlider images={current.images} />
        </div>
      )}
    </section>
  );
}
