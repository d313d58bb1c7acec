import { Html } from '../ui/Html';
import { arr, type BlockProps } from './block-props';
import { Gallery } from './Gallery';

/** §2.9 "Object references: info text and an image gallery opening in a lightbox." */
export function ObjectReferences({ block }: BlockProps) {
  return (
    <section className="block block--object-references">
      <Html html={block.text} />
      <Gallery images={arr<unknown>(block.images)} />
    </section>
  );
}
