import { Html } from '../ui/Html';
import { Image } from '../ui/Image';
import { Links } from '../ui/Links';
import { arr, type BlockProps } from './block-props';

/** §2.9 "Text columns: columns of text, links or image entries." */
export function TextColumns({ block }: BlockProps) {
  return (
    <section className="block block--text-columns">
      {arr(block.columns).map((column, i) => (
        <div className="column" key={i}>
          <Image image={column.image} sizes="(min-width: 1024px) 33vw, 100vw" />
          <Html html={column.text} />
          <Links links={column.links} />
        </div>
      ))}
    </section>
  );
}
