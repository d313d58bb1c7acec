import { findNavigation, Footer, type ContentData } from '@shop/web-shared';

/** The shared footer as its own chunk: it is below the fold, so the first paint does not wait for its code. */
export default function FooterLayer({ data }: { data: ContentData }) {
  return (
    <Footer
      config={data.config}
      items={findNavigation(data.navigations, 'navigation')?.items ?? []}
      targets={data}
      branches={data.branches}
    />
  );
}
