import type { ContentNode } from '@shop/contracts';
import {
  availableObjects,
  availableObjectsText,
  filterProjects,
  isProjectNew,
  PROJECT_FILTER_TABS,
  projectPath,
  projectStatusLabel,
  roomCountText,
  sortByWeight,
  text as ruleText,
  type ProjectNodeLike,
  type ProjectStatus,
} from '@shop/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useContentData } from '../content/content-data';
import { t } from '../texts';
import { Html } from '../ui/Html';
import { Image } from '../ui/Image';
import { Slider } from '../ui/Slider';
import { arr, str, type BlockProps } from './block-props';
import { objectsOfProject } from './project-objects';

/**
 * §2.9 "Projects overview: filter tabs 'Alle Projekte', 'Verfügbar', 'In Planung'. Card: 'Neu' badge, thumbnail
 * slider, status label, name, count of available objects, address, room count, button 'Projekt ansehen', phone link
 * when a phone is configured, link to the contact page. Empty message 'Leider sind aktuell keine Projekte verfügbar.'"
 */
export function ProjectsOverview({ block }: BlockProps) {
  const { nodes } = useContentData();
  const [status, setStatus] = useState<ProjectStatus | null>(null);
  const projects = sortByWeight(
    filterProjects(nodes.filter((n) => n.type === 'project') as Array<ContentNode & ProjectNodeLike>, status),
  );
  return (
    <section className="block block--projects-overview">
      <Html html={block.text} />
      <div className="tabs" role="group">
        {PROJECT_FILTER_TABS.map((tab) => (
          <button
            key={tab.label}
            type="button"
            aria-pressed={tab.status === status}
            onClick={() => setStatus(tab.status)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {projects.length === 0 ? (
        <p className="empty">{ruleText('noProjects')}</p>
      ) : (
        <ul className="project-cards">
          {projects.map((p) => (
            <li key={p.id}>
              <ProjectCard project={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProjectCard({ project }: { project: ContentNode }) {
  const { nodes, config } = useContentData();
  const objects = objectsOfProject(nodes, project.id);
  const available = availableObjects(objects, project.id);
  const rooms = roomCountText(objects);
  const images = arr(project.content.images);
  return (
    <article className="project-card">
      {isProjectNew(project.createdAt, new Date()) && <span className="badge">{ruleText('projectNew')}</span>}
      <Slider
        slides={images.map((img, i) => (
          <Image key={i} image={img} sizes="(min-width: 1024px) 33vw, 100vw" />
        ))}
      />
      <p className="project-card__status">{projectStatusLabel(str(project.content.status))}</p>
      <h3>{str(project.content.name)}</h3>
      <p className="project-card__available">{availableObjectsText(available.length)}</p>
      {str(project.content.address) && <p>{str(project.content.address)}</p>}
      {rooms && <p>{rooms}</p>}
      <Link className="button" to={projectPath(project)}>
        {t('viewProject')}
      </Link>
      {config.phone && <a href={`tel:${config.phone.replace(/\s/g, '')}`}>{config.phone}</a>}
      <Link to="/kontakt">{t('contactUs')}</Link>
    </article>
  );
}
