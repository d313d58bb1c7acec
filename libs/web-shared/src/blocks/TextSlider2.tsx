import type { BlockProps } from './block-props';
import { TextSlider } from './TextSlider';

/** §2.9 text slider, "a second variant on a blue background". */
export function TextSlider2({ block }: BlockProps) {
  return <TextSlider block={block} variant="blue" />;
}
