import { CookieBanner, type ContentData } from '@shop/web-shared';

/** The shared cookie banner as its own chunk: a fixed layer over the page, shown once the page has loaded. */
export default function CookieBannerLayer({ config }: { config: ContentData['config'] }) {
  return <CookieBanner config={config} />;
}
