import { referenceId } from '@shop/domain';
import { useContentData } from '../content/content-data';
import { ContactForm } from '../form/ContactForm';
import type { BlockProps } from './block-props';

/** §2.9 "Contact form: see sections 4, 5, 7, 8": the referenced form node. */
export function FormBlock({ block }: BlockProps) {
  const { nodes } = useContentData();
  const form = nodes.find((n) => n.type === 'form' && n.id === referenceId(block.form));
  return form ? (
    <section className="block block--form" id="contact-form">
      <ContactForm form={form} />
    </section>
  ) : null;
}
