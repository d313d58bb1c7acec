import { Html } from '../ui/Html';
import { Links } from '../ui/Links';
import { str, type BlockProps } from './block-props';

/** §2.9 "Call-to-action text: coloured background (default black) with text and links." */
export function CtaText({ block }: BlockProps) {
  return (
    <section className={`block block--cta bg--${str(block.color) || 'black'}`}>
      <Html html={block.text} />
      <Links links={block.links} />
    </section>
  );
}
