import { CONTACT_BUTTON_SCROLL_PX } from '@shop/domain';
import { useEffect, useState } from 'react';
import { layoutText as t } from '../layout-text';
import { AppLink } from './app-links';
import { telUrl } from './urls';

/**
 * §2.2 "Floating contact button 'Kontakt', shown after scrolling 500 px or more; it turns into 'Abbrechen'
 * while open. Its panel offers 'Anrufen' (phone link, only when a phone is configured) and 'Anfahrt/Anfrage
 * senden' linking to /kontakt#contact-form."
 */
export function ContactButton({ phone }: { phone: string | null | undefined }) {
  const [visible, setVisible] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY >= CONTACT_BUTTON_SCROLL_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible && !open) return null;
  return (
    <div className="contact-button">
      {open && (
        <div className="contact-button__panel" id="contact-panel">
          {phone && (
            <a className="button" href={telUrl(phone)}>
              {t('call')}
            </a>
          )}
          <AppLink className="button" to="/kontakt#contact-form" onClick={() => setOpen(false)}>
            {t('directionsInquiry')}
          </AppLink>
        </div>
      )}
      <button
        type="button"
        className="button contact-button__toggle"
        aria-expanded={open}
        aria-controls="contact-panel"
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('contactButtonCancel') : t('contactButton')}
      </button>
    </div>
  );
}
