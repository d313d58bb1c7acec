import { mediaTexts } from '@shop/i18n-de';
import { lazy, Suspense } from 'react';
import { NavLink, Route, Routes } from 'react-router-dom';
import { T } from '../../texts';
import './media.css';

const ImagesPage = lazy(() => import('./ImagesPage'));
const UploadsPage = lazy(() => import('./UploadsPage'));
const ImageTemplatesPage = lazy(() => import('./ImageTemplatesPage'));
const ImageTemplateEditor = lazy(() => import('./ImageTemplateEditor'));
const FontsPage = lazy(() => import('./FontsPage'));

const TABS = [
  { to: '/media', label: mediaTexts.tabs.images, end: true },
  { to: '/media/uploads', label: mediaTexts.tabs.uploads, end: false },
  { to: '/media/image-templates', label: mediaTexts.tabs.templates, end: false },
  { to: '/media/fonts', label: mediaTexts.tabs.fonts, end: false },
];

/**
 * #/media/…: the media library (issue 18): images, uploads, image templates with their layer editor, fonts.
 * Loaded with its first screen; each section (and the layer editor) is its own chunk.
 */
export default function MediaRoutes() {
  return (
    <div className="media-library">
      <nav aria-label={mediaTexts.sections} className="media-tabs">
        <ul>
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end={tab.end}>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense
        fallback={
          <p className="loading" role="status">
            {T.app.loading}
          </p>
        }
      >
        <Routes>
          <Route index element={<ImagesPage />} />
          <Route path="uploads" element={<UploadsPage />} />
          <Route path="image-templates" element={<ImageTemplatesPage />} />
          <Route path="image-templates/:id" element={<ImageTemplateEditor />} />
          <Route path="fonts" element={<FontsPage />} />
        </Routes>
      </Suspense>
    </div>
  );
}
