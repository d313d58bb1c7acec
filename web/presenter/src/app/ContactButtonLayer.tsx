import { ContactButton } from '@shop/web-shared';

/** The floating contact button as its own chunk (it shows only after 500 px of scrolling). */
export default function ContactButtonLayer({ phone }: { phone: string | null | undefined }) {
  return <ContactButton phone={phone} />;
}
