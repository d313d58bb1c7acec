import { isFileRef, text as ruleText, uploadUrl } from '@shop/domain';
import { t } from '../texts';
import { Html } from '../ui/Html';
import { useLightbox } from '../ui/Lightbox';
import { arr, type BlockProps } from './block-props';

type PlanFile = Parameters<typeof uploadUrl>[0] & { alt?: string };
const isPlanFile = (v: unknown): v is PlanFile =>
  isFileRef(v) && typeof (v as { publicHash?: unknown }).publicHash === 'string';

/**
 * §2.9 "Floor plans: list of plans, each with text and a preview image opening in a lightbox; alt text falls back
 * to 'Stockplan'." The preview is the upload's (§7 /upload/{publicHash}/preview/{id}-{version}.jpg).
 */
export function FloorPlans({ block }: BlockProps) {
  const lightbox = useLightbox();
  const plans = arr(block.plans);
  const files = plans.map((p) => p.file).filter(isPlanFile);
  const items = files.map((f) => ({ src: uploadUrl(f, true), alt: f.alt || ruleText('floorPlanAlt') }));
  return (
    <section className="block block--floor-plans">
      <ul>
        {plans.map((plan, i) => {
          const file = isPlanFile(plan.file) ? plan.file : null;
          const at = file ? files.indexOf(file) : -1;
          return (
            <li key={i} className="floor-plan">
              <Html html={plan.text} />
              {file && (
                <button
                  type="button"
                  className="image-button"
                  onClick={() => lightbox.open(items, at)}
                  aria-label={t('openImage')}
                >
                  <img
                    src={uploadUrl(file, true)}
                    alt={file.alt || ruleText('floorPlanAlt')}
                    width={800}
                    height={600}
                    loading="lazy"
                  />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
