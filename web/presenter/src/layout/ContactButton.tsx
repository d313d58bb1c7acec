import { CONTACT_BUTTON_SCROLL_PX } from '@shop/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { t, useContentData } from '@shop/web-shared';

/**
 * §2.2 "Floating contact button 'Kontakt', shown after scrolling 500 px or more; it turns into 'Abbrechen' while
 * open. Its panel offers 'Anrufen' (phone link, only when a phone is configured) and 'Anfahrt/Anfrage senden' linking
 * to /kontakt#contact-form."
 */
export function ContactButton() {
  const { config } = useContentData();
  const [shown, setShown] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY >= CONTACT_BUTTON_SCROLL_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown && !open) return null;
  return (
    <div className="contact-button">
      {open && (
        <div className="contact-button__panel">
          {config.phone && <a href={`tel:${config.phone.replace(/\s/g, '')}`}>{t('call')}</a>}
          <Link to="/kontakt#contact-form" onClick={() => setOpen(false)}>
            {t('directionsInquiry')}
          </Link>
        </div>
      )}
      <button type="button" className="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? t('contactButtonCancel') : t('contactButton')}
      </button>
    </div>
  );
}
