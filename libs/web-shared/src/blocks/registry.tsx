import type { BlockType } from '@shop/contracts';
import { lazy, Suspense, type ComponentType } from 'react';
import type { BlockProps, BlockValue } from './block-props';

/**
 * Each renderer is its own chunk, loaded when a page shows its block: the first load carries the layout and the
 * page frame only (the initial JavaScript budget), and a page loads the few renderers it uses.
 */
const Carousel = lazy(() => import('./Carousel').then((m) => ({ default: m.Carousel })));
const ContactInfo = lazy(() => import('./ContactInfo').then((m) => ({ default: m.ContactInfo })));
const CtaText = lazy(() => import('./CtaText').then((m) => ({ default: m.CtaText })));
const FloorPlans = lazy(() => import('./FloorPlans').then((m) => ({ default: m.FloorPlans })));
const FormBlock = lazy(() => import('./FormBlock').then((m) => ({ default: m.FormBlock })));
const HeroHome = lazy(() => import('./HeroHome').then((m) => ({ default: m.HeroHome })));
const ImageSection = lazy(() => import('./ImageSection').then((m) => ({ default: m.ImageSection })));
const MapBlock = lazy(() => import('./MapBlock').then((m) => ({ default: m.MapBlock })));
const MapColumns = lazy(() => import('./MapColumns').then((m) => ({ default: m.MapColumns })));
const ObjectCarousel = lazy(() => import('./ObjectCarousel').then((m) => ({ default: m.ObjectCarousel })));
const ObjectDetails = lazy(() => import('./ObjectDetails').then((m) => ({ default: m.ObjectDetails })));
const ObjectReferences = lazy(() => import('./ObjectReferences').then((m) => ({ default: m.ObjectReferences })));
const ObjectsOverview = lazy(() => import('./ObjectsOverview').then((m) => ({ default: m.ObjectsOverview })));
const ProjectSlider = lazy(() => import('./ProjectSlider').then((m) => ({ default: m.ProjectSlider })));
const ProjectsOverview = lazy(() => import('./ProjectsOverview').then((m) => ({ default: m.ProjectsOverview })));
const ReferencesOverview = lazy(() => import('./ReferencesOverview').then((m) => ({ default: m.ReferencesOverview })));
const SiteReferences = lazy(() => import('./SiteReferences').then((m) => ({ default: m.SiteReferences })));
const TextColumns = lazy(() => import('./TextColumns').then((m) => ({ default: m.TextColumns })));
const TextField = lazy(() => import('./TextField').then((m) => ({ default: m.TextField })));
const TextSlider = lazy(() => import('./TextSlider').then((m) => ({ default: m.TextSlider })));
const TextSlider2 = lazy(() => import('./TextSlider2').then((m) => ({ default: m.TextSlider2 })));

/**
 * §2.9 "Every body block is drawn by a renderer chosen by the block type": one renderer per block type of
 * libs/contracts (BLOCK_TYPES); a type added there does not compile until it has its renderer here.
 */
export const BLOCK_RENDERERS: Record<BlockType, ComponentType<BlockProps>> = {
  hero_home: HeroHome,
  text_slider: TextSlider,
  text_slider_2: TextSlider2,
  project_slider: ProjectSlider,
  projects_overview: ProjectsOverview,
  objects_overview: ObjectsOverview,
  references_overview: ReferencesOverview,
  text_field: TextField,
  cta_text: CtaText,
  text_columns: TextColumns,
  map_columns: MapColumns,
  carousel: Carousel,
  object_carousel: ObjectCarousel,
  site_references: SiteReferences,
  object_details: ObjectDetails,
  image_section: ImageSection,
  object_references: ObjectReferences,
  contact_info: ContactInfo,
  form: FormBlock,
  map: MapBlock,
  floor_plans: FloorPlans,
};

/** The body blocks in order; a block of an unknown type is skipped. */
export function Body({ blocks }: { blocks: unknown }) {
  if (!Array.isArray(blocks)) return null;
  return (
    <Suspense fallback={<div className="blocks-loading" aria-busy="true" />}>
      {(blocks as BlockValue[]).map((block, i) => {
        const Renderer = Object.hasOwn(BLOCK_RENDERERS, block.type ?? '')
          ? BLOCK_RENDERERS[block.type as BlockType]
          : undefined;
        return Renderer ? <Renderer key={i} block={block} /> : null;
      })}
    </Suspense>
  );
}
