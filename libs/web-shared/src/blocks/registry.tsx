import type { BlockType } from '@shop/contracts';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import type { BlockProps, BlockValue } from './block-props';

/**
 * Each renderer is its own chunk, loaded when a page shows its block: the first load carries the layout and the
 * page frame only (the initial JavaScript budget), and a page loads the few renderers it uses.
 */
type Renderer = ComponentType<BlockProps>;
/** A renderer of its own chunk, and how to load that chunk ahead of the first render. */
export type LoadableRenderer = ((props: BlockProps) => ReactNode) & { preload: () => Promise<void> };

/**
 * A renderer loaded on first use from its module's export of the same name. Unlike React.lazy it renders at once
 * once its module is there: a page whose first blocks were loaded before the first render (`preloadRenderers`, their
 * chunks named as modulepreloads by the gateway) shows them in that render, instead of a Suspense fallback that
 * React reveals only up to 300 ms later (its fallback throttling).
 */
const load = (name: string, module: () => Promise<Record<string, unknown>>): LoadableRenderer => {
  let loaded: Renderer | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= module().then((m) => {
      loaded = m[name] as Renderer;
    }));
  const Loadable = (props: BlockProps) => {
    // suspends as React.lazy does (it throws its thenable too); React renders again once the module is there
    if (!loaded) throw preload();
    const Loaded: Renderer = loaded;
    return <Loaded {...props} />;
  };
  return Object.assign(Loadable, { preload });
};
const Carousel = load('Carousel', () => import('./Carousel'));
const ContactInfo = load('ContactInfo', () => import('./ContactInfo'));
const CtaText = load('CtaText', () => import('./CtaText'));
const FloorPlans = load('FloorPlans', () => import('./FloorPlans'));
const FormBlock = load('FormBlock', () => import('./FormBlock'));
const HeroHome = load('HeroHome', () => import('./HeroHome'));
const ImageSection = load('ImageSection', () => import('./ImageSection'));
const MapBlock = load('MapBlock', () => import('./MapBlock'));
const MapColumns = load('MapColumns', () => import('./MapColumns'));
const ObjectCarousel = load('ObjectCarousel', () => import('./ObjectCarousel'));
const ObjectDetails = load('ObjectDetails', () => import('./ObjectDetails'));
const ObjectReferences = load('ObjectReferences', () => import('./ObjectReferences'));
const ObjectsOverview = load('ObjectsOverview', () => import('./ObjectsOverview'));
const ProjectSlider = load('ProjectSlider', () => import('./ProjectSlider'));
const ProjectsOverview = load('ProjectsOverview', () => import('./ProjectsOverview'));
const ReferencesOverview = load('ReferencesOverview', () => import('./ReferencesOverview'));
const SiteReferences = load('SiteReferences', () => import('./SiteReferences'));
const TextColumns = load('TextColumns', () => import('./TextColumns'));
const TextField = load('TextField', () => import('./TextField'));
const TextSlider = load('TextSlider', () => import('./TextSlider'));
const TextSlider2 = load('TextSlider2', () => import('./TextSlider2'));

/**
 * §2.9 "Every body block is drawn by a renderer chosen by the block type": one renderer per block type of
 * libs/contracts (BLOCK_TYPES); a type added there does not compile until it has its renderer here.
 */
export const BLOCK_RENDERERS: Record<BlockType, LoadableRenderer> = {
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

/** Loads the renderers of the first `count` blocks (a page's first screen); resolves when they are there. */
export function preloadRenderers(blocks: unknown, count: number): Promise<void> {
  if (!Array.isArray(blocks)) return Promise.resolve();
  const types = (blocks.slice(0, count) as (BlockValue | null)[]).map((block) => block?.type ?? '');
  const renderers = types.filter((type) => Object.hasOwn(BLOCK_RENDERERS, type));
  return Promise.all(renderers.map((type) => BLOCK_RENDERERS[type as BlockType].preload())).then(() => undefined);
}

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
