import { Html } from '../ui/Html';
import { Links } from '../ui/Links';
import { str, type BlockProps } from './block-props';

/** §2.9 "Text field: text with orientation (default left) and width (default 'default')." */
export function TextField({ block }: BlockProps) {
  const orientation = str(block.orientation) || 'left';
  const width = str(block.width) || 'default';
  return (
    <section className={`block block--text-field text--${orientation} width--${width}`}>
      <Html html={block.text} />
      <Links links={block.links} />
    </section>
  );
}
