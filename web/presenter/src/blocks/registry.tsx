import type { BlockType } from '@shop/contracts';
import type { ComponentType } from 'react';
import type { BlockProps, BlockValue } from './block-props';
import { Carousel } from './Carousel';
import { ContactInfo } from './ContactInfo';
import { CtaText } from './CtaText';
import { FloorPlans } from './FloorPlans';
import { FormBlock } from './FormBlock';
import { HeroHome } from './HeroHome';
import { ImageSection } from './ImageSection';
import { MapBlock } from './MapBlock';
import { MapColumns } from './MapColumns';
import { ObjectCarousel } from './ObjectCarousel';
import { ObjectDetails } from './ObjectDetails';
import { ObjectReferences } from './ObjectReferences';
import { ObjectsOverview } from './ObjectsOverview';
import { ProjectSlider } from './ProjectSlider';
import { ProjectsOverview } from './ProjectsOverview';
import { ReferencesOverview } from './ReferencesOverview';
import { SiteReferences } from './SiteReferences';
import { TextColumns } from './TextColumns';
import { TextField } from './TextField';
import { TextSlider } from './TextSlider';
import { TextSlider2 } from './TextSlider2';

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
    <>
      {(blocks as BlockValue[]).map((block, i) => {
        const Renderer = block.type ? BLOCK_RENDERERS[block.type as BlockType] : undefined;
        return Renderer ? <Renderer key={i} block={block} /> : null;
      })}
    </>
  );
}
