import type { Donatee } from '@shop/contracts';
import { DONATION_AMOUNT, formatPrice, searchDonatees, text } from '@shop/domain';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { api } from '../../api/client';
import { s } from './texts';
import { Dialog } from '../../ui/Dialog';
import { Section } from './fields';
import type { CheckoutValues } from './checkout-values';

/** §2.7 donation (plugin): the chosen organisation, named from the chooser's list or else the start-up batch's. */
export function DonationSection({
  donatees,
  currency,
  onOpen,
}: {
  donatees: readonly Donatee[];
  currency: string;
  onOpen: () => void;
}) {
  const chosen = useWatch<CheckoutValues, 'donatee'>({ name: 'donatee' });
  const donatee = donatees.find((d) => d.id === chosen && d.isEnabled) ?? null;
  return (
    <Section title={s('donation')}>
      <p>{s('donationIntro', { amount: formatPrice(DONATION_AMOUNT, currency) })}</p>
      <p aria-live="polite">{donatee ? donatee.name : s('withoutDonatee')}</p>
      <button type="button" className="button button--secondary" onClick={onOpen}>
        {donatee ? s('changeDonatee') : s('chooseDonatee')}
      </button>
    </Section>
  );
}

/** §2.7 "Optional donation recipient chooser (overlay with search)", §5 donatee search, §8 'Keine passende Organisation gefunden.' */
export function DonateeChooser({
  onLoaded,
  onClose,
}: {
  onLoaded: (donatees: Donatee[]) => void;
  onClose: () => void;
}) {
  const { setValue } = useFormContext<CheckoutValues>();
  const chosen = useWatch<CheckoutValues, 'donatee'>({ name: 'donatee' });
  const [donatees, setDonatees] = useState<Donatee[] | null>(null);
  const [failed, setFailed] = useState(false);
  const choose = (id: number | null) => {
    setValue('donatee', id);
    onClose();
  };
  // §7 "load all donatees (when the donation chooser opens)"
  useEffect(() => {
    let live = true;
    api.get('/api/donatees').then(
      (list) => {
        // staff sessions also receive disabled entries: only enabled ones are offered
        const enabled = list.filter((d) => d.isEnabled);
        if (!live) return;
        setDonatees(enabled);
        onLoaded(enabled);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once when the dialog opens; onLoaded is called with that one list
  }, []);
  return (
    <Dialog title={s('chooseDonatee')} onClose={onClose}>
      {donatees ? (
        <DonateeList donatees={donatees} chosen={chosen} onChoose={choose} />
      ) : failed ? (
        <p role="alert">{text('unknownError')}</p>
      ) : (
        <p role="status">{s('loading')}</p>
      )}
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={() => choose(null)}>
          {s('withoutDonatee')}
        </button>
      </div>
    </Dialog>
  );
}

/** The loaded donatees with the §5 search (focus moves to the search field once they are there). */
function DonateeList({
  donatees,
  chosen,
  onChoose,
}: {
  donatees: Donatee[];
  chosen: number | null;
  onChoose: (id: number) => void;
}) {
  const [term, setTerm] = useState('');
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => search.current?.focus(), []);
  const found = searchDonatees(donatees, term);
  return (
    <>
      <div className="field">
        <label htmlFor="donatee-search">{s('donateeSearch')}</label>
        <input id="donatee-search" type="search" value={term} onChange={(e) => setTerm(e.target.value)} ref={search} />
      </div>
      {/* one live region that is also the visible line: the message was written twice (read aloud twice) */}
      <p role="status">{found.length === 0 ? text('noDonatee') : ''}</p>
      {found.length > 0 && (
        <ul className="donatees">
          {found.map((d) => (
            <li key={d.id}>
              <button type="button" className="donatee" aria-pressed={chosen === d.id} onClick={() => onChoose(d.id)}>
                <strong>{d.name}</strong>
                {d.description && <span>{d.description}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
